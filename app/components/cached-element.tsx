import { createElement, useContext, type HTMLAttributes } from "react";
import { HydratableMarkupContext } from "./cached-markup";
import { useKeptElement } from "./kept-on-hydration";

/**
 * An element whose children the server renders once per combination of `cacheKeys` and then
 * writes as one string (issue 15 "Fast pages", decision 189). The browser renders the children as
 * usual and hydrates the server's markup: it is the same markup React would have streamed.
 *
 * The children must be a pure function of `cacheKeys` (objects compared by identity, such as a
 * car card or a navigation tree memoised per site version) and must need no context: they are
 * rendered outside the page's providers (no router, loader data or account). Children that hoist a
 * resource into the `<head>` (an image without `loading="lazy"` is preloaded) or suspend are
 * rendered as usual.
 *
 * With `keepOnHydration` (content without event handlers of its own other than links, decisions
 * 191 and 192) the browser keeps the server's content when the page first hydrates, as
 * KeptOnHydration does, while the listed values stay the same; its links navigate in the app.
 * @param props the element's attributes; `as` its tag (default div); `cacheKeys` null renders the
 *   children as usual; `keepOnHydration` (default: not kept) the values the children are a
 *   function of (compared with `Object.is`), such as `[car]`.
 */
export function CachedElement({ as = "div", cacheKeys, keepOnHydration, children, ...props }: HTMLAttributes<HTMLElement> & { as?: "div" | "footer" | "ul"; cacheKeys: readonly object[] | null; keepOnHydration?: readonly unknown[] }) {
  const kept = useKeptElement(keepOnHydration !== undefined, keepOnHydration ?? null, as, props);
  const cache = useContext(HydratableMarkupContext);
  if (kept) return kept;
  const html = cache && cacheKeys ? cache(cacheKeys, children) : null;
  return html === null ? createElement(as, props, children) : createElement(as, { ...props, dangerouslySetInnerHTML: { __html: html } });
}

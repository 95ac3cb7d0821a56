import { createElement, useContext, type HTMLAttributes } from "react";
import { HydratableMarkupContext } from "./cached-markup";

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
 * @param props the element's attributes; `as` its tag (default div); `cacheKeys` null renders the
 *   children as usual.
 */
export function CachedElement({ as = "div", cacheKeys, children, ...props }: HTMLAttributes<HTMLElement> & { as?: "div" | "footer" | "ul"; cacheKeys: readonly object[] | null }) {
  const cache = useContext(HydratableMarkupContext);
  const html = cache && cacheKeys ? cache(cacheKeys, children) : null;
  return html === null ? createElement(as, props, children) : createElement(as, { ...props, dangerouslySetInnerHTML: { __html: html } });
}

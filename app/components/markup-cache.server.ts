/**
 * The server's cache of rendered static markup (issue 15 "Fast pages", decision 188): HTML that
 * depends only on per-site-version data (memoBySiteVersion, site-memo.server.ts), rendered by
 * React once and then written into every page as one string. Used for the phone menu's
 * no-JavaScript list (`NoScriptNav`): about 400 elements on every page that React rendered again
 * for every request.
 */
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import type { CachedMarkup } from "./cached-markup";

type Level = WeakMap<object, Level | string>;

/**
 * A `CachedMarkup` function with its own cache. Entries are held weakly by their keys: when the
 * site-version memo drops its objects (a new stock or config version, or its TTL), their HTML goes
 * with them. `renderToStaticMarkup` is React's legacy synchronous renderer, a separate module from
 * the streaming one, so calling it while a page renders is safe; the node must not suspend.
 * @returns `(keys, node) => html`: `keys` is a non-empty list of objects compared by identity
 *   (use `ABSENT_KEY` for a null part); `node` is rendered only on a miss.
 * @throws Error when `keys` is empty; whatever rendering `node` throws.
 */
export function createMarkupCache(render: (node: ReactNode) => string = renderToStaticMarkup): CachedMarkup {
  const root: Level = new WeakMap();
  return (keys, node) => {
    if (!keys.length) throw new Error("createMarkupCache: at least one key is required");
    let level = root;
    for (const key of keys.slice(0, -1)) {
      let next = level.get(key);
      if (typeof next !== "object") {
        next = new WeakMap();
        level.set(key, next);
      }
      level = next;
    }
    const last = keys[keys.length - 1];
    const hit = level.get(last);
    if (typeof hit === "string") return hit;
    const html = render(node);
    level.set(last, html);
    return html;
  };
}

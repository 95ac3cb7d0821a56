/**
 * The server's cache of rendered markup (issue 15 "Fast pages", decisions 188 and 189): HTML that
 * depends only on per-site-version data (memoBySiteVersion, site-memo.server.ts) or a memoised
 * card, rendered by React once and then written into every page as one string. Used for the phone
 * menu's no-JavaScript list (`NoScriptNav`), the desktop navigation list, the footer and car cards
 * (`CachedElement`).
 */
import { createElement, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import type { HydratableMarkup } from "./cached-markup";

/**
 * One key's node in the cache's tree: the HTML stored for the key list that ends here, and the
 * nodes of longer key lists that start with it. Keeping both in one node lets a key list be the
 * prefix of another (the phone menu's [header, models] and the desktop list's [header, models,
 * part]) without one entry overwriting the other.
 */
type Level = { html?: string; next?: WeakMap<object, Level> };

/**
 * The storage of {@link createHydratableMarkupCache}: `render(node)` once per combination of keys.
 * Entries are held weakly by their keys: when the site-version memo drops its objects (a new stock
 * or config version, or its TTL), their HTML goes with them.
 * @param render the renderer (default `renderToString`)
 * @returns `(keys, node) => html`: `keys` is a non-empty list of objects compared by identity
 *   (use `ABSENT_KEY` for a null part); `node` is rendered only on a miss. A key list that is the
 *   prefix of another is a separate entry.
 * @throws Error when `keys` is empty; whatever rendering `node` throws.
 */
export function createMarkupCache(render: (node: ReactNode) => string = renderToString): (keys: readonly object[], node: ReactNode) => string {
  const root: Level = {};
  return (keys, node) => {
    if (!keys.length) throw new Error("createMarkupCache: at least one key is required");
    let level = root;
    for (const key of keys) {
      level.next ??= new WeakMap();
      let child = level.next.get(key);
      if (!child) {
        child = {};
        level.next.set(key, child);
      }
      level = child;
    }
    if (level.html !== undefined) return level.html;
    const html = render(node);
    level.html = html;
    return html;
  };
}

/** What `renderToString` writes first when a node hoists a resource (React puts `<head>` resources before the markup) or suspends. */
const NOT_CACHEABLE_START = /^(?:<(?:link|meta|title|style|script|base)\b|<!--\$)/;
/** Stored for a node that cannot be cached, so it is not rendered twice on later pages. */
const NOT_CACHEABLE = "\u0000not cacheable";

/**
 * The server's markup cache (decision 189): renders a node with `renderToString` once per
 * combination of keys. Its output is what React's streaming renderer writes for the same node
 * inside a page (`<!-- -->` between adjacent text nodes), so the browser hydrates it, and a page
 * written from the cache is byte for byte the page rendered without it. `renderToString` is
 * React's legacy synchronous renderer, a separate module from the streaming one, so calling it
 * while a page renders is safe. A node whose HTML would start with a hoisted resource (an image preload, a title, a style)
 * or a Suspense boundary is remembered as not cacheable: the caller gets null and renders it in
 * the page, where React puts the resource in the `<head>`.
 * @returns `(keys, node) => html | null`
 * @throws Error when `keys` is empty; whatever rendering `node` throws.
 */
export function createHydratableMarkupCache(): HydratableMarkup {
  const cache = createMarkupCache((node) => {
    // React Router's <Link> needs a router around it; a memory router at "/" writes the same
    // anchors for the site's absolute paths as the page's own router does.
    const html = renderToString(createElement(MemoryRouter, null, node));
    return NOT_CACHEABLE_START.test(html) ? NOT_CACHEABLE : html;
  });
  return (keys, node) => {
    const html = cache(keys, node);
    return html === NOT_CACHEABLE ? null : html;
  };
}

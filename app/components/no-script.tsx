import { useContext, type ComponentProps, type ReactNode } from "react";
import { HydratableMarkupContext } from "./cached-markup";

/**
 * `<noscript>` for what a shopper without JavaScript needs (a submit button, a number input, a
 * link). With scripting on, a browser parses a `<noscript>`'s content as one text node, which
 * React leaves alone when it hydrates; the content only matters without JavaScript.
 * @param children what to show without JavaScript (server HTML only).
 */
export function NoScript({ children }: { children: ReactNode }) {
  return <noscript>{children}</noscript>;
}

/**
 * A `<nav>` inside a `<noscript>`: the no-JavaScript fallback of the phone menu (site-header.tsx),
 * which the Menu button replaces with its drawer once the page has hydrated. Without JavaScript a
 * browser builds the nav as usual; with scripting on it parses the `<noscript>`'s content as one
 * text node, so a browser that runs the page's scripts never parses, styles or lays out its
 * links: about 400 elements on a brand site's pages (issue 15 TBT, decision 192). Nothing inside
 * may need JavaScript: its links are plain links.
 *
 * With `cacheKeys`, the server renders `children` once per combination of those objects (the
 * per-site-version data the list is made of, decisions 188 and 189) and writes the cached HTML
 * into every later page; children the cache cannot hold are rendered as usual.
 * @param props the `<nav>`'s attributes; `children` is rendered on the server only; `cacheKeys`
 *   (optional) the objects `children` is a pure function of, compared by identity.
 */
export function NoScriptNav({ children, cacheKeys, ...props }: ComponentProps<"nav"> & { cacheKeys?: readonly object[] }) {
  const cache = useContext(HydratableMarkupContext);
  const html = cache && cacheKeys ? cache(cacheKeys, children) : null;
  return <noscript>{html === null ? <nav {...props}>{children}</nav> : <nav {...props} dangerouslySetInnerHTML={{ __html: html }} />}</noscript>;
}

import { createElement, forwardRef, useContext, useEffect } from "react";
import { Link as RouterLink, UNSAFE_DataRouterContext, UNSAFE_NavigationContext, type LinkProps } from "react-router";
import { keptLinkPath } from "./kept-on-hydration";

/**
 * True for a site path that React Router's `<Link>` renders as its own `href`, unchanged: it starts
 * with one "/", has no backslash, no empty, "." or ".." segment, and no bare "?" or "#" (which the
 * router drops). Others (relative paths, full URLs, "//host") take the router's own resolution.
 * @param to a `<Link to>` string, e.g. "/cars/2019-toyota-rav4-gx-1?x=1#enquire"
 */
export function isPlainSitePath(to: string): boolean {
  return PLAIN_SITE_PATH.test(to);
}
/** "/", then segments that are not empty, "." or "..", an optional trailing "/", then an optional non-empty search and hash. */
const PLAIN_SITE_PATH = /^(?=\/)(?:\/(?!\.\.?(?:[/?#]|$))[^/?#\\]+)*\/?(?:\?[^#]+)?(?:#.+)?$/;

/** `<Link>` props React Router uses itself and does not write as attributes (`target` is written after `href`). */
const ROUTER_PROPS = new Set(["to", "discover", "prefetch", "mask", "target", "reloadDocument", "replace", "state", "preventScrollReset", "relative", "viewTransition", "defaultShouldRevalidate", "onClick"]);

/**
 * The attributes of the `<a>` React Router's `<Link>` writes for a plain site path `to` (see
 * {@link isPlainSitePath}), in its order: the caller's props other than the router's own, `href`,
 * `target`, `data-discover`. Shared by {@link ServerLink} and {@link BrowserLink}.
 */
function anchorAttributes(props: LinkProps, to: string): Record<string, unknown> {
  const attributes: Record<string, unknown> = {};
  for (const key in props) if (!ROUTER_PROPS.has(key)) attributes[key] = props[key as keyof LinkProps];
  attributes.href = to;
  attributes.target = props.target;
  attributes["data-discover"] = (props.discover ?? "render") === "render" ? "true" : undefined;
  return attributes;
}

/**
 * The server's `<Link>` (issue 15 "Fast pages", decision 189): for a plain site path (see
 * {@link isPlainSitePath}) under the root basename, with no prefetching or mask, it writes the
 * `<a>` that React Router's `<Link>` writes (the same attributes in the same order: the caller's
 * props, `href`, `target`, `data-discover`) without resolving the path against the route tree
 * and without the link's six hooks. Every other link renders React Router's `<Link>`. Outside a
 * router (a card's markup rendered once for the markup cache) a plain path renders the same. Only the
 * server uses it: the browser's is {@link BrowserLink} (decision 206).
 */
export const ServerLink = forwardRef<HTMLAnchorElement, LinkProps>(function ServerLink(props, ref) {
  // Outside a router (markup the server renders once and caches, decision 189) the root basename.
  const basename = useContext(UNSAFE_NavigationContext)?.basename ?? "/";
  const to = props.to;
  if (basename !== "/" || (props.prefetch ?? "none") !== "none" || props.mask !== undefined || typeof to !== "string" || !isPlainSitePath(to)) return <RouterLink ref={ref} {...props} />;
  // A loop, not `{ a, b, ...rest } = props`: V8's object rest with a dozen excluded names was 2.5% of an SRP's server time.
  return createElement("a", anchorAttributes(props, to));
});
ServerLink.displayName = "Link";

/**
 * `<Link>` props that only React Router's own `<Link>` carries out in the browser: navigation
 * options, path resolution, masking, a document load. So do `prefetch` other than "none" and
 * `discover` other than "render" (its anchor has no `data-discover`, which {@link appLinkPath}
 * looks for); {@link isPlainBrowserLink} checks those two by value.
 */
const BROWSER_ROUTER_PROPS = ["mask", "reloadDocument", "replace", "state", "preventScrollReset", "relative", "viewTransition", "defaultShouldRevalidate"] as const;

/**
 * Whether a `<Link>` can be a plain anchor in the browser (decision 206): a plain site path (see
 * {@link isPlainSitePath}) under the root basename, `discover` unset or "render", `prefetch` unset
 * or "none", and none of {@link BROWSER_ROUTER_PROPS} (`false` counts as unset). Its clicks are
 * navigated by {@link useAppLinkClicks}, as React Router's `<Link>` would (a plain primary click,
 * `navigate(path)`, replacing a link to the current address).
 * @param props the `<Link>`'s props; `basename` the router's basename
 */
export function isPlainBrowserLink(props: LinkProps, basename: string): props is LinkProps & { to: string } {
  if (basename !== "/" || typeof props.to !== "string" || !isPlainSitePath(props.to)) return false;
  if ((props.discover ?? "render") !== "render" || (props.prefetch ?? "none") !== "none") return false;
  // `false` (NavHref's `reloadDocument={false}`) is the same as leaving the prop out.
  return BROWSER_ROUTER_PROPS.every((key) => props[key] === undefined || props[key] === false);
}

/**
 * The browser's `<Link>` (issue 15 TBT, decision 206): for a link that {@link isPlainBrowserLink}
 * accepts, the anchor the server wrote (the same attributes as {@link ServerLink}, plus the
 * caller's `onClick` and `ref`), with none of React Router's link hooks: each cost about 0.4 ms
 * of a 4x slowed phone's hydration task, and a results page has over a hundred links. Its clicks
 * are navigated in the app by the one listener of {@link useAppLinkClicks}. Every other link
 * renders React Router's `<Link>`.
 */
export const BrowserLink = forwardRef<HTMLAnchorElement, LinkProps>(function BrowserLink(props, ref) {
  const basename = useContext(UNSAFE_NavigationContext)?.basename ?? "/";
  if (!isPlainBrowserLink(props, basename)) {
    if (!props.reloadDocument) return <RouterLink ref={ref} {...props} />;
    // React Router's document-loading link keeps `data-discover` when its `to` is relative, and
    // takes no action on a click: tell the app-wide listener to leave the click to the browser.
    const { onClick } = props;
    return (
      <RouterLink
        ref={ref}
        {...props}
        onClick={(event) => {
          LEFT_TO_THE_BROWSER.add(event.nativeEvent ?? event);
          onClick?.(event);
        }}
      />
    );
  }
  const attributes = anchorAttributes(props, props.to);
  attributes.onClick = props.onClick;
  attributes.ref = ref;
  return createElement("a", attributes);
});
BrowserLink.displayName = "Link";

/** Clicks on document-loading links (`reloadDocument`), which {@link useAppLinkClicks} leaves alone. */
const LEFT_TO_THE_BROWSER = new WeakSet<object>();

/**
 * The site path a click should navigate to in the app, or null where the browser (or a handler
 * that already took the click) should have it (decision 206): as {@link keptLinkPath} decides for
 * kept content, for any anchor on the page that the app's `<Link>` wrote (it carries
 * `data-discover`), kept content included, and whose click nothing has handled yet.
 * @param event the click (after it bubbled to `window`)
 * @param origin the page's origin, e.g. "https://www.harbourside.example"
 * @returns pathname + search + hash, e.g. "/cars/2021-toyota-camry-ascent-1#enquire"
 */
export function appLinkPath(event: Parameters<typeof keptLinkPath>[0], origin: string): string | null {
  if (LEFT_TO_THE_BROWSER.has(event)) return null;
  return keptLinkPath(event, document.documentElement, origin);
}

/**
 * Installs the one `click` listener (on `window`, so it runs after every element's own handler and
 * React's root listener) that navigates the clicks of {@link BrowserLink}'s plain anchors and of
 * kept content's links (decision 192) in the app: `router.navigate(path)`, replacing the history entry for a link to the current address, as
 * React Router's `<Link>` does. Mounted once, in the root layout. Outside a data router it does
 * nothing. (Decision 206.)
 */
export function useAppLinkClicks(): void {
  const router = useContext(UNSAFE_DataRouterContext)?.router;
  useEffect(() => {
    if (!router) return;
    const onClick = (event: MouseEvent) => {
      const path = appLinkPath(event, window.location.origin);
      if (path === null) return;
      event.preventDefault();
      const here = window.location.pathname + window.location.search + window.location.hash;
      void router.navigate(path, { replace: path === here });
    };
    window.addEventListener("click", onClick);
    return () => window.removeEventListener("click", onClick);
  }, [router]);
}

/**
 * The app's `<Link>` (props as React Router's): {@link ServerLink} when rendering on the server,
 * {@link BrowserLink} in the browser. Import it instead of `Link` from "react-router".
 */
export const Link: typeof RouterLink = import.meta.env.SSR ? ServerLink : (BrowserLink as typeof RouterLink);

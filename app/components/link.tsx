import { createElement, forwardRef, useContext } from "react";
import { Link as RouterLink, UNSAFE_NavigationContext, type LinkProps } from "react-router";

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
 * The server's `<Link>` (issue 15 "Fast pages", decision 189): for a plain site path (see
 * {@link isPlainSitePath}) under the root basename, with no prefetching or mask, it writes the
 * `<a>` that React Router's `<Link>` writes (the same attributes in the same order: the caller's
 * props, `href`, `target`, `data-discover`) without resolving the path against the route tree
 * and without the link's six hooks. Every other link renders React Router's `<Link>`. Outside a
 * router (a card's markup rendered once for the markup cache) a plain path renders the same. Only the
 * server uses it: the browser build exports React Router's `<Link>` itself, which hydrates the
 * same markup and handles clicks.
 */
export const ServerLink = forwardRef<HTMLAnchorElement, LinkProps>(function ServerLink(props, ref) {
  // Outside a router (markup the server renders once and caches, decision 189) the root basename.
  const basename = useContext(UNSAFE_NavigationContext)?.basename ?? "/";
  const to = props.to;
  if (basename !== "/" || (props.prefetch ?? "none") !== "none" || props.mask !== undefined || typeof to !== "string" || !isPlainSitePath(to)) return <RouterLink ref={ref} {...props} />;
  // A loop, not `{ a, b, ...rest } = props`: V8's object rest with a dozen excluded names was 2.5% of an SRP's server time.
  const attributes: Record<string, unknown> = {};
  for (const key in props) if (!ROUTER_PROPS.has(key)) attributes[key] = props[key as keyof LinkProps];
  attributes.href = to;
  attributes.target = props.target;
  attributes["data-discover"] = (props.discover ?? "render") === "render" ? "true" : undefined;
  return createElement("a", attributes);
});
ServerLink.displayName = "Link";

/**
 * The app's `<Link>` (props as React Router's): {@link ServerLink} when rendering on the server,
 * React Router's `<Link>` in the browser. Import it instead of `Link` from "react-router".
 */
export const Link: typeof RouterLink = import.meta.env.SSR ? ServerLink : RouterLink;

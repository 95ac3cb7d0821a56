/**
 * `/favicon.svg`, `/favicon.ico` and `/apple-touch-icon.png` (issue 13): the site's icon from its
 * colours and initials, generated on first request and cached in memory per site and colours.
 * The PNG (180 x 180, for iOS home screens) is rendered from the SVG by @resvg/resvg-js.
 */
import type { Route } from "./+types/brand-icon";
import { siteContext } from "~/context";
import { brandIconSvg } from "~/domain/navigation/brand-icon";

const cache = new Map<string, string | Uint8Array>();
const MAX_ENTRIES = 500;

function remember<T extends string | Uint8Array>(key: string, make: () => T): T {
  const hit = cache.get(key);
  if (hit !== undefined) return hit as T;
  const value = make();
  if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  cache.set(key, value);
  return value;
}

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const site = context.get(siteContext);
  const { primary, onPrimary } = site.config.theme;
  const path = url.pathname;
  // An uploaded favicon (issue 50) answers the browsers that ask /favicon.ico without reading the page.
  if (path === "/favicon.ico" && site.config.theme.faviconUrl) return new Response(null, { status: 302, headers: { Location: site.config.theme.faviconUrl, "Cache-Control": "public, max-age=300" } });
  const headers = { "Cache-Control": "public, max-age=86400" };
  const key = `${site.slug}|${site.name}|${primary}|${onPrimary}`;
  if (path === "/apple-touch-icon.png") {
    const { Resvg } = await import("@resvg/resvg-js");
    const png = remember(`png|${key}`, () => new Uint8Array(new Resvg(brandIconSvg(site.name, { primary, onPrimary }, 180), { font: { loadSystemFonts: true } }).render().asPng()));
    return new Response(png as unknown as BodyInit, { headers: { ...headers, "Content-Type": "image/png" } });
  }
  const svg = remember(`svg|${key}`, () => brandIconSvg(site.name, { primary, onPrimary }));
  return new Response(svg, { headers: { ...headers, "Content-Type": "image/svg+xml; charset=utf-8" } });
}

/**
 * Ad and campaign tracking parameters (issue 15 "Repeat views"; decision 221). Shoppers arrive
 * from ads and newsletters on URLs such as `/cars/2019-ford-ranger-xlt-…?utm_source=facebook&
 * fbclid=IwAR3…`, where the click id is new on every click. No page reads these parameters (the
 * search parameters treat unknown ones as absent, app/search/parse-params.ts), yet the page cache
 * keys a page by its whole URL: every ad landing was an uncached render, stored as one more copy
 * of the same page that pushed useful pages out of the cache.
 *
 * So a GET or HEAD whose query names one of them is handled as the same URL without them: the page
 * cache and the router see the URL without them, so the page is the cached copy of the plain URL,
 * byte for byte. The shopper's address bar keeps them (no redirect), so the dealer's analytics in
 * the browser still read them. Other parameters are kept exactly as sent (order and encoding).
 */
import type { MiddlewareHandler } from "hono";

/**
 * Names of tracking parameters (lower case): Google Analytics and Ads, Meta, Microsoft, TikTok,
 * X, LinkedIn, Instagram, Mailchimp, Yandex; any `utm_*` too.
 */
export const TRACKING_PARAMETERS: readonly string[] = [
  "fbclid", "gclid", "gclsrc", "gbraid", "wbraid", "dclid", "msclkid", "ttclid", "twclid", "li_fat_id",
  "igshid", "mc_cid", "mc_eid", "yclid", "srsltid", "_ga", "_gl",
];
const NAMES = new Set(TRACKING_PARAMETERS);
/** A cheap first test on the raw query: could any parameter be a tracking one? */
const MAYBE = new RegExp(`(?:^|[?&])(?:utm_|${TRACKING_PARAMETERS.join("|")})`, "i");

function isTrackingName(segment: string): boolean {
  const end = segment.indexOf("=");
  let name = end < 0 ? segment : segment.slice(0, end);
  try {
    name = decodeURIComponent(name.replace(/\+/g, " "));
  } catch {
    return false; // a malformed name is not ours to judge (rejectMalformedUrls answers it)
  }
  name = name.toLowerCase();
  return name.startsWith("utm_") || NAMES.has(name);
}

/**
 * The URL without its tracking parameters, or null when it has none.
 * @param url an absolute URL as received (`http://host/path?query`)
 * @returns the same URL with those `name=value` pairs left out (and `?` with them when none is
 *   left); every other pair, its order and its encoding unchanged
 */
export function withoutTrackingParameters(url: string): string | null {
  const start = url.indexOf("?");
  if (start < 0) return null;
  const hash = url.indexOf("#", start);
  const query = url.slice(start + 1, hash < 0 ? undefined : hash);
  if (!MAYBE.test(query)) return null;
  const segments = query.split("&");
  const kept = segments.filter((segment) => segment !== "" && !isTrackingName(segment));
  if (kept.length === segments.filter((segment) => segment !== "").length) return null;
  return url.slice(0, start) + (kept.length ? `?${kept.join("&")}` : "") + (hash < 0 ? "" : url.slice(hash));
}

/**
 * Middleware: a GET or HEAD request with tracking parameters continues as the request for the URL
 * without them (same method, headers and signal). Mount it before the page cache.
 */
export function ignoreTrackingParameters(): MiddlewareHandler {
  return async (c, next) => {
    const raw = c.req.raw;
    if (raw.method !== "GET" && raw.method !== "HEAD") return next();
    const clean = withoutTrackingParameters(raw.url);
    if (clean) c.req.raw = new Request(clean, { method: raw.method, headers: raw.headers, signal: raw.signal });
    await next();
  };
}

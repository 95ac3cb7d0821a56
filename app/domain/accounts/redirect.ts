/**
 * Redirect targets of the sign-in page (spec 2.1 "/sign-in?type={type}&redirect={path}&back={path}",
 * spec 4 "Gated routes ... redirects to sign-in with the target and return path").
 *
 * Only same-site paths are followed: an open redirect would let a link on our domain send a
 * shopper who just signed in to a look-alike site.
 */

const BASE = "http://forecourt.invalid";

/**
 * Returns `value` when it is a path on this site, else `fallback`.
 * Refused: absolute URLs (`https://evil`), protocol-relative (`//evil`), backslash tricks
 * (`/\evil`, browsers read `\` as `/`), control characters and whitespace, and anything over
 * 2,000 characters. Accepted paths keep their query and hash: `/cars/x?y=1#z`.
 * @param value the raw parameter (may be null or any string)
 * @param fallback a known-safe path, default "/"
 */
export function safeRedirectPath(value: string | null | undefined, fallback = "/"): string {
  if (typeof value !== "string" || value.length === 0 || value.length > 2000) return fallback;
  if (!value.startsWith("/") || value.startsWith("//")) return fallback;
  // eslint-disable-next-line no-control-regex
  if (/[\\\u0000-\u0020\u007f]/.test(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The sign-in page types (spec 2.1 "Types include watchlist"); anything else reads as "account". */
export const SIGN_IN_TYPES = ["watchlist", "garage", "checkout", "finance", "payment", "spin-to-win", "account"] as const;
export type SignInType = (typeof SIGN_IN_TYPES)[number];

/** Parses the `type` parameter; unknown or missing values are "account". */
export function parseSignInType(value: string | null | undefined): SignInType {
  return (SIGN_IN_TYPES as readonly string[]).includes(value ?? "") ? (value as SignInType) : "account";
}

/** The paths {@link signInHref} checked last, by their raw values. */
let lastChecked: { rawRedirect: string; rawBack: string | null; redirect: string; back: string } | null = null;

/**
 * Builds the sign-in URL of spec 2.1: `/sign-in?type=...&redirect=...&back=...` (+ `car_id` for a
 * watchlist save started while signed out). Both paths are checked with {@link safeRedirectPath}.
 */
export function signInHref(options: { type: SignInType; redirect: string; back?: string | null; carId?: number | null }): string {
  // Every watchlist button of a results page asks with the same paths: check them once (issue 15).
  const rawBack = options.back ?? null;
  if (lastChecked?.rawRedirect !== options.redirect || lastChecked.rawBack !== rawBack) {
    const redirect = safeRedirectPath(options.redirect);
    lastChecked = { rawRedirect: options.redirect, rawBack, redirect, back: safeRedirectPath(rawBack, redirect) };
  }
  const params = new URLSearchParams({ type: options.type, redirect: lastChecked.redirect });
  params.set("back", lastChecked.back);
  if (options.carId) params.set("car_id", String(options.carId));
  return `/sign-in?${params.toString()}`;
}

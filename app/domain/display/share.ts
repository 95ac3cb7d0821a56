/**
 * Share links, spec 5 ("Share URL requires the site URL, with any trailing slash removed"),
 * 7 ("Outbound share links: social, WhatsApp (mobile or web), email (mailto) and SMS (sms:)"),
 * 8 ("Social share without a URL (two network types): Assertion error thrown") and 9 (share
 * window 550x400, 'Copied' for 1.5 s).
 *
 * The two network types that throw without a URL are Facebook and X/Twitter: their share pages
 * take nothing but a URL to share (the others can still carry the title as text), and these are
 * the two popup networks sharing the spec's 550x400 window.
 */

export const SHARE_NETWORKS = [
  "facebook",
  "twitter",
  "linkedin",
  "whatsapp-mobile",
  "whatsapp-web",
  "email",
  "sms",
] as const;
export type ShareNetwork = (typeof SHARE_NETWORKS)[number];

/** Networks whose link cannot be built without a URL (spec 8). */
export const URL_REQUIRED_NETWORKS: readonly ShareNetwork[] = Object.freeze(["facebook", "twitter"]);

/** Spec 9: popup size for the social share windows, CSS pixels. */
export const SHARE_WINDOW = Object.freeze({ width: 550, height: 400 });
/** Spec 4/9: how long the copy button reads 'Copied', ms. */
export const COPIED_NOTICE_MS = 1500;
/** Spec 4/9: the copied-link toast on the other view, ms. */
export const COPIED_TOAST_MS = 3000;
export const COPIED_LABEL = "Copied";

/** Thrown when a URL-only network is asked to share without a URL (spec 8). */
export class ShareAssertionError extends Error {
  override name = "AssertionError";
}

/**
 * Removes trailing slashes from the site URL, spec 5: `'https://dealer.com.au/'` ->
 * `'https://dealer.com.au'`.
 * @throws ShareAssertionError when the site URL is null or blank (the share URL requires it)
 */
export function normaliseSiteUrl(siteUrl: string | null | undefined): string {
  const trimmed = (siteUrl ?? "").trim().replace(/\/+$/, "");
  if (trimmed === "") throw new ShareAssertionError("share: the site URL is required");
  return trimmed;
}

/**
 * The public URL of a page on the site: site URL without trailing slash + path.
 * @param siteUrl SiteConfig `url`, e.g. 'https://dealer.com.au/'
 * @param path a path starting with or without '/', e.g. '/cars/2022-toyota-corolla-abc123'
 * @returns e.g. 'https://dealer.com.au/cars/2022-toyota-corolla-abc123'
 * @throws ShareAssertionError when `siteUrl` is null or blank
 */
export function buildShareUrl(siteUrl: string | null | undefined, path: string): string {
  const base = normaliseSiteUrl(siteUrl);
  const cleanPath = path.trim();
  if (cleanPath === "" || cleanPath === "/") return base;
  return `${base}${cleanPath.startsWith("/") ? "" : "/"}${cleanPath}`;
}

/** The VDP share URL: `{site url}/cars/{slug}`. @throws ShareAssertionError without a site URL. */
export function buildCarShareUrl(siteUrl: string | null | undefined, carSlug: string): string {
  return buildShareUrl(siteUrl, `/cars/${encodeURIComponent(carSlug)}`);
}

/** What is shared: the page URL and a title (the car title). */
export interface ShareContent {
  url: string | null;
  title: string;
}

/** `key=value` pairs with encodeURIComponent (spaces as %20, which mailto: and sms: need). */
function query(params: Record<string, string>): string {
  const pairs = Object.entries(params)
    .filter(([, value]) => value !== "")
    .map(([key, value]) => `${key}=${encodeURIComponent(value)}`);
  return pairs.join("&");
}

/** Title and URL as one message, either part optional. */
function message(title: string, url: string): string {
  return [title.trim(), url].filter((part) => part !== "").join(" ");
}

/**
 * Builds the share link for one network:
 * - facebook: `https://www.facebook.com/sharer/sharer.php?u={url}`
 * - twitter (X): `https://twitter.com/intent/tweet?url={url}&text={title}`
 * - linkedin: `https://www.linkedin.com/sharing/share-offsite/?url={url}`
 * - whatsapp-mobile: `https://api.whatsapp.com/send?text={title url}`;
 *   whatsapp-web: `https://web.whatsapp.com/send?text={title url}`
 * - email: `mailto:?subject={title}&body={title url}`
 * - sms: `sms:?&body={title url}` (the `?&` form is understood by both iOS and Android)
 *
 * @param network one of {@link SHARE_NETWORKS}
 * @param content the URL (may be null) and title
 * @returns the link (absolute URL or mailto:/sms: URI)
 * @throws ShareAssertionError for facebook and twitter when `content.url` is null or blank
 */
export function buildShareLink(network: ShareNetwork, content: ShareContent): string {
  const url = (content.url ?? "").trim();
  if (url === "" && URL_REQUIRED_NETWORKS.includes(network)) {
    throw new ShareAssertionError(`${network}.url is required`);
  }
  const text = message(content.title, url);
  switch (network) {
    case "facebook":
      return `https://www.facebook.com/sharer/sharer.php?${query({ u: url })}`;
    case "twitter":
      return `https://twitter.com/intent/tweet?${query({ url, text: content.title.trim() })}`;
    case "linkedin":
      return `https://www.linkedin.com/sharing/share-offsite/?${query({ url })}`;
    case "whatsapp-mobile":
      return `https://api.whatsapp.com/send?${query({ text })}`;
    case "whatsapp-web":
      return `https://web.whatsapp.com/send?${query({ text })}`;
    case "email":
      return `mailto:?${query({ subject: content.title.trim(), body: text })}`;
    case "sms":
      return `sms:?&${query({ body: text })}`;
  }
}

/**
 * All share links at once, keyed by network.
 * @throws ShareAssertionError when `content.url` is null or blank (facebook and twitter need it)
 */
export function buildShareLinks(content: ShareContent): Record<ShareNetwork, string> {
  return Object.fromEntries(SHARE_NETWORKS.map((network) => [network, buildShareLink(network, content)])) as Record<
    ShareNetwork,
    string
  >;
}

/** What {@link whatsappNetworkFor} reads of the browser. */
export interface ShareDevice {
  /** `navigator.userAgent` */
  userAgent: string;
  /** `navigator.userAgentData?.mobile` where the browser has it (Chromium). */
  mobileHint?: boolean;
  /** `matchMedia("(pointer: coarse)").matches`: the main pointer is a finger. */
  coarsePointer: boolean;
}

/**
 * Spec 7 "WhatsApp (mobile or web)": which WhatsApp link a device gets. Phones and tablets get
 * the app link (`api.whatsapp.com`, which opens the installed app); a desktop gets WhatsApp Web.
 * A device counts as a phone or tablet when the browser says so (`userAgentData.mobile`), its
 * user agent names one, or its main pointer is a finger.
 * @returns "whatsapp-mobile" or "whatsapp-web"
 */
export function whatsappNetworkFor(device: ShareDevice): "whatsapp-mobile" | "whatsapp-web" {
  const mobile = device.mobileHint === true || /Mobi|Android|iPhone|iPad|iPod/i.test(device.userAgent) || device.coarsePointer;
  return mobile ? "whatsapp-mobile" : "whatsapp-web";
}

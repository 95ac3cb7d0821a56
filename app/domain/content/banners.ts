/**
 * Default banner images (spec 9: "Default banner images exist for offers, finance, contact, fleet,
 * parts and blog"). Shipped as small SVGs under public/banners/ (no network); a site replaces any
 * of them with SiteConfig `content.banners`.
 */

export const BANNER_KINDS = ["offers", "finance", "contact", "fleet", "parts", "blog"] as const;
export type BannerKind = (typeof BANNER_KINDS)[number];

/**
 * The banner image URL for a page kind.
 * @param kind which banner
 * @param overrides SiteConfig `content.banners` (null entries keep the default)
 * @returns the site's URL, else `/banners/{kind}.svg`. Never throws.
 */
export function bannerImage(kind: BannerKind, overrides: Partial<Record<BannerKind, string | null>> = {}): string {
  return overrides[kind] ?? `/banners/${kind}.svg`;
}

/**
 * schema.org JSON-LD for issue 14's pages: `BreadcrumbList` on content, offer, blog and parts
 * pages, and `Offer` on an offer page (Google structured data). Serialise with
 * {@link serialiseLd} so no text can close the script element.
 */

/** One breadcrumb: a name and an absolute URL. */
export interface Crumb {
  name: string;
  url: string;
}

/** A schema.org BreadcrumbList of the crumbs in order (position from 1). */
export function breadcrumbJsonLd(crumbs: Crumb[]): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((c, i) => ({ "@type": "ListItem", position: i + 1, name: c.name, item: c.url })),
  };
}

/** What an Offer needs: plain text; dates ISO 8601 or null; `url` absolute. */
export interface OfferLdInput {
  name: string;
  description: string;
  url: string;
  category: string | null;
  validFrom: string | null;
  validThrough: string | null;
  imageUrl: string | null;
  sellerName: string;
}

/** A schema.org Offer for a special offer (empty fields left out). */
export function offerJsonLd(o: OfferLdInput): Record<string, unknown> {
  const entries = Object.entries({
    "@context": "https://schema.org",
    "@type": "Offer",
    name: o.name,
    description: o.description,
    url: o.url,
    category: o.category,
    validFrom: o.validFrom,
    validThrough: o.validThrough,
    image: o.imageUrl,
    seller: { "@type": "AutoDealer", name: o.sellerName },
  });
  return Object.fromEntries(entries.filter(([, v]) => v !== null && v !== ""));
}

/** JSON for a `<script type="application/ld+json">`: `<` escaped so no text can close the script. */
export function serialiseLd(data: unknown): string {
  return JSON.stringify(data).replace(/</g, "\\u003c");
}

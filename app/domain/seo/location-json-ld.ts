/**
 * schema.org `AutoDealer` (sales locations) or `AutoRepair` (service, parts and
 * service-and-parts locations) structured data for a location page (spec 2.5, issue 12).
 * Pure; the page serialises it with `serialiseJsonLd`.
 */
import { DAY_LONG, type DayHours, type WeeklyHoursEntry } from "~/domain/opening-hours";
import { phoneE164 } from "~/domain/display/phone";

/** The location fields the JSON-LD reads. */
export interface JsonLdLocation {
  name: string;
  locationType: string | null;
  street: string | null;
  city: string;
  state: string;
  postcode: string;
  lat: number | null;
  long: number | null;
  phone: string | null;
  email: string | null;
  placeUrl: string | null;
  imageUrl: string | null;
  openingHours: WeeklyHoursEntry[];
  reviewAverage: number | null;
  reviewCount: number;
}

/**
 * Builds the location's JSON-LD: @type, name, url, telephone (E.164, phoneE164), address
 * (PostalAddress, AU), geo (degrees), openingHoursSpecification (one entry per run of days with
 * the same hours; closed days left out; then one entry per special or holiday date, valid on that
 * date only, "00:00" to "00:00" when closed, as search engines read holiday hours) and
 * aggregateRating when there are reviews.
 * @param location the location row
 * @param context absolute page URL, absolute image URL (null = none) and the special or holiday
 *   hours to publish (the page's upcoming ones; none when absent)
 */
export function buildLocationJsonLd(location: JsonLdLocation, context: { url: string; imageUrl: string | null; specialHours?: DayHours[] }): Record<string, unknown> {
  const isService = location.locationType === "service" || location.locationType === "parts" || location.locationType === "service-and-parts";
  const byHours = new Map<string, string[]>();
  for (const e of [...location.openingHours].sort((a, b) => ((a.weekday + 6) % 7) - ((b.weekday + 6) % 7))) {
    if (e.status !== "Open" || !e.open || !e.close) continue;
    const key = `${e.open}-${e.close}`;
    byHours.set(key, [...(byHours.get(key) ?? []), DAY_LONG[e.weekday]]);
  }
  const out: Record<string, unknown> = {
    "@context": "https://schema.org",
    "@type": isService ? "AutoRepair" : "AutoDealer",
    name: location.name,
    url: context.url,
    address: {
      "@type": "PostalAddress",
      ...(location.street ? { streetAddress: location.street } : {}),
      addressLocality: location.city,
      addressRegion: location.state,
      postalCode: location.postcode,
      addressCountry: "AU",
    },
    openingHoursSpecification: [
      ...[...byHours].map(([key, days]) => {
        const [opens, closes] = key.split("-");
        return { "@type": "OpeningHoursSpecification", dayOfWeek: days.map((d) => `https://schema.org/${d}`), opens, closes };
      }),
      ...(context.specialHours ?? []).map((d) => ({
        "@type": "OpeningHoursSpecification",
        opens: d.kind === "open" ? d.open : "00:00",
        closes: d.kind === "open" ? d.close : "00:00",
        validFrom: d.date,
        validThrough: d.date,
      })),
    ],
  };
  if (location.phone) out.telephone = phoneE164(location.phone);
  if (location.email) out.email = location.email;
  if (location.lat !== null && location.long !== null) out.geo = { "@type": "GeoCoordinates", latitude: location.lat, longitude: location.long };
  if (location.placeUrl) out.hasMap = location.placeUrl;
  if (context.imageUrl) out.image = context.imageUrl;
  if (location.reviewAverage !== null && location.reviewCount > 0) {
    out.aggregateRating = { "@type": "AggregateRating", ratingValue: location.reviewAverage.toFixed(1), reviewCount: location.reviewCount, bestRating: "5", worstRating: "1" };
  }
  return out;
}

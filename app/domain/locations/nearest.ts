/**
 * Nearest location (spec 5 geocoding, 9 distance): a shopper's postcode to coordinates through
 * the geocoder adapter, then locations ordered by great-circle distance (haversine, Earth
 * radius 6371 km, implemented once in the geocoder adapter as `distanceKm`).
 */
import { z } from "zod";
import { distanceKm, type Geocoder, type GeoPoint } from "~/adapters/geocoder/postcodes";

/** Spec 8: a postcode the geocoder cannot place. */
export const INVALID_POSTCODE = "Invalid postcode";
/** Spec 5: the field message for a postcode that is not 4 digits. */
export const POSTCODE_FIELD_MESSAGE = "Invalid postcode. Please enter a 4-digit number.";

const PostcodeSchema = z.string().trim().regex(/^\d{4}$/, POSTCODE_FIELD_MESSAGE);

/** The result of reading a postcode the shopper entered. */
export type PostcodeLookup = { ok: true; postcode: string; point: GeoPoint } | { ok: false; postcode: string; error: string };

/**
 * Spec 5: validates and geocodes a shopper's postcode.
 * @param raw the form value (e.g. "2750")
 * @returns the point, or the field message (not 4 digits) or 'Invalid postcode' (no result)
 */
export function lookupPostcode(geocoder: Geocoder, raw: string): PostcodeLookup {
  const parsed = PostcodeSchema.safeParse(raw);
  if (!parsed.success) return { ok: false, postcode: raw, error: POSTCODE_FIELD_MESSAGE };
  const point = geocoder.byPostcode(parsed.data);
  return point ? { ok: true, postcode: parsed.data, point } : { ok: false, postcode: parsed.data, error: INVALID_POSTCODE };
}

/**
 * Orders locations by distance from a point, nearest first; locations without coordinates go
 * last (by name). Distances are whole km, rounded.
 * @param locations rows with `lat` and `long` in degrees (null when unknown)
 * @param from the shopper's point
 * @returns each location with `distanceKm` (null when it has no coordinates)
 */
export function orderByDistance<L extends { name: string; lat: number | null; long: number | null }>(locations: L[], from: { lat: number; long: number }): (L & { distanceKm: number | null })[] {
  return locations
    .map((l) => ({ ...l, distanceKm: l.lat !== null && l.long !== null ? Math.round(distanceKm(from, { lat: l.lat, long: l.long })) : null }))
    .sort((a, b) => (a.distanceKm ?? Infinity) - (b.distanceKm ?? Infinity) || a.name.localeCompare(b.name, "en-AU"));
}

/**
 * Embedded geocoder: Australian postcode and suburb lookups from data/au_postcodes.csv
 * (Matthew Proctor's data set; no network). This is the default adapter behind `Geocoder`;
 * a maps-API adapter can replace it (spec 7 "GET to a maps geocoding service").
 */
import { readFileSync } from "node:fs";
import { projectFile } from "../../../db/project-file";
import { parse } from "csv-parse/sync";

export interface GeoPoint {
  postcode: string;
  locality: string;
  state: string;
  /** Degrees. */
  lat: number;
  /** Degrees. */
  long: number;
}

export interface Geocoder {
  /** Suburb + state -> point, or null when unknown. */
  bySuburb(suburb: string, state: string | null): GeoPoint | null;
  /** Postcode -> point (first delivery area), or null; spec 5: a failed geocode reads 'Invalid postcode'. */
  byPostcode(postcode: string): GeoPoint | null;
  /** Postcode -> every delivery-area locality it covers (the console's suburb look-up, issue 50); empty when unknown. */
  localitiesOf(postcode: string): GeoPoint[];
}

/**
 * data/au_postcodes.csv of the repository, found by walking up from this module: it runs both
 * from source (app/adapters/geocoder) and bundled into the server build (build/server).
 */
function defaultFile(): string {
  return projectFile("data/au_postcodes.csv", import.meta.url);
}

/** Upper-case, typographic apostrophes folded, "SAINT" spelled "ST" as the postcode file does. */
export function normaliseLocality(name: string): string {
  return name
    .toUpperCase()
    .replace(/[\u2019']/g, "'")
    .replace(/^SAINT\s+/, "ST ")
    .replace(/^MOUNT\s+/, "MOUNT ")
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * Builds the embedded geocoder from the postcode CSV (about 18,500 rows; loads in ~100 ms).
 * @param csvPath defaults to data/au_postcodes.csv in the repository
 */
export function createPostcodeGeocoder(csvPath: string = defaultFile()): Geocoder {
  const rows = parse(readFileSync(csvPath, "utf8"), { columns: true, skip_empty_lines: true }) as Record<string, string>[];
  const bySuburb = new Map<string, GeoPoint>();
  const byPostcode = new Map<string, GeoPoint>();
  const deliveryKeys = new Set<string>();
  const localities = new Map<string, GeoPoint[]>();
  for (const r of rows) {
    const lat = Number(r.lat_precise || r.lat);
    const long = Number(r.long_precise || r.long);
    if (!lat || !long) continue;
    const point: GeoPoint = { postcode: r.postcode, locality: r.locality, state: r.state, lat, long };
    const isDelivery = r.type === "Delivery Area" || r.type === "";
    const key = `${normaliseLocality(r.locality)}|${r.state}`;
    // Delivery areas win over PO boxes and large-volume receivers (which repeat CBD names).
    const current = bySuburb.get(key);
    if (!current || (isDelivery && !deliveryKeys.has(key))) {
      bySuburb.set(key, point);
      if (isDelivery) deliveryKeys.add(key);
    }
    if (!byPostcode.has(r.postcode) && isDelivery) byPostcode.set(r.postcode, point);
    if (isDelivery) localities.set(r.postcode, [...(localities.get(r.postcode) ?? []), point]);
  }
  for (const r of rows) if (!byPostcode.has(r.postcode) && Number(r.lat)) byPostcode.set(r.postcode, { postcode: r.postcode, locality: r.locality, state: r.state, lat: Number(r.lat), long: Number(r.long) });
  return {
    bySuburb(suburb, state) {
      const name = normaliseLocality(suburb);
      if (state) return bySuburb.get(`${name}|${state.toUpperCase()}`) ?? null;
      for (const s of ["NSW", "VIC", "QLD", "WA", "SA", "TAS", "ACT", "NT"]) {
        const hit = bySuburb.get(`${name}|${s}`);
        if (hit) return hit;
      }
      return null;
    },
    byPostcode(postcode) {
      return /^\d{4}$/.test(postcode) ? (byPostcode.get(postcode) ?? null) : null;
    },
    localitiesOf(postcode) {
      return localities.get(postcode) ?? [];
    },
  };
}

const SHARED = Symbol.for("forecourt.geocoder");
/** One embedded geocoder per process (shared by the server source and the route build, which each load this module). */
export function getGeocoder(): Geocoder {
  const store = globalThis as unknown as Record<symbol, Geocoder | undefined>;
  return (store[SHARED] ??= createPostcodeGeocoder());
}

/** Great-circle distance in km (haversine, Earth radius 6371 km: spec 9). */
export function distanceKm(a: { lat: number; long: number }, b: { lat: number; long: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLong = (b.long - a.long) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLong / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * Issue 17: demo stock that looks intentional. Dealer comments written for each demo car from its
 * own attributes (clearly marked as demo text), listed dates spread so only a few cars per site
 * are genuine recent arrivals (the just-arrived tag, spec 4/9), and the gallery fixture: one car
 * with five photos (public/demo-photos, drawn by scripts/make-demo-photos.ts) on Southern Cross.
 * Deterministic by stock number, so re-seeding changes nothing.
 */
import { createHash } from "node:crypto";
import type { Database } from "../client";
import type { StockRecord } from "../../app/import/stock-record";
import { StockRecordSchema } from "../../app/import/stock-record";
import { importStock, type ImportSummary } from "../../app/services/stock-import.server";
import { getSiteBySlug } from "../../app/services/sites.server";
import type { Geocoder } from "../../app/adapters/geocoder/postcodes";

const DAY = 86_400_000;
/** Share of demo stock listed within the last week (a few cars per site, not whole pages). */
export const RECENT_ARRIVAL_SHARE = 0.003;
/** Oldest demo listing, days. */
export const OLDEST_LISTING_DAYS = 240;

function unit(key: string): number {
  return parseInt(createHash("md5").update(key).digest("hex").slice(0, 8), 16) / 0x100000000;
}

/**
 * The demo listed date (YYYY-MM-DD) of a stock number: about 0.3% within the last 7 days, the
 * rest 9 to 240 days ago.
 */
export function demoListedDate(stockNumber: string, now: number): string {
  const r = unit(`${stockNumber}:listed`);
  const days = r < RECENT_ARRIVAL_SHARE ? Math.floor((r / RECENT_ARRIVAL_SHARE) * 7) : 9 + Math.floor(unit(`${stockNumber}:age`) * (OLDEST_LISTING_DAYS - 9));
  return new Date(now - days * DAY).toISOString().slice(0, 10);
}

const NUMBER = new Intl.NumberFormat("en-AU");
const lower = (s: string | null) => (s ? s.toLowerCase() : null);

/**
 * Dealer comments for a demo car from its real attributes, '|' separated paragraphs (spec 5),
 * opening with a line that says it is demo text. Caravans describe length, berths, axles and weights.
 */
export function demoDealerComments(r: StockRecord): string {
  const name = [r.year, r.make, r.model, r.badge].filter(Boolean).join(" ");
  const isCaravan = r.item_type !== "car";
  const intro = `Demo listing: this text was written for the demo site from the ${isCaravan ? r.item_type : "car"}'s details.`;
  const facts: string[] = [];
  if (isCaravan) {
    const size = r.body_length_ft ? `${r.body_length_ft} ft` : null;
    facts.push(`${name}${r.colour ? ` in ${r.colour}` : ""}${size ? `, ${size} long` : ""}.`);
    const more = [r.sleeps ? `sleeps ${r.sleeps}` : null, r.axle_type ? `${lower(r.axle_type)} axle` : null, r.tare_weight_kg ? `tare ${NUMBER.format(r.tare_weight_kg)} kg` : null, r.atm_kg ? `ATM ${NUMBER.format(r.atm_kg)} kg` : null].filter(Boolean);
    if (more.length) facts.push(`${more.join(", ").replace(/^./, (c) => c.toUpperCase())}.`);
  } else {
    facts.push(`${name}${r.colour ? ` in ${r.colour}` : ""}.`);
    const drive = [r.transmission ? `${lower(r.transmission)} transmission` : null, r.drive && r.drive !== "Other" ? lower(r.drive) : null, r.fuel ? `${lower(r.fuel)} engine${r.engine_size_litres ? ` (${r.engine_size_litres} L)` : ""}` : null].filter(Boolean);
    if (drive.length) facts.push(`${drive.join(", ").replace(/^./, (c) => c.toUpperCase())}.`);
    if (r.car_type === "used" && r.km !== null) facts.push(`${NUMBER.format(r.km)} km on the odometer${r.km > 200_000 ? "; priced for its kilometres" : ""}.`);
    else if (r.car_type !== "used") facts.push(r.car_type === "demo" ? "Ex-demonstrator, balance of factory warranty." : "Brand new, full factory warranty.");
    if (r.seats) facts.push(`Seats ${r.seats}.`);
  }
  if (r.features.length) facts.push(`Includes ${r.features.slice(0, 4).join(", ").toLowerCase()}.`);
  return [intro, facts.join(" "), "Inspection welcome; trade-ins considered and finance available subject to approval."].join("|");
}

/** The gallery fixture: a used SUV with five photos in their shooting order. */
export const GALLERY_FIXTURE_SITE = "southern-cross-used";
export const GALLERY_FIXTURE_STOCK_NUMBER = "DEMO-GALLERY-1";

export function galleryFixtureRecord(now: number): StockRecord {
  const record = StockRecordSchema.parse({
    stock_number: GALLERY_FIXTURE_STOCK_NUMBER,
    car_type: "used",
    make: "Mazda",
    model: "CX-5",
    badge: "Maxx Sport (FWD)",
    year: 2021,
    price: 32990,
    km: 41250,
    colour: "Soul Red Crystal",
    body: "SUV",
    fuel: "Unleaded",
    drive: "Front",
    transmission: "Automatic",
    seats: 5,
    doors: 5,
    engine_size_litres: 2.5,
    price_basis: "drive away",
    listed_date: new Date(now - 20 * DAY).toISOString().slice(0, 10),
    features: ["Reversing camera", "Apple CarPlay", "Blind spot monitoring", "Radar cruise control"],
    images: [1, 2, 3, 4, 5].map((i) => `/demo-photos/gallery-fixture-${i}.jpg`),
    listing_suburb: "Ringwood",
    listing_state: "VIC",
  });
  return { ...record, dealer_comments: demoDealerComments(record) };
}

/**
 * The compare fixture: the demo site with compare mode in strict mode (spec 4: the compare toggle
 * only on cars with photos) needs cars with photos, or the feature it enables never shows.
 */
export const COMPARE_FIXTURE_SITE = "sunshine-state-cars";
export const COMPARE_FIXTURE_STOCK_NUMBERS = ["DEMO-COMPARE-1", "DEMO-COMPARE-2"] as const;

/** Two used cars with photos for {@link COMPARE_FIXTURE_SITE}, listed at its Springwood yard. */
export function compareFixtureRecords(now: number): StockRecord[] {
  const base = galleryFixtureRecord(now);
  return COMPARE_FIXTURE_STOCK_NUMBERS.map((stock_number, i) => {
    const record = { ...base, stock_number, price: (base.price ?? 0) + i * 2500, km: (base.km ?? 0) + i * 9000, listing_suburb: "Springwood", listing_state: "QLD" };
    return { ...record, dealer_comments: demoDealerComments(record) };
  });
}

/** Imports the gallery fixture and the compare fixture into their demo sites (idempotent). */
export async function seedGalleryFixture(db: Database, geocoder: Geocoder, now: number): Promise<ImportSummary | null> {
  const compareSite = await getSiteBySlug(db, COMPARE_FIXTURE_SITE);
  if (compareSite) {
    const rows = compareFixtureRecords(now).map((record, i) => ({ ok: true as const, row: i + 1, record }));
    await importStock(db, compareSite, rows, { geocoder });
  }
  const site = await getSiteBySlug(db, GALLERY_FIXTURE_SITE);
  if (!site) return null;
  return importStock(db, site, [{ ok: true, row: 1, record: galleryFixtureRecord(now) }], { geocoder });
}

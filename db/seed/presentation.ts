/**
 * Issue 17: demo stock that looks intentional. Dealer comments written for each demo car from its
 * own attributes (clearly marked as demo text), listed dates spread so only a few cars per site
 * are genuine recent arrivals (the just-arrived tag, spec 4/9), and the gallery cars: one car per
 * demo site with five photos (public/demo-photos, drawn by scripts/make-demo-photos.ts), so the
 * gallery, thumbnails, compare mode's photo rule and share previews show on every site (issue 52).
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
  // The real listings have no photos; a car that shows drawn demo photos says so (issue 52).
  const drawn = r.images.some((url) => url.startsWith(DEMO_PHOTO_PATH));
  const intro = `Demo listing: this text was written for the demo site from the ${isCaravan ? r.item_type : "car"}'s details.${drawn ? " The photos are demo drawings made for this site, not photos of this vehicle." : ""}`;
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

/** Where the drawn demo photos are served from (public/demo-photos). */
export const DEMO_PHOTO_PATH = "/demo-photos/";
/** The five drawn photos of one set of scripts/make-demo-photos.ts, in shooting order. */
export const demoPhotoSet = (prefix: string) => [1, 2, 3, 4, 5].map((i) => `${DEMO_PHOTO_PATH}${prefix}-${i}.jpg`);

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
    images: demoPhotoSet("gallery-fixture"),
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

/**
 * Issue 52: the gallery car of each demo site without one yet, each a plausible car of that
 * site's stock (type, make, yard) with its own drawn photo set. Southern Cross has
 * {@link GALLERY_FIXTURE_STOCK_NUMBER}; Sunshine State's compare cars carry photos.
 */
export function siteGalleryRecords(now: number): { site: string; record: StockRecord }[] {
  const listed = new Date(now - 12 * DAY).toISOString().slice(0, 10);
  const cars: { site: string; fields: Record<string, unknown> }[] = [
    {
      site: "perth-toyota",
      fields: { stock_number: "DEMO-GALLERY-2", car_type: "new", make: "Toyota", model: "HiLux", badge: "SR5 (4x4)", year: 2026, price: 64990, km: 12, colour: "Glacier White", body: "Ute", fuel: "Diesel", drive: "4WD", transmission: "Automatic", seats: 5, doors: 4, engine_size_litres: 2.8, features: ["Reversing camera", "Apple CarPlay", "Tow bar", "Lane departure alert"], images: demoPhotoSet("gallery-toyota-hilux"), listing_suburb: "Osborne Park", listing_state: "WA" },
    },
    {
      site: "harbour-auto-group",
      fields: { stock_number: "DEMO-GALLERY-3", car_type: "demo", make: "Ford", model: "Ranger", badge: "XLT 2.0 (4x4)", year: 2025, price: 61990, km: 4800, colour: "Blue Lightning", body: "Ute", fuel: "Diesel", drive: "4WD", transmission: "Automatic", seats: 5, doors: 4, engine_size_litres: 2.0, features: ["Reversing camera", "Adaptive cruise control", "Tow bar", "Wireless Apple CarPlay"], images: demoPhotoSet("gallery-ford-ranger"), listing_suburb: "Parramatta", listing_state: "NSW" },
    },
    {
      site: "outback-caravans",
      fields: { stock_number: "DEMO-GALLERY-5", car_type: "new", item_type: "caravan", make: "Jayco", model: "Journey", badge: "21.6ft Outback Tandem", year: 2026, price: 89990, km: null, body: "Caravan", colour: "White", body_length_ft: 21.6, body_width_ft: 7.5, tare_weight_kg: 2480, atm_kg: 3200, axle_type: "Tandem", sleeps: 4, features: ["Solar panels", "Roll-out awning", "External kitchen", "Independent suspension"], images: demoPhotoSet("gallery-caravan"), listing_suburb: "Bendigo", listing_state: "VIC" },
    },
  ];
  return cars.map(({ site, fields }) => {
    const record = StockRecordSchema.parse({ price_basis: "drive away", ...fields, listed_date: listed });
    return { site, record: { ...record, dealer_comments: demoDealerComments(record) } };
  });
}

/** Imports the gallery fixture, the site gallery cars and the compare fixture into their demo sites (idempotent). */
export async function seedGalleryFixture(db: Database, geocoder: Geocoder, now: number): Promise<ImportSummary | null> {
  for (const { site: slug, record } of siteGalleryRecords(now)) {
    const site = await getSiteBySlug(db, slug);
    if (site) await importStock(db, site, [{ ok: true, row: 1, record }], { geocoder });
  }
  const compareSite = await getSiteBySlug(db, COMPARE_FIXTURE_SITE);
  if (compareSite) {
    const rows = compareFixtureRecords(now).map((record, i) => ({ ok: true as const, row: i + 1, record }));
    await importStock(db, compareSite, rows, { geocoder });
  }
  const site = await getSiteBySlug(db, GALLERY_FIXTURE_SITE);
  if (!site) return null;
  return importStock(db, site, [{ ok: true, row: 1, record: galleryFixtureRecord(now) }], { geocoder });
}

/**
 * Stock import (issue 2 item 5): upserts a site's feed by stock number.
 *
 * - A record whose cleaned content hashes the same as the stored car is "unchanged": a second run
 *   of the same file writes nothing.
 * - `full: true` treats the feed as a full snapshot: cars of the site missing from it are marked
 *   withdrawn (hidden from search; the VDP answers 410 with links to similar stock).
 * - A bad row never stops the import: it is reported with its row number and reason.
 * - Each car gets a location: `location_slug` when given, else the site's nearest sales location
 *   to where the car was listed (embedded geocoder), preferring locations that sell its make.
 */
import { createHash } from "node:crypto";
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { cars, locations, sites, type FeedCarChange, type FeedImportCounts } from "../../db/schema/index";
import { distanceKm, getGeocoder, type Geocoder } from "~/adapters/geocoder/postcodes";
import type { FeedRow } from "~/import/parse-feed";
import { simplifyBody, simplifyFuel, simplifyTransmission, slugify } from "~/import/normalise";
import type { StockRecord } from "~/import/stock-record";
import type { CarVariant } from "~/domain/car";
import type { Site } from "~/sites/site";
import { CAR_PHOTO_PREFIX, mergeFeedPhotos } from "~/services/car-photo-store.server";
import { generatedFinanceLenders } from "~/services/finance.server";

export interface ImportSummary extends FeedImportCounts {
  /** Row number (1-based data record) and reason, in file order. */
  rejections: { row: number; reason: string }[];
  /** Cleaning applied to accepted rows, by kind, e.g. "POA price: no price shown" -> 50. */
  fixes: Record<string, number>;
  /** The cars created, updated and withdrawn, in file order (withdrawn: by stock number). */
  changes: { created: ImportedCar[]; updated: ImportedCar[]; withdrawn: ImportedCar[] };
}

/** One car of {@link ImportSummary.changes}: its feed row (null for a withdrawn car), stock number and name. */
export type ImportedCar = FeedCarChange;

/** A transaction of {@link Database} (the handle {@link ImportOptions.inTransaction} receives). */
export type ImportTransaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

export interface ImportOptions {
  /** The feed is a full snapshot: withdraw the site's cars missing from it. */
  full?: boolean;
  /** Called after each batch with rows processed so far and the total. */
  onProgress?: (done: number, total: number) => void;
  geocoder?: Geocoder;
  /** Rows per database batch (default 500). */
  batchSize?: number;
  /** Plan only: the summary of what the import would do, with nothing written (issue 49 item 3). */
  dryRun?: boolean;
  /**
   * Runs inside the import's transaction after its writes (an audit row, the import's history
   * row), so they commit or roll back together; throwing rolls the whole import back.
   */
  inTransaction?: (tx: ImportTransaction, summary: ImportSummary) => Promise<void>;
}

type LocationRow = typeof locations.$inferSelect;
type CarInsert = typeof cars.$inferInsert;

/** Spec 3 "Variant" block of a record, keyed by the spec's names; fields the feed left empty are omitted. */
function variantOf(record: StockRecord): Record<string, string | number> {
  const all: CarVariant = {
    induction: record.induction,
    geartype: record.gear_type,
    fuelcapacity: record.fuel_capacity,
    grossvehiclemass: record.gross_vehicle_mass,
    vehiclelength: record.vehicle_length,
    vehicleheight: record.vehicle_height,
    vehiclewidth: record.vehicle_width,
    towingcapacitybraked: record.towing_capacity_braked,
    torque: record.torque,
    ancaprating: record.ancap_rating,
  };
  return Object.fromEntries(Object.entries(all).filter((e): e is [string, string | number] => e[1] !== null && e[1] !== undefined));
}

/** Content columns written from a record (everything the hash covers). */
function carValues(site: Site, record: StockRecord, locationId: number | null): Omit<CarInsert, "sourceHash"> {
  const name = [record.year, record.make, record.model, record.badge].filter(Boolean).join(" ");
  const isSold = record.status === "sold";
  const caravan =
    record.item_type !== "car" ||
    record.body_length_ft !== null ||
    record.body_width_ft !== null ||
    record.sleeps !== null ||
    record.atm_kg !== null
      ? {
          bodyLengthFeet: record.body_length_ft,
          bodyWidthFeet: record.body_width_ft,
          tareWeight: record.tare_weight_kg,
          axleType: record.axle_type,
          sleeps: record.sleeps,
          aggregateTrailerMass: record.atm_kg,
        }
      : null;
  return {
    siteId: site.id,
    locationId,
    slug: slugify(`${name} ${record.stock_number}`),
    name,
    stockNumber: record.stock_number,
    vin: record.vin,
    nvic: record.nvic,
    hasNvic: record.has_nvic ?? record.nvic !== null,
    rego: record.rego,
    regoExpiry: record.rego_expiry ? record.rego_expiry.slice(0, 10) : null,
    carType: record.car_type,
    itemType: record.item_type,
    make: record.make,
    model: record.model,
    badge: record.badge,
    series: record.series,
    year: record.year,
    certified: record.certified,
    reserved: record.reserved,
    ...(record.listed_date ? { createdAt: new Date(record.listed_date) } : {}),
    tag: record.tag,
    status: record.status,
    sold: isSold,
    soldAt: isSold ? new Date(record.sold_date ?? Date.now()) : null,
    withdrawnAt: null,
    showOnDealerWebsite: record.show_on_dealer_website,
    price: record.price,
    beforePrice: record.before_price,
    offerPrice: record.offer_price,
    priceType: record.price_type,
    subscriptionPrice: record.subscription_price,
    preorder: record.preorder,
    km: record.km,
    colour: record.colour,
    interiorColour: record.interior_colour,
    simpleBody: simplifyBody(record.body),
    bodyConfiguration: record.body,
    fuel: record.fuel,
    simpleFuel: simplifyFuel(record.fuel),
    drive: record.drive,
    seats: record.seats,
    doors: record.doors,
    transmission: record.transmission,
    simpleTransmission: simplifyTransmission(record.transmission ?? record.trans),
    trans: record.trans,
    gearNum: record.gear_num,
    cylinders: record.cylinders,
    engineSizeLitres: record.engine_size_litres,
    engineSize: record.engine_size_litres === null ? null : Math.round(record.engine_size_litres * 1000),
    fuelConsumptionCombined: record.fuel_consumption,
    buildDate: record.build_date,
    complianceDate: record.compliance_date,
    variant: variantOf(record),
    dealerComments: record.dealer_comments,
    features: record.features,
    standardEquipment: record.standard_equipment,
    carsalesTitle: record.carsales_title,
    images: record.images.map((url) => ({ url })),
    primaryImageUrl: record.images[0] ?? null,
    priceBasis: record.price_basis,
    photosCount: record.images.length,
    file: record.file,
    caravan,
    privateSuburb: record.listing_suburb,
    privatePostcode: record.listing_postcode,
    privateState: record.listing_state,
    // Derived only from the price, car type and site config, so the same feed hashes the same
    // (decision 020); absent when the site generates no lender data.
    ...generatedFinanceLenders(site, record),
  };
}

/** Object keys sorted at every depth, so equal content serialises equally. */
function sortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (value && typeof value === "object" && !(value instanceof Date)) {
    return Object.fromEntries(Object.keys(value).sort().map((k) => [k, sortedKeys((value as Record<string, unknown>)[k])]));
  }
  return value;
}

/**
 * Stable hash of a car's content columns (keys sorted at every depth; dates as ISO strings).
 * Nested objects are hashed whole: a key-list replacer would also filter their keys, so a change
 * to the variant block, caravan specifications or photo URLs alone read as "unchanged".
 */
function hashValues(values: Omit<CarInsert, "sourceHash">): string {
  const { soldAt, createdAt, ...rest } = values;
  const day = (d: unknown) => (d instanceof Date ? d.toISOString().slice(0, 10) : "");
  const stable = JSON.stringify(sortedKeys(rest)) + day(soldAt) + day(createdAt);
  return createHash("sha1").update(stable).digest("hex");
}

/**
 * Chooses the location for a car.
 * @returns the location id, or null when the site has no locations
 */
export function assignLocation(
  record: Pick<StockRecord, "make" | "listing_suburb" | "listing_state" | "listing_postcode">,
  siteLocations: readonly LocationRow[],
  geocoder: Geocoder,
): number | null {
  const sales = siteLocations.filter((l) => l.locationType === null || l.locationType === "sales");
  const pool = sales.length ? sales : siteLocations;
  if (!pool.length) return null;
  const makeSlug = slugify(record.make);
  const franchised = pool.filter((l) => l.manufacturers.includes(makeSlug));
  const candidates = franchised.length ? franchised : pool;
  const point =
    (record.listing_postcode ? geocoder.byPostcode(record.listing_postcode) : null) ??
    (record.listing_suburb ? geocoder.bySuburb(record.listing_suburb, record.listing_state) : null);
  const primary = candidates.find((l) => l.primary) ?? candidates[0];
  if (!point) return primary.id;
  let best = primary;
  let bestKm = Number.POSITIVE_INFINITY;
  for (const l of candidates) {
    if (l.lat === null || l.long === null) continue;
    const km = distanceKm(point, { lat: l.lat, long: l.long });
    if (km < bestKm) {
      best = l;
      bestKm = km;
    }
  }
  return best.id;
}

/**
 * Imports parsed feed rows into one site.
 * @param db database handle
 * @param site the site (tenant) receiving the stock
 * @param rows from `parseFeedText`/`parseFeedFile`
 * @returns the import summary; never throws for a bad row (database failures do throw)
 */
export async function importStock(db: Database, site: Site, rows: readonly FeedRow[], options: ImportOptions = {}): Promise<ImportSummary> {
  const geocoder = options.geocoder ?? getGeocoder();
  const batchSize = options.batchSize ?? 500;
  const summary: ImportSummary = {
    read: rows.length,
    created: 0,
    updated: 0,
    unchanged: 0,
    withdrawn: 0,
    rejected: 0,
    rejections: [],
    fixes: {},
    changes: { created: [], updated: [], withdrawn: [] },
  };
  const reject = (row: number, reason: string) => {
    summary.rejected++;
    summary.rejections.push({ row, reason });
  };

  const siteLocations = await db.select().from(locations).where(eq(locations.siteId, site.id));
  const locationBySlug = new Map(siteLocations.map((l) => [l.slug, l.id]));
  const existing = new Map(
    (
      await db
        .select({
          stockNumber: cars.stockNumber,
          sourceHash: cars.sourceHash,
          status: cars.status,
          name: cars.name,
          // Only the galleries holding a console upload, which a feed update must keep: not every
          // car's photo list of a 20,000-car site.
          imagesWithUploads: sql<{ url: string }[] | null>`case when ${cars.images}::text like ${`%${CAR_PHOTO_PREFIX}%`} then ${cars.images} end`,
        })
        .from(cars)
        .where(eq(cars.siteId, site.id))
    ).map(
      (c) => [c.stockNumber, c],
    ),
  );

  const seen = new Map<string, number>();
  const pending: CarInsert[] = [];
  let pendingCreated = 0;
  for (const row of rows) {
    if (!row.ok) {
      reject(row.row, row.reason);
      continue;
    }
    const record = row.record;
    const firstRow = seen.get(record.stock_number);
    if (firstRow !== undefined) {
      reject(row.row, `duplicate stock_number ${record.stock_number} (first at row ${firstRow})`);
      continue;
    }
    seen.set(record.stock_number, row.row);
    let locationId: number | null;
    if (record.location_slug) {
      const id = locationBySlug.get(record.location_slug);
      if (id === undefined) {
        reject(row.row, `unknown location_slug '${record.location_slug}'`);
        continue;
      }
      locationId = id;
    } else {
      locationId = assignLocation(record, siteLocations, geocoder);
    }
    for (const fix of row.fixes ?? []) summary.fixes[fix] = (summary.fixes[fix] ?? 0) + 1;
    let values = carValues(site, record, locationId);
    // The hash is the feed's content alone, so the same feed still reads as unchanged after
    // staff uploaded photos to the car.
    const sourceHash = hashValues(values);
    const before = existing.get(record.stock_number);
    if (before && before.sourceHash === sourceHash && before.status !== "withdrawn") {
      summary.unchanged++;
      continue;
    }
    if (before?.imagesWithUploads) {
      const images = mergeFeedPhotos(before.imagesWithUploads, values.images ?? []);
      values = { ...values, images, primaryImageUrl: images[0]?.url ?? null, photosCount: images.length };
    }
    if (before) summary.updated++;
    else pendingCreated++;
    (before ? summary.changes.updated : summary.changes.created).push({ row: row.row, stockNumber: record.stock_number, name: values.name });
    pending.push({ ...values, sourceHash, updatedAt: new Date() });
  }
  summary.created = pendingCreated;
  const missing = options.full ? [...existing.entries()].filter(([stockNumber, c]) => !seen.has(stockNumber) && c.status !== "withdrawn").map(([s]) => s) : [];
  summary.changes.withdrawn = missing.map((stockNumber) => ({ row: null, stockNumber, name: existing.get(stockNumber)?.name ?? "" }));
  if (options.dryRun) {
    summary.withdrawn = missing.length;
    return summary;
  }

  // Every write of one import in ONE transaction: a failure (or a lost database connection)
  // leaves the site's stock exactly as it was (docs/decisions/160).
  await db.transaction(async (tx) => {
    for (let i = 0; i < pending.length; i += batchSize) {
      const batch = pending.slice(i, i + batchSize);
      await tx
        .insert(cars)
        .values(batch)
        .onConflictDoUpdate({
          target: [cars.siteId, cars.stockNumber],
          set: Object.fromEntries(
            Object.keys(batch[0])
              // A listed date only moves created_at when the whole batch carries one.
              .filter((k) => k !== "siteId" && k !== "stockNumber" && (k !== "createdAt" || batch.every((r) => r.createdAt)))
              .map((k) => [k, sql.raw(`excluded.${columnName(k)}`)]),
          ),
        });
      options.onProgress?.(Math.min(i + batchSize, pending.length), pending.length);
    }

    if (options.full) {
      for (let i = 0; i < missing.length; i += batchSize) {
        const chunk = missing.slice(i, i + batchSize);
        await tx
          .update(cars)
          .set({ status: "withdrawn", withdrawnAt: new Date(), updatedAt: new Date() })
          .where(and(eq(cars.siteId, site.id), inArray(cars.stockNumber, chunk), ne(cars.status, "withdrawn")));
      }
      summary.withdrawn = missing.length;
    }

    // The site's stock_version moves with these writes, in this transaction: database triggers
    // (migration 0018, issue 15) count every change to cars, whoever makes it.
    if (summary.created || summary.updated || summary.withdrawn) {
      await tx.update(sites).set({ updatedAt: new Date() }).where(eq(sites.id, site.id));
    }
    await options.inTransaction?.(tx, summary);
  });
  return summary;
}

/** Drizzle property name -> SQL column name (camelCase -> snake_case, as the schema declares). */
function columnName(property: string): string {
  const column = (cars as unknown as Record<string, { name?: string }>)[property];
  if (column?.name) return column.name;
  return property.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

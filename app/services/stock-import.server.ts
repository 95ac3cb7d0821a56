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
import { and, count, eq, gt, inArray, ne, notExists, sql } from "drizzle-orm";
import { integer, pgTable, text } from "drizzle-orm/pg-core";
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
  /** Row number (1-based data record) and reason, in file order: the first {@link ImportOptions.rejectionLimit} (the count `rejected` is exact). */
  rejections: { row: number; reason: string }[];
  /** Cleaning applied to accepted rows, by kind, e.g. "POA price: no price shown" -> 50. */
  fixes: Record<string, number>;
  /**
   * The cars created, updated and withdrawn: the first {@link ImportOptions.listLimit} of each, in
   * file order (withdrawn: by stock number). The counts `created`, `updated` and `withdrawn` are exact.
   */
  changes: { created: ImportedCar[]; updated: ImportedCar[]; withdrawn: ImportedCar[] };
  /** How the import held its rows: batches processed and the most feed rows held at once (never more than the batch size). */
  stats: ImportStats;
}

/** What a streaming import held (issue 54 item 4): memory is bounded by a batch, not by the file. */
export interface ImportStats {
  /** Batches of feed rows processed. */
  batches: number;
  /** The most feed rows the importer held at once. */
  maxRowsHeld: number;
}

/** One car of {@link ImportSummary.changes}: its feed row (null for a withdrawn car), stock number and name. */
export type ImportedCar = FeedCarChange;

/**
 * One line of an import's per-row report, given as the import goes: every feed row in file order
 * (created, updated, unchanged or rejected with its reason), then every car a full snapshot
 * withdraws (row null, by stock number).
 */
export interface ImportReportLine {
  row: number | null;
  outcome: "created" | "updated" | "unchanged" | "rejected" | "withdrawn";
  stockNumber?: string;
  name?: string;
  reason?: string;
}

/** A transaction of {@link Database} (the handle {@link ImportOptions.inTransaction} receives). */
export type ImportTransaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

export interface ImportOptions {
  /** The feed is a full snapshot: withdraw the site's cars missing from it. */
  full?: boolean;
  /** Called after each batch with the feed rows processed so far (the total is not known while a feed streams). */
  onProgress?: (done: number) => void;
  /** Called after each batch with its size, the rows processed so far and the rows the importer held (tests, benchmarks). */
  onBatch?: (batch: { rows: number; done: number; rowsHeld: number }) => void;
  /**
   * Receives the per-row report, a batch of lines at a time, in order; the import waits for a
   * returned promise (a file write), so the report is written as the import goes.
   */
  onReport?: (lines: ImportReportLine[]) => void | Promise<void>;
  geocoder?: Geocoder;
  /** Feed rows per batch (default {@link IMPORT_BATCH_ROWS}): compared with the stored cars and written together. */
  batchSize?: number;
  /** Characters of photo URLs, feature lists and comments per batch (default {@link IMPORT_BATCH_CHARS}): a batch ends at whichever limit comes first. */
  batchChars?: number;
  /** Cars of each kind kept by name in {@link ImportSummary.changes} (default 500). */
  listLimit?: number;
  /** Rejections kept in {@link ImportSummary.rejections} (default: all; the CLI keeps 1,000 and streams every one to its report). */
  rejectionLimit?: number;
  /** Plan only: the summary of what the import would do, with nothing written (issue 49 item 3). */
  dryRun?: boolean;
  /**
   * Runs inside the import's transaction after its writes (an audit row, the import's history
   * row), so they commit or roll back together; throwing rolls the whole import back.
   */
  inTransaction?: (tx: ImportTransaction, summary: ImportSummary) => Promise<void>;
}

/** Feed rows per batch unless {@link ImportOptions.batchSize} says otherwise. */
export const IMPORT_BATCH_ROWS = 1000;

/**
 * Characters of a batch's long fields (photo URLs, features, standard equipment, dealer
 * comments; {@link longFieldChars}) at which the batch ends early, unless
 * {@link ImportOptions.batchChars} says otherwise. A typical row has a few thousand; one at the
 * feed limits (200 photo URLs of 2,000 characters, 200 features of 200) has about 480,000, so
 * without this a batch of 1,000 such rows would hold hundreds of MB: the importer's memory is
 * bounded by the batch's size in characters as well as in rows.
 */
export const IMPORT_BATCH_CHARS = 2_000_000;

/** The characters of a feed row's lists and long text: what {@link IMPORT_BATCH_CHARS} counts. */
function longFieldChars(row: FeedRow): number {
  if (!row.ok) return 0;
  const r = row.record;
  let chars = r.dealer_comments?.length ?? 0;
  for (const list of [r.images, r.features, r.standard_equipment]) for (const item of list) chars += item.length;
  return chars;
}

/**
 * The stock numbers this import has read, with their first row: the duplicates check and the
 * full snapshot's withdrawal are set-based against it. A temporary table (this transaction's
 * alone, dropped at its end), so it is not in the schema and no migration creates it.
 */
const seenStock = pgTable("forecourt_import_seen", { stockNumber: text("stock_number").primaryKey(), row: integer("row").notNull() });
/** The cars a full snapshot withdraws (temporary, as {@link seenStock}). */
const withdrawnStock = pgTable("forecourt_import_withdrawn", { stockNumber: text("stock_number").primaryKey(), name: text("name").notNull() });

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

/**
 * JSON text of `value` with object keys sorted at every depth, so equal content serialises equally.
 * The same text as `JSON.stringify` of a copy built with sorted keys (which is how the stored
 * source hashes were made, so they stay valid): properties that JSON leaves out are left out,
 * Dates are written by `toJSON`, and array-index keys come first in numeric order (an object
 * literal's own key order). Written directly, since copying each car's ~80 columns into sorted
 * objects first was a tenth of a large import's CPU time.
 * @param value plain data: objects, arrays, strings, numbers, booleans, null, Dates
 */
export function sortedJson(value: unknown): string {
  if (value === null || typeof value !== "object" || value instanceof Date) return JSON.stringify(value) ?? "null";
  if (Array.isArray(value)) return `[${value.map((item) => sortedJson(item)).join(",")}]`;
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record);
  // Object.keys lists array-index keys first, ascending, as a rebuilt object would: keep those.
  let indexKeys = 0;
  while (indexKeys < keys.length && isArrayIndex(keys[indexKeys])) indexKeys++;
  const ordered = indexKeys ? [...keys.slice(0, indexKeys), ...keys.slice(indexKeys).sort()] : keys.sort();
  let text = "";
  for (const key of ordered) {
    const item = record[key];
    if (item === undefined || typeof item === "function" || typeof item === "symbol") continue;
    text += `${text ? "," : ""}${JSON.stringify(key)}:${sortedJson(item)}`;
  }
  return `{${text}}`;
}

/** A property key JavaScript orders as an array index ("0", "17"; not "01" or "-1"). */
function isArrayIndex(key: string): boolean {
  return /^(?:0|[1-9]\d*)$/.test(key) && Number(key) < 2 ** 32 - 1;
}

/**
 * Stable hash of a car's content columns (keys sorted at every depth; dates as ISO strings).
 * Nested objects are hashed whole: a key-list replacer would also filter their keys, so a change
 * to the variant block, caravan specifications or photo URLs alone read as "unchanged".
 */
function hashValues(values: Omit<CarInsert, "sourceHash">): string {
  const { soldAt, createdAt, ...rest } = values;
  const day = (d: unknown) => (d instanceof Date ? d.toISOString().slice(0, 10) : "");
  const stable = sortedJson(rest) + day(soldAt) + day(createdAt);
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
  // One place to choose from: no look-up can change the answer.
  if (pool.length === 1) return pool[0].id;
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
 * The shared geocoder, loaded on its first look-up: a site with one sales location never needs it,
 * and loading it costs ~40 MB and 100 ms.
 */
function lazyGeocoder(): Geocoder {
  let loaded: Geocoder | undefined;
  const geocoder = () => (loaded ??= getGeocoder());
  return {
    bySuburb: (suburb, state) => geocoder().bySuburb(suburb, state),
    byPostcode: (postcode) => geocoder().byPostcode(postcode),
    localitiesOf: (postcode) => geocoder().localitiesOf(postcode),
  };
}

/**
 * Imports feed rows into one site, a batch at a time (issue 54 item 4): each batch's stock numbers
 * are checked against those already read (a temporary table), its cars' stored source hashes are
 * read for that batch alone, and its changed cars are written with multi-row upserts; a full
 * snapshot withdraws the site's other cars with one UPDATE. Memory is bounded by the batch, not by
 * the feed or the site's stock.
 * @param db database handle
 * @param site the site (tenant) receiving the stock
 * @param rows from `parseFeedText`/`parseFeedFile` (an array) or `openFeedStream` (read as the import goes)
 * @returns the import summary; never throws for a bad row (database failures, and a streamed
 *   feed's read errors, do throw, and then nothing of the import is kept)
 */
export async function importStock(db: Database, site: Site, rows: Iterable<FeedRow> | AsyncIterable<FeedRow>, options: ImportOptions = {}): Promise<ImportSummary> {
  const geocoder = options.geocoder ?? lazyGeocoder();
  const batchSize = Math.max(1, options.batchSize ?? IMPORT_BATCH_ROWS);
  const batchChars = Math.max(1, options.batchChars ?? IMPORT_BATCH_CHARS);
  const listLimit = options.listLimit ?? 500;
  const rejectionLimit = options.rejectionLimit ?? Number.POSITIVE_INFINITY;
  const summary: ImportSummary = {
    read: 0,
    created: 0,
    updated: 0,
    unchanged: 0,
    withdrawn: 0,
    rejected: 0,
    rejections: [],
    fixes: {},
    changes: { created: [], updated: [], withdrawn: [] },
    stats: { batches: 0, maxRowsHeld: 0 },
  };
  const siteLocations = await db.select().from(locations).where(eq(locations.siteId, site.id));
  const context: BatchContext = { site, siteLocations, locationBySlug: new Map(siteLocations.map((l) => [l.slug, l.id])), geocoder, summary, listLimit, rejectionLimit, dryRun: options.dryRun ?? false };

  // Every write of one import in ONE transaction: a failure (or a lost database connection, or a
  // streamed feed that turns out unreadable half way) leaves the site's stock exactly as it was
  // (docs/decisions/160). A dry run uses one too, for its temporary tables, and writes no car.
  await db.transaction(async (tx) => {
    await tx.execute(sql`create temporary table forecourt_import_seen (stock_number text primary key, row integer not null) on commit drop`);
    let batch: FeedRow[] = [];
    let chars = 0;
    // The previous batch's writes: the database runs them while the next batch is read, checked
    // and turned into car values (the feed's parsing and the database's writing overlap). The next
    // batch's look-ups are pipelined behind them on the connection, and its own writes wait for them, so
    // one batch's writes at most are in flight.
    let writing: Promise<void> = Promise.resolve();
    const flush = async () => {
      summary.stats.batches++;
      summary.stats.maxRowsHeld = Math.max(summary.stats.maxRowsHeld, batch.length);
      // The rows' car values are worked out while the database still writes the batch before.
      const prepared = prepareBatch(context, batch);
      const { lines, written } = await importBatch(tx, context, batch, prepared, writing);
      // A failed write is thrown by the next wait for it; until then it is not an unhandled rejection.
      written.catch(() => {});
      writing = written;
      await options.onReport?.(lines);
      options.onBatch?.({ rows: batch.length, done: summary.read, rowsHeld: batch.length });
      options.onProgress?.(summary.read);
      batch = [];
      chars = 0;
    };
    for await (const row of rows) {
      summary.read++;
      batch.push(row);
      chars += longFieldChars(row);
      if (batch.length >= batchSize || chars >= batchChars) await flush();
    }
    if (batch.length) await flush();
    await writing;

    if (options.full) await withdrawMissing(tx, context, batchSize, options.onReport);

    if (context.dryRun) return;
    // The site's stock_version moves with these writes, in this transaction: database triggers
    // (migration 0018, issue 15) count every change to cars, whoever makes it, once per statement.
    if (summary.created || summary.updated || summary.withdrawn) {
      await tx.update(sites).set({ updatedAt: new Date() }).where(eq(sites.id, site.id));
    }
    await options.inTransaction?.(tx, summary);
  });
  // Fresh planner statistics after a bulk change: the embedded database has no autovacuum, and
  // without them the read model's batched loading by stock number is planned as a scan of the
  // rest of the site for every batch (quadratic: 127 s for 60,000 cars). On PostgreSQL it saves
  // waiting for autovacuum's turn. Sampled (30,000 rows at most), so a second or two at a million.
  if (!context.dryRun && summary.created + summary.withdrawn >= ANALYZE_AFTER_CHANGES) await db.execute(sql`ANALYZE cars`);
  if (!context.dryRun && summary.created + summary.updated + summary.withdrawn > 0) await mergeCarSearchPendingList(db);
  return summary;
}

/**
 * Merges the pending list of the console's car text index (`cars_search_trgm`) into the index.
 * Every console stock search reads that list whole, and an import leaves up to 4 MB of it (512
 * pages, about 16 ms a search) until autovacuum's turn. A lower limit on the index would bound it
 * too, but made a 200,000-row import a third slower. Only an optimisation: a database role
 * that does not own the index may not merge it (an error, logged and ignored), and the import
 * stands.
 */
async function mergeCarSearchPendingList(db: Database): Promise<void> {
  try {
    await db.execute(sql`select gin_clean_pending_list('cars_search_trgm'::regclass)`);
  } catch (error) {
    console.warn(`stock import: the car search index's pending list was not merged (${(error as Error).message}); autovacuum will merge it`);
  }
}

/** Cars created or withdrawn by one import from which the table's statistics are renewed. */
export const ANALYZE_AFTER_CHANGES = 1_000;

interface BatchContext {
  site: Site;
  siteLocations: LocationRow[];
  locationBySlug: Map<string, number>;
  geocoder: Geocoder;
  summary: ImportSummary;
  listLimit: number;
  rejectionLimit: number;
  dryRun: boolean;
}

/**
 * A batch's car values before the database is asked: per feed row, its car's values and content
 * hash, or why its location was refused; undefined for a row that failed validation. Every rule
 * that needs the database (stock numbers read before, the stored cars) is applied later, by
 * {@link importBatch}, so this half runs while the database writes the batch before.
 */
type PreparedCar = { values: Omit<CarInsert, "sourceHash">; sourceHash: string } | { locationError: string } | undefined;

/**
 * The database-free half of a batch (no summary is changed here: which rows count is decided by
 * {@link importBatch}, in file order). A repeated stock number is prepared too and then rejected.
 */
function prepareBatch(context: BatchContext, batch: FeedRow[]): PreparedCar[] {
  return batch.map((row) => {
    if (!row.ok) return undefined;
    const record = row.record;
    let locationId: number | null;
    if (record.location_slug) {
      const id = context.locationBySlug.get(record.location_slug);
      if (id === undefined) return { locationError: `unknown location_slug '${record.location_slug}'` };
      locationId = id;
    } else {
      locationId = assignLocation(record, context.siteLocations, context.geocoder);
    }
    const values = carValues(context.site, record, locationId);
    // The hash is the feed's content alone, so the same feed still reads as unchanged after
    // staff uploaded photos to the car.
    return { values, sourceHash: hashValues(values) };
  });
}

/**
 * One batch of feed rows: the same rules, in the same order, as a whole-file import: a bad row is
 * rejected; a stock number read before (in this batch or an earlier one) is rejected naming its
 * first row; an unknown location_slug is rejected (its stock number still counts as read); the
 * rest are created, updated or unchanged by their content hash.
 * @param prepared the batch's {@link prepareBatch}, row for row
 * @param previous the batch before's writes: this batch's look-ups are sent at once and pipelined
 *   behind them on the transaction's connection, and its writes wait for them (a failed write
 *   is thrown here)
 * @returns the batch's report lines, in file order, and its writes, still running
 */
async function importBatch(tx: ImportTransaction, context: BatchContext, batch: FeedRow[], prepared: PreparedCar[], previous: Promise<void>): Promise<{ lines: ImportReportLine[]; written: Promise<void> }> {
  const { site, summary } = context;
  const lines: ImportReportLine[] = new Array(batch.length);
  // Rejections are counted at the end, in file order (a repeated stock number is found first).
  const reject = (i: number, reason: string) => void (lines[i] = { row: batch[i].row, outcome: "rejected", reason });

  // Stock numbers: the first in this batch, then those read in an earlier batch.
  const firstInBatch = new Map<string, number>();
  const repeats: number[] = [];
  const candidates: number[] = [];
  batch.forEach((row, i) => {
    if (!row.ok) return;
    if (firstInBatch.has(row.record.stock_number)) repeats.push(i);
    else {
      firstInBatch.set(row.record.stock_number, row.row);
      candidates.push(i);
    }
  });
  // Both look-ups are sent before either answer is read: the stock numbers this batch reads first
  // (noting them as read), and the stored cars of those that may be written (a stock number read
  // in an earlier batch is looked up too, and then rejected).
  const withValues = candidates.filter((i) => prepared[i] && "values" in prepared[i]);
  // One jsonb parameter, not two per row (see upsertCars).
  const seenJson = JSON.stringify(candidates.map((i) => ({ stock_number: (batch[i] as OkRow).record.stock_number, row: batch[i].row })));
  const [, inserted, found] = await Promise.all([
    previous,
    candidates.length
      ? (tx.execute(
          sql`insert into forecourt_import_seen (stock_number, row) select stock_number, row from jsonb_to_recordset(${seenJson}::jsonb) as x(stock_number text, row integer) on conflict do nothing returning stock_number`,
        ) as unknown as Promise<{ rows: { stock_number: string }[] }>).then((r) => r.rows)
      : [],
    withValues.length ? storedCars(tx, site.id, withValues.map((i) => (batch[i] as OkRow).record.stock_number)) : [],
  ]);
  const earlier = new Map<string, number>();
  if (inserted.length < candidates.length) {
    const fresh = new Set(inserted.map((r) => r.stock_number));
    const seenBefore = candidates.map((i) => (batch[i] as OkRow).record.stock_number).filter((s) => !fresh.has(s));
    for (const r of await tx.select().from(seenStock).where(inArray(seenStock.stockNumber, seenBefore))) earlier.set(r.stockNumber, r.row);
  }
  const firstRow = (stockNumber: string) => earlier.get(stockNumber) ?? firstInBatch.get(stockNumber)!;
  for (const i of repeats) {
    const stockNumber = (batch[i] as OkRow).record.stock_number;
    reject(i, `duplicate stock_number ${stockNumber} (first at row ${firstRow(stockNumber)})`);
  }

  // Each new stock number with its location, content and hash.
  const accepted: { i: number; values: Omit<CarInsert, "sourceHash">; sourceHash: string }[] = [];
  batch.forEach((row, i) => {
    if (!row.ok) return reject(i, row.reason);
    const record = row.record;
    if (lines[i]) return;
    if (earlier.has(record.stock_number)) return reject(i, `duplicate stock_number ${record.stock_number} (first at row ${earlier.get(record.stock_number)})`);
    const car = prepared[i]!;
    if ("locationError" in car) return reject(i, car.locationError);
    for (const fix of row.fixes ?? []) summary.fixes[fix] = (summary.fixes[fix] ?? 0) + 1;
    accepted.push({ i, ...car });
  });

  const existing = new Map(found.map((c) => [c.stockNumber, c]));
  const pending: CarInsert[] = [];
  for (const { i, sourceHash, values: feedValues } of accepted) {
    const row = batch[i];
    const stockNumber = feedValues.stockNumber;
    const before = existing.get(stockNumber);
    if (before && before.sourceHash === sourceHash && before.status !== "withdrawn") {
      summary.unchanged++;
      lines[i] = { row: row.row, outcome: "unchanged", stockNumber, name: feedValues.name };
      continue;
    }
    let values = feedValues;
    if (before?.imagesWithUploads) {
      const images = mergeFeedPhotos(before.imagesWithUploads, values.images ?? []);
      values = { ...values, images, primaryImageUrl: images[0]?.url ?? null, photosCount: images.length };
    }
    const outcome = before ? "updated" : "created";
    summary[outcome]++;
    if (summary.changes[outcome].length < context.listLimit) summary.changes[outcome].push({ row: row.row, stockNumber, name: values.name });
    lines[i] = { row: row.row, outcome, stockNumber, name: values.name };
    pending.push({ ...values, sourceHash, updatedAt: new Date() });
  }
  // Sent, not awaited: the caller waits for it before the next batch's queries.
  const written = context.dryRun ? Promise.resolve() : upsertCars(tx, pending);
  for (const line of lines) {
    if (line.outcome !== "rejected") continue;
    summary.rejected++;
    if (summary.rejections.length < context.rejectionLimit) summary.rejections.push({ row: line.row!, reason: line.reason! });
  }
  return { lines, written };
}

/**
 * The stored cars of a batch's stock numbers alone (the unique (site_id, stock_number) index):
 * their content hash and status, and their gallery when it holds a console upload (which a feed
 * update must keep).
 */
function storedCars(tx: ImportTransaction, siteId: number, stockNumbers: string[]): Promise<{ stockNumber: string; sourceHash: string | null; status: string; imagesWithUploads: { url: string }[] | null }[]> {
  return tx
    .select({
      stockNumber: cars.stockNumber,
      sourceHash: cars.sourceHash,
      status: cars.status,
      imagesWithUploads: sql<{ url: string }[] | null>`case when ${cars.images}::text like ${`%${CAR_PHOTO_PREFIX}%`} then ${cars.images} end`,
    })
    .from(cars)
    .where(and(eq(cars.siteId, siteId), inArray(cars.stockNumber, stockNumbers)));
}

type OkRow = Extract<FeedRow, { ok: true }>;

/**
 * Multi-row upserts by (site_id, stock_number). The rows travel as ONE jsonb parameter expanded
 * by jsonb_populate_recordset: building a Drizzle insert of ~80 columns a row spent most of an
 * import's CPU turning each value into a parameter (measured: 14 of 16 s for 16,000 rows). Rows
 * are grouped by the columns they carry, so a column a row leaves out keeps its default.
 */
async function upsertCars(tx: ImportTransaction, pending: CarInsert[]): Promise<void> {
  const groups = new Map<string, CarInsert[]>();
  for (const car of pending) {
    const keys = Object.keys(car).filter((k) => car[k as keyof CarInsert] !== undefined).join(",");
    const group = groups.get(keys);
    if (group) group.push(car);
    else groups.set(keys, [car]);
  }
  for (const [keyList, group] of groups) {
    // Each column's name and driver mapping looked up once per statement, not once per value.
    const columns = keyList.split(",").map((key) => ({ key: key as keyof CarInsert, name: columnName(key), toDriver: driverMapping(key) }));
    const names = columns.map((c) => `"${c.name}"`).join(", ");
    const rows = group.map((car) => {
      const row: Record<string, unknown> = {};
      for (const { key, name, toDriver } of columns) {
        const value = car[key];
        row[name] = value === null || value === undefined ? null : toDriver(value);
      }
      return row;
    });
    const updates = columns.filter((c) => c.key !== "siteId" && c.key !== "stockNumber").map((c) => `"${c.name}" = excluded."${c.name}"`);
    await tx.execute(
      sql`insert into cars (${sql.raw(names)}) select ${sql.raw(names)} from jsonb_populate_recordset(null::cars, ${JSON.stringify(rows)}::jsonb) on conflict (site_id, stock_number) do update set ${sql.raw(updates.join(", "))}`,
    );
  }
}

/** How a column's value is stored: JSON columns as JSON, the rest as Drizzle sends them (a Date as its ISO text). */
function driverMapping(property: string): (value: unknown) => unknown {
  const column = (cars as unknown as Record<string, { columnType?: string; mapToDriverValue?: (v: unknown) => unknown }>)[property];
  if (column?.columnType === "PgJsonb" || column?.columnType === "PgJson" || !column?.mapToDriverValue) return (value) => value;
  return (value) => column.mapToDriverValue!(value);
}

/**
 * A full snapshot: the site's listed cars whose stock numbers the feed did not have are noted in
 * one INSERT ... SELECT and withdrawn in one UPDATE (not written in a dry run); then they are
 * reported a batch at a time, by stock number.
 */
async function withdrawMissing(tx: ImportTransaction, context: BatchContext, batchSize: number, onReport: ImportOptions["onReport"]): Promise<void> {
  const { site, summary } = context;
  await tx.execute(sql`create temporary table forecourt_import_withdrawn (stock_number text primary key, name text not null) on commit drop`);
  await tx
    .insert(withdrawnStock)
    .select(
      tx
        .select({ stockNumber: cars.stockNumber, name: cars.name })
        .from(cars)
        .where(and(eq(cars.siteId, site.id), ne(cars.status, "withdrawn"), notExists(tx.select({ one: sql`1` }).from(seenStock).where(eq(seenStock.stockNumber, cars.stockNumber))))),
    );
  const [{ noted }] = await tx.select({ noted: count() }).from(withdrawnStock);
  summary.withdrawn = Number(noted);
  if (!summary.withdrawn) return;
  if (!context.dryRun) {
    const now = new Date();
    await tx
      .update(cars)
      .set({ status: "withdrawn", withdrawnAt: now, updatedAt: now })
      .where(and(eq(cars.siteId, site.id), inArray(cars.stockNumber, tx.select({ stockNumber: withdrawnStock.stockNumber }).from(withdrawnStock))));
  }
  let after = "";
  for (;;) {
    const page = await tx.select().from(withdrawnStock).where(gt(withdrawnStock.stockNumber, after)).orderBy(withdrawnStock.stockNumber).limit(batchSize);
    if (!page.length) break;
    after = page[page.length - 1].stockNumber;
    for (const c of page) if (summary.changes.withdrawn.length < context.listLimit) summary.changes.withdrawn.push({ row: null, stockNumber: c.stockNumber, name: c.name });
    await onReport?.(page.map((c) => ({ row: null, outcome: "withdrawn", stockNumber: c.stockNumber, name: c.name })));
    if (!onReport && summary.changes.withdrawn.length >= context.listLimit) break;
  }
}

/** Drizzle property name -> SQL column name (camelCase -> snake_case, as the schema declares). */
function columnName(property: string): string {
  const column = (cars as unknown as Record<string, { name?: string }>)[property];
  if (column?.name) return column.name;
  return property.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

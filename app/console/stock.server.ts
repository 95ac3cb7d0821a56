/**
 * The console's stock (issue 49 item 1): find cars, edit one, act on many. Every query takes the
 * site as the member opened it ({@link ScopedSite}) and is scoped by its reach, so sales find,
 * open and change only the cars of their assigned locations (a car elsewhere is simply not found).
 * Every change writes its audit row in the same transaction; the database's triggers on `cars`
 * move the site's stock version in that transaction too (migration 0018), so the public site,
 * its page cache and search read model on every node show the change on their next request.
 * The list reads PostgreSQL, not the search read model: staff need hidden, withdrawn and long-sold
 * cars, VIN and rego, and their own edit at once (decision 300). What depends on the cars alone
 * (a filter's count, the makes) is kept per stock version, which every change moves.
 */
import { and, asc, count, desc, eq, gt, ilike, inArray, isNotNull, lte, sql, type SQL } from "drizzle-orm";
import { LRUCache } from "lru-cache";
import { z } from "zod";
import type { Database } from "../../db/client";
import { anyId, idListText } from "../../db/id-list";
import { preparedPerDatabase } from "../../db/prepared";
import { cars, locations, staffAudit } from "../../db/schema/index";
import { simplifyBody, simplifyFuel, simplifyTransmission } from "~/import/normalise";
import { CAR_FIELDS, CAR_STATUSES, CAR_TYPES, type CarEdit, type CarFieldName } from "./car-fields";
import { AGE_BANDS, BULK_ACTIONS, STOCK_SORTS, type AgeBand, type BulkAction } from "./stock-options";
import { escapeLike } from "./audit.server";
import { carTextContains } from "./search-text.server";
import { memoBySiteVersion } from "~/services/site-memo.server";
import { reachableLocations, withinReach } from "./location-scope";
import { recordAudit, type ScopedSite, type StaffMember } from "./staff.server";
import { MAX_DB_ID, dbIdSchema } from "~/domain/db-id";
import { instantOfWallClock, localClock } from "~/domain/opening-hours";
import { siteTimeZone } from "./leads.server";

/** Cars per page of the stock list. */
export const STOCK_PAGE_SIZE = 50;
const DAY_MS = 86_400_000;

const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === "" || v === null ? undefined : v), schema.optional());

/** The stock list's filters, from its URL (each optional; unknown values are refused). */
export const StockFilterSchema = z.object({
  q: optional(z.string().trim().max(100, "At most 100 characters.")),
  make: optional(z.string().trim().max(60)),
  model: optional(z.string().trim().max(80)),
  status: optional(z.enum(CAR_STATUSES, { message: "Choose a listed status." })),
  carType: optional(z.enum(CAR_TYPES, { message: "Choose a listed car type." })),
  location: optional(dbIdSchema("Choose a listed location.")),
  age: optional(z.enum(Object.keys(AGE_BANDS) as [AgeBand, ...AgeBand[]], { message: "Choose a listed age." })),
  sort: optional(z.enum(Object.keys(STOCK_SORTS) as [keyof typeof STOCK_SORTS, ...(keyof typeof STOCK_SORTS)[]])).transform((v) => v ?? "newest"),
  page: optional(z.coerce.number().int().min(1).max(10_000)).transform((v) => v ?? 1),
});
export type StockFilter = z.infer<typeof StockFilterSchema>;

/** The filter names the list's URL carries (page and sort aside). */
export const FILTER_KEYS = ["q", "make", "model", "status", "carType", "location", "age"] as const;

/** The cars of the site within the member's reach. */
function reachScope(scoped: ScopedSite): SQL {
  return withinReach(scoped, cars.siteId, cars.locationId);
}

/**
 * The `where` of a filter within the member's reach.
 * @param now epoch ms (age in stock counts from the car's listed time, `created_at`)
 */
export function filterWhere(scoped: ScopedSite, filter: StockFilter, now: number): SQL {
  const where: (SQL | undefined)[] = [reachScope(scoped)];
  // Each word must occur in the stock number, VIN, rego, make, model or badge (so "hilux ranger"
  // finds nothing, and part of a VIN finds its car). One lower-cased text per car, read through
  // its trigram index: a stock number among 20,000 cars is found without reading them all.
  for (const word of (filter.q ?? "").split(/\s+/).filter(Boolean).slice(0, 6)) where.push(carTextContains(word));
  if (filter.make) where.push(eq(cars.make, filter.make));
  if (filter.model) where.push(ilike(cars.model, `%${escapeLike(filter.model)}%`));
  if (filter.status) where.push(eq(cars.status, filter.status));
  if (filter.carType) where.push(eq(cars.carType, filter.carType));
  if (filter.location) where.push(eq(cars.locationId, filter.location));
  if (filter.age) {
    const band = AGE_BANDS[filter.age];
    // Whole days in stock d = floor((now - listed) / 1 day): d >= from and d < to.
    if (band.from > 0) where.push(lte(cars.createdAt, new Date(now - band.from * DAY_MS)));
    if (band.to !== null) where.push(gt(cars.createdAt, new Date(now - band.to * DAY_MS)));
  }
  return and(...where)!;
}

/** One row of the stock list. */
export interface StockRow {
  id: number;
  stockNumber: string;
  title: string;
  vin: string | null;
  rego: string | null;
  carType: string;
  status: string;
  /** Whole dollars, or null for no price. */
  price: number | null;
  showOnDealerWebsite: boolean;
  reserved: boolean;
  location: string | null;
  /** Whole days since listed. */
  daysInStock: number;
}

/** A page of the stock list. */
export interface StockPage {
  rows: StockRow[];
  /** Cars matching the filter (all pages). */
  total: number;
  page: number;
  pages: number;
}

const ORDER = {
  newest: [desc(cars.createdAt), desc(cars.id)],
  oldest: [asc(cars.createdAt), asc(cars.id)],
  "price-asc": [sql`${cars.price} asc nulls last`, asc(cars.id)],
  "price-desc": [sql`${cars.price} desc nulls last`, asc(cars.id)],
  stock: [asc(cars.stockNumber)],
} as const;

/**
 * Counts of the stock list by site, stock version and query (its SQL and parameters, the member's
 * reach and an age band's bounds included). Counting a filter's cars was most of PostgreSQL's work
 * for a list page (1.7-4.3 ms at 20,000 cars), and paging through one filter counts the same cars
 * each time. Every change to a site's cars moves its stock version in the same transaction, on
 * every node (migration 0018), so a count is never older than the version the request read.
 */
const stockCounts = new LRUCache<string, Promise<number>>({ max: 2_000, ttl: 10 * 60_000 });

/**
 * The number of cars `where` selects, kept per stock version when the request read one and the
 * filter does not hang on the clock (an age band's bounds move with every request: kept, they
 * would only push useful counts out).
 */
function countStock(db: Database, scoped: ScopedSite, where: SQL, onTheClock: boolean): Promise<number> {
  const query = db.select({ n: count() }).from(cars).where(where);
  const counting = () => Promise.resolve(query).then(([row]) => Number(row.n));
  if (scoped.stockVersion === undefined || onTheClock) return counting();
  const { sql: text, params } = query.toSQL();
  const key = `${scoped.site.id}:${scoped.stockVersion}:${text}:${JSON.stringify(params)}`;
  const kept = stockCounts.get(key);
  if (kept) return kept;
  // Requests that miss together share one count; a failed count is not kept.
  const counted = counting();
  stockCounts.set(key, counted);
  counted.catch(() => {
    if (stockCounts.get(key) === counted) stockCounts.delete(key);
  });
  return counted;
}

/**
 * A page's cars by their ids, prepared once per database handle: building this select with
 * Drizzle on every request was a large part of the list's server CPU (the leads inbox measured
 * a tenth for its own). The ids are one array parameter ({@link idListText}); `siteId` keeps it
 * to the site even for ids that did not come from the site's own query. Unordered: the caller
 * puts the rows in its ids' order.
 */
const pageRows = preparedPerDatabase((db) =>
  db
    .select({
      id: cars.id, stockNumber: cars.stockNumber, year: cars.year, make: cars.make, model: cars.model, badge: cars.badge, vin: cars.vin, rego: cars.rego,
      carType: cars.carType, status: cars.status, price: cars.price, showOnDealerWebsite: cars.showOnDealerWebsite, reserved: cars.reserved,
      location: locations.name, createdAt: cars.createdAt,
    })
    .from(cars)
    .leftJoin(locations, eq(locations.id, cars.locationId))
    .where(and(eq(cars.siteId, sql.placeholder("siteId")), anyId(cars.id, sql.placeholder("ids"))))
    .prepare("forecourt_console_stock_page"),
);

/**
 * One page of the site's cars matching `filter`, within the member's reach.
 * @param now epoch ms, for the age in stock
 * @returns at most {@link STOCK_PAGE_SIZE} rows in the filter's order, and the filter's count
 * @throws the database's error
 */
export async function listStock(db: Database, scoped: ScopedSite, filter: StockFilter, now: number): Promise<StockPage> {
  const where = filterWhere(scoped, filter, now);
  // The page's ids first, then their rows (a deferred join): the ids are read from the sort's
  // index alone, where skipping 15,000 cars of a deep page costs a few ms. Joined and skipped
  // whole, PostgreSQL read and sorted every car of the site: 30-55 ms a page at 20,000 cars
  // (decision 372). Every sort ends on a unique column, so the page holds the same cars in the same order.
  const pageCars = async () => {
    const found = await db
      .select({ id: cars.id })
      .from(cars)
      .where(where)
      .orderBy(...ORDER[filter.sort])
      .limit(STOCK_PAGE_SIZE)
      .offset((filter.page - 1) * STOCK_PAGE_SIZE);
    const ids = found.map((r) => r.id);
    if (!ids.length) return [];
    const byId = new Map((await pageRows(db).execute({ siteId: scoped.site.id, ids: idListText(ids) })).map((r) => [r.id, r]));
    return ids.map((id) => byId.get(id)).filter((r) => r !== undefined);
  };
  const [total, rows] = await Promise.all([countStock(db, scoped, where, filter.age !== undefined), pageCars()]);
  return {
    total,
    page: filter.page,
    pages: Math.max(1, Math.ceil(total / STOCK_PAGE_SIZE)),
    rows: rows.map((r) => ({
      id: r.id, stockNumber: r.stockNumber, title: [r.year, r.make, r.model, r.badge].filter(Boolean).join(" "), vin: r.vin, rego: r.rego,
      carType: r.carType, status: r.status, price: r.price, showOnDealerWebsite: r.showOnDealerWebsite, reserved: r.reserved, location: r.location,
      daysInStock: Math.max(0, Math.floor((now - r.createdAt.getTime()) / DAY_MS)),
    })),
  };
}

/**
 * The makes of the cars within reach, for the make filter. A whole site's makes are kept per
 * stock version. The array is shared: do not change it.
 */
export async function stockMakes(db: Database, scoped: ScopedSite): Promise<string[]> {
  if (scoped.reach === "assigned-locations") {
    const rows = await db.selectDistinct({ make: cars.make }).from(cars).where(reachScope(scoped)).orderBy(asc(cars.make));
    return rows.map((r) => r.make);
  }
  if (scoped.stockVersion === undefined) return siteMakes(db, scoped.site.id);
  return memoBySiteVersion("console-stock-makes", { id: scoped.site.id, stockVersion: scoped.stockVersion, configVersion: 0 }, () => siteMakes(db, scoped.site.id));
}

/** Every make among a site's cars, in order. */
async function siteMakes(db: Database, siteId: number): Promise<string[]> {
  // A skip scan of the (site_id, make) index: one probe per make, not a pass over every car.
  const result = await db.execute(sql`
    with recursive m(make) as (
      select min(make) from cars where site_id = ${siteId}
      union all
      select (select min(make) from cars where site_id = ${siteId} and make > m.make) from m where m.make is not null
    )
    select make from m where make is not null`);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { make: string }[];
  return rows.map((r) => r.make);
}

const editColumns = Object.fromEntries(CAR_FIELDS.map((f) => [f.name, cars[f.name]])) as Record<CarFieldName, (typeof cars)[CarFieldName]>;

/** A car as the editor opens it: every editable field, plus what identifies it. */
export interface CarForEdit {
  id: number;
  slug: string;
  stockNumber: string;
  name: string;
  values: CarEdit;
}

/**
 * Finds one car within the member's reach by stock number, else by id.
 * @param ref a stock number, or a car id (digits)
 * @returns null when no such car is within reach (another location's car is not found either)
 */
export async function findCar(db: Database, scoped: ScopedSite, ref: string): Promise<CarForEdit | null> {
  const select = { id: cars.id, slug: cars.slug, stockNumber: cars.stockNumber, name: cars.name, ...editColumns };
  let [row] = await db.select(select).from(cars).where(and(reachScope(scoped), eq(cars.stockNumber, ref)));
  if (!row && /^\d{1,9}$/.test(ref)) [row] = await db.select(select).from(cars).where(and(reachScope(scoped), eq(cars.id, Number(ref))));
  if (!row) return null;
  const { id, slug, stockNumber, name, ...values } = row;
  return { id, slug, stockNumber, name, values: values as CarEdit };
}

/** A value as the audit trail and the comparison see it (dates as days, times as ISO). */
function comparable(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  return value ?? null;
}

/** Why a console stock change was refused, and the field it belongs beside. */
export class StockInputError extends Error {
  constructor(
    message: string,
    readonly field: string = "form",
  ) {
    super(message);
  }
}

/** Who makes a change, for the audit trail. */
export interface Actor {
  member: StaffMember;
  ipAddress: string | null;
}

const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

/**
 * Columns a status brings with it (spec 4 "sold within the last N days"): a sold car needs
 * `sold` and its `sold_at` (kept when it was sold already, else the given day, else now); a
 * withdrawn car its `withdrawn_at`; a car back in stock drops both.
 */
function statusColumns(status: string, soldDay: string | null, before: { status: string; soldAt: Date | null }, now: Date, timeZone: string) {
  if (status === "sold") {
    // A chosen day is a day on the site's calendar: stored as that day at the present wall-clock time.
    const soldAt = soldDay ? new Date(instantOfWallClock(soldDay, hhmm(localClock(now, timeZone).minutes), timeZone)) : before.status === "sold" && before.soldAt ? before.soldAt : now;
    return { sold: true, soldAt, withdrawnAt: null };
  }
  if (status === "withdrawn") return { sold: false, soldAt: null, withdrawnAt: before.status === "withdrawn" ? undefined : now };
  return { sold: false, soldAt: null, withdrawnAt: null };
}

/**
 * Saves an edit of one car (within reach), with its audit row of the changed fields, in one
 * transaction. Derived columns follow (name, simple body/fuel/transmission, engine cc, NVIC flag,
 * sold date); the slug stays, so the VDP's address does not change. The sold date is a day on the
 * site's calendar (its `timeZone`), as the form shows it.
 * @param values a value parsed by `carEditSchema`
 * @returns the names of the changed fields (empty: nothing to save)
 * @throws StockInputError when the location is outside the member's reach or the site
 */
export async function saveCar(db: Database, scoped: ScopedSite, car: CarForEdit, values: CarEdit, actor: Actor, now = new Date()): Promise<string[]> {
  if (values.locationId !== null) {
    const allowed = await reachableLocations(db, scoped);
    if (!allowed.some((l) => l.id === values.locationId)) throw new StockInputError("Choose one of the listed locations.", "locationId");
  } else if (scoped.reach === "assigned-locations") throw new StockInputError("Choose one of your locations.", "locationId");
  const next: Record<string, unknown> = { ...values, priceBasis: values.priceBasis || null };
  const soldDay = next.soldAt as string | null;
  delete next.soldAt;
  const before = car.values as Record<string, unknown>;
  const timeZone = await siteTimeZone(db, scoped.site.id, scoped.configVersion);
  const changed = CAR_FIELDS.map((f) => f.name).filter((name) => {
    if (name === "soldAt") return soldDay !== null && soldDay !== (before.soldAt instanceof Date ? localClock(before.soldAt, timeZone).date : null);
    return JSON.stringify(comparable(next[name])) !== JSON.stringify(comparable(before[name]));
  });
  if (!changed.length) return [];
  // A sold date shown and posted back unchanged keeps its stored instant.
  const status = statusColumns(String(next.status), changed.includes("soldAt") ? soldDay : null, { status: String(before.status), soldAt: (before.soldAt as Date | null) ?? null }, now, timeZone);
  const set = {
    ...next,
    ...Object.fromEntries(Object.entries(status).filter(([, v]) => v !== undefined)),
    name: [next.year, next.make, next.model, next.badge].filter(Boolean).join(" "),
    simpleBody: simplifyBody(next.bodyConfiguration as string | null),
    simpleFuel: simplifyFuel(next.fuel as string | null),
    simpleTransmission: simplifyTransmission((next.transmission ?? next.trans) as string | null),
    engineSize: next.engineSizeLitres === null ? null : Math.round(Number(next.engineSizeLitres) * 1000),
    hasNvic: next.nvic !== null,
    updatedAt: now,
  } as Partial<typeof cars.$inferInsert>;
  await db.transaction(async (tx) => {
    await tx.update(cars).set(set).where(and(reachScope(scoped), eq(cars.id, car.id)));
    const after = { ...next, soldAt: status.soldAt ?? null } as Record<string, unknown>;
    await recordAudit(tx, {
      userId: actor.member.id,
      actorEmail: actor.member.email,
      action: "stock.edit",
      siteId: scoped.site.id,
      entity: "car",
      entityId: car.stockNumber,
      before: Object.fromEntries(changed.map((k) => [k, comparable(before[k])])),
      after: Object.fromEntries(changed.map((k) => [k, comparable(after[k])])),
      ipAddress: actor.ipAddress,
    });
  });
  return changed;
}

const bulkNumber = (label: string, min: number, max: number) =>
  z.preprocess(
    (v) => (v === undefined || v === "" ? undefined : Number(String(v).replace(/[$,%\s]/g, ""))),
    z.number({ error: `Enter ${label}.` }).refine((n) => Number.isFinite(n) && n !== 0 && n >= min && n <= max, `Enter ${label} from ${min.toLocaleString("en-AU")} to ${max.toLocaleString("en-AU")}, not 0.`).optional(),
  );

/**
 * A bulk action as posted: what to do, its amount, and which cars: the ticked ones (`car`, ids)
 * or every car matching the list's filter (`target=filter`; the filter is in the URL).
 */
export const BulkSchema = z
  .object({
    bulkAction: z.enum(Object.keys(BULK_ACTIONS) as [BulkAction, ...BulkAction[]], { message: "Choose an action." }),
    target: z.enum(["selected", "filter"], { message: "Choose the ticked cars or every car of the filter." }),
    car: z.preprocess((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]), z.array(z.coerce.number().int().positive().max(MAX_DB_ID)).max(STOCK_PAGE_SIZE)),
    amount: bulkNumber("an amount of whole dollars (minus to lower)", -1_000_000, 1_000_000).refine((n) => n === undefined || Number.isInteger(n), "Enter whole dollars."),
    percent: bulkNumber("a percentage (minus to lower)", -90, 100),
    toLocation: z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number().int().positive().max(MAX_DB_ID).optional()),
    /** The count the member confirmed (the apply step re-counts and asks again if it moved). */
    expected: z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number().int().min(0).optional()),
  })
  .superRefine((v, ctx) => {
    if (v.target === "selected" && v.car.length === 0) ctx.addIssue({ code: "custom", path: ["car"], message: "Tick at least one car, or choose every car of the filter." });
    if (v.bulkAction === "price-amount" && v.amount === undefined) ctx.addIssue({ code: "custom", path: ["amount"], message: "Enter an amount of whole dollars (minus to lower)." });
    if (v.bulkAction === "price-percent" && v.percent === undefined) ctx.addIssue({ code: "custom", path: ["percent"], message: "Enter a percentage (minus to lower)." });
    if (v.bulkAction === "move" && v.toLocation === undefined) ctx.addIssue({ code: "custom", path: ["toLocation"], message: "Choose the location to move the cars to." });
  });
export type BulkRequest = z.infer<typeof BulkSchema>;

/** The price a bulk change gives (whole dollars, rounded). */
function newPriceSql(request: BulkRequest): SQL {
  if (request.bulkAction === "price-amount") return sql`(${cars.price} + ${request.amount!})`;
  return sql`round(${cars.price} * (100 + ${request.percent!}::numeric) / 100)::integer`;
}

/** The cars a bulk action touches: the ticked (within the filter's reach) or the filter's. */
function bulkWhere(scoped: ScopedSite, request: BulkRequest, filter: StockFilter, now: number): SQL {
  const where = request.target === "selected" ? and(reachScope(scoped), inArray(cars.id, request.car))! : filterWhere(scoped, filter, now);
  // A price change skips cars without a price; each action skips cars it would not change.
  if (request.bulkAction === "price-amount" || request.bulkAction === "price-percent") return and(where, isNotNull(cars.price))!;
  if (request.bulkAction === "hide") return and(where, eq(cars.showOnDealerWebsite, true))!;
  if (request.bulkAction === "show") return and(where, eq(cars.showOnDealerWebsite, false))!;
  if (request.bulkAction === "move") return and(where, sql`${cars.locationId} is distinct from ${request.toLocation!}`)!;
  return and(where, sql`${cars.status} <> 'sold'`)!;
}

/** What a bulk action would do, for its confirmation step. */
export interface BulkPreview {
  /** Cars it changes. */
  count: number;
  /** Price changes: cars whose new price would be below $0 (the action is refused then). */
  belowZero: number;
  /** The location moved to, by name. */
  locationName: string | null;
}

/**
 * Counts what a bulk action would change, without changing anything.
 * @throws StockInputError for a location outside the member's reach
 */
export async function previewBulk(db: Database, scoped: ScopedSite, request: BulkRequest, filter: StockFilter, now: number): Promise<BulkPreview> {
  let locationName: string | null = null;
  if (request.bulkAction === "move") {
    const target = (await reachableLocations(db, scoped)).find((l) => l.id === request.toLocation);
    if (!target) throw new StockInputError("Choose one of the listed locations.", "toLocation");
    locationName = target.name;
  }
  const where = bulkWhere(scoped, request, filter, now);
  const pricing = request.bulkAction === "price-amount" || request.bulkAction === "price-percent";
  const [row] = await db
    .select({ count: count(), belowZero: pricing ? sql<number>`count(*) filter (where ${newPriceSql(request)} < 0)` : sql<number>`0` })
    .from(cars)
    .where(where);
  return { count: Number(row.count), belowZero: Number(row.belowZero), locationName };
}

/** Cars per statement of a bulk change (well under PostgreSQL's 65,535 bind parameters). */
const BULK_CHUNK = 2_000;

/** The columns a bulk action sets. */
function bulkSet(request: BulkRequest, now: Date): Record<string, unknown> {
  switch (request.bulkAction) {
    case "price-amount":
    case "price-percent":
      return { price: newPriceSql(request) };
    case "hide":
      return { showOnDealerWebsite: false };
    case "show":
      return { showOnDealerWebsite: true };
    case "move":
      return { locationId: request.toLocation! };
    case "sold":
      return { status: "sold", sold: true, soldAt: now, withdrawnAt: null };
  }
}

/**
 * Applies a bulk action to the cars it matches now, with one audit row per car changed (before
 * and after of the columns it sets), in one transaction.
 * @returns the number of cars changed
 * @throws StockInputError when a price would drop below $0 or the location is outside reach
 */
export async function applyBulk(db: Database, scoped: ScopedSite, request: BulkRequest, filter: StockFilter, actor: Actor, now = new Date()): Promise<number> {
  const preview = await previewBulk(db, scoped, request, filter, now.getTime());
  if (preview.belowZero) throw new StockInputError(`${preview.belowZero.toLocaleString("en-AU")} of these cars would get a price below $0. Choose a smaller change.`, request.bulkAction === "price-amount" ? "amount" : "percent");
  const where = bulkWhere(scoped, request, filter, now.getTime());
  const set = { ...bulkSet(request, now), updatedAt: now };
  const audited = { price: cars.price, showOnDealerWebsite: cars.showOnDealerWebsite, locationId: cars.locationId, status: cars.status };
  const keys = request.bulkAction.startsWith("price") ? ["price"] : request.bulkAction === "move" ? ["locationId"] : request.bulkAction === "sold" ? ["status"] : ["showOnDealerWebsite"];
  return db.transaction(async (tx) => {
    const before = await tx.select({ id: cars.id, stockNumber: cars.stockNumber, ...audited }).from(cars).where(where).for("update");
    if (!before.length) return 0;
    const after: (typeof before)[number][] = [];
    for (let i = 0; i < before.length; i += BULK_CHUNK) {
      const ids = before.slice(i, i + BULK_CHUNK).map((b) => b.id);
      const changed = await tx
        .update(cars)
        .set(set as Partial<typeof cars.$inferInsert>)
        .where(and(reachScope(scoped), inArray(cars.id, ids)))
        .returning({ id: cars.id, stockNumber: cars.stockNumber, ...audited });
      after.push(...changed);
    }
    const afterById = new Map(after.map((a) => [a.id, a]));
    const pick = (row: Record<string, unknown>) => Object.fromEntries(keys.map((k) => [k, row[k]]));
    const rows = before.map((b) => ({
      userId: actor.member.id,
      actorEmail: actor.member.email,
      action: `stock.bulk-${request.bulkAction}`,
      siteId: scoped.site.id,
      entity: "car",
      entityId: b.stockNumber,
      before: pick(b),
      after: pick(afterById.get(b.id) ?? b),
      ipAddress: actor.ipAddress,
    }));
    for (let i = 0; i < rows.length; i += BULK_CHUNK) await tx.insert(staffAudit).values(rows.slice(i, i + BULK_CHUNK));
    return after.length;
  });
}

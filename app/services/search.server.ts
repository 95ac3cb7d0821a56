/**
 * Stock search for a site: builds the per-process search read model from the database and keeps
 * it until the site's stock version changes (DESIGN.md section 5). Postgres stays the record.
 */
import { subscribe } from "node:diagnostics_channel";
import { setImmediate as nextTurn } from "node:timers/promises";
import { and, asc, eq, gt, isNull, notInArray, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client";
import { readLagTolerant } from "../../db/replica";
import { cars, locations } from "../../db/schema/index";
import { DocStrings } from "~/search/doc-strings";
import { PreviousDocs, sameDoc } from "~/search/previous-docs";
import { READ_MODEL_CHANNEL, ReadModelStore, readModelBudgetMb, type LoadedDocs, type ReadModelEvent, type ReadModelVersion } from "~/search/read-model-store";
import { similarStock, type SimilarTo } from "~/search/similar";
import type { SearchEngine } from "~/search/semantics";
import type { SearchDoc, SearchQuery, SearchResult, VisibilityOptions } from "~/search/types";
import type { Site } from "~/sites/site";
import { carTitle, type FinanceLenderData } from "~/domain/car";
import { reservedCarIds } from "./reservations.server";
import { observeReadModels, searchBuildDuration, searchDuration, timed } from "../../server/metrics";

/**
 * Most cars read per query by {@link loadSearchDocs}: each batch is one short query and one short
 * decode, so loading a 200,000-car site never holds the event loop for long (issue 54).
 */
export const LOAD_BATCH_CARS = 2_000;
/** Fewest cars per query when {@link loadSearchDocs} sizes its batches itself. */
export const MIN_LOAD_BATCH_CARS = 250;
/**
 * What one batch may take, ms, when {@link loadSearchDocs} sizes its batches itself: on embedded
 * PGlite the query runs on the event loop (WASM), about 0.2-0.5 ms per car on a loaded 2-core
 * machine, and its promise resolves without a turn of the event loop; on PostgreSQL the time is
 * mostly waiting, and the batches grow to {@link LOAD_BATCH_CARS}.
 */
export const LOAD_BATCH_TARGET_MS = 20;

/**
 * Loads every car of the site as a search document (visibility is applied at query time), in
 * batches by stock number (keyset on the site's unique stock-number index), so the documents come
 * in stock-number order. The event loop turns between batches (setImmediate), whatever the driver.
 * @param batchCars cars per query; by default sized per batch between {@link MIN_LOAD_BATCH_CARS}
 *   and {@link LOAD_BATCH_CARS} so that a batch takes about {@link LOAD_BATCH_TARGET_MS}
 * @param previous the documents of the site's version being replaced, if any: a car whose
 *   document is unchanged keeps that object (previous-docs.ts), so a stock change on a large site
 *   does not hold a second copy of the site and memory returns to its level once the previous
 *   version is dropped (issue 54)
 * @returns the site's cars but those of locations it excludes from search; the repeated text
 *   fields of the documents share one string per value (doc-strings.ts), which keeps a large
 *   site's documents smaller and the node's major collections shorter
 */
export async function loadSearchDocs(db: Database, site: Site, batchCars?: number, previous?: readonly SearchDoc[]): Promise<SearchDoc[]> {
  const docs: SearchDoc[] = [];
  const reusable = await PreviousDocs.index(previous);
  const strings = new DocStrings();
  let size = batchCars ?? MIN_LOAD_BATCH_CARS;
  let after: string | null = null;
  for (;;) {
    const started = performance.now();
    const batch = await loadSearchDocBatch(db, site, after, size);
    for (const doc of batch.docs) {
      // Unchanged cars keep the previous version's document; only a new one needs its strings shared.
      const kept = reusable.reuse(doc);
      docs.push(kept === doc ? strings.share(doc) : kept);
    }
    if (batch.last === null) return docs;
    after = batch.last;
    if (batchCars === undefined) size = nextBatchSize(size, performance.now() - started);
    await nextTurn();
  }
}

/** The next batch's size: halved over the target time, doubled under half of it, within bounds. */
function nextBatchSize(size: number, ms: number): number {
  if (ms > LOAD_BATCH_TARGET_MS) return Math.max(MIN_LOAD_BATCH_CARS, size >> 1);
  if (ms < LOAD_BATCH_TARGET_MS / 2) return Math.min(LOAD_BATCH_CARS, size * 2);
  return size;
}

/** The lenders of a car without any: one frozen object for all of them (documents are read only). */
const NO_LENDERS: Record<string, FinanceLenderData> = Object.freeze({});

/**
 * One query's cars of the site as documents: the next `limit` after stock number `after` (keyset),
 * or, with `notSeenBy`, those written by a transaction that snapshot did not see (a
 * `pg_snapshot` as text: committed after it was taken, or running then).
 * @returns the documents of cars not at a location the site excludes from search; the ids of those
 *   that are; and the last stock number read when the query filled its limit (else null)
 */
async function loadSearchDocBatch(db: Database, site: Site, after: string | null, limit: number, notSeenBy?: string): Promise<{ docs: SearchDoc[]; excludedIds: number[]; last: string | null }> {
  const provider = site.config.finance.provider;
  const rows = await db
    .select({
      id: cars.id, slug: cars.slug, stockNumber: cars.stockNumber, make: cars.make, model: cars.model, badge: cars.badge,
      series: cars.series, year: cars.year, body: cars.simpleBody, fuel: cars.simpleFuel, drive: cars.drive,
      transmission: cars.simpleTransmission, colour: cars.colour, seats: cars.seats, city: locations.city, state: locations.state,
      dealership: locations.slug, dealershipName: locations.name, locationId: cars.locationId, carType: cars.carType, itemType: cars.itemType,
      tag: cars.tag, certified: cars.certified, status: cars.status, soldAt: cars.soldAt, showOnDealerWebsite: cars.showOnDealerWebsite,
      km: cars.km, price: cars.price, subscriptionPrice: cars.subscriptionPrice, createdAt: cars.createdAt, customRank: cars.customRank,
      // Only the site provider's entry (spec 5 estimate on the card).
      financeLender: provider ? sql<FinanceLenderData | null>`(${cars.financeLenders} -> ${provider}::text)` : sql<null>`null`,
      reserved: cars.reserved, primaryImageUrl: cars.primaryImageUrl,
      priceBasis: cars.priceBasis, photosCount: cars.photosCount, axleType: sql<string | null>`(${cars.caravan} ->> 'axleType')`,
    })
    .from(cars)
    .leftJoin(locations, eq(cars.locationId, locations.id))
    .where(and(eq(cars.siteId, site.id), after === null ? undefined : gt(cars.stockNumber, after), notSeenBy === undefined ? undefined : changedAfter(notSeenBy)))
    .orderBy(asc(cars.stockNumber))
    .limit(limit);
  const excludedLocations = new Set(site.config.search.excludedLocationIds);
  const last = rows.length === limit ? rows[rows.length - 1].stockNumber : null;
  const excludedIds = rows.filter((r) => r.locationId !== null && excludedLocations.has(r.locationId)).map((r) => r.id);
  const docs = rows
    .filter((r) => r.locationId === null || !excludedLocations.has(r.locationId))
    .map((r) => ({
      id: r.id, slug: r.slug, stockNumber: r.stockNumber, title: carTitle(r), make: r.make, model: r.model, badge: r.badge,
      series: r.series, body: r.body, fuel: r.fuel, drive: r.drive, transmission: r.transmission, colour: r.colour, seats: r.seats,
      city: site.config.overrideCity ?? r.city, state: r.state, dealership: r.dealership, dealershipName: r.dealershipName,
      carType: r.carType, itemType: r.itemType, tag: r.tag, certified: r.certified, status: r.status,
      soldAt: r.soldAt ? r.soldAt.getTime() : null, showOnDealerWebsite: r.showOnDealerWebsite, year: r.year, km: r.km,
      price: r.price, subscriptionPrice: r.subscriptionPrice, createdAt: r.createdAt.getTime(), customRank: r.customRank,
      locationId: r.locationId, financeLenders: provider && r.financeLender ? { [provider]: r.financeLender } : NO_LENDERS,
      reserved: r.reserved, primaryImageUrl: r.primaryImageUrl,
      priceBasis: r.priceBasis ?? null, photosCount: r.photosCount, axleType: r.axleType,
    }));
  return { docs, excludedIds, last };
}

/**
 * Cars written by a transaction that `snapshot` (a `pg_snapshot` as text) did not see. The range
 * from its oldest running transaction is what the `cars_site_changed_xid` index reads; within it,
 * rows whose writer had committed when the snapshot was taken are left out. Without that second
 * test, one long transaction anywhere in the cluster (a backup's `pg_dump`, a large import) holds
 * the oldest running transaction back, and every stock change until it ends reads every car written
 * since it began: past {@link CHANGED_CARS_MAX}, the whole site.
 */
function changedAfter(snapshot: string): SQL {
  return sql`("cars"."changed_xid" >= pg_snapshot_xmin(${snapshot}::pg_snapshot) AND NOT pg_visible_in_snapshot("cars"."changed_xid", ${snapshot}::pg_snapshot))`;
}

/** Where a read of a site's cars left off: what {@link loadSiteSearchDocs} needs to read only the changes next time. */
interface SearchDocsResume {
  /**
   * The read's snapshot (`pg_snapshot` as text, "xmin:xmax:running ids"): every write it did not
   * see was made by a transaction it lists as running or one at or after its xmax.
   */
  snapshot: string;
  /** The site's config version then: its locations and search settings shape every document. */
  configVersion: number;
  /** What the documents took from outside the cars then ({@link documentInputs}). */
  inputs: string;
}

/**
 * What a site's documents take from outside its cars, as one string: the config's finance
 * provider, locations excluded from search and city override, and the site's locations (slug,
 * name, city, state). Most config changes (an offer, a review, a content page, the site's name)
 * move the config version and leave this as it was, and then every document is as it was.
 */
async function documentInputs(db: Database, site: Site): Promise<string> {
  const rows = await db
    .select({ id: locations.id, slug: locations.slug, name: locations.name, city: locations.city, state: locations.state })
    .from(locations)
    .where(eq(locations.siteId, site.id))
    .orderBy(asc(locations.id));
  return JSON.stringify([site.config.finance.provider ?? null, site.config.search.excludedLocationIds, site.config.overrideCity ?? null, rows]);
}

/**
 * Most changed cars {@link loadSiteSearchDocs} reads in one query; more (a feed import), and it
 * reads the whole site in batches instead, each of which turns the event loop.
 */
export const CHANGED_CARS_MAX = 2_000;

/** Previous documents carried over per turn of the event loop when changes are applied. */
const CARRY_SLICE_DOCS = 20_000;

/**
 * The snapshot the next change read starts from and the number of the site's cars its documents
 * should hold (those at no excluded location), in one snapshot.
 */
async function siteCarsNow(db: Database, site: Site): Promise<{ snapshot: string; cars: number }> {
  const excluded = site.config.search.excludedLocationIds;
  const [row] = await db
    .select({ snapshot: sql<string>`pg_current_snapshot()::text`, cars: sql<number>`count(*)::int` })
    .from(cars)
    .where(and(eq(cars.siteId, site.id), excluded.length ? or(isNull(cars.locationId), notInArray(cars.locationId, excluded)) : undefined));
  return row;
}

/**
 * The site's search documents for a new stock version (issue 54 item 1). With the previous
 * version's documents and the `resume` its read returned, and what the documents take from the
 * site's config and locations unchanged ({@link documentInputs}, read only when the config version
 * moved), it reads only the cars written since that read (migration 0045's `changed_xid`): a price
 * change on a 200,000-car site reads one row, not the site, and the event loop does not spend
 * seconds decoding rows that did not change. It reads the whole site ({@link loadSearchDocs})
 * instead when there is no previous version, those inputs changed (a location renamed, a search
 * setting changed), more than {@link CHANGED_CARS_MAX} cars changed, or the count of the site's
 * cars says one left it (deleted, moved to another site or to an excluded location: a deletion
 * leaves no row to read).
 * @param previous the version being replaced: its documents (read only) and what this function
 *   returned with them
 * @returns documents as {@link loadSearchDocs} returns them (an unchanged car keeps its object;
 *   a changed one goes where it was, a new one at the end) and the resume for the next read
 * @throws the database's errors
 */
export async function loadSiteSearchDocs(db: Database, site: Site, previous?: { docs: readonly SearchDoc[]; resume?: unknown }): Promise<LoadedDocs> {
  const since = previous?.resume as SearchDocsResume | undefined;
  // Read before any car, so that the documents are never older than the inputs noted with them.
  const [now, inputs] = await Promise.all([siteCarsNow(db, site), since?.configVersion === site.configVersion ? since.inputs : documentInputs(db, site)]);
  const resume: SearchDocsResume = { snapshot: now.snapshot, configVersion: site.configVersion, inputs };
  if (previous && since && since.inputs === inputs) {
    const changed = await loadSearchDocBatch(db, site, null, CHANGED_CARS_MAX + 1, since.snapshot);
    if (changed.docs.length + changed.excludedIds.length <= CHANGED_CARS_MAX) {
      const docs = await applyChanges(previous.docs, changed.docs, new Set(changed.excludedIds));
      if (docs.length === now.cars) return { docs, resume };
    }
  }
  return { docs: await loadSearchDocs(db, site, undefined, previous?.docs), resume };
}

/** `previous` with `fresh` put in place of their cars' documents (or appended) and `removed` dropped. */
async function applyChanges(previous: readonly SearchDoc[], fresh: SearchDoc[], removed: ReadonlySet<number>): Promise<SearchDoc[]> {
  const strings = new DocStrings();
  const freshById = new Map(fresh.map((doc) => [doc.id, doc]));
  const docs: SearchDoc[] = [];
  for (let i = 0; i < previous.length; i++) {
    const old = previous[i];
    const doc = freshById.get(old.id);
    if (doc) {
      docs.push(sameDoc(doc, old) ? old : strings.share(doc));
      freshById.delete(old.id);
    } else if (!removed.has(old.id)) docs.push(old);
    if ((i + 1) % CARRY_SLICE_DOCS === 0) await nextTurn();
  }
  for (const doc of freshById.values()) docs.push(strings.share(doc));
  return docs;
}

let store: ReadModelStore | undefined;

// Rebuild time for the metrics endpoint: reading the cars plus the build, wherever it ran.
subscribe(READ_MODEL_CHANNEL, (message) => {
  const event = message as ReadModelEvent;
  if (event.event === "build") searchBuildDuration.observe((event.loadMs + event.eventLoopMs + event.workerMs) / 1000);
});

/**
 * This node's read models (issue 54, decision 259), created on first use with the READ_MODEL_MB
 * budget (server/env.ts validates it at start-up; tests may replace the store).
 */
export function readModelStore(): ReadModelStore {
  if (!store) {
    store = new ReadModelStore({ maxBytes: readModelBudgetMb(process.env) * 1024 * 1024 });
    observeReadModels(() => readModelStore().stats());
  }
  return store;
}

/** Replaces this node's read-model store (tests: a small budget, a low worker threshold). */
export function setReadModelStore(next: ReadModelStore): void {
  store = next;
}

/**
 * The version a site's read model is kept under: its documents come from the cars (stock version)
 * and are shaped by the site's config (config version: its locations, the locations excluded from
 * search). Both counters only move forward, so their sum moves forward whenever either does, as
 * the store requires.
 */
export function readModelVersionOf(site: Pick<Site, "stockVersion" | "configVersion">): number {
  return site.stockVersion + site.configVersion;
}

// The load tolerates lag (a read replica when there is one, db/replica.ts), but the model is kept
// under the site's versions, so the replica must have replayed them.
function siteIndex(db: Database, site: Site): Promise<ReadModelVersion> {
  return readModelStore().get(site.id, readModelVersionOf(site), (docs, resume) => readLagTolerant(db, (reader) => loadSiteSearchDocs(reader, site, docs && { docs, resume }), site));
}

/**
 * The site's read model: loaded on first use, rebuilt when the site's stock or config version moves
 * on (a large site answers from its previous version until the new one is ready;
 * read-model-store.ts).
 */
export async function getSearchEngine(db: Database, site: Site): Promise<SearchEngine> {
  return (await siteIndex(db, site)).engine;
}

/**
 * The documents the site's read model was built from (the same objects, one array per stock
 * version; read only). Visibility is not applied.
 */
export async function getSearchDocs(db: Database, site: Site): Promise<readonly SearchDoc[]> {
  return (await siteIndex(db, site)).docs;
}

/**
 * Issue 10: online reservations change often; they are read fresh, not from the read model. Marks
 * the hits held by an active or captured reservation as reserved (copies; the documents are shared).
 * @returns `hits` itself when the site has no checkout, there are no hits or none is held
 */
export async function withHeldReservations(db: Database, site: Site, hits: SearchDoc[]): Promise<SearchDoc[]> {
  if (!site.config.features.checkout || hits.length === 0) return hits;
  const held = await reservedCarIds(db, site.id);
  return held.size ? hits.map((h) => (held.has(h.id) ? { ...h, reserved: true } : h)) : hits;
}

/**
 * Similar stock for a VDP (decision 189): up to `limit` cars of the site like `car`, chosen from
 * the site's search documents in memory (`similarStock`: in stock and shown, same make, same body
 * type, closest price), with online reservations overlaid as on the SRP. Cars of locations the
 * site excludes from search, and the stock numbers it excludes, are not offered. Also asked of a
 * dealer group's sister site for a car of another site (group-search.server.ts): `car` need not
 * be one of `site`'s.
 * @param car the car being viewed (price in whole dollars; `body` its simple body type)
 */
export async function findSimilarStock(db: Database, site: Site, car: SimilarTo, limit = 6): Promise<SearchDoc[]> {
  return withHeldReservations(db, site, await chooseSimilarStock(db, site, car, limit));
}

/**
 * {@link findSimilarStock} without the reservations overlay (for a choice among several sites,
 * overlaid once chosen: {@link withHeldReservations}). The list is shared: read only.
 */
export async function chooseSimilarStock(db: Database, site: Site, car: SimilarTo, limit = 6): Promise<SearchDoc[]> {
  const docs = await getSearchDocs(db, site);
  let byCar = similarByDocs.get(docs);
  if (!byCar) similarByDocs.set(docs, (byCar = new Map()));
  // The exclusions are config, which moves without the documents: part of the key.
  const excluded = site.config.search.excludedStockNumbers;
  const key = `${car.id}\u0000${car.make}\u0000${car.body}\u0000${car.price}\u0000${limit}\u0000${excluded.join("\u0001")}`;
  let similar = byCar.get(key);
  if (!similar) {
    similar = similarStock(docs, car, limit, excluded);
    if (byCar.size >= SIMILAR_MEMO_CARS) byCar.clear();
    byCar.set(key, similar);
  }
  return similar;
}

/**
 * Similar stock already chosen, per search-document array (one per site and stock version, so a
 * sale or a price change starts afresh) and per car: a VDP's similar cars change only with the
 * stock, and choosing them walks the site's whole stock (about 1% of a VDP's server CPU under
 * load, decision 198). At most {@link SIMILAR_MEMO_CARS} cars per array; the lists are shared,
 * read only.
 */
const similarByDocs = new WeakMap<readonly SearchDoc[], Map<string, SearchDoc[]>>();
const SIMILAR_MEMO_CARS = 4096;

/** Spec 4 visibility inputs from the site config. */
export function visibilityFor(site: Site, now = Date.now()): VisibilityOptions {
  return {
    includeSoldDays: site.config.search.includeSoldCarsDays,
    excludedStockNumbers: site.config.search.excludedStockNumbers,
    priceAboveZeroOnPriceAsc: site.config.search.priceAboveZeroOnPriceAsc,
    now,
  };
}

/**
 * Searches the site's stock.
 * @param query a parsed SRP query (app/search/params.ts)
 * @returns hits, disjunctive facet counts, range stats and paging (spec 7 search response shape)
 */
export async function searchStock(db: Database, site: Site, query: SearchQuery, now = Date.now()): Promise<SearchResult> {
  const engine = await getSearchEngine(db, site);
  const result = timed(searchDuration, () => engine.search(query, visibilityFor(site, now)));
  const hits = await withHeldReservations(db, site, result.hits);
  return hits === result.hits ? result : { ...result, hits };
}

/** Spec 9: counts above this are replaced in what the shopper reads. */
export const MAX_EXACT_RESULT_COUNT = 1999;

/**
 * The result count shown to the shopper (spec 9 "Result counts above 1999 are replaced by the
 * configured stock count or by the sum of the facet counts"; decision 041). The facet sum adds
 * only the car types the shopper refined by (all of them when none is chosen), so the heading
 * matches the list and the ticked 'Used' count (issue 17, decision 170).
 * @param count the engine's exact count.
 * @param facets the result's facets; the car_type facet is summed (every car has one car type).
 *   Its counts are disjunctive: they ignore the car_type refinement itself.
 * @param configuredStockCount `search.configuredStockCount` from the site config, or null.
 * @param selectedCarTypes the car_type refinement in force (empty or absent: every car type).
 * @returns `count` when at most 1999, else the configured count, else the car_type facet sum.
 */
export function displayedResultCount(
  count: number,
  facets: { car_type: readonly { value?: string; count: number }[] },
  configuredStockCount: number | null,
  selectedCarTypes: readonly string[] = [],
): number {
  if (count <= MAX_EXACT_RESULT_COUNT) return count;
  if (configuredStockCount !== null) return configuredStockCount;
  const chosen = new Set(selectedCarTypes);
  return facets.car_type.filter((f) => chosen.size === 0 || (f.value !== undefined && chosen.has(f.value))).reduce((sum, f) => sum + f.count, 0);
}

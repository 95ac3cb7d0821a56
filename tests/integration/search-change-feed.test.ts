/**
 * A stock change reads only the cars that changed (issue 54 item 1, migration 0045): after a
 * site's documents were read, the next version's read asks the database for the cars written
 * since, and falls back to reading the whole site when a car may have left it. On PGlite or the
 * PostgreSQL at DATABASE_URL; every statement the loader sends is logged and counted.
 */
import { and, eq, lte, sql } from "drizzle-orm";
import type { Logger } from "drizzle-orm/logger";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client";
import { cars, locations } from "../../db/schema/index";
import { getSiteBySlug } from "../../app/services/sites.server";
import { getSearchDocs, loadSearchDocs, loadSiteSearchDocs } from "../../app/services/search.server";
import type { SearchDoc } from "../../app/search/types";
import type { Site } from "../../app/sites/site";
import { createTestSite, ENGINE, openTestDatabase } from "./database";

/** Enough cars that reading the site whole takes several batches (250, 500, 1,000, then 1,250). */
const CARS = 3_000;

const statements: string[] = [];
const logger: Logger = { logQuery: (query) => statements.push(query) };
let handle: DatabaseHandle;
let site: Site;
let locationId: number;

beforeAll(async () => {
  handle = await openTestDatabase({ logger });
  site = await createTestSite(handle);
  const [location] = await handle.db
    .insert(locations)
    .values({ siteId: site.id, name: "Second Yard", slug: "second-yard", city: "Geelong", state: "VIC", postcode: "3220" })
    .returning({ id: locations.id });
  locationId = location.id;
  await handle.db.execute(sql`
    INSERT INTO cars (site_id, slug, name, stock_number, car_type, make, model, year, km, price, status, source_hash)
    SELECT ${site.id}, 'feed-' || i, 'Car ' || i, 'FD' || lpad(i::text, 5, '0'), 'used', 'Mazda', 'CX-5',
           2015 + i % 10, i * 100, 20000 + i, 'in_stock', 'h' || i
    FROM generate_series(1, ${CARS}) AS i`);
  await handle.db.execute(sql`ANALYZE cars`);
}, 120_000);

afterAll(async () => {
  await handle?.close();
});

/** The site as a request would see it now (its config version moves with its locations). */
async function fresh(): Promise<Site> {
  return (await getSiteBySlug(handle.db, site.slug))!;
}

/** Runs `load`, returning what it returned and the statements it sent that read cars. */
async function counted<T>(load: () => Promise<T>): Promise<{ result: T; carReads: string[] }> {
  statements.length = 0;
  const result = await load();
  return { result, carReads: statements.filter((s) => /from "cars"/.test(s)) };
}

const byStock = (docs: readonly SearchDoc[], stockNumber: string) => docs.find((d) => d.stockNumber === stockNumber);

describe("loadSiteSearchDocs: a stock change reads the changed cars only (issue 54)", () => {
  it("reads the whole site first, then only a changed car, which takes its old place; every other car keeps its document", async () => {
    const first = await counted(async () => loadSiteSearchDocs(handle.db, await fresh()));
    expect(first.result.docs).toHaveLength(CARS);
    // The count and snapshot, then the keyset batches.
    expect(first.carReads.length).toBeGreaterThanOrEqual(4);

    await handle.db.update(cars).set({ price: 12_345 }).where(eq(cars.stockNumber, "FD00042"));
    const second = await counted(async () => loadSiteSearchDocs(handle.db, await fresh(), first.result));
    expect(second.carReads).toHaveLength(2);
    const docs = second.result.docs;
    expect(docs).toHaveLength(CARS);
    const index = first.result.docs.findIndex((d) => d.stockNumber === "FD00042");
    expect(docs[index].price).toBe(12_345);
    expect(docs[index]).not.toBe(first.result.docs[index]);
    expect(docs.filter((d, i) => d !== first.result.docs[i]).map((d) => d.stockNumber)).toEqual(["FD00042"]);
    // The same documents a whole read gives, car for car.
    const whole = await loadSearchDocs(handle.db, await fresh());
    expect(new Map(docs.map((d) => [d.id, d]))).toEqual(new Map(whole.map((d) => [d.id, d])));
  });

  it("adds a new car, and drops a car moved to a location the site excludes from search, without reading the site", async () => {
    const before = await loadSiteSearchDocs(handle.db, await fresh());
    await handle.db.execute(sql`
      INSERT INTO cars (site_id, slug, name, stock_number, car_type, make, model, year, km, price, status, source_hash)
      VALUES (${site.id}, 'feed-new', 'New car', 'FD99999', 'used', 'Kia', 'Sportage', 2024, 10, 39990, 'in_stock', 'new')`);
    const added = await counted(async () => loadSiteSearchDocs(handle.db, await fresh(), before));
    expect(added.carReads).toHaveLength(2);
    expect(added.result.docs).toHaveLength(CARS + 1);
    expect(added.result.docs.at(-1)).toMatchObject({ stockNumber: "FD99999", make: "Kia", price: 39_990 });

    // Excluding a location is a config change: the next read is whole, then changes are read again.
    await handle.db.execute(sql`UPDATE sites SET config = jsonb_set(config, '{search}', ${JSON.stringify({ excludedLocationIds: [locationId] })}::jsonb) WHERE id = ${site.id}`);
    const excluding = await counted(async () => loadSiteSearchDocs(handle.db, await fresh(), added.result));
    expect(excluding.carReads.length).toBeGreaterThanOrEqual(4);
    expect(excluding.result.docs).toHaveLength(CARS + 1);

    await handle.db.update(cars).set({ locationId }).where(eq(cars.stockNumber, "FD00007"));
    const moved = await counted(async () => loadSiteSearchDocs(handle.db, await fresh(), excluding.result));
    expect(moved.carReads).toHaveLength(2);
    expect(moved.result.docs).toHaveLength(CARS);
    expect(byStock(moved.result.docs, "FD00007")).toBeUndefined();
    await handle.db.execute(sql`UPDATE sites SET config = config - 'search' WHERE id = ${site.id}`);
    await handle.db.update(cars).set({ locationId: null }).where(eq(cars.stockNumber, "FD00007"));
  });

  it("reads the whole site when a car was deleted (a deletion leaves no row to read), and the car is gone", async () => {
    const before = await loadSiteSearchDocs(handle.db, await fresh());
    expect(byStock(before.docs, "FD00100")).toBeDefined();
    await handle.db.delete(cars).where(eq(cars.stockNumber, "FD00100"));
    const after = await counted(async () => loadSiteSearchDocs(handle.db, await fresh(), before));
    expect(after.carReads.length).toBeGreaterThanOrEqual(5);
    expect(byStock(after.result.docs, "FD00100")).toBeUndefined();
    expect(after.result.docs).toHaveLength(before.docs.length - 1);
  });

  it("a view counted on a car changes nothing: the car is read again and keeps its document", async () => {
    const before = await loadSiteSearchDocs(handle.db, await fresh());
    const version = (await fresh()).stockVersion;
    await handle.db.execute(sql`UPDATE cars SET views = views + 1 WHERE stock_number = 'FD00200' AND site_id = ${site.id}`);
    // A view is not a stock change (migration 0018), though it moves the car's changed_xid.
    expect((await fresh()).stockVersion).toBe(version);
    const after = await counted(async () => loadSiteSearchDocs(handle.db, await fresh(), before));
    expect(after.carReads).toHaveLength(2);
    after.result.docs.forEach((d, i) => expect(d).toBe(before.docs[i]));
  });

  it.skipIf(ENGINE !== "postgres")(`a transaction left open elsewhere in the cluster (a backup, an import) does not turn a price change into a read of the site${ENGINE === "postgres" ? "" : " -- skipped: embedded PGlite has one connection, so no transaction can be open beside the reads"}`, async () => {
    const elsewhere = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await elsewhere.connect();
    try {
      // It takes a transaction id and stays open: the oldest running transaction from here on.
      await elsewhere.query("BEGIN");
      await elsewhere.query("SELECT pg_current_xact_id()");
      // More cars than a change read takes are written after it began, and read whole next.
      await handle.db.update(cars).set({ km: sql`${cars.km} + 1` }).where(and(eq(cars.siteId, site.id), lte(cars.stockNumber, "FD02500")));
      const before = await loadSiteSearchDocs(handle.db, await fresh());
      expect(byStock(before.docs, "FD02500")?.km).toBe(250_001);

      await handle.db.update(cars).set({ price: 23_456 }).where(eq(cars.stockNumber, "FD02999"));
      const after = await counted(async () => loadSiteSearchDocs(handle.db, await fresh(), before));
      // The snapshot and count, then the one car the previous read did not see.
      expect(after.carReads).toHaveLength(2);
      expect(after.result.docs.filter((d, i) => d !== before.docs[i]).map((d) => [d.stockNumber, d.price])).toEqual([["FD02999", 23_456]]);
    } finally {
      await elsewhere.query("ROLLBACK").catch(() => undefined);
      await elsewhere.end();
    }
  });
});

describe("the site's read model follows a config change with no stock change (issue 54 item 1; spec 4 search)", () => {
  it("drops the cars of a location the site newly excludes from search, and brings them back when it no longer does", async () => {
    await handle.db.update(cars).set({ locationId }).where(eq(cars.stockNumber, "FD00300"));
    const before = await getSearchDocs(handle.db, await fresh());
    expect(byStock(before, "FD00300")).toBeDefined();
    const stockVersion = (await fresh()).stockVersion;

    await handle.db.execute(sql`UPDATE sites SET config = jsonb_set(config, '{search}', ${JSON.stringify({ excludedLocationIds: [locationId] })}::jsonb) WHERE id = ${site.id}`);
    const excluding = await fresh();
    // A search setting is config: the stock version stays where it was.
    expect(excluding.stockVersion).toBe(stockVersion);
    const during = await getSearchDocs(handle.db, excluding);
    expect(byStock(during, "FD00300")).toBeUndefined();
    expect(during).toHaveLength(before.length - 1);

    await handle.db.execute(sql`UPDATE sites SET config = config - 'search' WHERE id = ${site.id}`);
    const after = await getSearchDocs(handle.db, await fresh());
    expect(byStock(after, "FD00300")).toBeDefined();
    expect(after).toHaveLength(before.length);
    await handle.db.update(cars).set({ locationId: null }).where(eq(cars.stockNumber, "FD00300"));
  });

  it("shows a renamed location on the cars filed under it", async () => {
    await handle.db.update(cars).set({ locationId }).where(eq(cars.stockNumber, "FD00301"));
    const before = byStock(await getSearchDocs(handle.db, await fresh()), "FD00301") as unknown as Record<string, unknown>;
    expect(JSON.stringify(before)).toContain("Second Yard");
    await handle.db.update(locations).set({ name: "Geelong Yard" }).where(eq(locations.id, locationId));
    const after = byStock(await getSearchDocs(handle.db, await fresh()), "FD00301") as unknown as Record<string, unknown>;
    expect(JSON.stringify(after)).toContain("Geelong Yard");
    expect(JSON.stringify(after)).not.toContain("Second Yard");
    await handle.db.update(locations).set({ name: "Second Yard" }).where(eq(locations.id, locationId));
    await handle.db.update(cars).set({ locationId: null }).where(eq(cars.stockNumber, "FD00301"));
  });

  it("a config change that shapes no document (the site's name) reads only the changed cars, and the model keeps its documents and index", async () => {
    const before = await loadSiteSearchDocs(handle.db, await fresh());
    const served = await getSearchDocs(handle.db, await fresh());
    const { configVersion, name } = await fresh();
    await handle.db.execute(sql`UPDATE sites SET name = ${`${name} Motors`} WHERE id = ${site.id}`);
    const renamed = await fresh();
    expect(renamed.configVersion).toBeGreaterThan(configVersion);
    const after = await counted(async () => loadSiteSearchDocs(handle.db, renamed, before));
    // The snapshot and count, then the changed cars (none): not the whole site.
    expect(after.carReads).toHaveLength(2);
    after.result.docs.forEach((d, i) => expect(d).toBe(before.docs[i]));
    expect(await getSearchDocs(handle.db, renamed)).toBe(served);
    await handle.db.execute(sql`UPDATE sites SET name = ${name} WHERE id = ${site.id}`);
  });
});

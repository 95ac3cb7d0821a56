/**
 * The console's "contains" searches read their trigram indexes (issue 49: stock at 20,000 cars,
 * the leads inbox at 100,000 leads). An expression index serves only the identical expression,
 * so this fails when a search's text and its index (migration 0039) drift apart, on either engine
 * (pg_trgm is loaded into PGlite too). Sequential scans are priced out for the EXPLAIN, since on a
 * test's few rows the planner would rightly prefer them. Every search reads an index's pending
 * list whole, so both lists are kept short (migration 0046, decision 391).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql, type SQL } from "drizzle-orm";
import type { DatabaseHandle } from "../../db/client";
import { cars, leads } from "../../db/schema/index";
import { carTextContains, leadPersonalTextContains } from "../../app/console/search-text.server";
import { filterWhere, StockFilterSchema } from "../../app/console/stock.server";
import type { ScopedSite } from "../../app/console/staff.server";
import { importStock } from "../../app/services/stock-import.server";
import { createTestSite, ENGINE, openEmbeddedTestDatabase, openTestDatabase } from "./database";
import { feed, stockRecord } from "./fixtures";

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await openTestDatabase();
});

afterAll(async () => {
  await handle.close();
});

/** The rows of an `execute` result: node-postgres gives `{ rows }`, PGlite through Drizzle an array. */
function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as T[];
}

/** The plan of `query` as text, with sequential scans priced out. */
async function planOf(query: SQL): Promise<string> {
  return handle.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const result = await tx.execute(sql`explain ${query}`);
    const rows = rowsOf<Record<string, string>>(result);
    return rows.map((r) => Object.values(r)[0]).join("\n");
  });
}

describe(`console search indexes (${ENGINE})`, () => {
  it("finds a car by part of its stock number, VIN, rego, make, model or badge through cars_search_trgm", async () => {
    const plan = await planOf(sql`select ${cars.id} from ${cars} where ${carTextContains("BS0123")}`);
    expect(plan).toContain("cars_search_trgm");
  });

  it("reads a yard's cars of an age band from cars_site_location_created, the band in its index condition (migration 0047)", async () => {
    const scoped: ScopedSite = { site: { id: 1, slug: "any", name: "Any", hosts: [], dealerGroupId: null }, reach: "all", locationIds: [] };
    const filter = StockFilterSchema.parse({ location: "1", age: "31-60" });
    const plan = await planOf(sql`select ${cars.id} from ${cars} where ${filterWhere(scoped, filter, Date.UTC(2026, 11, 4))}`);
    const scan = plan.split("\n").findIndex((line) => line.includes("cars_site_location_created"));
    expect(scan).toBeGreaterThanOrEqual(0);
    expect(plan.split("\n")[scan + 1]).toMatch(/Index Cond: .*location_id = .*created_at/);
  });

  it("finds a lead by part of the shopper's name, e-mail or phone through leads_personal_trgm", async () => {
    const plan = await planOf(sql`select ${leads.id} from ${leads} where ${leadPersonalTextContains("Shopper4242")}`);
    expect(plan).toContain("leads_personal_trgm");
  });

  it("searches an e-mail address through the index by the part before its '@' and checks the whole address on the rows found", async () => {
    const plan = await planOf(sql`select ${leads.id} from ${leads} where ${leadPersonalTextContains("Jo.Shopper42@BigPond.com")}`);
    const scan = plan.split("\n").findIndex((line) => line.includes("leads_personal_trgm"));
    expect(scan).toBeGreaterThanOrEqual(0);
    expect(plan.split("\n")[scan + 1]).toMatch(/Index Cond: .*~~ '%jo\.shopper42%'/);
    expect(plan).toMatch(/Filter: .*strpos\(.*'jo\.shopper42@bigpond\.com'/);
  });

  it("bounds the leads index's pending list at 128 kB, so an inbox search never reads more than 16 pages of unmerged enquiries", async () => {
    const result = await handle.db.execute(sql`select reloptions from pg_class where relname = 'leads_personal_trgm'`);
    const [row] = rowsOf<{ reloptions: string[] | string | null }>(result);
    // node-postgres reads text[] as an array; PGlite as its array literal.
    expect(Array.isArray(row.reloptions) ? row.reloptions : String(row.reloptions).replace(/^\{|\}$/g, "").split(",")).toEqual(["gin_pending_list_limit=128"]);
  });

  it("leaves the car index's pending list merged after an import, so a stock search reads none of it", async () => {
    // A database of its own: on a PostgreSQL run other test files write cars meanwhile, and an
    // import of theirs would merge the list, or a write of theirs refill it, between two steps here.
    const own = await openEmbeddedTestDatabase();
    try {
      const site = await createTestSite(own);
      const pendingPagesMerged = async () => {
        const result = await own.db.execute(sql`select gin_clean_pending_list('cars_search_trgm'::regclass) as pages`);
        const [row] = rowsOf<{ pages: number | string }>(result);
        return Number(row.pages);
      };
      await pendingPagesMerged();
      // Rows written outside an import wait in the pending list ...
      await own.db.insert(cars).values({ siteId: site.id, slug: `pending-${site.id}`, name: "Pending", stockNumber: `PEND${site.id}`, carType: "used", make: "Mazda", model: "CX-5", year: 2020, km: 1, price: 1, status: "in_stock", sourceHash: "h" });
      expect(await pendingPagesMerged()).toBeGreaterThan(0);
      // ... and an import's are merged before it returns.
      const summary = await importStock(own.db, site, feed([stockRecord({ make: "Toyota", model: "HiLux" }), stockRecord({ make: "Kia", model: "Sportage" })]));
      expect(summary.created).toBe(2);
      expect(await pendingPagesMerged()).toBe(0);
    } finally {
      await own.close();
    }
  });
});

/**
 * Search against the database (issue 6): stock visibility and disjunctive counts through the site
 * service (spec 4, spec 9 "Search"), and the SQL engine answering exactly what the read model
 * answers (decision 040), on PGlite or the PostgreSQL at DATABASE_URL.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client";
import { sites } from "../../db/schema/index";
import { buildSearchReadModel } from "../../app/search/read-model";
import { SqlSearchEngine } from "../../app/search/sql-engine";
import { YARD } from "../../app/search/testing/engine-contract";
import { DEFAULT_VISIBILITY, daysAgo, makeDoc, makeQuery } from "../../app/search/testing/fixtures";
import type { SearchDoc, SearchQuery, SearchResult } from "../../app/search/types";
import { displayedResultCount, loadSearchDocs, searchStock } from "../../app/services/search.server";
import { importStock } from "../../app/services/stock-import.server";
import { getSiteBySlug } from "../../app/services/sites.server";
import { createTestSite, ENGINE, openTestDatabase } from "./database";
import { feed, stockRecord } from "./fixtures";

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(async () => {
  await handle?.close();
});

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

describe(`site search service on ${ENGINE}: visibility (spec 4)`, () => {
  it("lists in_stock, coming_soon and cars sold within the site's N days; hides show_on_dealer_website false and excluded stock numbers", async () => {
    const now = Date.UTC(2025, 6, 15, 12);
    const site = await createTestSite(handle, { config: { search: { includeSoldCarsDays: 5, excludedStockNumbers: ["HIDE-1"] } } });
    await importStock(handle.db, site, feed([
      stockRecord({ stock_number: "IN-1", make: "Kia" }),
      stockRecord({ stock_number: "SOON-1", make: "Kia", status: "coming_soon" }),
      stockRecord({ stock_number: "SOLD-4D", make: "Kia", status: "sold", sold_date: iso(now - 4 * DAY) }),
      stockRecord({ stock_number: "SOLD-9D", make: "Kia", status: "sold", sold_date: iso(now - 9 * DAY) }),
      stockRecord({ stock_number: "HIDE-1", make: "Kia" }),
      stockRecord({ stock_number: "OFF-1", make: "Kia", show_on_dealer_website: false }),
    ]));
    const fresh = (await getSiteBySlug(handle.db, site.slug))!;
    const r = await searchStock(handle.db, fresh, makeQuery({ sortBy: "latest" }), now);
    expect(r.hits.map((h) => h.stockNumber).sort()).toEqual(["IN-1", "SOLD-4D", "SOON-1"]);
    expect(r.facets.make).toEqual([{ value: "Kia", label: "Kia", count: 3 }]);
  });

  it("counts are disjunctive: other makes keep their counts while one make is refined (spec 9)", async () => {
    const site = await createTestSite(handle);
    await importStock(handle.db, site, feed([
      stockRecord({ make: "Kia", body: "SUV" }),
      stockRecord({ make: "Kia", body: "Hatch" }),
      stockRecord({ make: "Mazda", body: "SUV" }),
      stockRecord({ make: "Ford", body: "Ute" }),
    ]));
    const fresh = (await getSiteBySlug(handle.db, site.slug))!;
    const r = await searchStock(handle.db, fresh, makeQuery({ refinements: { make: ["Kia"], body: ["SUV"] } }));
    expect(r.count).toBe(1);
    expect(r.facets.make.map((f) => [f.value, f.count])).toEqual([["Kia", 1], ["Mazda", 1]]);
    expect(r.facets.body.map((f) => [f.value, f.count])).toEqual([["Hatch", 1], ["SUV", 1]]);
  });

  it("another site's stock never appears (scoped by site)", async () => {
    const a = await createTestSite(handle);
    const b = await createTestSite(handle);
    await importStock(handle.db, a, feed([stockRecord({ make: "Subaru" })]));
    await importStock(handle.db, b, feed([stockRecord({ make: "Volvo" })]));
    const r = await searchStock(handle.db, (await getSiteBySlug(handle.db, a.slug))!, makeQuery());
    expect(r.facets.make.map((f) => f.value)).toEqual(["Subaru"]);
  });

  it("loads a site's cars in batches by stock number: every car once, whatever the batch size (issue 54)", async () => {
    const site = await createTestSite(handle);
    const records = Array.from({ length: 7 }, (_, i) => stockRecord({ make: i % 2 ? "Kia" : "Mazda" }));
    await importStock(handle.db, site, feed(records));
    const fresh = (await getSiteBySlug(handle.db, site.slug))!;
    const whole = await loadSearchDocs(handle.db, fresh);
    const batched = await loadSearchDocs(handle.db, fresh, 3);
    expect(whole).toHaveLength(7);
    expect(batched.map((d) => d.stockNumber)).toEqual(whole.map((d) => d.stockNumber));
    expect(new Set(batched.map((d) => d.id)).size).toBe(7);
    expect(await loadSearchDocs(handle.db, fresh, 7)).toHaveLength(7);
  });

  it("rebuilds the read model when the site's stock version moves on", async () => {
    const site = await createTestSite(handle);
    const first = stockRecord({ make: "Audi" });
    await importStock(handle.db, site, feed([first]));
    const before = await searchStock(handle.db, (await getSiteBySlug(handle.db, site.slug))!, makeQuery());
    await importStock(handle.db, site, feed([first, stockRecord({ make: "Audi" })]));
    const version = (await handle.db.select({ v: sites.stockVersion }).from(sites).where(eq(sites.id, site.id)))[0].v;
    const after = await searchStock(handle.db, (await getSiteBySlug(handle.db, site.slug))!, makeQuery());
    expect(version).toBeGreaterThan(site.stockVersion);
    expect([before.count, after.count]).toEqual([1, 2]);
  });
});

describe("result counts above 1999 (spec 9)", () => {
  const facets = { car_type: [{ count: 1500 }, { count: 1200 }] };
  it("keeps counts up to 1999", () => {
    expect(displayedResultCount(1999, facets, null)).toBe(1999);
  });
  it("replaces a larger count by the configured stock count", () => {
    expect(displayedResultCount(2700, facets, 2500)).toBe(2500);
  });
  it("or, without one, by the sum of the car_type facet counts", () => {
    expect(displayedResultCount(2700, facets, null)).toBe(2700);
    expect(displayedResultCount(2001, { car_type: [{ count: 2400 }] }, null)).toBe(2400);
  });
  it("sums only the car types the shopper refined by (issue 17: 'Used' ticked reads the used count)", () => {
    const typed = { car_type: [{ value: "new", count: 900 }, { value: "demo", count: 776 }, { value: "used", count: 6126 }] };
    expect(displayedResultCount(6126, typed, null, ["used"])).toBe(6126);
    expect(displayedResultCount(7026, typed, null, ["new", "used"])).toBe(7026);
    expect(displayedResultCount(7802, typed, null, [])).toBe(7802);
    expect(displayedResultCount(6126, typed, 9000, ["used"])).toBe(9000);
  });
});

// ---- The SQL engine agrees with the read model ------------------------------------------------

function lcg(seed: number) {
  let s = seed;
  return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32);
}

function randomDocs(n: number, seed: number): SearchDoc[] {
  const r = lcg(seed);
  const pick = <T>(xs: T[]) => xs[Math.floor(r() * xs.length)];
  return Array.from({ length: n }, (_, i) =>
    makeDoc({
      id: i + 1,
      stockNumber: `S${1000 + i}`,
      make: pick(["Toyota", "Mazda", "Kia", "Škoda", "Land Rover"]),
      model: pick(["Corolla", "CX-5", "HiLux", "Range Rover", "3"]),
      badge: pick([null, "SR5", "GT", "Maxx Sport"]),
      body: pick([null, "SUV", "Hatch", "Ute"]),
      fuel: pick([null, "Petrol", "Diesel"]),
      colour: pick([null, "White", "Glacier White"]),
      seats: pick([null, 2, 5, 7]),
      city: pick([null, "Brisbane", "Perth"]),
      dealership: pick([null, "north", "south"]),
      dealershipName: pick([null, "North Motors", ""]),
      carType: pick(["new", "demo", "used"] as const),
      certified: r() < 0.3,
      tag: pick([null, "Special"]),
      status: pick(["in_stock", "in_stock", "coming_soon", "sold", "withdrawn"] as const),
      soldAt: r() < 0.5 ? daysAgo(Math.floor(r() * 8)) : null,
      showOnDealerWebsite: r() < 0.9,
      year: pick([null, 2018, 2021, 2024]),
      km: pick([null, 0, 12000, 80000]),
      price: pick([null, 0, 15000, 29990, 42000]),
      subscriptionPrice: pick([null, 99, 199]),
      createdAt: daysAgo(Math.floor(r() * 30)),
      customRank: Math.floor(r() * 3),
    }),
  );
}

const QUERIES: SearchQuery[] = [
  makeQuery(),
  makeQuery({ query: "toy" }),
  makeQuery({ query: "range rov", sortBy: "price_asc" }),
  makeQuery({ refinements: { make: ["Toyota", "Mazda"], body: ["SUV"], car_type: ["used"] } }),
  makeQuery({ refinements: { certified: ["true"], seats: ["5", "7"] }, sortBy: "km" }),
  makeQuery({ ranges: { price: { min: 10000, max: 40000 } }, sortBy: "price_desc", page: 2, hitsPerPage: 5 }),
  makeQuery({ ranges: { km: { min: null, max: 20000 }, year: { min: 2020, max: null } }, sortBy: "subscription_price" }),
  makeQuery({ refinements: { make: ["Nope"] }, sortBy: "latest" }),
  makeQuery({ refinements: { dealership: ["north"] }, query: "glacier", sortBy: "price_asc" }),
];

/** Everything but wall time. */
const comparable = (r: SearchResult) => ({ ...r, ms: 0 });

describe(`SQL engine on ${ENGINE} answers exactly what the read model answers (decision 040)`, () => {
  const cases: [string, SearchDoc[]][] = [["the contract yard", YARD], ["400 random cars", randomDocs(400, 7)]];
  for (const [name, docs] of cases) {
    it(`on ${name}`, async () => {
      const engine = await SqlSearchEngine.build(handle.db, `search_docs_test_${name.length}_${docs.length}`, docs);
      const model = buildSearchReadModel(docs);
      for (const visibility of [DEFAULT_VISIBILITY, { ...DEFAULT_VISIBILITY, priceAboveZeroOnPriceAsc: true, excludedStockNumbers: ["s1001"], includeSoldDays: 5 }]) {
        for (const q of QUERIES) {
          const expected = comparable(model.search(q, visibility));
          expect(comparable(await engine.search(q, visibility)), JSON.stringify(q)).toEqual(expected);
        }
      }
    });
  }
});

/**
 * The console's stock list pages (issue 49 item 1, decision 372), on PGlite or PostgreSQL
 * (DATABASE_URL): each page's ids are read first and their rows joined after (a deferred join), so
 * every sort's pages must still hold each matching car once, in the sort's order. Cars share
 * listed times and prices (and some have no price), so the tie-breaking column decides.
 */
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { listStock, StockFilterSchema, STOCK_PAGE_SIZE } from "../../app/console/stock.server";
import { STOCK_SORTS } from "../../app/console/stock-options";
import { useTestApp } from "./app-harness";
import { ENGINE } from "./database";

const state = useTestApp();
const CARS = STOCK_PAGE_SIZE * 2 + 37;

interface Car {
  id: number;
  /** Microseconds since the epoch, exact. */
  listed: bigint;
  price: number | null;
  stockNumber: string;
  make: string;
}
let all: Car[];

beforeAll(async () => {
  const { db } = state.handle;
  const site = state.t.site;
  // Three cars per listed second, prices in steps of 7 of 40 (a ninth without a price), two makes.
  await db.execute(sql`
    insert into cars (site_id, slug, name, stock_number, car_type, make, model, year, price, km, status, source_hash, created_at)
    select ${site.id}, 'pages-' || g, 'Car ' || g, 'PG' || lpad(g::text, 4, '0'), 'used', case when g % 2 = 0 then 'Mazda' else 'Kia' end, 'Model', 2020,
      case when g % 9 = 0 then null else 10000 + (g * 7 % 40) * 100 end, 1000, 'in_stock', 'pages-' || g,
      timestamptz '2026-05-01 00:00:00+00' + (g / 3) * interval '1 second'
    from generate_series(1, ${CARS}::int) g`);
  const result = await db.execute(sql`select id, (extract(epoch from created_at) * 1000000)::bigint::text as listed, price, stock_number, make from cars where site_id = ${site.id}`);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { id: number; listed: string; price: number | null; stock_number: string; make: string }[];
  all = rows.map((r) => ({ id: Number(r.id), listed: BigInt(r.listed), price: r.price === null ? null : Number(r.price), stockNumber: r.stock_number, make: r.make }));
});

/** The test site as a site manager opens it (every car within reach). */
function managerScope() {
  const site = state.t.site;
  return { site: { id: site.id, slug: site.slug, name: site.name, hosts: [], dealerGroupId: null }, reach: "all" as const, locationIds: [] };
}

const byListed = (a: Car, b: Car) => (a.listed < b.listed ? -1 : a.listed > b.listed ? 1 : 0);
const byPrice = (a: Car, b: Car) => (a.price === b.price ? 0 : a.price === null ? 1 : b.price === null ? -1 : a.price - b.price);
/** The order each sort promises, written out independently of the SQL. */
const ORDERS: Record<keyof typeof STOCK_SORTS, (a: Car, b: Car) => number> = {
  newest: (a, b) => byListed(b, a) || b.id - a.id,
  oldest: (a, b) => byListed(a, b) || a.id - b.id,
  "price-asc": (a, b) => byPrice(a, b) || a.id - b.id,
  "price-desc": (a, b) => (a.price === null || b.price === null ? byPrice(a, b) : b.price - a.price) || a.id - b.id,
  stock: (a, b) => (a.stockNumber < b.stockNumber ? -1 : a.stockNumber > b.stockNumber ? 1 : 0),
};

describe(`stock list pages (${ENGINE})`, () => {
  it("every sort's pages hold each car once, in the sort's order, with the total", async () => {
    const scoped = managerScope();
    expect(all.filter((c) => c.stockNumber.startsWith("PG"))).toHaveLength(CARS);
    const pages = Math.ceil(all.length / STOCK_PAGE_SIZE);
    for (const sort of Object.keys(STOCK_SORTS) as (keyof typeof STOCK_SORTS)[]) {
      const expected = [...all].sort(ORDERS[sort]).map((c) => c.id);
      const seen: number[] = [];
      for (let page = 1; page <= pages + 1; page++) {
        const result = await listStock(state.handle.db, scoped, StockFilterSchema.parse({ sort, page: String(page) }), Date.UTC(2026, 5, 1));
        expect(result.total, sort).toBe(all.length);
        expect(result.pages, sort).toBe(pages);
        expect(result.rows.length, `${sort} page ${page}`).toBe(page <= pages ? Math.min(STOCK_PAGE_SIZE, all.length - (page - 1) * STOCK_PAGE_SIZE) : 0);
        seen.push(...result.rows.map((r) => r.id));
      }
      expect(seen, sort).toEqual(expected);
    }
  });

  it("a filtered page keeps the filter and the order", async () => {
    const scoped = managerScope();
    const mazdas = all.filter((c) => c.make === "Mazda").sort(ORDERS["price-desc"]);
    const result = await listStock(state.handle.db, scoped, StockFilterSchema.parse({ make: "Mazda", sort: "price-desc", page: "2" }), Date.UTC(2026, 5, 1));
    expect(result.total).toBe(mazdas.length);
    expect(result.rows.map((r) => r.id)).toEqual(mazdas.slice(STOCK_PAGE_SIZE, STOCK_PAGE_SIZE * 2).map((c) => c.id));
    expect(result.rows.every((r) => r.title.includes("Mazda"))).toBe(true);
  });
});

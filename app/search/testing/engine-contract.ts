/**
 * The behaviour every search engine must show (spec 2.2, 4, 5, 9), as a Vitest suite run once per
 * engine: the read model and the reference engine (and later the SQL engine) call
 * {@link describeSearchEngineContract}. Test-only.
 */
import { describe, expect, it } from "vitest";
import type { SearchEngine } from "../semantics.ts";
import type { FacetValue, SearchDoc, SearchResult, SortBy } from "../types.ts";
import { DEFAULT_VISIBILITY, NOW, daysAgo, makeDoc, makeQuery } from "./fixtures.ts";

/** The hand-made yard the facet maths below is worked out on (all listed, in stock). */
export const YARD: SearchDoc[] = [
  makeDoc({ id: 1, make: "Toyota", model: "Corolla", body: "Hatch", carType: "used", price: 20000, km: 50000, year: 2019, fuel: "Petrol", city: "Brisbane" }),
  makeDoc({ id: 2, make: "Toyota", model: "Corolla", body: "Sedan", carType: "used", price: 25000, km: 30000, year: 2021, fuel: "Hybrid", city: "Brisbane" }),
  makeDoc({ id: 3, make: "Toyota", model: "HiLux", body: "Ute", carType: "new", price: 55000, km: 10, year: 2025, fuel: "Diesel", city: "Gold Coast" }),
  makeDoc({ id: 4, make: "Toyota", model: "RAV4", body: "SUV", carType: "demo", price: 42000, km: 5000, year: 2024, fuel: "Hybrid", city: "Brisbane" }),
  makeDoc({ id: 5, make: "Mazda", model: "CX-5", body: "SUV", carType: "used", price: 30000, km: 40000, year: 2020, fuel: "Petrol", city: "Gold Coast" }),
  makeDoc({ id: 6, make: "Mazda", model: "3", body: "Hatch", carType: "new", price: 33000, km: 5, year: 2025, fuel: "Petrol", city: "Brisbane" }),
  makeDoc({ id: 7, make: "Kia", model: "Sportage", body: "SUV", carType: "used", price: 28000, km: 60000, year: 2019, fuel: "Diesel", city: "Brisbane" }),
  makeDoc({ id: 8, make: "Kia", model: "Cerato", body: "Hatch", carType: "used", price: null, km: 80000, year: 2018, fuel: "Petrol", city: "Gold Coast" }),
  makeDoc({ id: 9, make: "Ford", model: "Ranger", body: "Ute", carType: "used", price: 45000, km: 70000, year: 2020, fuel: "Diesel", city: "Toowoomba" }),
  makeDoc({ id: 10, make: "Ford", model: "Everest", body: "SUV", carType: "demo", price: 60000, km: 3000, year: 2024, fuel: "Diesel", city: "Toowoomba" }),
];

const ids = (result: SearchResult) => result.hits.map((h) => h.id);
const counts = (values: FacetValue[]) => values.map((v) => [v.value, v.count]);

/**
 * Declares the shared behaviour tests for one engine.
 * @param name shown in test names, e.g. "read model".
 * @param create builds the engine over a site's cars.
 */
export function describeSearchEngineContract(name: string, create: (docs: SearchDoc[]) => SearchEngine): void {
  describe(`${name}: disjunctive facet counts (issue 6, DESIGN.md 5)`, () => {
    const engine = create(YARD);

    it("counts each facet without its own refinement: make in (Toyota, Mazda) and body SUV", () => {
      const r = engine.search(makeQuery({ refinements: { make: ["Toyota", "Mazda"], body: ["SUV"] } }), DEFAULT_VISIBILITY);
      expect(r.count).toBe(2);
      expect(ids(r)).toEqual([4, 5]);
      // make ignores the make refinement: the four SUVs, one per make; ties by name (spec 9).
      expect(counts(r.facets.make)).toEqual([["Ford", 1], ["Kia", 1], ["Mazda", 1], ["Toyota", 1]]);
      // body ignores the body refinement: the six Toyotas and Mazdas.
      expect(counts(r.facets.body)).toEqual([["Hatch", 2], ["SUV", 2], ["Sedan", 1], ["Ute", 1]]);
      // Other facets count the full matches only; zero counts are dropped.
      expect(counts(r.facets.car_type)).toEqual([["demo", 1], ["used", 1]]);
      expect(counts(r.facets.city)).toEqual([["Brisbane", 1], ["Gold Coast", 1]]);
      expect(counts(r.facets.model)).toEqual([["CX-5", 1], ["RAV4", 1]]);
      expect(r.rangeStats).toEqual({ price: { min: 30000, max: 42000 }, km: { min: 5000, max: 40000 }, year: { min: 2020, max: 2024 } });
    });

    it("range stats ignore their own range (types.ts rangeStats): make Toyota and price 20000:30000", () => {
      const r = engine.search(makeQuery({ refinements: { make: ["Toyota"] }, ranges: { price: { min: 20000, max: 30000 } } }), DEFAULT_VISIBILITY);
      expect(ids(r)).toEqual([1, 2]);
      // Cars in the price range, any make; the Kia without a price is not in any price range.
      expect(counts(r.facets.make)).toEqual([["Toyota", 2], ["Kia", 1], ["Mazda", 1]]);
      // Every Toyota's price, ignoring the price range.
      expect(r.rangeStats.price).toEqual({ min: 20000, max: 55000 });
      expect(r.rangeStats.km).toEqual({ min: 30000, max: 50000 });
      expect(counts(r.facets.body)).toEqual([["Hatch", 1], ["Sedan", 1]]);
    });

    it("open-ended ranges and bounds are inclusive (spec 5 'min:max')", () => {
      expect(ids(engine.search(makeQuery({ ranges: { price: { min: null, max: 25000 } } }), DEFAULT_VISIBILITY))).toEqual([1, 2]);
      expect(ids(engine.search(makeQuery({ ranges: { price: { min: 55000, max: null } } }), DEFAULT_VISIBILITY))).toEqual([3, 10]);
      expect(ids(engine.search(makeQuery({ ranges: { year: { min: 2024, max: 2024 } } }), DEFAULT_VISIBILITY))).toEqual([4, 10]);
    });

    it("keeps a refined value that no car has, with count 0, so the shopper can remove it", () => {
      const r = engine.search(makeQuery({ refinements: { make: ["Tesla"] } }), DEFAULT_VISIBILITY);
      expect(r.count).toBe(0);
      expect(r.pages).toBe(0);
      expect(counts(r.facets.make)).toEqual([["Toyota", 4], ["Ford", 2], ["Kia", 2], ["Mazda", 2], ["Tesla", 0]]);
      expect(r.facets.body).toEqual([]);
      expect(r.rangeStats.price).toEqual({ min: null, max: null });
    });

    it("keeps a refined value whose count drops to 0 under other refinements", () => {
      const r = engine.search(makeQuery({ refinements: { make: ["Kia"], body: ["Ute"] } }), DEFAULT_VISIBILITY);
      expect(r.count).toBe(0);
      expect(counts(r.facets.make)).toEqual([["Ford", 1], ["Toyota", 1], ["Kia", 0]]);
      // Both refined values stay listed: Kia with 0 Utes, Ute with 0 Kias.
      expect(counts(r.facets.body)).toEqual([["Hatch", 1], ["SUV", 1], ["Ute", 0]]);
    });

    it("orders car_type new, demo, used whatever the counts (spec 9)", () => {
      const r = engine.search(makeQuery(), DEFAULT_VISIBILITY);
      expect(counts(r.facets.car_type)).toEqual([["new", 2], ["demo", 2], ["used", 6]]);
      expect(r.facets.car_type.map((v) => v.label)).toEqual(["New", "Demo", "Used"]);
    });

    it("orders makes by count descending then name (spec 9)", () => {
      const r = engine.search(makeQuery(), DEFAULT_VISIBILITY);
      expect(counts(r.facets.make)).toEqual([["Toyota", 4], ["Ford", 2], ["Kia", 2], ["Mazda", 2]]);
      expect(r.count).toBe(10);
    });

    it("labels dealerships by name and certified as Certified / Not certified (spec 2.2 facet tiles)", () => {
      const e = create([
        makeDoc({ id: 1, dealership: "north", dealershipName: "North Toyota", certified: true }),
        makeDoc({ id: 2, dealership: "north", dealershipName: "North Toyota (old name)" }),
        makeDoc({ id: 3, dealership: "south", dealershipName: null }),
      ]);
      const r = e.search(makeQuery(), DEFAULT_VISIBILITY);
      expect(r.facets.dealership).toEqual([
        { value: "north", label: "North Toyota", count: 2 },
        { value: "south", label: "south", count: 1 },
      ]);
      expect(r.facets.certified).toEqual([
        { value: "false", label: "Not certified", count: 2 },
        { value: "true", label: "Certified", count: 1 },
      ]);
    });

    it("counts seats as whole-number values and leaves cars without a value out of a facet", () => {
      const e = create([makeDoc({ id: 1, seats: 5 }), makeDoc({ id: 2, seats: 7 }), makeDoc({ id: 3, seats: 5 }), makeDoc({ id: 4 })]);
      const r = e.search(makeQuery({ refinements: { seats: ["7"] } }), DEFAULT_VISIBILITY);
      expect(ids(r)).toEqual([2]);
      expect(counts(r.facets.seats)).toEqual([["5", 2], ["7", 1]]);
    });
  });

  describe(`${name}: stock visibility (spec 4)`, () => {
    const docs = [
      makeDoc({ id: 1, status: "in_stock" }),
      makeDoc({ id: 2, status: "coming_soon" }),
      makeDoc({ id: 3, status: "sold", soldAt: daysAgo(2) }),
      makeDoc({ id: 4, status: "sold", soldAt: daysAgo(4) }),
      makeDoc({ id: 5, status: "withdrawn" }),
      makeDoc({ id: 6, status: "in_stock", showOnDealerWebsite: false }),
      makeDoc({ id: 7, status: "in_stock", stockNumber: "EX-1" }),
      makeDoc({ id: 8, status: "sold", soldAt: daysAgo(3) }),
      makeDoc({ id: 9, status: "sold", soldAt: null }),
      makeDoc({ id: 10, status: "sold", soldAt: daysAgo(1), showOnDealerWebsite: false }),
    ];
    const engine = create(docs);
    const visibleIds = (options = {}) => ids(engine.search(makeQuery({ sortBy: "km", hitsPerPage: 50 }), { ...DEFAULT_VISIBILITY, ...options }));

    it("lists in_stock and coming_soon cars, and cars sold within the default 3 days", () => {
      expect(visibleIds()).toEqual([1, 2, 3, 7, 8]);
    });

    it("lists a car sold 2 days ago and hides one sold 4 days ago (default 3)", () => {
      expect(visibleIds()).toContain(3);
      expect(visibleIds()).not.toContain(4);
    });

    it("counts exactly 3 days ago as within 3 days, and 0 days lists no sold car", () => {
      expect(visibleIds()).toContain(8);
      expect(visibleIds({ includeSoldDays: 0 })).toEqual([1, 2, 7]);
    });

    it("follows the site's include_sold_cars_days", () => {
      expect(visibleIds({ includeSoldDays: 5 })).toEqual([1, 2, 3, 4, 7, 8]);
    });

    it("hides withdrawn cars, sold cars without a sold date, and cars not shown on the dealer website", () => {
      const visible = visibleIds({ includeSoldDays: 30 });
      expect(visible).not.toContain(5);
      expect(visible).not.toContain(6);
      expect(visible).not.toContain(9);
      expect(visible).not.toContain(10);
    });

    it("hides the site's excluded stock numbers, compared without case or surrounding spaces (spec 9)", () => {
      expect(visibleIds({ excludedStockNumbers: [" ex-1 ", "S2"] })).toEqual([1, 3, 8]);
      // Exclusions are per query: the next query sees the car again.
      expect(visibleIds()).toEqual([1, 2, 3, 7, 8]);
    });

    it("leaves hidden cars out of facet counts and range stats", () => {
      const e = create([
        makeDoc({ id: 1, make: "Kia", price: 10000 }),
        makeDoc({ id: 2, make: "Audi", price: 90000, status: "withdrawn" }),
        makeDoc({ id: 3, make: "Audi", price: 80000, status: "sold", soldAt: daysAgo(10) }),
      ]);
      const r = e.search(makeQuery(), DEFAULT_VISIBILITY);
      expect(counts(r.facets.make)).toEqual([["Kia", 1]]);
      expect(r.rangeStats.price).toEqual({ min: 10000, max: 10000 });
    });

    it("adds price > 0 only when sorting by lowest price and the site enables it (spec 5)", () => {
      const e = create([
        makeDoc({ id: 1, price: 0 }),
        makeDoc({ id: 2, price: null }),
        makeDoc({ id: 3, price: 15000 }),
        makeDoc({ id: 4, price: 9000 }),
      ]);
      const on = { ...DEFAULT_VISIBILITY, priceAboveZeroOnPriceAsc: true };
      expect(ids(e.search(makeQuery({ sortBy: "price_asc" }), on))).toEqual([4, 3]);
      expect(e.search(makeQuery({ sortBy: "price_asc" }), on).rangeStats.price).toEqual({ min: 9000, max: 15000 });
      expect(ids(e.search(makeQuery({ sortBy: "price_asc" }), DEFAULT_VISIBILITY))).toEqual([1, 4, 3, 2]);
      expect(ids(e.search(makeQuery({ sortBy: "price_desc" }), on))).toEqual([3, 4, 1, 2]);
    });

    it("the price > 0 filter of a lowest-price sort drops used cars only, never new or demo (spec 5 'used-stock price filter')", () => {
      const e = create([
        makeDoc({ id: 1, price: 0, carType: "used" }),
        makeDoc({ id: 2, price: 0, carType: "new" }),
        makeDoc({ id: 3, price: null, carType: "demo" }),
        makeDoc({ id: 4, price: 9000, carType: "used" }),
      ]);
      const on = { ...DEFAULT_VISIBILITY, priceAboveZeroOnPriceAsc: true };
      expect(ids(e.search(makeQuery({ sortBy: "price_asc" }), on))).toEqual([2, 4, 3]);
    });
  });

  describe(`${name}: sorts (spec 2.2) and pagination (spec 9: 21 per page)`, () => {
    const docs = [
      makeDoc({ id: 1, customRank: 0, createdAt: daysAgo(5), price: 30000, km: 1000, subscriptionPrice: 200 }),
      makeDoc({ id: 2, customRank: 5, createdAt: daysAgo(9), price: null, km: null, subscriptionPrice: null }),
      makeDoc({ id: 3, customRank: 5, createdAt: daysAgo(1), price: 10000, km: 90000, subscriptionPrice: 150 }),
      makeDoc({ id: 4, customRank: 0, createdAt: daysAgo(5), price: 30000, km: 500, subscriptionPrice: null }),
      makeDoc({ id: 5, customRank: 1, createdAt: daysAgo(2), price: 50000, km: 1000, subscriptionPrice: 150 }),
    ];
    const engine = create(docs);
    const sorted = (sortBy: SortBy) => ids(engine.search(makeQuery({ sortBy }), DEFAULT_VISIBILITY));

    it("most relevant: custom rank descending, then newest, then id", () => {
      expect(sorted("relevance")).toEqual([3, 2, 5, 1, 4]);
    });
    it("latest: newest first, ties by id", () => {
      expect(sorted("latest")).toEqual([3, 5, 1, 4, 2]);
    });
    it("highest price: descending, cars without a price last", () => {
      expect(sorted("price_desc")).toEqual([5, 1, 4, 3, 2]);
    });
    it("lowest price: ascending, cars without a price last", () => {
      expect(sorted("price_asc")).toEqual([3, 1, 4, 5, 2]);
    });
    it("subscription price: ascending, cars without one last", () => {
      expect(sorted("subscription_price")).toEqual([3, 5, 1, 2, 4]);
    });
    it("kms: ascending, cars without km last", () => {
      expect(sorted("km")).toEqual([4, 1, 5, 3, 2]);
    });

    const many = Array.from({ length: 50 }, (_, i) => makeDoc({ id: i + 1, price: 1000 * (50 - i) }));
    const paged = create(many);

    it("pages 50 cars as 21 + 21 + 8 (1-based, pages = ceil(count / 21))", () => {
      const page = (p: number) => paged.search(makeQuery({ sortBy: "price_asc", page: p }), DEFAULT_VISIBILITY);
      expect(page(1)).toMatchObject({ count: 50, pages: 3, page: 1, hitsPerPage: 21 });
      expect(ids(page(1))).toEqual(Array.from({ length: 21 }, (_, i) => 50 - i));
      expect(ids(page(2))).toEqual(Array.from({ length: 21 }, (_, i) => 29 - i));
      expect(ids(page(3))).toEqual([8, 7, 6, 5, 4, 3, 2, 1]);
      expect(page(4)).toMatchObject({ hits: [], count: 50, pages: 3, page: 4 });
    });

    it("pages a sparse selection in sort order", () => {
      const r = paged.search(makeQuery({ sortBy: "price_desc", ranges: { price: { min: 10000, max: 12000 } }, page: 1, hitsPerPage: 2 }), DEFAULT_VISIBILITY);
      expect(ids(r)).toEqual([39, 40]);
      expect(r.pages).toBe(2);
    });

    it("refuses a page or page size below 1", () => {
      expect(() => paged.search(makeQuery({ page: 0 }), DEFAULT_VISIBILITY)).toThrow(RangeError);
      expect(() => paged.search(makeQuery({ hitsPerPage: 0 }), DEFAULT_VISIBILITY)).toThrow(RangeError);
    });
  });

  describe(`${name}: text query (types.ts SearchQuery.query)`, () => {
    const docs = [
      makeDoc({ id: 1, make: "Toyota", model: "Corolla", badge: "Ascent Sport", body: "Hatch", colour: "Glacier White", stockNumber: "T-1001" }),
      makeDoc({ id: 2, make: "Toyota", model: "HiLux", badge: "SR5", body: "Ute", stockNumber: "T-1002" }),
      makeDoc({ id: 3, make: "Mazda", model: "CX-5", badge: "Maxx", body: "SUV", stockNumber: "M-77" }),
      makeDoc({ id: 4, make: "Škoda", model: "Octavia", series: "NX", stockNumber: "SK9" }),
    ];
    const engine = create(docs);
    const found = (query: string) => ids(engine.search(makeQuery({ query }), DEFAULT_VISIBILITY));

    it("ANDs tokens across make, model, badge, series, body, colour and stock number", () => {
      expect(found("toyota ute")).toEqual([2]);
      expect(found("white corolla")).toEqual([1]);
      expect(found("toyota mazda")).toEqual([]);
    });
    it("matches the last token as a prefix, earlier tokens exactly", () => {
      expect(found("toyota co")).toEqual([1]);
      expect(found("toy")).toEqual([1, 2]);
      expect(found("toy corolla")).toEqual([]);
    });
    it("ignores case, accents and punctuation; joined forms match too ('cx5')", () => {
      expect(found("SKODA")).toEqual([4]);
      expect(found("cx-5")).toEqual([3]);
      expect(found("cx5")).toEqual([3]);
      expect(found("t-1002")).toEqual([2]);
      expect(found("t1001")).toEqual([1]);
    });
    it("treats text without letters or digits as no text query", () => {
      expect(found("  -- ")).toEqual([1, 2, 3, 4]);
    });
    it("counts facets over the text matches only", () => {
      const r = engine.search(makeQuery({ query: "toyota", refinements: { body: ["Ute"] } }), DEFAULT_VISIBILITY);
      expect(ids(r)).toEqual([2]);
      expect(counts(r.facets.body)).toEqual([["Hatch", 1], ["Ute", 1]]);
      expect(counts(r.facets.make)).toEqual([["Toyota", 1]]);
    });
  });

  describe(`${name}: result shape (types.ts SearchResult)`, () => {
    it("answers an empty site with empty facets and null range stats", () => {
      const r = create([]).search(makeQuery(), { ...DEFAULT_VISIBILITY, now: NOW });
      expect(r).toMatchObject({ hits: [], count: 0, page: 1, pages: 0, hitsPerPage: 21 });
      expect(Object.values(r.facets).every((v) => v.length === 0)).toBe(true);
      expect(r.rangeStats.year).toEqual({ min: null, max: null });
      expect(r.ms).toBeGreaterThanOrEqual(0);
    });
  });
}

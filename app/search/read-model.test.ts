import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CAR_STATUSES, CAR_TYPES } from "~/domain/car";
import { SearchReadModel, buildSearchReadModel } from "./read-model.ts";
import { BUILD_FIELDS } from "./read-model-builder.ts";
import { searchReference } from "./reference-engine.ts";
import { DAY_MS } from "./semantics.ts";
import { describeSearchEngineContract } from "./testing/engine-contract.ts";
import { DEFAULT_VISIBILITY, NOW, makeDoc, makeQuery } from "./testing/fixtures.ts";
import { LIST_FACETS, RANGE_FACETS, SORTS, type ListFacet, type SearchDoc, type SearchQuery, type SearchResult, type VisibilityOptions } from "./types.ts";

describeSearchEngineContract("read model", (docs) => SearchReadModel.build(docs));

/**
 * What a rebuild on the worker thread does (issue 54): the worker indexes the cars' JSON with only
 * the index's fields, its typed arrays are transferred back and the model answers with the event
 * loop's own documents.
 */
function viaWorkerParts(docs: readonly SearchDoc[], textIndex: boolean): SearchReadModel {
  const lean = JSON.parse(JSON.stringify(docs, BUILD_FIELDS as string[])) as SearchDoc[];
  const built = SearchReadModel.build(lean);
  if (textIndex) built.prepareTextIndex();
  const { parts, transfer } = built.exportParts(lean);
  return SearchReadModel.fromParts(structuredClone(parts, { transfer }), docs);
}
function viaParts(docs: readonly SearchDoc[]) {
  const { parts, transfer } = SearchReadModel.build(docs).exportParts(docs);
  return structuredClone(parts, { transfer });
}
describeSearchEngineContract("read model from worker parts", (docs) => viaWorkerParts(docs, false));
describeSearchEngineContract("read model from worker parts with its text index", (docs) => viaWorkerParts(docs, true));

// ---- Property: the read model answers exactly what the reference engine answers -----------

const POOLS = {
  make: ["Toyota", "Mazda", "Kia", "Škoda", "toyota", "Land Rover"],
  model: ["Corolla", "CX-5", "HiLux", "Octavia", "3", "Range Rover"],
  badge: ["Ascent Sport", "SR5", "GT", "Maxx"],
  series: ["ZWE211R", "NX", "KF"],
  body: ["SUV", "Hatch", "Ute", "Sedan"],
  fuel: ["Petrol", "Diesel", "Hybrid"],
  drive: ["FWD", "AWD", "4WD"],
  transmission: ["Automatic", "Manual"],
  colour: ["White", "Glacier White", "Black"],
  city: ["Brisbane", "Gold Coast"],
  state: ["QLD", "NSW"],
  dealership: ["north", "south", "east"],
  dealershipName: ["North Motors", "South", ""],
  itemType: ["car", "caravan"],
  tag: ["Special", "Reserved"],
  stockNumber: ["S1", "s1", "S2", "T-100", "T-101", "X9"],
};

const nullable = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: null, freq: 4 });
const pick = <T>(values: readonly T[]) => fc.constantFrom(...values);
const pickNullable = <T>(values: readonly T[]) => nullable(pick(values));

const docFields = fc.record({
  make: pick(POOLS.make),
  model: pick(POOLS.model),
  badge: pickNullable(POOLS.badge),
  series: pickNullable(POOLS.series),
  body: pickNullable(POOLS.body),
  fuel: pickNullable(POOLS.fuel),
  drive: pickNullable(POOLS.drive),
  transmission: pickNullable(POOLS.transmission),
  colour: pickNullable(POOLS.colour),
  seats: pickNullable([2, 5, 7]),
  city: pickNullable(POOLS.city),
  state: pickNullable(POOLS.state),
  dealership: pickNullable(POOLS.dealership),
  dealershipName: pickNullable(POOLS.dealershipName),
  carType: pick(CAR_TYPES),
  itemType: pick(POOLS.itemType),
  tag: pickNullable(POOLS.tag),
  certified: fc.boolean(),
  status: fc.oneof({ weight: 3, arbitrary: fc.constant("in_stock" as const) }, { weight: 2, arbitrary: pick(CAR_STATUSES) }),
  soldAt: nullable(fc.integer({ min: -2, max: 10 }).map((halfDays) => NOW - (halfDays * DAY_MS) / 2)),
  showOnDealerWebsite: fc.oneof({ weight: 5, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
  year: pickNullable([2015, 2019, 2020, 2024, 2025]),
  km: pickNullable([0, 5, 1000, 50000, 120000]),
  price: pickNullable([0, 5000, 19990, 25000, 42000, 89990]),
  subscriptionPrice: pickNullable([99, 150, 200]),
  createdAt: fc.integer({ min: 0, max: 4 }).map((d) => NOW - d * DAY_MS),
  customRank: fc.integer({ min: 0, max: 3 }),
  stockNumber: pick(POOLS.stockNumber),
});

/** Random cars; ids are unique (and not in input order) unless `duplicateIds`. */
const docsArb = fc
  .tuple(fc.array(docFields, { maxLength: 60 }), fc.boolean())
  .map(([fields, duplicateIds]) => fields.map((f, i) => makeDoc({ ...f, id: duplicateIds ? i % 7 : ((i * 37) % 101) + 1 })));

const FACET_POOLS: Record<ListFacet, readonly string[]> = {
  make: POOLS.make,
  model: POOLS.model,
  body: POOLS.body,
  fuel: POOLS.fuel,
  drive: POOLS.drive,
  transmission: POOLS.transmission,
  colour: POOLS.colour,
  seats: ["2", "5", "7"],
  city: POOLS.city,
  state: POOLS.state,
  dealership: POOLS.dealership,
  car_type: CAR_TYPES,
  item_type: POOLS.itemType,
  tag: POOLS.tag,
  certified: ["true", "false"],
};

const refinementsArb = fc
  .array(
    fc.constantFrom(...LIST_FACETS).chain((facet) =>
      fc.tuple(fc.constant(facet), fc.subarray([...FACET_POOLS[facet], "Unknown"], { minLength: 1, maxLength: 3 })),
    ),
    { maxLength: 4 },
  )
  .map((pairs) => Object.fromEntries(pairs) as SearchQuery["refinements"]);

const boundArb = nullable(fc.constantFrom(0, 5, 1000, 2019, 2020, 20000, 42000, 60000));
const rangeArb = fc.option(fc.record({ min: boundArb, max: boundArb }), { nil: undefined, freq: 2 });
const rangesArb = fc.record({ price: rangeArb, km: rangeArb, year: rangeArb }).map((r) => {
  const ranges: SearchQuery["ranges"] = {};
  for (const [k, v] of Object.entries(r)) if (v !== undefined) ranges[k as keyof typeof r] = v;
  return ranges;
});

const TEXT_TOKENS = ["toyota", "toy", "t", "cx", "5", "cx5", "co", "corolla", "skoda", "sk", "land", "rover", "white", "s1", "t-100", "zzz", "gt"];
const textArb = fc.oneof(
  { weight: 2, arbitrary: fc.constant("") },
  { weight: 3, arbitrary: fc.array(pick(TEXT_TOKENS), { minLength: 1, maxLength: 3 }).map((t) => t.join(" ")) },
);

const queryArb: fc.Arbitrary<SearchQuery> = fc.record({
  query: textArb,
  refinements: refinementsArb,
  ranges: rangesArb,
  sortBy: pick(SORTS),
  page: fc.integer({ min: 1, max: 4 }),
  hitsPerPage: fc.integer({ min: 1, max: 8 }),
});

const visibilityArb: fc.Arbitrary<VisibilityOptions> = fc.record({
  includeSoldDays: fc.constantFrom(0, 1, 1.5, 3, 5),
  excludedStockNumbers: fc.subarray(["S1", " t-100 ", "X9", "NOPE"]),
  priceAboveZeroOnPriceAsc: fc.boolean(),
  now: fc.constant(NOW),
});

/** A result with hits as input positions (object identity) and without the timing. */
function comparable(docs: SearchDoc[], result: SearchResult) {
  const { ms: _ms, hits, ...rest } = result;
  return { hits: hits.map((h) => docs.indexOf(h)), ...rest };
}

describe("read model agrees with the reference engine (DESIGN.md 5: results identical across engines)", () => {
  it("on random cars and sequences of random queries (property)", () => {
    fc.assert(
      fc.property(docsArb, fc.array(fc.tuple(queryArb, visibilityArb), { minLength: 1, maxLength: 5 }), (docs, runs) => {
        const model = buildSearchReadModel(docs);
        for (const [query, visibility] of runs) {
          expect(comparable(docs, model.search(query, visibility))).toEqual(comparable(docs, searchReference(docs, query, visibility)));
        }
      }),
      { numRuns: 400 },
    );
  });

  it("when one range is the only filter, counting from the range's block prefix counts (decision 224; property)", () => {
    // Blocks of 1-4 sorted rows, so that these small stocks span many blocks; most of these
    // queries match most cars, which takes the prefix-count path.
    const oneRange = fc.tuple(pick(RANGE_FACETS), fc.record({ min: boundArb, max: boundArb }), textArb, pick(SORTS), fc.integer({ min: 1, max: 3 }));
    fc.assert(
      fc.property(docsArb, fc.integer({ min: 1, max: 4 }), fc.array(fc.tuple(oneRange, visibilityArb), { minLength: 1, maxLength: 6 }), (docs, blockRows, runs) => {
        const model = buildSearchReadModel(docs, blockRows);
        for (const [[facet, range, text, sortBy, page], visibility] of runs) {
          const query: SearchQuery = { query: text, refinements: {}, ranges: { [facet]: range }, sortBy, page, hitsPerPage: 5 };
          expect(comparable(docs, model.search(query, visibility))).toEqual(comparable(docs, searchReference(docs, query, visibility)));
        }
      }),
      { numRuns: 400 },
    );
  });

  it("past 65,535 facet values (32-bit codes)", () => {
    const docs = Array.from({ length: 66_000 }, (_, i) =>
      makeDoc({ id: i + 1, model: `M${i}`, make: i % 3 === 0 ? "Kia" : "Mazda", price: (i % 50) * 1000, customRank: i % 5 }),
    );
    const model = buildSearchReadModel(docs);
    for (const query of [
      makeQuery({ refinements: { make: ["Kia"], model: ["M3", "M4", "M65999"] } }),
      makeQuery({ sortBy: "price_desc", page: 3, ranges: { price: { min: 10000, max: 12000 } } }),
      makeQuery({ query: "m6599", sortBy: "latest" }),
    ]) {
      expect(comparable(docs, model.search(query, DEFAULT_VISIBILITY))).toEqual(comparable(docs, searchReference(docs, query, DEFAULT_VISIBILITY)));
    }
  });
});

describe("SearchReadModel", () => {
  it("reports its size and build statistics", () => {
    const model = SearchReadModel.build([makeDoc({ id: 1, make: "Kia" }), makeDoc({ id: 2, make: "Mazda", status: "withdrawn" })]);
    expect(model.size).toBe(2);
    expect(model.stats.docs).toBe(2);
    expect(model.stats.facetValues).toBeGreaterThan(0);
    // The text index is built on the first text query (most searches have none).
    expect(model.stats.tokens).toBe(0);
    model.search(makeQuery({ query: "kia" }), DEFAULT_VISIBILITY);
    expect(model.stats.tokens).toBeGreaterThan(0);
  });

  it("moves to another thread without its documents: parts transferred, hits are the receiver's documents", () => {
    const docs = [makeDoc({ id: 1, make: "Kia", stockNumber: " s1 " }), makeDoc({ id: 2, make: "Mazda", stockNumber: "S2" })];
    const model = viaWorkerParts(docs, true);
    expect(model.hasTextIndex).toBe(true);
    expect(model.search(makeQuery({ query: "kia" }), DEFAULT_VISIBILITY).hits[0]).toBe(docs[0]);
    // Exclusions find stock numbers through the sorted rows, normalised on both sides (spec 9).
    expect(model.search(makeQuery(), { ...DEFAULT_VISIBILITY, excludedStockNumbers: ["S1"] }).hits).toEqual([docs[1]]);
    const built = SearchReadModel.build(docs);
    const { parts, transfer } = built.exportParts(docs);
    expect(transfer.length).toBeGreaterThan(10);
    structuredClone(parts, { transfer });
    expect(transfer.every((buffer) => buffer.byteLength === 0)).toBe(true); // moved, not copied
    expect(() => SearchReadModel.fromParts(viaParts(docs), docs.slice(1))).toThrow(RangeError);
  });

  it("returns the indexed documents themselves as hits", () => {
    const docs = [makeDoc({ id: 1 })];
    expect(SearchReadModel.build(docs).search(makeQuery(), DEFAULT_VISIBILITY).hits[0]).toBe(docs[0]);
  });

  it("gives the same answer to the same query twice (scratch buffers are reset)", () => {
    const docs = Array.from({ length: 30 }, (_, i) => makeDoc({ id: i + 1, make: i % 2 ? "Kia" : "Mazda", price: i * 1000, stockNumber: `S${i}` }));
    const model = SearchReadModel.build(docs);
    const q = makeQuery({ query: "kia", refinements: { make: ["Kia", "Tesla"] }, ranges: { price: { min: 3000, max: null } }, sortBy: "price_asc" });
    const v = { ...DEFAULT_VISIBILITY, excludedStockNumbers: ["S5"] };
    const first = comparable(docs, model.search(q, v));
    model.search(makeQuery({ sortBy: "km" }), DEFAULT_VISIBILITY);
    expect(comparable(docs, model.search(q, v))).toEqual(first);
    expect(model.search(makeQuery(), DEFAULT_VISIBILITY).count).toBe(30);
  });
});

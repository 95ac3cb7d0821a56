/**
 * Group-wide search by merge (spec 2.1 "/search/{dealership_slug}", issue 54 item 7): merging the
 * members' top-k answers must give exactly what one read model holding every member's cars gives.
 */
import { describe, expect, it } from "vitest";
import { MAX_GROUP_DEPTH, memberQuery, mergeGroupResults } from "./group-merge";
import { SearchReadModel } from "./read-model";
import { DEFAULT_VISIBILITY, makeDoc, makeQuery } from "./testing/fixtures";
import { syntheticStock } from "./testing/synthetic-stock";
import { SORTS, type SearchDoc, type SearchQuery } from "./types";

/** Three member sites of unequal size, ids unique across them (as the cars table's). */
const members = [syntheticStock(900, 1), syntheticStock(350, 5_001), syntheticStock(40, 9_001)].map((docs, i) => ({
  siteId: i + 1,
  // Each site's own locations: the synthetic stock names them location-N on every site.
  docs: docs.map((d) => ({ ...d, dealership: `site${i + 1}-${d.dealership}`, dealershipName: `Site ${i + 1} ${d.dealershipName}` })),
}));
const models = members.map((m) => ({ siteId: m.siteId, model: SearchReadModel.build(m.docs) }));
const whole = SearchReadModel.build(members.flatMap((m) => m.docs));

function groupSearch(query: SearchQuery) {
  const per = memberQuery(query);
  return mergeGroupResults(models.map((m) => ({ siteId: m.siteId, result: m.model.search(per, DEFAULT_VISIBILITY) })), query);
}

describe("mergeGroupResults (issue 54 item 7)", () => {
  const queries: [string, SearchQuery][] = [
    ...SORTS.map((sortBy): [string, SearchQuery] => [`every car, ${sortBy}, page 3`, makeQuery({ sortBy, page: 3 })]),
    ["two refinements, page 1", makeQuery({ refinements: { make: ["Toyota", "Kia"], body: ["SUV", "Ute"] } })],
    ["a price range sorted by price, page 2 of 10 per page", makeQuery({ ranges: { price: { min: 20_000, max: 60_000 } }, sortBy: "price_asc", page: 2, hitsPerPage: 10 })],
    ["text", makeQuery({ query: "toyota cor" })],
    ["a page past the last", makeQuery({ refinements: { make: ["Tesla"] }, page: 40 })],
  ];
  it.each(queries)("%s: hits, facets, range stats and count as one model over every car", (_name, query) => {
    const merged = groupSearch(query);
    const one = whole.search(query, DEFAULT_VISIBILITY);
    expect(merged.hits.map((h) => h.doc.id)).toEqual(one.hits.map((h) => h.id));
    expect(merged.facets).toEqual(one.facets);
    expect(merged.rangeStats).toEqual(one.rangeStats);
    expect([merged.count, merged.pages, merged.page]).toEqual([one.count, one.pages, one.page]);
  });

  it("each hit names the site that owns the car, and the per-site counts add up", () => {
    const merged = groupSearch(makeQuery({ hitsPerPage: 100 }));
    const owner = new Map(members.flatMap((m) => m.docs.map((d) => [d.id, m.siteId] as const)));
    expect(merged.hits.length).toBe(100);
    for (const h of merged.hits) expect(h.siteId).toBe(owner.get(h.doc.id));
    expect(new Set(merged.hits.map((h) => h.siteId)).size).toBeGreaterThan(1);
    expect([...merged.countBySite.values()].reduce((a, b) => a + b, 0)).toBe(merged.count);
  });

  it("a value two sites share is one facet entry with the summed count", () => {
    const a: SearchDoc[] = [makeDoc({ id: 1, make: "Kia" }), makeDoc({ id: 2, make: "Kia" })];
    const b: SearchDoc[] = [makeDoc({ id: 3, make: "Kia" }), makeDoc({ id: 4, make: "Mazda" })];
    const query = makeQuery();
    const per = memberQuery(query);
    const merged = mergeGroupResults(
      [a, b].map((docs, i) => ({ siteId: i + 1, result: SearchReadModel.build(docs).search(per, DEFAULT_VISIBILITY) })),
      query,
    );
    expect(merged.facets.make.map((f) => [f.value, f.count])).toEqual([["Kia", 3], ["Mazda", 1]]);
  });

  it("no members: nothing found", () => {
    const merged = mergeGroupResults([], makeQuery());
    expect([merged.count, merged.pages, merged.hits.length]).toEqual([0, 0, 0]);
    expect(merged.rangeStats.price).toEqual({ min: null, max: null });
  });

  it("memberQuery asks each member for its first page x hitsPerPage cars, and refuses a page too deep", () => {
    expect(memberQuery(makeQuery({ page: 3, hitsPerPage: 21 }))).toMatchObject({ page: 1, hitsPerPage: 63 });
    expect(() => memberQuery(makeQuery({ page: Math.floor(MAX_GROUP_DEPTH / 21) + 1 }))).toThrow(RangeError);
  });
});

import { describe, expect, it } from "vitest";
import { ReferenceSearchEngine, searchReference } from "./reference-engine.ts";
import { describeSearchEngineContract } from "./testing/engine-contract.ts";
import { DEFAULT_VISIBILITY, makeDoc, makeQuery } from "./testing/fixtures.ts";

describeSearchEngineContract("reference engine", (docs) => new ReferenceSearchEngine(docs));

describe("searchReference", () => {
  it("returns the documents it was given, not copies (hits are the site's cars)", () => {
    const docs = [makeDoc({ id: 1 }), makeDoc({ id: 2 })];
    const r = searchReference(docs, makeQuery(), DEFAULT_VISIBILITY);
    expect(r.hits[0]).toBe(docs[0]);
    expect(r.hits[1]).toBe(docs[1]);
  });

  it("breaks ties between equal ids by input order, like a stable sort", () => {
    const docs = [makeDoc({ id: 7, slug: "first" }), makeDoc({ id: 7, slug: "second" })];
    expect(searchReference(docs, makeQuery({ sortBy: "price_asc" }), DEFAULT_VISIBILITY).hits.map((h) => h.slug)).toEqual(["first", "second"]);
  });

  it("refuses an unknown sort and a negative includeSoldDays with RangeError", () => {
    expect(() => searchReference([], makeQuery({ sortBy: "bogus" as never }), DEFAULT_VISIBILITY)).toThrow(RangeError);
    expect(() => searchReference([], makeQuery(), { ...DEFAULT_VISIBILITY, includeSoldDays: -1 })).toThrow(RangeError);
  });
});

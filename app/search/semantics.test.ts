import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compareFacetValues, facetValueOf, fieldTokens, parseTextQuery, searchableFields, soldCutoff, tokenize } from "./semantics.ts";
import { DEFAULT_VISIBILITY, NOW, makeDoc } from "./testing/fixtures.ts";

describe("tokenize and fieldTokens (types.ts SearchQuery.query: make, model, badge, series, body, colour, stock number)", () => {
  it("folds case and accents and splits on anything but letters and digits", () => {
    expect(tokenize("Škoda  OCTAVIA-rs")).toEqual(["skoda", "octavia", "rs"]);
    expect(tokenize(" -- ")).toEqual([]);
  });

  it("adds the joined form of a hyphenated word so 'cx5' finds 'CX-5'", () => {
    expect(fieldTokens("CX-5")).toEqual(["cx", "5", "cx5"]);
    expect(fieldTokens("Corolla")).toEqual(["corolla"]);
  });

  it("gives the same tokens on its ASCII fast path as the Unicode path (property)", () => {
    const unicodePath = (text: string) => [
      ...tokenize(text),
      ...text.split(/\s+/).flatMap((word) => (tokenize(word).length > 1 ? [tokenize(word).join("")] : [])),
    ];
    fc.assert(
      fc.property(fc.string({ unit: "grapheme-ascii", maxLength: 30 }), (text) => {
        expect(fieldTokens(text)).toEqual(unicodePath(text));
      }),
      { numRuns: 500 },
    );
  });

  it("searches exactly make, model, badge, series, body, colour and stock number (the read model indexes these)", () => {
    const doc = makeDoc({ id: 1, make: "Kia", model: "Rio", badge: "S", series: "YB", body: "Hatch", colour: "Red", stockNumber: "K1" });
    expect(searchableFields(doc)).toEqual(["Kia", "Rio", "S", "YB", "Hatch", "Red", "K1"]);
  });

  it("reads the last query token as a prefix and the others as exact tokens", () => {
    expect(parseTextQuery("Toyota toyota Cor")).toEqual({ exact: ["toyota"], prefix: "cor" });
    expect(parseTextQuery("  ")).toEqual({ exact: [], prefix: null });
  });
});

describe("facetValueOf (spec 2.2 refinement widgets)", () => {
  it("writes seats and certified as URL values and treats empty text as no value", () => {
    const doc = makeDoc({ id: 1, seats: 7, certified: true, body: "", colour: null });
    expect(facetValueOf(doc, "seats")).toBe("7");
    expect(facetValueOf(doc, "certified")).toBe("true");
    expect(facetValueOf(doc, "body")).toBeNull();
    expect(facetValueOf(doc, "colour")).toBeNull();
  });
});

describe("compareFacetValues (spec 9 filter sorts)", () => {
  it("sorts by count, then label without case, car_type by new, demo, used", () => {
    const values = [
      { value: "bmw", label: "bmw", count: 2 },
      { value: "Audi", label: "Audi", count: 2 },
      { value: "Kia", label: "Kia", count: 5 },
    ];
    expect([...values].sort((a, b) => compareFacetValues("make", a, b)).map((v) => v.value)).toEqual(["Kia", "Audi", "bmw"]);
    const types = ["used", "new", "demo"].map((value, i) => ({ value, label: value, count: 10 - i }));
    expect(types.sort((a, b) => compareFacetValues("car_type", a, b)).map((v) => v.value)).toEqual(["new", "demo", "used"]);
  });
});

describe("soldCutoff (spec 4: sold cars stay listed for N days)", () => {
  it("is now minus N whole days", () => {
    expect(soldCutoff(DEFAULT_VISIBILITY)).toBe(NOW - 3 * 86_400_000);
  });
});

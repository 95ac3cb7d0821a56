import { describe, expect, it } from "vitest";
import { computeMarketAverages, isComparable, isSimilarKm, type MarketListing } from "./comparables";
import { getMarketPriceIndicator } from "~/domain/display/market-price";

const subject: MarketListing = { id: 1, make: "Mazda", model: "CX-5", year: 2020, km: 60_000, price: 30_000, state: "NSW" };
const listing = (id: number, over: Partial<MarketListing>): MarketListing => ({ ...subject, id, ...over });

describe("comparable listings for the embedded market data (issue 3, spec 5 market price)", () => {
  it("similar km is within max(20,000 km, 25%)", () => {
    expect(isSimilarKm(60_000, 80_000)).toBe(true); // window 20,000, inclusive
    expect(isSimilarKm(60_000, 80_001)).toBe(false);
    expect(isSimilarKm(200_000, 250_000)).toBe(true); // 25% of 200,000 = 50,000
    expect(isSimilarKm(200_000, 250_001)).toBe(false);
    expect(isSimilarKm(null, 10)).toBe(false);
  });
  it("needs the same make and model, a year within one, and a price above 200; never the car itself", () => {
    expect(isComparable(subject, listing(2, { make: "mazda", model: "cx-5" }))).toBe(true);
    expect(isComparable(subject, listing(2, { year: 2021 }))).toBe(true);
    expect(isComparable(subject, listing(2, { year: 2022 }))).toBe(false);
    expect(isComparable(subject, listing(2, { model: "CX-9" }))).toBe(false);
    expect(isComparable(subject, listing(2, { price: 200 }))).toBe(false);
    expect(isComparable(subject, listing(2, { price: null }))).toBe(false);
    expect(isComparable(subject, subject)).toBe(false);
  });
  it("averages state and national prices, each needing three comparables", () => {
    const listings = [
      listing(2, { price: 32_000, state: "NSW" }),
      listing(3, { price: 34_000, state: "NSW" }),
      listing(4, { price: 36_000, state: "nsw" }),
      listing(5, { price: 20_000, state: "VIC" }),
      listing(6, { price: 99_000, model: "CX-9" }),
    ];
    expect(computeMarketAverages(subject, listings)).toEqual({
      stateAverageMarketPrice: 34_000,
      averageMarketPrice: 30_500,
      stateCount: 3,
      nationalCount: 4,
    });
    expect(computeMarketAverages(subject, listings.slice(0, 2))).toMatchObject({ stateAverageMarketPrice: null, averageMarketPrice: null });
  });
  it("feeds the spec-5 indicator: $4,000 under the state average shows it against the state", () => {
    const averages = computeMarketAverages(subject, [32_000, 34_000, 36_000].map((price, i) => listing(i + 2, { price })));
    const indicator = getMarketPriceIndicator({ price: 30_000, offerPrice: null, autograbData: averages });
    expect(indicator).toEqual({ shown: true, marketPrice: 34_000, reference: "state", price: 30_000, saving: 4_000 });
  });
});

/**
 * Issue 11 "Must show": the embedded valuer on real comparables from the data set
 * (data/australian_vehicle_prices.csv, read through the stock importer's cleaner; the listing's
 * state is its Location's state) and spec 5's estimate rule at its edges (7 years, 100,000 km).
 *
 * Rule under test (app/domain/trade-in/valuer.ts): comparables = same make and model, model year
 * within one, km within max(20,000, 25% of the car's km), price above 200, used or demo only (new
 * prices are not a trade-in market, COMPARABLE_CAR_TYPES). Basis = the state's comparables when
 * there are at least 3, else all nationally when at least 3, else no figure. Range = lower and
 * upper quartile (linear interpolation) x factor; offer = median x factor; factor = 0.8 retail
 * share x (1 - deduction) per condition answer; every figure rounded to the nearest $100.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { COMPARABLE_CAR_TYPES } from "~/adapters/valuer/embedded";
import type { MarketListing } from "~/domain/market/comparables";
import { loadKnownModels, parseFeedText } from "~/import/parse-feed";
import { adjustmentFactor, basisText, DEFAULT_VALUER_RULES, estimateBlock, noEstimateText, quantile, valueTradeIn, type Valuation } from "./valuer";

const NOW = new Date("2026-11-22T12:00:00Z");
const BEST = { "accident-history": "none", "service-history": "full", "body-condition": "excellent", mechanical: "none" };

const known = loadKnownModels(readFileSync("data/au_make_model_reference.csv", "utf8"));
const LISTINGS: MarketListing[] = parseFeedText(readFileSync("data/australian_vehicle_prices.csv", "utf8"), "australian_vehicle_prices.csv", known)
  .rows.flatMap((r, i) => (r.ok && (COMPARABLE_CAR_TYPES as readonly string[]).includes(r.record.car_type) ? [r.record] : []).map((rec) => ({ rec, i })))
  .map(({ rec, i }) => ({ id: i + 1, make: rec.make, model: rec.model, year: rec.year ?? null, km: rec.km ?? null, price: rec.price ?? null, state: rec.listing_state ?? null }));

const estimate = (v: Valuation) => {
  if (v.kind !== "estimate") throw new Error(`expected an estimate, got ${JSON.stringify(v)}`);
  return v;
};

describe("valuer on the real listings", () => {
  it("2021 Toyota RAV4, 40,000 km, WA: 12 WA comparables give $37,000 to $45,800, offer $38,800", () => {
    // The 12 used/demo WA RAV4s of 2020-2022 within 20,000 km of 40,000 (year, km, price), with model
    // names normalised through the make/model reference (decision 172; one listing spelled 'Rav4'):
    // 2021 25,934 $44,888 | 2021 59,156 $45,988 | 2020 52,318 $45,999 | 2021 58,316 $46,388 |
    // 2021 48,969 $47,850 | 2020 33,792 $47,990 | 2020 57,918 $48,888 | 2021 26,758 $48,990 |
    // 2022 52,640 $56,988 | 2020 28,050 $57,895 | 2020 38,573 $57,988 | 2022 20,200 $62,999 (sorted by price).
    // Positions p x (n - 1) = p x 11: lower quartile 2.75 -> 45,999 + 0.75 x (46,388 - 45,999) = 46,290.75;
    // median 5.5 -> (47,990 + 48,888) / 2 = 48,439; upper quartile 8.25 -> 56,988 + 0.25 x (57,895 - 56,988) = 57,214.75.
    // x 0.8 -> 37,032.6 / 38,751.2 / 45,771.8 -> nearest $100: 37,000 / 38,800 / 45,800.
    const v = estimate(valueTradeIn({ make: "Toyota", model: "RAV4", year: 2021, km: 40_000, state: "WA" }, LISTINGS, BEST, NOW));
    expect(v.basis).toEqual({ count: 12, scope: "state", state: "WA" });
    expect(v.retail).toEqual({ low: 46291, median: 48439, high: 57215 });
    expect([v.low, v.offer, v.high]).toEqual([37_000, 38_800, 45_800]);
    expect(basisText(v)).toBe("Based on 12 similar cars for sale in WA");
  });

  it("condition answers lower the same RAV4: minor repaired accident (-5%) and partial service history (-3%)", () => {
    // factor = 0.8 x 0.95 x 0.97 = 0.7372; quartiles and median as above:
    // 46,290.75 x 0.7372 = 34,125.5 -> 34,100; 48,439 x 0.7372 = 35,709.2 -> 35,700;
    // 57,214.75 x 0.7372 = 42,178.7 -> 42,200.
    const answers = { ...BEST, "accident-history": "minor-repaired", "service-history": "partial" };
    expect(adjustmentFactor(answers)).toBeCloseTo(0.95 * 0.97, 10);
    const v = estimate(valueTradeIn({ make: "Toyota", model: "RAV4", year: 2021, km: 40_000, state: "WA" }, LISTINGS, answers, NOW));
    expect(v.factor).toBeCloseTo(0.7372, 10);
    expect([v.low, v.offer, v.high]).toEqual([34_100, 35_700, 42_200]);
  });

  it("2022 Mazda CX-5, 30,000 km, NSW: only 2 NSW comparables, so the 19 national ones are the basis", () => {
    // National comparables' prices, sorted: 36,990 37,990 37,990 38,870 38,997 39,978 39,999
    // 40,990 41,950 41,999 43,990 44,950 44,990 44,990 46,990 47,772 48,888 51,950 56,990
    // (NSW has 37,990 and 38,997 only: fewer than 3).
    // Lower quartile: position 4.5 -> (38,997 + 39,978) / 2 = 39,487.5; median (position 9): 41,999;
    // upper quartile: position 13.5 -> (44,990 + 46,990) / 2 = 45,990.
    // x 0.8 -> 31,590 / 33,599.2 / 36,792 -> 31,600 / 33,600 / 36,800.
    const v = estimate(valueTradeIn({ make: "Mazda", model: "CX-5", year: 2022, km: 30_000, state: "NSW" }, LISTINGS, BEST, NOW));
    expect(v.basis).toEqual({ count: 19, scope: "national", state: null });
    expect([v.low, v.offer, v.high]).toEqual([31_600, 33_600, 36_800]);
    expect(basisText(v)).toBe("Based on 19 similar cars for sale across Australia");
  });

  it("never invents a figure: a 2021 Mazda MX-5 has 1 comparable nationally (fewer than 3)", () => {
    const v = valueTradeIn({ make: "Mazda", model: "MX-5", year: 2021, km: 20_000, state: "VIC" }, LISTINGS, BEST, NOW);
    expect(v).toEqual({ kind: "no-estimate", reason: "too-few-comparables", source: "embedded-comparables" });
    expect(noEstimateText("too-few-comparables")).toMatch(/The dealer will contact you/);
  });

  it("a site's retail share and minimum comparables are used (SiteConfig tradeIn)", () => {
    // Same 12 WA RAV4s; share 0.9: 46,290.75 x 0.9 = 41,661.7 -> 41,700; 48,439 x 0.9 = 43,595.1 -> 43,600; 57,214.75 x 0.9 = 51,493.3 -> 51,500.
    const v = estimate(valueTradeIn({ make: "Toyota", model: "RAV4", year: 2021, km: 40_000, state: "WA" }, LISTINGS, BEST, NOW, { ...DEFAULT_VALUER_RULES, retailShare: 0.9 }));
    expect([v.low, v.offer, v.high]).toEqual([41_700, 43_600, 51_500]);
    // Requiring 13 comparables: WA has 12, so the national basis (83 RAV4s) is used.
    const national = estimate(valueTradeIn({ make: "Toyota", model: "RAV4", year: 2021, km: 40_000, state: "WA" }, LISTINGS, BEST, NOW, { ...DEFAULT_VALUER_RULES, minComparables: 13 }));
    expect(national.basis).toEqual({ count: 83, scope: "national", state: null });
  });
});

describe("spec 5 estimate rule at its edges (7 years, 100,000 km), today 2026-11-22", () => {
  it("a 2019 car is exactly 7 years old: valued; a 2018 car is 8: no estimate", () => {
    expect(estimateBlock({ year: 2019, km: 50_000 }, NOW)).toBeNull();
    expect(estimateBlock({ year: 2018, km: 50_000 }, NOW)).toBe("too-old");
    // On the real data a 2019 Hilux (WA, 80,000 km) gets a figure; the same car as a 2018 does not.
    expect(valueTradeIn({ make: "Toyota", model: "Hilux", year: 2019, km: 80_000, state: "WA" }, LISTINGS, BEST, NOW).kind).toBe("estimate");
    expect(valueTradeIn({ make: "Toyota", model: "Hilux", year: 2018, km: 80_000, state: "WA" }, LISTINGS, BEST, NOW)).toMatchObject({ kind: "no-estimate", reason: "too-old" });
  });

  it("exactly 100,000 km is valued; 100,001 km is not", () => {
    expect(estimateBlock({ year: 2022, km: 100_000 }, NOW)).toBeNull();
    expect(estimateBlock({ year: 2022, km: 100_001 }, NOW)).toBe("too-many-km");
    // A 2019 Hilux in WA at both edges at once (7 years old, 100,000 km) still gets a figure.
    expect(valueTradeIn({ make: "Toyota", model: "Hilux", year: 2019, km: 100_000, state: "WA" }, LISTINGS, BEST, NOW).kind).toBe("estimate");
    expect(valueTradeIn({ make: "Toyota", model: "Hilux", year: 2019, km: 100_001, state: "WA" }, LISTINGS, BEST, NOW)).toMatchObject({ kind: "no-estimate", reason: "too-many-km" });
    expect(noEstimateText("too-many-km")).toBe("Your car has more than 100,000 km, so we can't give an instant estimate online. The dealer will contact you to value it in person.");
  });

  it("the age rule uses the UTC calendar year: on 2026-01-01 a 2019 car is still 7", () => {
    expect(estimateBlock({ year: 2019, km: 1 }, new Date("2026-01-01T00:00:00Z"))).toBeNull();
    expect(estimateBlock({ year: 2019, km: 1 }, new Date("2027-01-01T00:00:00Z"))).toBe("too-old");
  });
});

describe("quantile", () => {
  it("interpolates linearly between sorted values", () => {
    expect(quantile([10, 20, 30, 40], 0.25)).toBe(17.5);
    expect(quantile([10, 20, 30, 40], 0.5)).toBe(25);
    expect(quantile([7], 0.75)).toBe(7);
  });
});

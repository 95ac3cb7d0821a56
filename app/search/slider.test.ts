import { describe, expect, it } from "vitest";
import {
  DEFAULT_SLIDER_MAX,
  dollarRangeText,
  parseTypedBound,
  priceSliderSearchValue,
  sliderBounds,
  sliderToRange,
  sliderValue,
  snapValue,
} from "./slider.ts";

describe("range slider bounds (spec 5, spec 9 'Range slider default max 100000')", () => {
  it("uses the facet min/max with a step of 1/100 of the range", () => {
    expect(sliderBounds({ min: 5000, max: 105000 })).toEqual({ min: 5000, max: 105000, step: 1000 });
  });
  it("defaults the max to 100000 and the min to 0 when the facet has none", () => {
    expect(sliderBounds({ min: null, max: null })).toEqual({ min: 0, max: DEFAULT_SLIDER_MAX, step: 1000 });
  });
  it("keeps a step of at least 1 on a tiny range (years)", () => {
    expect(sliderBounds({ min: 2020, max: 2024 }).step).toBe(1);
  });
});

describe("slider value from the URL (spec 4 reset, spec 5 clamp)", () => {
  const bounds = sliderBounds({ min: 10000, max: 90000 });
  it("resets to the facet min/max when the URL has no value", () => {
    expect(sliderValue(bounds, undefined)).toEqual([10000, 90000]);
  });
  it("clamps URL values to the facet range", () => {
    expect(sliderValue(bounds, { min: 2000, max: 500000 })).toEqual([10000, 90000]);
    expect(sliderValue(bounds, { min: 20000, max: null })).toEqual([20000, 90000]);
  });
  it("never shows min above max", () => {
    expect(sliderValue(bounds, { min: 95000, max: 95000 })).toEqual([90000, 90000]);
  });
});

describe("slider -> URL range (spec 5)", () => {
  const bounds = sliderBounds({ min: 3200, max: 98700 });
  it("snaps price and km to the nearest 1000", () => {
    expect(sliderToRange("price", bounds, [15499, 40501])).toEqual({ min: 15000, max: 41000 });
    expect(sliderToRange("km", bounds, [15500, 40000])).toEqual({ min: 16000, max: 40000 });
    expect(snapValue("year", 2019.6)).toBe(2020);
  });
  it("clamps to the facet range and swaps a min above the max", () => {
    expect(sliderToRange("year", sliderBounds({ min: 2010, max: 2025 }), [2030, 2015])).toEqual({ min: 2015, max: null });
  });
  it("leaves an end at the facet bound open, and drops the parameter at both ends", () => {
    expect(sliderToRange("price", bounds, [3200, 50000])).toEqual({ min: null, max: 50000 });
    expect(sliderToRange("price", bounds, [3200, 98700])).toBeNull();
  });
});

describe("typed bounds (spec 5 'Out-of-range input is ignored')", () => {
  const bounds = sliderBounds({ min: 1000, max: 50000 });
  it("accepts numbers in range and empty text", () => {
    expect(parseTypedBound("20000", bounds)).toEqual({ ok: true, value: 20000 });
    expect(parseTypedBound(" ", bounds)).toEqual({ ok: true, value: null });
  });
  it("ignores out-of-range and non-numeric input with a reason", () => {
    expect(parseTypedBound("60000", bounds)).toEqual({ ok: false, reason: "60000 is outside 1000 to 50000" });
    expect(parseTypedBound("lots", bounds).ok).toBe(false);
  });
});

describe("price-slider search (spec 2.2, 9: 5,000-250,000 step 500, thumbs at least 1 apart)", () => {
  it("snaps to 500 within 5,000 to 250,000", () => {
    expect(priceSliderSearchValue([1000, 300000])).toEqual([5000, 250000]);
    expect(priceSliderSearchValue([12240, 40260])).toEqual([12000, 40500]);
  });
  it("keeps the thumbs apart", () => {
    expect(priceSliderSearchValue([20000, 20000])).toEqual([19500, 20000]);
    expect(priceSliderSearchValue([5000, 5000])).toEqual([5000, 5500]);
  });
  it("shows the range as dollar text", () => {
    expect(dollarRangeText([5000, 250000])).toBe("$5,000 - $250,000");
  });
});

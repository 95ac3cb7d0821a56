import { describe, expect, it } from "vitest";
import {
  DEFAULT_SLIDER_MAX,
  dollarRangeText,
  parseTypedBound,
  priceSliderSearchValue,
  sliderBounds,
  rangeSliderBounds,
  sliderMoveToRange,
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

describe("slider move -> URL range (spec 5)", () => {
  const bounds = sliderBounds({ min: 3200, max: 98700 });
  const ends: [number, number] = [3200, 98700];
  it("snaps km to the nearest 1000 and price to the price slider's 500 (decision 234)", () => {
    expect(sliderMoveToRange("km", bounds, ends, [15500, 98700], undefined)).toEqual({ min: 16000, max: null });
    expect(sliderMoveToRange("price", bounds, ends, [15499, 40501], undefined)).toEqual({ min: 15500, max: 40500 });
    expect(snapValue("year", 2019.6)).toBe(2020);
  });
  it("clamps to the facet range and swaps a min above the max", () => {
    expect(sliderMoveToRange("year", sliderBounds({ min: 2010, max: 2025 }), [2010, 2025], [2030, 2015], undefined)).toEqual({ min: 2015, max: null });
  });
  it("leaves an end at the facet bound open, and drops the parameter at both ends", () => {
    expect(sliderMoveToRange("price", bounds, [10000, 60000], [3200, 50000], { min: 10000, max: 60000 })).toEqual({ min: null, max: 50000 });
    expect(sliderMoveToRange("price", bounds, [10000, 60000], [3200, 98700], { min: 10000, max: 60000 })).toBeNull();
  });
  it("changes only the end whose thumb moved: the other keeps its URL value, open or not (issue 51: price=3000:147000 dropped the $2,995 car)", () => {
    const toyota = rangeSliderBounds("price", { min: 2995, max: 147_490 });
    const start = sliderValue(toyota, undefined);
    expect(sliderMoveToRange("price", toyota, start, [start[0], start[1] - toyota.step], undefined)).toEqual({ min: null, max: 249_500 });
    expect(sliderMoveToRange("price", toyota, [5000, 40000], [5000, 39500], { min: 2995, max: 40000 })).toEqual({ min: 2995, max: 39500 });
    const km = sliderBounds({ min: 1234, max: 181_766 });
    expect(sliderMoveToRange("km", km, [1234, 181_766], [1234, 181_766 - km.step], undefined)).toEqual({ min: null, max: 180_000 });
  });
});

describe("SRP price slider scale (spec 2.2: 5,000 to 250,000 in steps of 500)", () => {
  it("ignores the stock's extremes for price, keeps them for km and year, and steps in whole numbers", () => {
    expect(rangeSliderBounds("price", { min: 88, max: 1_500_000 })).toEqual({ min: 5000, max: 250_000, step: 500 });
    expect(rangeSliderBounds("km", { min: 0, max: 1_499_912 })).toEqual({ min: 0, max: 1_499_912, step: 14_999 });
    expect(rangeSliderBounds("year", { min: 1998, max: 2025 }).step).toBe(1);
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

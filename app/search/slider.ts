/**
 * Pure rules of the range sliders and the price-slider search (spec 4 "Range sliders reset to the
 * facet min/max when the URL has no value", spec 5 "Search and sliders", spec 9 "Search"). The
 * slider components only call these, so every rule is unit-tested here.
 *
 * Units: price in whole dollars, km in kilometres, year as a calendar year.
 */
import type { NumericRange, RangeFacet } from "./types.ts";
import { wholeNumberText } from "~/domain/display/number-text";

/** Spec 9: "Range slider default max 100000" (used when the facet has no maximum). */
export const DEFAULT_SLIDER_MAX = 100_000;
/** Spec 5: price and km snap to the nearest 1000. */
export const SNAP = 1000;
/** Spec 2.2 / 9: the price-slider search runs 5,000 to 250,000 in steps of 500. */
export const PRICE_SLIDER_SEARCH = { min: 5_000, max: 250_000, step: 500, minGap: 1 } as const;

/** Slider bounds and step for one range facet. */
export interface SliderBounds {
  min: number;
  max: number;
  /** Spec 5: 1/100 of the range (at least 1). */
  step: number;
}

/** Whether values of this facet snap to the nearest 1000 (spec 5: price and km). */
export function snapsToThousand(facet: RangeFacet): boolean {
  return facet === "price" || facet === "km";
}

/**
 * The slider's bounds from the facet's min/max (the engine's `rangeStats`, which ignore the
 * facet's own range). A missing min is 0 and a missing max is {@link DEFAULT_SLIDER_MAX}; a max
 * below the min is raised to the min.
 * @returns `{ min, max, step }`, step = (max - min) / 100, at least 1.
 */
export function sliderBounds(stats: NumericRange): SliderBounds {
  const min = stats.min ?? 0;
  const max = Math.max(min, stats.max ?? DEFAULT_SLIDER_MAX);
  // A whole step, so the thumbs rest on whole numbers (a step of 14,999.12 put them on 15087.12).
  return { min, max, step: Math.max(1, Math.round((max - min) / 100)) };
}

/**
 * The SRP range slider's bounds for one facet (decision 234): price runs on the price slider's
 * scale, 5,000 to 250,000 in steps of 500 (spec 2.2), whatever the stock's extremes (an $88 car
 * and a $1,500,000 one made steps of about $15,000); either end at the scale's limit is open, so
 * cheaper and dearer cars are still found. km and year use the facet's min/max
 * ({@link sliderBounds}, spec 5).
 */
export function rangeSliderBounds(facet: RangeFacet, stats: NumericRange): SliderBounds {
  if (facet === "price") return { min: PRICE_SLIDER_SEARCH.min, max: PRICE_SLIDER_SEARCH.max, step: PRICE_SLIDER_SEARCH.step };
  return sliderBounds(stats);
}

/**
 * Nearest multiple of 1000 for km (spec 5), of 500 for price (the price slider's step, spec 2.2:
 * snapping to 1000 would make every other step of the thumb write nothing new; decision 234), the
 * value itself (rounded) otherwise.
 */
export function snapValue(facet: RangeFacet, value: number): number {
  if (facet === "price") return Math.round(value / PRICE_SLIDER_SEARCH.step) * PRICE_SLIDER_SEARCH.step;
  return snapsToThousand(facet) ? Math.round(value / SNAP) * SNAP : Math.round(value);
}

/**
 * The thumbs' positions for a URL range: clamped to the bounds, min never above max, and the
 * facet min/max when the URL has no value (spec 4).
 * @param range the URL's range for the facet, or undefined.
 * @returns `[low, high]` within `bounds`.
 */
export function sliderValue(bounds: SliderBounds, range: NumericRange | undefined): [number, number] {
  const clamp = (v: number) => Math.min(bounds.max, Math.max(bounds.min, v));
  const low = clamp(range?.min ?? bounds.min);
  const high = clamp(range?.max ?? bounds.max);
  return low <= high ? [low, high] : [high, low];
}

/**
 * What one move of the slider writes to the URL (spec 5): only the end whose thumb moved changes
 * (snapped, clamped; open at the scale's limit); the other end keeps the value it had, open or
 * not, so moving the maximum never rounds a URL's `price=2995:` to 3000 and drops the $2,995 car.
 * @param previous the thumbs before the move; `next` after it.
 * @param range the range written so far (the URL's, or the last move's), undefined for none.
 * @returns the range to put in the URL (min never above max), or null to drop the parameter.
 */
export function sliderMoveToRange(
  facet: RangeFacet,
  bounds: SliderBounds,
  previous: readonly [number, number],
  next: readonly [number, number],
  range: NumericRange | null | undefined,
): NumericRange | null {
  const clamp = (v: number) => Math.min(bounds.max, Math.max(bounds.min, v));
  // The low thumb at the scale's low end (or the high one at its high end) leaves that end open;
  // else the value is snapped (spec 5).
  const moved = (v: number, end: "min" | "max"): number | null =>
    (end === "min" ? v <= bounds.min : v >= bounds.max) ? null : clamp(snapValue(facet, v));
  const lowMoved = next[0] !== previous[0];
  const highMoved = next[1] !== previous[1];
  const [low, high] = lowMoved && highMoved && next[0] > next[1] ? [next[1], next[0]] : [next[0], next[1]];
  let min = lowMoved ? moved(low, "min") : (range?.min ?? null);
  let max = highMoved ? moved(high, "max") : (range?.max ?? null);
  if (min !== null && max !== null && min > max) [min, max] = [max, min];
  return min === null && max === null ? null : { min, max };
}

/** Result of checking a typed bound: accepted value, or why it was ignored. */
export type TypedBound = { ok: true; value: number | null } | { ok: false; reason: string };

/**
 * A value typed into a range's min or max box (spec 5: "Out-of-range input is ignored").
 * @param text what was typed; empty means "no bound".
 * @returns the number (or null for empty) when it is a finite number within the bounds; else
 *   `{ ok: false, reason }` (the caller logs the reason and keeps the previous value).
 */
export function parseTypedBound(text: string, bounds: SliderBounds): TypedBound {
  const t = text.trim();
  if (t === "") return { ok: true, value: null };
  const value = Number(t);
  if (!Number.isFinite(value)) return { ok: false, reason: `"${text}" is not a number` };
  if (value < bounds.min || value > bounds.max) return { ok: false, reason: `${value} is outside ${bounds.min} to ${bounds.max}` };
  return { ok: true, value };
}

/**
 * The price-slider search's thumbs (spec 2.2, 5, 9): each on the 5,000-250,000 scale in steps of
 * 500, and at least 1 apart (the lower thumb gives way).
 * @returns `[low, high]`, snapped to 500, low <= high - 1.
 */
export function priceSliderSearchValue([a, b]: readonly [number, number]): [number, number] {
  const { min, max, step, minGap } = PRICE_SLIDER_SEARCH;
  const snap = (v: number) => Math.min(max, Math.max(min, Math.round((v - min) / step) * step + min));
  let low = snap(Math.min(a, b));
  const high = snap(Math.max(a, b));
  if (high - low < minGap) low = Math.max(min, high - step);
  return low === high ? [low, Math.min(max, low + step)] : [low, high];
}

/**
 * Dollar text of a price range (spec 2.2): "$5,000 - $250,000", en-AU grouping, rounded to whole
 * dollars. Without Intl (decision 194): the SRP's price slider writes it while the page hydrates.
 * @param range low and high in dollars, not negative (the slider's bounds)
 */
export function dollarRangeText([low, high]: readonly [number, number]): string {
  return `$${wholeNumberText(Math.round(low))} - $${wholeNumberText(Math.round(high))}`;
}

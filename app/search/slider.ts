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
  return { min, max, step: Math.max(1, (max - min) / 100) };
}

/** Nearest multiple of 1000 for price and km (spec 5), the value itself (rounded) otherwise. */
export function snapValue(facet: RangeFacet, value: number): number {
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
 * What a moved slider writes to the URL (spec 5): values snapped, clamped to the bounds, min not
 * above max; an end at the facet's own min or max is left open (`5000:` rather than
 * `5000:90000`), and a slider at both ends is no refinement at all.
 * @returns the range to put in the URL, or null to drop the facet's parameter.
 */
export function sliderToRange(facet: RangeFacet, bounds: SliderBounds, [a, b]: readonly [number, number]): NumericRange | null {
  const clamp = (v: number) => Math.min(bounds.max, Math.max(bounds.min, v));
  let low = clamp(snapValue(facet, clamp(a)));
  let high = clamp(snapValue(facet, clamp(b)));
  if (low > high) [low, high] = [high, low];
  const min = low <= bounds.min ? null : low;
  const max = high >= bounds.max ? null : high;
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

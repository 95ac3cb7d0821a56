/**
 * Average market prices from comparable listings (issue 3 "Market price data"; the indicator rule
 * itself is spec 5 "Buttons and display", in app/domain/display/market-price.ts). Pure: the
 * embedded market-data adapter feeds it listings from the database.
 *
 * Comparable = same make and model (case-insensitive), model year within one year, similar
 * odometer ({@link isSimilarKm}), a price above 200 (spec 5's market-price threshold) and not the
 * car itself.
 */
import { HIGH_PRICE_THRESHOLD } from "~/domain/display/price-display";

/** One listing as the market sees it. Price in whole dollars, km in kilometres. */
export interface MarketListing {
  id: number;
  make: string;
  model: string;
  year: number | null;
  km: number | null;
  price: number | null;
  /** State or territory code of the listing's location, e.g. 'NSW'; null when unknown. */
  state: string | null;
}

/** Km similarity: within this share of the car's odometer... */
export const SIMILAR_KM_SHARE = 0.25;
/** ...or within this many km, whichever is wider. */
export const SIMILAR_KM_MIN_WINDOW = 20_000;
/** Fewer comparables than this give no average (too little evidence). */
export const MIN_COMPARABLES = 3;

/**
 * Whether two odometers are similar: |a - b| <= max(20,000 km, 25% of the subject's km).
 * An unknown odometer on either side is not similar.
 */
export function isSimilarKm(subjectKm: number | null, otherKm: number | null): boolean {
  if (subjectKm === null || otherKm === null) return false;
  return Math.abs(subjectKm - otherKm) <= Math.max(SIMILAR_KM_MIN_WINDOW, subjectKm * SIMILAR_KM_SHARE);
}

/** Whether `other` is a comparable listing for `subject` (see the module comment). */
export function isComparable(subject: MarketListing, other: MarketListing): boolean {
  const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
  return (
    other.id !== subject.id &&
    same(subject.make, other.make) &&
    same(subject.model, other.model) &&
    subject.year !== null &&
    other.year !== null &&
    Math.abs(subject.year - other.year) <= 1 &&
    isSimilarKm(subject.km, other.km) &&
    other.price !== null &&
    other.price > HIGH_PRICE_THRESHOLD
  );
}

/** State and national average market prices, whole dollars (rounded), null when too few comparables. */
export interface MarketAverages {
  stateAverageMarketPrice: number | null;
  averageMarketPrice: number | null;
  /** How many comparables went into each average. */
  stateCount: number;
  nationalCount: number;
}

function average(prices: number[]): number | null {
  if (prices.length < MIN_COMPARABLES) return null;
  return Math.round(prices.reduce((sum, p) => sum + p, 0) / prices.length);
}

/**
 * Averages the prices of the comparable listings: national over all comparables, state over those
 * in the subject's state. Each average needs at least {@link MIN_COMPARABLES} (3) listings.
 *
 * @param subject the car being priced
 * @param listings candidate listings (any; non-comparables are ignored)
 * @returns {@link MarketAverages}. Never throws.
 */
export function computeMarketAverages(subject: MarketListing, listings: readonly MarketListing[]): MarketAverages {
  const comparables = listings.filter((l) => isComparable(subject, l));
  const national = comparables.map((l) => l.price as number);
  const state =
    subject.state === null ? [] : comparables.filter((l) => l.state !== null && l.state.toUpperCase() === subject.state!.toUpperCase()).map((l) => l.price as number);
  return {
    stateAverageMarketPrice: average(state),
    averageMarketPrice: average(national),
    stateCount: state.length,
    nationalCount: national.length,
  };
}

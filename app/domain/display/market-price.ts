/**
 * Market-price indicator and the market-price (autograb) lookup eligibility, spec 5 "Buttons and
 * display" and spec 9 ("Market indicator threshold: $500 below market").
 *
 * Sign of the rule: the spec says "average market price minus the car price is below -499 (at
 * least $500 below market) and the price is below the state average". Read literally,
 * `market - price < -499` means the car costs at least $500 MORE than market, which contradicts
 * both the parenthesis and the "below the state average" clause. We implement what a shopper
 * expects from a "below market" badge: shown when the car is at least $500 cheaper than the
 * reference average, i.e. `market - price >= 500`.
 */
import type { Car } from "~/domain/car";
import { HIGH_PRICE_THRESHOLD, getAdvertisedPrice } from "./price-display";

/** Spec 5/9: the car must be at least this many dollars below market. */
export const DEFAULT_MARKET_PRICE_MIN_SAVING = 500;
/** Spec 5: lookup only for prices above this. */
export const MARKET_PRICE_MIN_CAR_PRICE = HIGH_PRICE_THRESHOLD;

/** Per-site options (SiteConfig `display.marketPriceIndicator` = the autograb flag). */
export interface MarketPriceOptions {
  /** The site has market-price data turned on. Default `false`. */
  marketPriceIndicator: boolean;
  /** Minimum saving in whole dollars for the indicator. Default {@link DEFAULT_MARKET_PRICE_MIN_SAVING} (500). */
  minSaving: number;
}

export const DEFAULT_MARKET_PRICE_OPTIONS: Readonly<MarketPriceOptions> = Object.freeze({
  marketPriceIndicator: false,
  minSaving: DEFAULT_MARKET_PRICE_MIN_SAVING,
});

/**
 * Whether the car may have its market price looked up (and so show the indicator), spec 5:
 * site flag on, status in_stock (coming_soon does not qualify), not sold, not reserved, and the
 * advertised price (reduced or current, {@link getAdvertisedPrice}) above 200.
 *
 * @param car status and price fields; prices in whole dollars
 * @param options partial {@link MarketPriceOptions} (only the flag is used)
 * @returns true when eligible. Never throws.
 */
export function isMarketPriceEligible(
  car: Pick<Car, "status" | "sold" | "reserved" | "price" | "offerPrice">,
  options: Partial<Pick<MarketPriceOptions, "marketPriceIndicator">> = {},
): boolean {
  const enabled = options.marketPriceIndicator ?? DEFAULT_MARKET_PRICE_OPTIONS.marketPriceIndicator;
  return (
    enabled &&
    car.status === "in_stock" &&
    !car.sold &&
    !car.reserved &&
    getAdvertisedPrice(car, MARKET_PRICE_MIN_CAR_PRICE) !== null
  );
}

/** The indicator to show, or `{ shown: false }`. Amounts in whole dollars. */
export type MarketPriceIndicator =
  | {
      shown: true;
      /** The average compared with: the state average when present, else the national one. */
      marketPrice: number;
      reference: "state" | "national";
      /** The car's advertised price. */
      price: number;
      /** `marketPrice - price`, at least `minSaving`. */
      saving: number;
    }
  | { shown: false };

function positive(value: number | null | undefined): number | null {
  return typeof value === "number" && Number.isFinite(value) && value > 0 ? value : null;
}

/**
 * The market-price indicator, spec 5. Reference = `autograbData.stateAverageMarketPrice` when
 * present (> 0), else `averageMarketPrice` (national). Shown when the car's advertised price
 * (reduced or current, above 200) is at least `minSaving` (500) below the reference. With the
 * state average as reference this also satisfies "the price is below the state average"; when
 * there is no state average the national average alone decides.
 *
 * This does not check {@link isMarketPriceEligible}; callers check both (the VDP looks the data
 * up only for eligible cars).
 *
 * @param car price fields and market data (whole dollars)
 * @param options partial {@link MarketPriceOptions} (only `minSaving` is used)
 * @returns a {@link MarketPriceIndicator}. Never throws.
 */
export function getMarketPriceIndicator(
  car: Pick<Car, "price" | "offerPrice" | "autograbData">,
  options: Partial<Pick<MarketPriceOptions, "minSaving">> = {},
): MarketPriceIndicator {
  const minSaving = options.minSaving ?? DEFAULT_MARKET_PRICE_OPTIONS.minSaving;
  const price = getAdvertisedPrice(car, MARKET_PRICE_MIN_CAR_PRICE);
  if (price === null || car.autograbData === null) return { shown: false };

  const state = positive(car.autograbData.stateAverageMarketPrice);
  const national = positive(car.autograbData.averageMarketPrice);
  const marketPrice = state ?? national;
  if (marketPrice === null) return { shown: false };

  const saving = marketPrice - price;
  if (saving < minSaving) return { shown: false };
  return { shown: true, marketPrice, reference: state !== null ? "state" : "national", price, saving };
}

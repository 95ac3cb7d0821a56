/**
 * Price display rules, spec 4 "Price display order" and spec 9 "Display"
 * ("A price counts as present only above 10 (on one view, 200)"; default no-price text).
 *
 * Money is whole Australian dollars (see `~/domain/car`).
 */
import type { Car } from "~/domain/car";
import { lazyNumberFormat, wholeNumberText } from "./number-text";

/** Spec 9: a price counts as present only above this (the common views). */
export const DEFAULT_PRICE_THRESHOLD = 10;
/** Spec 4/9: the one view where a price under 200 counts as no price. */
export const HIGH_PRICE_THRESHOLD = 200;
/** Spec 4/9: shown when no price can be shown and the site configures nothing else. */
export const DEFAULT_NO_PRICE_TEXT = "Enquire for price.";
/** Spec 4: text shown for a car with no price that can be pre-ordered. */
export const PREORDER_TEXT = "PREORDER";

/** Per-site options (SiteConfig: `features.subscriptionPricing`, `display.noPriceText`, `display.priceThreshold`). */
export interface PriceDisplayOptions {
  /** The site offers subscriptions (spec 4 step 1). Default `false`. */
  subscriptionPricing: boolean;
  /**
   * A price counts as present only when strictly above this many dollars.
   * Default {@link DEFAULT_PRICE_THRESHOLD} (10); the view that uses the higher rule passes
   * {@link HIGH_PRICE_THRESHOLD} (200).
   */
  priceThreshold: number;
  /** Text when nothing else applies (spec 4 step 4). Default {@link DEFAULT_NO_PRICE_TEXT}. */
  noPriceText: string;
}

export const DEFAULT_PRICE_DISPLAY_OPTIONS: Readonly<PriceDisplayOptions> = Object.freeze({
  subscriptionPricing: false,
  priceThreshold: DEFAULT_PRICE_THRESHOLD,
  noPriceText: DEFAULT_NO_PRICE_TEXT,
});

/** What the price block shows. `text` is ready to render; `amount` is whole dollars. */
export type PriceDisplay =
  | { kind: "subscription"; amount: number; text: string }
  | {
      kind: "price";
      amount: number;
      text: string;
      /**
       * A higher earlier price to show struck through, or null: `beforePrice` when above the
       * shown amount, else `price` when the shown amount is a lower `offerPrice`.
       */
      wasAmount: number | null;
    }
  | { kind: "preorder"; amount: null; text: string }
  | { kind: "none"; amount: null; text: string };

export type PriceFields = Pick<Car, "price" | "offerPrice" | "beforePrice" | "subscriptionPrice" | "preorder">;

/** Built on first use (decision 194: a module-level formatter starts ICU as the page loads). */
const AUD_WHOLE_DOLLARS = lazyNumberFormat({ style: "currency", currency: "AUD", minimumFractionDigits: 0, maximumFractionDigits: 0 });

/**
 * Formats whole Australian dollars with `Intl` (en-AU, AUD, no cents): `29990` -> `"$29,990"`,
 * `-5` -> `"-$5"`. Fractions are rounded half away from zero (Intl's default).
 * @throws RangeError when `amount` is not a finite number.
 */
export function formatAud(amount: number): string {
  if (!Number.isFinite(amount)) throw new RangeError(`formatAud: not a finite amount: ${amount}`);
  // Whole dollars (every price) without Intl, so a VDP loads without starting ICU (decision 194).
  if (Number.isSafeInteger(amount) && !Object.is(amount, -0)) return amount < 0 ? `-$${wholeNumberText(-amount)}` : `$${wholeNumberText(amount)}`;
  return AUD_WHOLE_DOLLARS.format(amount);
}

function isAbove(value: number | null | undefined, threshold: number): value is number {
  return typeof value === "number" && Number.isFinite(value) && value > threshold;
}

/**
 * The price a shopper pays, spec 4 step 2 ("reduced or current price, if above {threshold}"):
 * the reduced price (`offerPrice`) when it is above the threshold and not higher than a present
 * current price, else the current price (`price`) when above the threshold, else null.
 * Subscription and preorder are not considered.
 *
 * @param car whole-dollar price fields
 * @param priceThreshold dollars; a value counts only when strictly above it (default 10)
 * @returns whole dollars, or null when the car has no price above the threshold
 */
export function getAdvertisedPrice(
  car: Pick<Car, "price" | "offerPrice">,
  priceThreshold: number = DEFAULT_PRICE_THRESHOLD,
): number | null {
  const hasPrice = isAbove(car.price, priceThreshold);
  if (isAbove(car.offerPrice, priceThreshold) && (!hasPrice || car.offerPrice <= (car.price as number))) {
    return car.offerPrice;
  }
  return hasPrice ? (car.price as number) : null;
}

/**
 * Chooses what the price block shows, spec 4 "Price display order", first match wins:
 * 1. `subscription`: the site offers subscriptions and `subscriptionPrice` > 0;
 * 2. `price`: the reduced or current price ({@link getAdvertisedPrice}) above `priceThreshold`;
 * 3. `preorder`: `preorder` is set -> text 'PREORDER';
 * 4. `none`: the configured no-price text (default 'Enquire for price.').
 *
 * @param car whole-dollar price fields of the car
 * @param options partial {@link PriceDisplayOptions}; missing fields take
 *   {@link DEFAULT_PRICE_DISPLAY_OPTIONS}
 * @returns a {@link PriceDisplay}; amounts in whole dollars, text formatted with {@link formatAud}
 *   (the subscription text has no period suffix; the view adds it). Never throws.
 */
export function getPriceDisplay(car: PriceFields, options: Partial<PriceDisplayOptions> = {}): PriceDisplay {
  const { subscriptionPricing, priceThreshold, noPriceText } = { ...DEFAULT_PRICE_DISPLAY_OPTIONS, ...options };

  if (subscriptionPricing && isAbove(car.subscriptionPrice, 0)) {
    return { kind: "subscription", amount: car.subscriptionPrice, text: formatAud(car.subscriptionPrice) };
  }

  const amount = getAdvertisedPrice(car, priceThreshold);
  if (amount !== null) {
    let wasAmount: number | null = null;
    if (isAbove(car.beforePrice, amount)) wasAmount = car.beforePrice;
    else if (isAbove(car.price, amount)) wasAmount = car.price;
    return { kind: "price", amount, text: formatAud(amount), wasAmount };
  }

  if (car.preorder) return { kind: "preorder", amount: null, text: PREORDER_TEXT };

  return { kind: "none", amount: null, text: noPriceText };
}

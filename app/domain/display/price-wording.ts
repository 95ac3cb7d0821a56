/**
 * Australian single-price wording (issue 17, decision 173; Australian Consumer Law s 48 "single
 * price"): every shown price says whether it is the drive-away price or excludes government
 * charges (registration, stamp duty, CTP). The basis comes from the car's data (`priceBasis`,
 * imported as `price_basis`), else the site's default for the car type, else the site's default.
 * Pure.
 */
import type { CarType } from "~/domain/car";

/** The two bases a dealer advertises on. */
export const PRICE_BASES = ["drive_away", "excl_govt_charges"] as const;
export type PriceBasis = (typeof PRICE_BASES)[number];

/** What the shopper reads next to the price. */
export const PRICE_BASIS_LABELS: Readonly<Record<PriceBasis, string>> = Object.freeze({
  drive_away: "Drive away",
  excl_govt_charges: "Excl. government charges",
});

/** Site options (SiteConfig `presentation.priceBasis`). */
export interface PriceBasisOptions {
  /** Used when neither the car nor its car type says. Default 'drive_away'. */
  default: PriceBasis;
  /** Per car type, null: use `default`. */
  byCarType: Partial<Record<CarType, PriceBasis | null>>;
}

export const DEFAULT_PRICE_BASIS_OPTIONS: Readonly<PriceBasisOptions> = Object.freeze({ default: "drive_away", byCarType: {} });

/**
 * The basis of a car's price: the car's own, else the site's for its car type, else the site's default.
 * @param car `priceBasis` from the feed (null when the feed did not say) and `carType`
 */
export function priceBasisFor(car: { priceBasis?: PriceBasis | null; carType: CarType }, options: PriceBasisOptions = DEFAULT_PRICE_BASIS_OPTIONS): PriceBasis {
  return car.priceBasis ?? options.byCarType[car.carType] ?? options.default;
}

/**
 * The words shown with a price, or null when there is no money price to qualify (no price,
 * 'PREORDER', or a subscription price, which is a periodic amount, not a purchase price).
 * @param priceKind the kind from getPriceDisplay ('price', 'subscription', 'preorder', 'none')
 */
export function priceWording(priceKind: string, basis: PriceBasis): string | null {
  return priceKind === "price" ? PRICE_BASIS_LABELS[basis] : null;
}

/**
 * Normalises a feed's price basis: 'drive away', 'Drive-Away', 'DAP', 'driveaway' -> 'drive_away';
 * 'excl. government charges', 'EGC', 'excl_govt_charges', '+ORC' -> 'excl_govt_charges'.
 * @returns the basis, null for empty input, or undefined for anything else (a validation error)
 */
export function parsePriceBasis(value: unknown): PriceBasis | null | undefined {
  if (value === null || value === undefined) return null;
  if (typeof value !== "string") return undefined;
  const v = value.trim().toLowerCase().replace(/[^a-z+]+/g, "");
  if (v === "") return null;
  if (["driveaway", "dap", "driveawayprice"].includes(v)) return "drive_away";
  if (["exclgovtcharges", "exclgovernmentcharges", "excludinggovernmentcharges", "egc", "+orc", "orc", "plusorc"].includes(v)) return "excl_govt_charges";
  return undefined;
}

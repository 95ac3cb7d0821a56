/**
 * Promo cards among search results (spec 2.2 "Promo cards are inserted among results at set
 * positions such as 4, 6, 8, 9 and 17"; spec 4 "shown only between their start and expiry dates
 * ... and only for the selected car_type (some strictly)").
 */
import type { FinanceOfferView } from "~/domain/finance/finance-offer";

/** A promo card as the SRP shows it. */
export interface PromoCard {
  id: number;
  name: string;
  description: string;
  imageUrl: string | null;
  linkUrl: string | null;
  /** new, demo or used; null shows with every car type. */
  carType: string | null;
  /** Epoch ms; null means no start / no expiry. */
  startsAt: number | null;
  expiresAt: number | null;
  /** A finance offer's rates, comparison rate and warning, from the site's own data (issue 51). */
  finance: FinanceOfferView | null;
}

/**
 * Whether a promo card shows for this search.
 * @param now epoch ms; the card shows from `startsAt` (inclusive) to `expiresAt` (inclusive).
 * @param carTypes the search's car_type refinement (empty = every type).
 * @param strict site option `search.promoCardsStrictCarType`: a card with a car type then shows
 *   only when exactly that type is refined; otherwise also when no car type is refined.
 */
export function isPromoCardShown(card: PromoCard, now: number, carTypes: readonly string[], strict: boolean): boolean {
  if (card.startsAt !== null && now < card.startsAt) return false;
  if (card.expiresAt !== null && now > card.expiresAt) return false;
  if (card.carType === null) return true;
  if (carTypes.length === 0) return !strict;
  return strict ? carTypes.length === 1 && carTypes[0] === card.carType : carTypes.includes(card.carType);
}

/** One slot of the results grid: a car or a promo card. */
export type ResultSlot<T> = { kind: "car"; car: T } | { kind: "promo"; promo: PromoCard };

/**
 * Places promo cards among a page's cars: the i-th card at the i-th configured position (1-based
 * in the combined grid). Positions past the end of the grid and extra cards are dropped, so a
 * short page never ends in a row of promos.
 * @param positions e.g. [4, 6, 8, 9, 17] (site config `search.promoCardPositions`).
 */
export function insertPromoCards<T>(cars: readonly T[], promos: readonly PromoCard[], positions: readonly number[]): ResultSlot<T>[] {
  const slots: ResultSlot<T>[] = cars.map((car) => ({ kind: "car", car }));
  const sorted = [...positions].sort((a, b) => a - b);
  promos.slice(0, sorted.length).forEach((promo, i) => {
    const index = sorted[i] - 1;
    if (index < slots.length) slots.splice(index, 0, { kind: "promo", promo });
  });
  return slots;
}

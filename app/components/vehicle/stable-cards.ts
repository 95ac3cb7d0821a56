import { giveMemoSlot, memoSlotOf } from "~/components/memo-slot";
import type { CarCardData } from "./car-card-data";

/**
 * Marks a card view model as memoised (`searchHitCard`, car-cards.server.ts): the same object is
 * handed to every page that shows this car until the site's stock or config version moves or its
 * time limit passes, so the server may cache the card's markup and JSON by its identity (`CarCard`,
 * decision 189), in the card's own slot (memo-slot.ts). Never mark a card built for one request.
 * @returns the card
 */
export function markStableCard(card: CarCardData): CarCardData {
  return giveMemoSlot(card);
}

/** True for a card marked by {@link markStableCard} (a copy of one is not); always false in the browser. */
export function isStableCard(card: CarCardData): boolean {
  return memoSlotOf(card) !== undefined;
}

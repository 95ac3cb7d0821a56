import type { CarCardData } from "./car-card-data";

/** Card view models that stay the same object while their car, site config and the minute do (decision 189). */
const stable = new WeakSet<CarCardData>();

/**
 * Marks a card view model as memoised (`searchHitCard`, car-cards.server.ts): the same object is
 * handed to every page that shows this car until the site's stock or config version moves or its
 * time limit passes, so the server may cache the card's markup by its identity (`CarCard`,
 * decision 189). Never mark a card built for one request.
 * @returns the card
 */
export function markStableCard(card: CarCardData): CarCardData {
  stable.add(card);
  return card;
}

/** True for a card marked by {@link markStableCard}; always false in the browser. */
export function isStableCard(card: CarCardData): boolean {
  return stable.has(card);
}

import type { CarCardData } from "./car-card-data";
import { isStableCard } from "./stable-cards";
import { createJsonMemo, type JsonText } from "~/components/json-memo";

/**
 * A car card's view model as one JSON string, as loaders hand it to pages (issue 15 "Fast pages",
 * decision 193): about 50 values a card for React Router's encoder, most of an SRP's loader data,
 * become one. Read it with {@link readCard}.
 */
export type CardJson = JsonText<"car-card">;

/** Most cards remembered by their JSON (server: memoised cards; browser: every card read). */
export const REMEMBERED_CARDS = 2_048;

const cards = createJsonMemo<CarCardData, "car-card">(REMEMBERED_CARDS);

/**
 * The card as one JSON string for loader data. A memoised card (`searchHitCard`, decision 189)
 * is serialised once, and {@link readCard} gives back the same object on the server, so the
 * server's markup cache still finds its markup by identity; a card built for one request is
 * serialised each time.
 * @param card the card view model (spec 2.3)
 * @returns its JSON
 */
export function cardJson(card: CarCardData): CardJson {
  return cards.write(card, isStableCard(card));
}

/**
 * The card a {@link cardJson} string stands for (see `JsonMemo.read`).
 * @param json a string from {@link cardJson}
 * @returns the card view model
 */
export function readCard(json: CardJson): CarCardData {
  return cards.read(json);
}

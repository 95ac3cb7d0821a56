/**
 * Car card view models memoised per search document (issue 15 "Fast pages", decision 189).
 *
 * A site's search documents are built once per stock version (search.server.ts), so the same
 * document object stands for the same car until its stock changes. The card built from it depends
 * otherwise only on the site's config and the clock (the just-arrived tag, the finance estimate's
 * rates), so each process builds it once per document, config version and CARD_TTL_MS instead of
 * on every SRP and home page, and hands every page the same object. `CarCard` caches the markup
 * of memoised cards by that identity.
 */
import { searchHitToCard, type CarCardData } from "~/components/vehicle/car-card-data";
import { markStableCard } from "~/components/vehicle/stable-cards";
import type { SearchDoc } from "~/search/types";
import type { Site } from "~/sites/site";

/** Longest life of a memoised card (ms): as the per-site-version memo (site-memo.server.ts). */
export const CARD_TTL_MS = 60_000;

/** Most memoised cards a process keeps; past it the least recently built go first. */
export const MEMOISED_CARDS_LIMIT = 20_000;

interface Entry {
  siteId: number;
  configVersion: number;
  at: number;
  card: CarCardData;
}

/**
 * Cards by search document, in the order they were built. A strong map with a time limit, not a
 * `WeakMap` keyed by the documents: every entry of a `WeakMap` is an ephemeron, and V8 resolves
 * those in the atomic pause of each major collection. With about 9,000 cards on a node at full
 * size (bench:scale's stall part) that was 10-13 ms of a 27-34 ms pause, on every site's event
 * loop. A card older than CARD_TTL_MS is never served, so it is dropped, and with it the document
 * of a replaced stock version that only this map still held.
 */
export class CardMemo {
  private readonly entries = new Map<SearchDoc, Entry>();
  private sweptAt = -Infinity;

  /** @param limit most cards kept (the least recently built dropped first) */
  constructor(private readonly limit = MEMOISED_CARDS_LIMIT) {}

  /** Cards held now (expired ones linger until the next sweep, at most CARD_TTL_MS / 4 later). */
  get size(): number {
    return this.entries.size;
  }

  /** See {@link searchHitCard}. */
  card(site: Site, hit: SearchDoc, now: number): CarCardData {
    this.sweep(now);
    const entry = this.entries.get(hit);
    if (entry && entry.siteId === site.id && entry.configVersion === site.configVersion && Math.abs(now - entry.at) < CARD_TTL_MS) return entry.card;
    const card = markStableCard(searchHitToCard(site, hit, new Date(now)));
    // Re-inserted at the end, so the map stays in the order the cards were built.
    this.entries.delete(hit);
    this.entries.set(hit, { siteId: site.id, configVersion: site.configVersion, at: now, card });
    if (this.entries.size > this.limit) this.entries.delete(this.entries.keys().next().value!);
    return card;
  }

  /** Drops the expired cards at the front of the map, at most every quarter of CARD_TTL_MS. */
  private sweep(now: number): void {
    if (now - this.sweptAt < CARD_TTL_MS / 4 && now >= this.sweptAt) return;
    this.sweptAt = now;
    for (const [doc, entry] of this.entries) {
      if (now - entry.at < CARD_TTL_MS) break;
      this.entries.delete(doc);
    }
  }
}

const cards = new CardMemo();

/**
 * The card view model of a search hit (spec 2.3, `searchHitToCard`), memoised.
 * @param site the site as resolved for this request (its id and `configVersion`)
 * @param hit a document of the site's read model (a copy made for one request, such as a
 *   reservation overlay, is memoised under that copy, and dropped with the rest after CARD_TTL_MS)
 * @param now epoch ms of the request; a card built more than CARD_TTL_MS from it is built again
 * @returns the same object for every call with the same document, site config and minute
 */
export function searchHitCard(site: Site, hit: SearchDoc, now: number): CarCardData {
  return cards.card(site, hit, now);
}

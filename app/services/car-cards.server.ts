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

interface Entry {
  siteId: number;
  configVersion: number;
  at: number;
  card: CarCardData;
}

/** Held weakly by document: a new stock version's documents replace the old, and their cards go with them. */
const cards = new WeakMap<SearchDoc, Entry>();

/**
 * The card view model of a search hit (spec 2.3, `searchHitToCard`), memoised.
 * @param site the site as resolved for this request (its id and `configVersion`)
 * @param hit a document of the site's read model (a copy made for one request, such as a
 *   reservation overlay, is memoised under that copy and never shared)
 * @param now epoch ms of the request; a card built more than CARD_TTL_MS from it is built again
 * @returns the same object for every call with the same document, site config and minute
 */
export function searchHitCard(site: Site, hit: SearchDoc, now: number): CarCardData {
  const entry = cards.get(hit);
  if (entry && entry.siteId === site.id && entry.configVersion === site.configVersion && Math.abs(now - entry.at) < CARD_TTL_MS) return entry.card;
  const card = markStableCard(searchHitToCard(site, hit, new Date(now)));
  cards.set(hit, { siteId: site.id, configVersion: site.configVersion, at: now, card });
  return card;
}

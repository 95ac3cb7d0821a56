/**
 * Similar stock for a VDP (issue 15 "Fast pages", decision 189): chosen from the site's search
 * documents in memory instead of a database query per page. Same rule as the query it replaces:
 * other cars of the site that are in stock (spec 4: in_stock or coming_soon) and shown on the
 * dealer website; the same make first, then the same body type, then the closest price, then the
 * lowest id.
 */
import type { SearchDoc } from "./types";

/** The car a VDP shows: id, make, body type (SearchDoc `body`, the car's simple body) and price in whole dollars. */
export interface SimilarTo {
  id: number;
  make: string;
  body: string | null;
  price: number | null;
}

function inStockAndShown(doc: SearchDoc): boolean {
  return doc.showOnDealerWebsite && (doc.status === "in_stock" || doc.status === "coming_soon");
}

/**
 * Up to `limit` documents like `car`, best first, never `car` itself.
 * @param docs the site's search documents (any order; sold and hidden cars are skipped)
 * @param car the car being viewed; a null price counts as 0, as a car without a price does
 * @param limit most documents returned (default 6)
 * @param excludedStockNumbers stock numbers the site never shows (site config
 *   `search.excludedStockNumbers`); skipped like sold cars
 * @returns the chosen documents, best first: same make (exact spelling), same body type (null
 *   matches null), smallest absolute price difference (null prices count as 0), lowest id
 */
export function similarStock(docs: readonly SearchDoc[], car: SimilarTo, limit = 6, excludedStockNumbers: readonly string[] = []): SearchDoc[] {
  const excluded = new Set(excludedStockNumbers);
  const price = car.price ?? 0;
  const keep = Math.max(0, Math.floor(limit));
  // The best `keep` so far, best first: one pass, no sort of the whole stock.
  const best: Ranked[] = [];
  if (keep === 0) return [];
  for (const doc of docs) {
    if (doc.id === car.id || !inStockAndShown(doc) || excluded.has(doc.stockNumber)) continue;
    const ranked = rank(doc, car, price);
    if (best.length === keep && compare(ranked, best[keep - 1]) >= 0) continue;
    let at = best.length === keep ? keep - 1 : best.length;
    while (at > 0 && compare(ranked, best[at - 1]) < 0) {
      best[at] = best[at - 1];
      at--;
    }
    best[at] = ranked;
  }
  return best.map((r) => r.doc);
}

/**
 * The best `limit` of several lists chosen by {@link similarStock} for the same car (a dealer
 * group's sites, each its own list), in the same order as one list over all their documents
 * (car ids are unique across sites, so the order is total).
 * @param lists each list's entries with the document to rank them by
 * @returns at most `limit` entries, best first
 */
export function mergeSimilar<T extends { doc: SearchDoc }>(lists: readonly (readonly T[])[], car: SimilarTo, limit = 6): T[] {
  const price = car.price ?? 0;
  return lists
    .flat()
    .map((entry) => ({ entry, ranked: rank(entry.doc, car, price) }))
    .sort((a, b) => compare(a.ranked, b.ranked))
    .slice(0, Math.max(0, Math.floor(limit)))
    .map((r) => r.entry);
}

function rank(doc: SearchDoc, car: SimilarTo, price: number): Ranked {
  return { doc, make: doc.make === car.make ? 0 : 1, body: doc.body === car.body ? 0 : 1, gap: Math.abs((doc.price ?? 0) - price) };
}

interface Ranked {
  doc: SearchDoc;
  make: number;
  body: number;
  gap: number;
}

function compare(a: Ranked, b: Ranked): number {
  return a.make - b.make || a.body - b.body || a.gap - b.gap || a.doc.id - b.doc.id;
}

/**
 * Test fixtures for search: a document factory and the fixed "now" tests run at. Test-only.
 */
import { DAY_MS } from "../semantics.ts";
import type { SearchDoc, SearchQuery, VisibilityOptions } from "../types.ts";

/** Tests run at 2025-07-15T00:00:00Z. */
export const NOW = Date.UTC(2025, 6, 15);

/** Epoch ms `days` days before {@link NOW}. */
export function daysAgo(days: number): number {
  return NOW - days * DAY_MS;
}

/** Spec 4 defaults: sold cars listed for 3 days, no exclusions, no price > 0 option. */
export const DEFAULT_VISIBILITY: VisibilityOptions = {
  includeSoldDays: 3,
  excludedStockNumbers: [],
  priceAboveZeroOnPriceAsc: false,
  now: NOW,
};

/** A listed, in-stock used car; override what the test is about. */
export function makeDoc(overrides: Partial<SearchDoc> & { id: number }): SearchDoc {
  const doc: SearchDoc = {
    slug: `car-${overrides.id}`,
    stockNumber: `S${overrides.id}`,
    title: "",
    make: "Toyota",
    model: "Corolla",
    badge: null,
    series: null,
    body: null,
    fuel: null,
    drive: null,
    transmission: null,
    colour: null,
    seats: null,
    city: null,
    state: null,
    dealership: null,
    dealershipName: null,
    carType: "used",
    itemType: "car",
    tag: null,
    certified: false,
    status: "in_stock",
    soldAt: null,
    showOnDealerWebsite: true,
    year: null,
    km: null,
    price: null,
    subscriptionPrice: null,
    createdAt: daysAgo(30),
    customRank: 0,
    reserved: false,
    primaryImageUrl: null,
    ...overrides,
  };
  return { ...doc, title: doc.title || `${doc.year ?? ""} ${doc.make} ${doc.model}`.trim() };
}

/** A query with defaults (no text, relevance, page 1, 21 per page) and the given parts. */
export function makeQuery(overrides: Partial<SearchQuery> = {}): SearchQuery {
  return { query: "", refinements: {}, ranges: {}, sortBy: "relevance", page: 1, hitsPerPage: 21, ...overrides };
}

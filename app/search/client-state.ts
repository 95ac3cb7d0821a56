/**
 * Browser-side search state (spec 9 "Search cache holds 10-11 entries, oldest evicted first",
 * "Search history cap: 5 entries"; spec 7 "Results are cached per refinement key"). Pure apart
 * from the Storage passed in, so it is unit-tested without a browser.
 */

/** Spec 9: the client cache keeps the last 10 results. */
export const SEARCH_CACHE_SIZE = 10;
/** Spec 9: search history keeps 5 entries. */
export const SEARCH_HISTORY_SIZE = 5;

/**
 * A small least-recently-stored cache: a new key beyond `capacity` evicts the oldest entry;
 * reading does not reorder (the spec evicts the oldest, not the least used).
 */
export class SearchResultCache<T> {
  private readonly entries = new Map<string, T>();
  constructor(private readonly capacity = SEARCH_CACHE_SIZE) {}

  get(key: string): T | undefined {
    return this.entries.get(key);
  }

  /** Stores `value`; re-storing a key makes it the newest. */
  set(key: string, value: T): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    while (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value as string);
  }

  keys(): string[] {
    return [...this.entries.keys()];
  }
}

/** One remembered search: its path with query string and a short label. */
export interface SearchHistoryEntry {
  /** e.g. "/search?make=Toyota&body=SUV" */
  href: string;
  label: string;
}

/** Browser storage key of a site's search history (spec 9: keyed per site). */
export function searchHistoryKey(siteSlug: string): string {
  return `forecourt:search-history:${siteSlug}`;
}

/**
 * Reads a site's history; unreadable or malformed storage gives an empty list.
 * @param storage window.localStorage (or a test double).
 */
export function readSearchHistory(storage: Pick<Storage, "getItem">, siteSlug: string): SearchHistoryEntry[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(searchHistoryKey(siteSlug)) ?? "[]");
    if (!Array.isArray(parsed)) return [];
    return parsed
      .filter((e): e is SearchHistoryEntry => typeof e?.href === "string" && typeof e?.label === "string")
      .slice(0, SEARCH_HISTORY_SIZE);
  } catch {
    return [];
  }
}

/**
 * Records a search at the front of the site's history when it has filters (a search without any
 * query, refinement or range is not worth remembering); a repeat moves to the front; at most 5.
 * @param hasFilters whether the search has text, a refinement or a range (page and sort aside).
 * @returns the new history (also written to storage; storage errors are ignored).
 */
export function recordSearchHistory(
  storage: Pick<Storage, "getItem" | "setItem">,
  siteSlug: string,
  entry: SearchHistoryEntry,
  hasFilters: boolean,
): SearchHistoryEntry[] {
  const current = readSearchHistory(storage, siteSlug);
  if (!hasFilters) return current;
  const next = [entry, ...current.filter((e) => e.href !== entry.href)].slice(0, SEARCH_HISTORY_SIZE);
  try {
    storage.setItem(searchHistoryKey(siteSlug), JSON.stringify(next));
  } catch {
    // Storage full or blocked: the history is a convenience.
  }
  return next;
}

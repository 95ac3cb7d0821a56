/**
 * The reference search engine: the spec's search rules (2.2, 4, 5, 9) written as plainly as
 * possible over an array of {@link SearchDoc}, with no indexes and no cleverness. It is the
 * oracle the read model is tested against, and the benchmark's check that engines agree. It is
 * slow (one filter per facet per query) and meant for tests and small data only.
 */
import {
  assertValidSearchQuery,
  compareDocs,
  compareFacetValues,
  facetLabel,
  facetValueOf,
  fieldTokens,
  inRange,
  isActiveRange,
  isListed,
  normaliseStockNumber,
  parseTextQuery,
  rangeValueOf,
  refinedValues,
  passesUsedPositivePrice,
  requiresPositivePrice,
  searchableFields,
  soldCutoff,
  type SearchEngine,
  type TextQuery,
} from "./semantics.ts";
import {
  LIST_FACETS,
  RANGE_FACETS,
  type FacetValue,
  type ListFacet,
  type NumericRange,
  type RangeFacet,
  type SearchDoc,
  type SearchQuery,
  type SearchResult,
  type VisibilityOptions,
} from "./types.ts";

function matchesText(doc: SearchDoc, text: TextQuery): boolean {
  if (text.prefix === null) return true;
  const tokens = searchableFields(doc).flatMap((field) => (field ? fieldTokens(field) : []));
  const prefix = text.prefix;
  return text.exact.every((t) => tokens.includes(t)) && tokens.some((t) => t.startsWith(prefix));
}

/**
 * Searches `docs` the obvious way: filter, filter again per facet, sort, slice.
 * @param docs one site's cars, any order.
 * @param query the search; refinement values OR within a facet, facets AND (disjunctive facets).
 * @param visibility spec 4 settings; `now` in epoch ms.
 * @returns the same {@link SearchResult} the read model gives, `ms` being wall time.
 * @throws RangeError on a malformed query (see assertValidSearchQuery in semantics.ts).
 */
export function searchReference(docs: readonly SearchDoc[], query: SearchQuery, visibility: VisibilityOptions): SearchResult {
  const started = performance.now();
  assertValidSearchQuery(query, visibility);

  const cutoff = soldCutoff(visibility);
  const excluded = new Set(visibility.excludedStockNumbers.map(normaliseStockNumber));
  const text = parseTextQuery(query.query);
  const positivePriceOnly = requiresPositivePrice(query, visibility);

  // Rules every count obeys: visibility (spec 4), exclusions, text, and spec 5's price > 0 option.
  const base = docs.filter(
    (doc) =>
      isListed(doc, cutoff) &&
      !excluded.has(normaliseStockNumber(doc.stockNumber)) &&
      matchesText(doc, text) &&
      (!positivePriceOnly || passesUsedPositivePrice(doc)),
  );

  const refined = LIST_FACETS.map((facet) => ({ facet, values: refinedValues(query, facet) })).filter((r) => r.values.length > 0);
  const ranges = RANGE_FACETS.map((facet) => ({ facet, range: query.ranges[facet] })).filter(
    (r): r is { facet: RangeFacet; range: NumericRange } => isActiveRange(r.range),
  );

  /** Every refinement and range except the one named `skip`. */
  const matchesAllBut = (doc: SearchDoc, skip: ListFacet | RangeFacet | null): boolean =>
    refined.every(({ facet, values }) => facet === skip || values.includes(facetValueOf(doc, facet) as string)) &&
    ranges.every(({ facet, range }) => facet === skip || inRange(rangeValueOf(doc, facet), range));

  const matching = base.filter((doc) => matchesAllBut(doc, null)).sort((a, b) => compareDocs(query.sortBy, a, b));

  const facets = {} as Record<ListFacet, FacetValue[]>;
  for (const facet of LIST_FACETS) {
    const counts = new Map<string, number>();
    for (const doc of base.filter((d) => matchesAllBut(d, facet))) {
      const value = facetValueOf(doc, facet);
      if (value !== null) counts.set(value, (counts.get(value) ?? 0) + 1);
    }
    for (const value of refinedValues(query, facet)) if (!counts.has(value)) counts.set(value, 0);
    facets[facet] = [...counts].map(([value, count]) => ({ value, label: labelOf(docs, facet, value), count }));
    facets[facet].sort((a, b) => compareFacetValues(facet, a, b));
  }

  const rangeStats = {} as Record<RangeFacet, NumericRange>;
  for (const facet of RANGE_FACETS) {
    const values = base
      .filter((d) => matchesAllBut(d, facet))
      .map((d) => rangeValueOf(d, facet))
      .filter((v): v is number => v !== null);
    rangeStats[facet] = {
      min: values.length === 0 ? null : values.reduce((a, b) => Math.min(a, b)),
      max: values.length === 0 ? null : values.reduce((a, b) => Math.max(a, b)),
    };
  }

  const start = (query.page - 1) * query.hitsPerPage;
  return {
    hits: matching.slice(start, start + query.hitsPerPage),
    facets,
    rangeStats,
    count: matching.length,
    page: query.page,
    pages: Math.ceil(matching.length / query.hitsPerPage),
    hitsPerPage: query.hitsPerPage,
    ms: performance.now() - started,
  };
}

function labelOf(docs: readonly SearchDoc[], facet: ListFacet, value: string): string {
  if (facet !== "dealership") return facetLabel(facet, value);
  const named = docs.find((d) => d.dealership === value && d.dealershipName);
  return facetLabel(facet, value, named?.dealershipName);
}

/** {@link searchReference} bound to one site's cars, as a {@link SearchEngine}. */
export class ReferenceSearchEngine implements SearchEngine {
  private readonly docs: SearchDoc[];

  /** @param docs one site's cars; the array is copied, the documents are not. */
  constructor(docs: readonly SearchDoc[]) {
    this.docs = [...docs];
  }

  /** See {@link searchReference}. */
  search(query: SearchQuery, visibility: VisibilityOptions): SearchResult {
    return searchReference(this.docs, query, visibility);
  }
}

/**
 * Group-wide search (spec 2.1 `/search/{dealership_slug}`, "more from our group"; issue 54 item 7)
 * as a merge of per-site results: each member site's read model answers the query's first
 * `page × hitsPerPage` hits (its own top k, in the query's sort), and this module merges them
 * into one page, sums the facet counts and widens the range stats. The cost is one search per
 * member plus a k-way merge of at most `page × hitsPerPage` hits per member: no group-wide index
 * to build or keep in memory, and a member's stock change rebuilds only its own model.
 */
import { compareDocs, compareFacetValues } from "./semantics";
import { LIST_FACETS, RANGE_FACETS, type FacetValue, type ListFacet, type NumericRange, type RangeFacet, type SearchDoc, type SearchQuery, type SearchResult } from "./types";

/** One member's answer to the per-site query of {@link memberQuery}. */
export interface MemberResult {
  siteId: number;
  result: SearchResult;
}

/** A hit of the merged page with the site that owns the car. */
export interface GroupHit {
  siteId: number;
  doc: SearchDoc;
}

/** The merged answer: as a {@link SearchResult}, but each hit names its site. */
export interface GroupSearchResult extends Omit<SearchResult, "hits"> {
  hits: GroupHit[];
  /** Cars matching per member site, by site id (the members' own counts). */
  countBySite: Map<number, number>;
}

/**
 * The query each member runs: page 1 with `page × hitsPerPage` hits, so the merged page
 * `page` is among the members' first hits whatever their order.
 * @param query the shopper's query (page is 1-based)
 * @throws RangeError when `page × hitsPerPage` is over `maxDepth` (a deep page of a group is
 *   refused rather than sorting ever more hits of every member)
 */
export function memberQuery(query: SearchQuery, maxDepth = MAX_GROUP_DEPTH): SearchQuery {
  const depth = query.page * query.hitsPerPage;
  if (depth > maxDepth) throw new RangeError(`group search goes ${maxDepth} cars deep at most, asked for ${depth}`);
  return { ...query, page: 1, hitsPerPage: depth };
}

/** Deepest hit of a group search (cars): 50 pages of 21. */
export const MAX_GROUP_DEPTH = 1_050;

/**
 * Merges the members' answers to {@link memberQuery} into page `query.page` of the group.
 * - hits: a k-way merge in the query's sort (`compareDocs`, which ends with the car id, unique
 *   across sites, so the order is total and the same as one site holding every car);
 * - facets: counts of the same value summed across members (labels from the first member that
 *   has the value), ordered as spec 9 orders one site's (`compareFacetValues`);
 * - range stats: the lowest minimum and the highest maximum; count: the sum.
 * @param members each member's result for `memberQuery(query)`, in any order
 * @param query the shopper's query (its page and hitsPerPage choose the merged page)
 * @param ms time the whole group search took, milliseconds (reported as the result's `ms`)
 */
export function mergeGroupResults(members: readonly MemberResult[], query: SearchQuery, ms = 0): GroupSearchResult {
  const count = members.reduce((sum, m) => sum + m.result.count, 0);
  const start = (query.page - 1) * query.hitsPerPage;
  return {
    hits: mergeHits(members, query.sortBy, start, start + query.hitsPerPage),
    facets: sumFacets(members.map((m) => m.result.facets)),
    rangeStats: widenRanges(members.map((m) => m.result.rangeStats)),
    count,
    page: query.page,
    pages: Math.ceil(count / query.hitsPerPage),
    hitsPerPage: query.hitsPerPage,
    ms,
    countBySite: new Map(members.map((m) => [m.siteId, m.result.count])),
  };
}

function mergeHits(members: readonly MemberResult[], sortBy: SearchQuery["sortBy"], start: number, end: number): GroupHit[] {
  // Few members (tens) and short lists: pick the best head each step (k × depth comparisons).
  const cursors = members.map(() => 0);
  const out: GroupHit[] = [];
  for (let taken = 0; taken < end; taken++) {
    let best = -1;
    for (let i = 0; i < members.length; i++) {
      const doc = members[i].result.hits[cursors[i]];
      if (doc && (best === -1 || compareDocs(sortBy, doc, members[best].result.hits[cursors[best]]) < 0)) best = i;
    }
    if (best === -1) break;
    if (taken >= start) out.push({ siteId: members[best].siteId, doc: members[best].result.hits[cursors[best]] });
    cursors[best]++;
  }
  return out;
}

function sumFacets(all: readonly Record<ListFacet, FacetValue[]>[]): Record<ListFacet, FacetValue[]> {
  const out = {} as Record<ListFacet, FacetValue[]>;
  for (const facet of LIST_FACETS) {
    const byValue = new Map<string, FacetValue>();
    for (const facets of all) {
      for (const v of facets[facet] ?? []) {
        const seen = byValue.get(v.value);
        if (seen) seen.count += v.count;
        else byValue.set(v.value, { ...v });
      }
    }
    out[facet] = [...byValue.values()].sort((a, b) => compareFacetValues(facet, a, b));
  }
  return out;
}

function widenRanges(all: readonly Record<RangeFacet, NumericRange>[]): Record<RangeFacet, NumericRange> {
  const out = {} as Record<RangeFacet, NumericRange>;
  for (const facet of RANGE_FACETS) {
    let min: number | null = null;
    let max: number | null = null;
    for (const stats of all) {
      const r = stats[facet];
      if (r?.min != null && (min === null || r.min < min)) min = r.min;
      if (r?.max != null && (max === null || r.max > max)) max = r.max;
    }
    out[facet] = { min, max };
  }
  return out;
}

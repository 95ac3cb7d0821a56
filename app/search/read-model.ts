/**
 * The per-site, in-memory search read model (DESIGN.md section 5; spec 2.2, 4, 5, 9).
 *
 * Layout, built once from a site's {@link SearchDoc}s:
 * - Rows are stored in "most relevant" order, so the default sort needs no sorting at query time;
 *   every other sort has a precomputed permutation (`order`) and its inverse (`rank`).
 * - List facets are dictionary-encoded: each distinct value gets a code; codes of all 15 facets
 *   share one code space (facet f owns `[offset[f], offset[f+1])`, the first code meaning "none")
 *   and are stored row-major in one Uint16Array (Uint32Array past 65,535 codes), so counting a
 *   matching row's 15 facets touches one cache line.
 * - Range facets (price, km, year) are one row-major Float64Array with NaN for null, so a
 *   null value fails every range comparison without a branch.
 * - Text: a sorted vocabulary of folded tokens with row-sorted postings (Uint32Array); the query
 *   intersects postings (AND), the last token over the vocabulary's prefix range.
 *
 * One query is one counting pass over the candidate rows (rows that could be listed, or the text
 * matches): each row is tested against every refined facet and range; a row failing none is a hit
 * and counts towards every facet and range stat, a row failing exactly one counts only towards
 * that facet (disjunctive counts), a row failing two or more is skipped. Hits are then paged out
 * in the requested order. Scratch buffers are allocated once per model and reused; a query only
 * allocates its result objects.
 */
import {
  assertValidSearchQuery,
  carTypeRank,
  compareCodeUnits,
  compareFacetValues,
  compareDocs,
  compareLabels,
  facetLabel,
  facetValueOf,
  fieldTokens,
  isActiveRange,
  normaliseStockNumber,
  parseTextQuery,
  rangeValueOf,
  refinedValues,
  requiresPositivePrice,
  searchableFields,
  soldCutoff,
  type SearchEngine,
  type TextQuery,
} from "./semantics.ts";
import {
  LIST_FACETS,
  RANGE_FACETS,
  SORTS,
  type FacetValue,
  type ListFacet,
  type NumericRange,
  type RangeFacet,
  type SearchDoc,
  type SearchQuery,
  type SearchResult,
  type SortBy,
  type VisibilityOptions,
} from "./types.ts";

const F = LIST_FACETS.length;
const R = RANGE_FACETS.length;
const CAR_TYPE_FACET = LIST_FACETS.indexOf("car_type");
const PRICE_RANGE = RANGE_FACETS.indexOf("price");

/** Row visibility classes, fixed at build time (spec 4); sold rows also need the `now` check. */
const HIDDEN = 0;
const LISTED = 1;
const SOLD = 2;

type CodeArray = Uint16Array | Uint32Array;

/** Read-only statistics of a built model, for logs and the benchmark. */
export interface ReadModelStats {
  docs: number;
  /** Distinct values over all list facets. */
  facetValues: number;
  /** Distinct text tokens. */
  tokens: number;
  /** Bytes held in typed arrays (index plus scratch), excluding the documents themselves. */
  typedArrayBytes: number;
  /** Build time in milliseconds. */
  buildMs: number;
}

/**
 * A site's stock, indexed for search. Build with {@link SearchReadModel.build} (or
 * {@link buildSearchReadModel}) whenever the site's stock changes; the model is immutable.
 * `search` is synchronous and reuses scratch buffers, so one model serves one query at a time,
 * which is always the case on a single JavaScript thread.
 */
export class SearchReadModel implements SearchEngine {
  private readonly n: number;
  /** Documents in row order (most relevant first). */
  private readonly rowDocs: SearchDoc[];
  private readonly codes: CodeArray;
  private readonly offsets: Uint32Array;
  private readonly codeValues: string[];
  private readonly codeLabels: string[];
  /** Per global code: position within its facet by label then value. */
  private readonly labelRank: Uint32Array;
  /** Per facet offset + label rank: the global code. */
  private readonly codeByRank: Uint32Array;
  private readonly carTypeRanks: Uint8Array;
  private readonly dictionaries: Map<string, number>[];
  private readonly rangeValues: Float64Array;
  private readonly soldAt: Float64Array;
  private readonly visibility: Uint8Array;
  /** Rows that are not HIDDEN, ascending. */
  private readonly listableRows: Uint32Array;
  private readonly rowsByStockNumber: Map<string, number[]>;
  private readonly vocabulary: string[];
  private readonly postingStarts: Uint32Array;
  private readonly postings: Uint32Array;
  private readonly order: Uint32Array[];
  private readonly rank: Uint32Array[];

  // Scratch, reused by every query.
  private readonly counts: Uint32Array;
  private readonly allowed: Uint8Array;
  private readonly matched: Uint32Array;
  private readonly stamp: Uint32Array;
  private generation = 0;
  private readonly excluded: Uint8Array;
  private readonly textCounter: Uint32Array;
  private readonly candidates: Uint32Array;
  private readonly sortKeys: Uint32Array;
  private readonly facetKeys: Float64Array;
  private readonly refinedFacets = new Int32Array(F);
  private readonly activeRanges = new Int32Array(R);
  private readonly lower = new Float64Array(R);
  private readonly upper = new Float64Array(R);
  private readonly rangeMin = new Float64Array(R);
  private readonly rangeMax = new Float64Array(R);

  /** Build statistics. */
  readonly stats: ReadModelStats;

  /**
   * Indexes one site's cars.
   * @param docs the site's cars, any order, any visibility (visibility is applied per query,
   *   because "sold within N days" depends on `now`). Documents are kept by reference and must not
   *   be mutated afterwards.
   * @returns the model; building 17k cars takes well under 0.2 s.
   */
  static build(docs: readonly SearchDoc[]): SearchReadModel {
    return new SearchReadModel(docs);
  }

  private constructor(docs: readonly SearchDoc[]) {
    const started = performance.now();
    const n = docs.length;
    this.n = n;

    // Rows in "most relevant" order; ties by input position (the reference engine's stable sort).
    const inputOfRow = Array.from({ length: n }, (_, i) => i).sort((a, b) => compareDocs("relevance", docs[a], docs[b]) || a - b);
    this.rowDocs = inputOfRow.map((i) => docs[i]);
    const rowOfInput = new Uint32Array(n);
    inputOfRow.forEach((input, row) => (rowOfInput[input] = row));

    // Dictionaries, built in input order so a dealership's label is its first car's name.
    this.dictionaries = LIST_FACETS.map(() => new Map<string, number>());
    const localValues: string[][] = LIST_FACETS.map(() => [""]);
    const localLabels: string[][] = LIST_FACETS.map(() => [""]);
    const local = new Uint32Array(n * F);
    const namedDealerships = new Set<number>();
    for (let input = 0; input < n; input++) {
      const doc = docs[input];
      const base = rowOfInput[input] * F;
      for (let f = 0; f < F; f++) {
        const facet = LIST_FACETS[f];
        const value = facetValueOf(doc, facet);
        if (value === null) continue;
        const dict = this.dictionaries[f];
        let code = dict.get(value);
        if (code === undefined) {
          code = localValues[f].length;
          dict.set(value, code);
          localValues[f].push(value);
          localLabels[f].push(facetLabel(facet, value, facet === "dealership" ? doc.dealershipName : null));
          if (facet === "dealership" && doc.dealershipName) namedDealerships.add(code);
        } else if (facet === "dealership" && doc.dealershipName && !namedDealerships.has(code)) {
          localLabels[f][code] = facetLabel(facet, value, doc.dealershipName);
          namedDealerships.add(code);
        }
        local[base + f] = code;
      }
    }
    this.offsets = new Uint32Array(F + 1);
    for (let f = 0; f < F; f++) this.offsets[f + 1] = this.offsets[f] + localValues[f].length;
    const totalCodes = this.offsets[F];
    this.codes = totalCodes <= 0xffff ? new Uint16Array(n * F) : new Uint32Array(n * F);
    for (let row = 0; row < n; row++) {
      for (let f = 0; f < F; f++) this.codes[row * F + f] = this.offsets[f] + local[row * F + f];
    }
    // Global code -> facet-local: turn each facet's dictionary into global codes.
    this.dictionaries.forEach((dict, f) => {
      for (const [value, code] of dict) dict.set(value, this.offsets[f] + code);
    });
    this.codeValues = localValues.flat();
    this.codeLabels = localLabels.flat();
    this.labelRank = new Uint32Array(totalCodes);
    this.codeByRank = new Uint32Array(totalCodes);
    this.carTypeRanks = new Uint8Array(totalCodes);
    for (let f = 0; f < F; f++) {
      const off = this.offsets[f];
      const size = this.offsets[f + 1] - off;
      const byLabel = Array.from({ length: size }, (_, i) => off + i).sort((a, b) =>
        a === off ? -1 : b === off ? 1 : compareLabels(this.codeLabels[a], this.codeLabels[b]) || compareCodeUnits(this.codeValues[a], this.codeValues[b]),
      );
      byLabel.forEach((code, rank) => {
        this.labelRank[code] = rank;
        this.codeByRank[off + rank] = code;
      });
    }
    for (let c = this.offsets[CAR_TYPE_FACET]; c < this.offsets[CAR_TYPE_FACET + 1]; c++) {
      this.carTypeRanks[c] = carTypeRank(this.codeValues[c]);
    }

    // Numeric columns (NaN = null) and visibility classes.
    this.rangeValues = new Float64Array(n * R);
    this.soldAt = new Float64Array(n);
    this.visibility = new Uint8Array(n);
    this.rowsByStockNumber = new Map();
    const ids = new Float64Array(n);
    const createdAt = new Float64Array(n);
    const price = new Float64Array(n);
    const subscriptionPrice = new Float64Array(n);
    const km = new Float64Array(n);
    const inputIndex = Float64Array.from(inputOfRow);
    const orNaN = (v: number | null) => (v === null ? NaN : v);
    let listable = 0;
    for (let row = 0; row < n; row++) {
      const doc = this.rowDocs[row];
      for (let r = 0; r < R; r++) this.rangeValues[row * R + r] = orNaN(rangeValueOf(doc, RANGE_FACETS[r]));
      this.soldAt[row] = orNaN(doc.soldAt);
      const cls = !doc.showOnDealerWebsite
        ? HIDDEN
        : doc.status === "in_stock" || doc.status === "coming_soon"
          ? LISTED
          : doc.status === "sold" && doc.soldAt !== null
            ? SOLD
            : HIDDEN;
      this.visibility[row] = cls;
      if (cls !== HIDDEN) listable++;
      const stock = normaliseStockNumber(doc.stockNumber);
      const rows = this.rowsByStockNumber.get(stock);
      if (rows) rows.push(row);
      else this.rowsByStockNumber.set(stock, [row]);
      ids[row] = doc.id;
      createdAt[row] = doc.createdAt;
      price[row] = orNaN(doc.price);
      subscriptionPrice[row] = orNaN(doc.subscriptionPrice);
      km[row] = orNaN(doc.km);
    }
    this.listableRows = new Uint32Array(listable);
    for (let row = 0, k = 0; row < n; row++) if (this.visibility[row] !== HIDDEN) this.listableRows[k++] = row;

    // Sort permutations: same rules as compareDocs (semantics.ts), on the columns.
    const identity = new Uint32Array(n);
    for (let i = 0; i < n; i++) identity[i] = i;
    const tie = (a: number, b: number) => ids[a] - ids[b] || inputIndex[a] - inputIndex[b];
    const asc = (col: Float64Array) => (a: number, b: number) => {
      const x = col[a];
      const y = col[b];
      if (x !== x || y !== y) return (x !== x ? 1 : 0) - (y !== y ? 1 : 0) || tie(a, b);
      return x < y ? -1 : x > y ? 1 : tie(a, b);
    };
    const desc = (col: Float64Array) => (a: number, b: number) => {
      const x = col[a];
      const y = col[b];
      if (x !== x || y !== y) return (x !== x ? 1 : 0) - (y !== y ? 1 : 0) || tie(a, b);
      return x > y ? -1 : x < y ? 1 : tie(a, b);
    };
    const comparators: Record<SortBy, ((a: number, b: number) => number) | null> = {
      relevance: null,
      latest: desc(createdAt),
      price_desc: desc(price),
      price_asc: asc(price),
      subscription_price: asc(subscriptionPrice),
      km: asc(km),
    };
    this.order = SORTS.map((sort) => {
      const cmp = comparators[sort];
      return cmp === null ? identity : identity.slice().sort(cmp);
    });
    this.rank = this.order.map((order) => {
      if (order === identity) return identity;
      const rank = new Uint32Array(n);
      for (let i = 0; i < n; i++) rank[order[i]] = i;
      return rank;
    });

    // Text index: folded tokens -> ascending rows.
    const tokenCache = new Map<string, string[]>();
    const rowsByToken = new Map<string, number[]>();
    const seen = new Set<string>();
    let postingCount = 0;
    for (let row = 0; row < n; row++) {
      seen.clear();
      for (const field of searchableFields(this.rowDocs[row])) {
        if (!field) continue;
        let tokens = tokenCache.get(field);
        if (tokens === undefined) {
          tokens = fieldTokens(field);
          tokenCache.set(field, tokens);
        }
        for (const token of tokens) {
          if (seen.has(token)) continue;
          seen.add(token);
          const rows = rowsByToken.get(token);
          if (rows) rows.push(row);
          else rowsByToken.set(token, [row]);
          postingCount++;
        }
      }
    }
    this.vocabulary = [...rowsByToken.keys()].sort(compareCodeUnits);
    this.postingStarts = new Uint32Array(this.vocabulary.length + 1);
    this.postings = new Uint32Array(postingCount);
    this.vocabulary.forEach((token, t) => {
      const rows = rowsByToken.get(token)!;
      this.postings.set(rows, this.postingStarts[t]);
      this.postingStarts[t + 1] = this.postingStarts[t] + rows.length;
    });

    let maxFacetSize = 0;
    for (let f = 0; f < F; f++) maxFacetSize = Math.max(maxFacetSize, this.offsets[f + 1] - this.offsets[f]);
    this.counts = new Uint32Array(totalCodes);
    this.allowed = new Uint8Array(totalCodes);
    this.matched = new Uint32Array(n);
    this.stamp = new Uint32Array(n);
    this.excluded = new Uint8Array(n);
    this.textCounter = new Uint32Array(n);
    this.candidates = new Uint32Array(n);
    this.sortKeys = new Uint32Array(n);
    this.facetKeys = new Float64Array(maxFacetSize);

    const arrays: ArrayBufferView[] = [
      this.codes, this.offsets, this.labelRank, this.codeByRank, this.carTypeRanks, this.rangeValues, this.soldAt,
      this.visibility, this.listableRows, this.postingStarts, this.postings, ...new Set([...this.order, ...this.rank]),
      this.counts, this.allowed, this.matched, this.stamp, this.excluded, this.textCounter, this.candidates, this.sortKeys, this.facetKeys,
    ];
    this.stats = {
      docs: n,
      facetValues: totalCodes - F,
      tokens: this.vocabulary.length,
      typedArrayBytes: arrays.reduce((sum, a) => sum + a.byteLength, 0),
      buildMs: performance.now() - started,
    };
  }

  /** Number of cars indexed (visible or not). */
  get size(): number {
    return this.n;
  }

  /**
   * Runs one search over the site's stock.
   * @param query refinements OR within a facet and AND across facets; ranges inclusive, null
   *   values fail an active range; `query` text is ANDed tokens with the last one a prefix;
   *   page is 1-based.
   * @param visibility spec 4: listed statuses, sold within `includeSoldDays` of `now` (epoch ms),
   *   `showOnDealerWebsite`, excluded stock numbers; spec 5's price > 0 option for price_asc.
   * @returns hits of the page (the indexed documents themselves), disjunctive facet counts in
   *   spec 9 order (zero counts dropped unless refined), range stats ignoring each range's own
   *   filter, count, pages = ceil(count / hitsPerPage), and `ms` (wall time of this call).
   * @throws RangeError on a malformed query (page or hitsPerPage not a whole number >= 1, unknown
   *   sortBy, non-finite range bound) or visibility options.
   */
  search(query: SearchQuery, visibility: VisibilityOptions): SearchResult {
    const started = performance.now();
    assertValidSearchQuery(query, visibility);
    const { n, codes, allowed, counts, rangeValues, matched, stamp, refinedFacets, activeRanges, lower, upper, rangeMin, rangeMax } = this;

    // Text first: it can narrow the rows to visit.
    const text = parseTextQuery(query.query);
    let rows = this.listableRows;
    if (text.prefix !== null) rows = this.candidates.subarray(0, this.matchText(text));

    // Refinements: allowed codes, and refined values the site has no car for.
    let refinedCount = 0;
    const unknownValues: string[][] = [];
    for (let f = 0; f < F; f++) {
      const values = refinedValues(query, LIST_FACETS[f]);
      if (values.length === 0) continue;
      refinedFacets[refinedCount++] = f;
      const unknown: string[] = [];
      for (const value of values) {
        const code = this.dictionaries[f].get(value);
        if (code === undefined) unknown.push(value);
        else allowed[code] = 1;
      }
      if (unknown.length > 0) unknownValues[f] = unknown;
    }
    let rangeCount = 0;
    for (let r = 0; r < R; r++) {
      const range = query.ranges[RANGE_FACETS[r]];
      rangeMin[r] = Infinity;
      rangeMax[r] = -Infinity;
      if (!isActiveRange(range)) continue;
      activeRanges[rangeCount++] = r;
      lower[r] = range.min ?? -Infinity;
      upper[r] = range.max ?? Infinity;
    }

    // Exclusions (spec 9) and visibility (spec 4).
    const excludedRows: number[] = [];
    for (const stockNumber of visibility.excludedStockNumbers) {
      const found = this.rowsByStockNumber.get(normaliseStockNumber(stockNumber));
      if (found) for (const row of found) excludedRows.push(row);
    }
    const excluded = this.excluded;
    for (const row of excludedRows) excluded[row] = 1;
    const cutoff = soldCutoff(visibility);
    const positivePriceOnly = requiresPositivePrice(query, visibility);
    const vis = this.visibility;
    const soldAt = this.soldAt;

    if (++this.generation === 0xffffffff) {
      stamp.fill(0);
      this.generation = 1;
    }
    const generation = this.generation;
    counts.fill(0);

    // The counting pass.
    let count = 0;
    const rowCount = rows.length;
    for (let i = 0; i < rowCount; i++) {
      const row = rows[i];
      const cls = vis[row];
      if (cls !== LISTED && (cls === HIDDEN || !(soldAt[row] >= cutoff))) continue;
      if (excluded[row] === 1) continue;
      const rb = row * R;
      if (positivePriceOnly && !(rangeValues[rb + PRICE_RANGE] > 0)) continue;
      const cb = row * F;
      let fails = 0;
      let failed = -1;
      for (let j = 0; j < refinedCount; j++) {
        const f = refinedFacets[j];
        if (allowed[codes[cb + f]] === 0) {
          failed = f;
          if (++fails > 1) break;
        }
      }
      if (fails > 1) continue;
      for (let j = 0; j < rangeCount; j++) {
        const r = activeRanges[j];
        const x = rangeValues[rb + r];
        if (!(x >= lower[r] && x <= upper[r])) {
          failed = F + r;
          if (++fails > 1) break;
        }
      }
      if (fails > 1) continue;
      if (fails === 0) {
        matched[count++] = row;
        stamp[row] = generation;
        for (let f = 0; f < F; f++) counts[codes[cb + f]]++;
        for (let r = 0; r < R; r++) {
          const x = rangeValues[rb + r];
          if (x < rangeMin[r]) rangeMin[r] = x;
          if (x > rangeMax[r]) rangeMax[r] = x;
        }
      } else if (failed < F) {
        counts[codes[cb + failed]]++;
      } else {
        const r = failed - F;
        const x = rangeValues[rb + r];
        if (x < rangeMin[r]) rangeMin[r] = x;
        if (x > rangeMax[r]) rangeMax[r] = x;
      }
    }
    for (const row of excludedRows) excluded[row] = 0;

    const facets = {} as Record<ListFacet, FacetValue[]>;
    for (let f = 0; f < F; f++) facets[LIST_FACETS[f]] = this.facetValues(f, unknownValues[f]);
    for (let j = 0; j < refinedCount; j++) {
      const f = refinedFacets[j];
      for (let c = this.offsets[f]; c < this.offsets[f + 1]; c++) allowed[c] = 0;
    }
    const rangeStats = {} as Record<RangeFacet, NumericRange>;
    for (let r = 0; r < R; r++) {
      rangeStats[RANGE_FACETS[r]] = {
        min: rangeMin[r] === Infinity ? null : rangeMin[r],
        max: rangeMax[r] === -Infinity ? null : rangeMax[r],
      };
    }

    const hits = this.page(query, count, n);
    return {
      hits,
      facets,
      rangeStats,
      count,
      page: query.page,
      pages: Math.ceil(count / query.hitsPerPage),
      hitsPerPage: query.hitsPerPage,
      ms: performance.now() - started,
    };
  }

  /** The requested page of the `count` rows in `matched` (ascending rows = relevance order). */
  private page(query: SearchQuery, count: number, n: number): SearchDoc[] {
    const start = (query.page - 1) * query.hitsPerPage;
    const end = Math.min(start + query.hitsPerPage, count);
    const hits: SearchDoc[] = [];
    if (start >= count) return hits;
    const sort = SORTS.indexOf(query.sortBy);
    const { matched, rowDocs } = this;
    if (query.sortBy === "relevance") {
      for (let i = start; i < end; i++) hits.push(rowDocs[matched[i]]);
      return hits;
    }
    const order = this.order[sort];
    // Either sort the hits' ranks (m log m) or walk the sort order until the page is filled
    // (about n * end / m rows when hits are spread evenly).
    const walkCost = (n * end) / count;
    const sortCost = 3 * count * Math.log2(count + 1);
    if (sortCost < walkCost) {
      const keys = this.sortKeys.subarray(0, count);
      const rank = this.rank[sort];
      for (let i = 0; i < count; i++) keys[i] = rank[matched[i]];
      keys.sort();
      for (let i = start; i < end; i++) hits.push(rowDocs[order[keys[i]]]);
      return hits;
    }
    const { stamp, generation } = this;
    let seen = 0;
    for (let i = 0; i < n && seen < end; i++) {
      const row = order[i];
      if (stamp[row] !== generation) continue;
      if (seen++ >= start) hits.push(rowDocs[row]);
    }
    return hits;
  }

  /** One facet's values in spec 9 order: non-zero counts plus refined values. */
  private facetValues(f: number, unknown: string[] | undefined): FacetValue[] {
    const { counts, allowed, labelRank, facetKeys } = this;
    const off = this.offsets[f];
    const size = this.offsets[f + 1] - off;
    const byCount = f !== CAR_TYPE_FACET;
    let k = 0;
    for (let c = off + 1; c < off + size; c++) {
      const cnt = counts[c];
      if (cnt === 0 && allowed[c] === 0) continue;
      facetKeys[k++] = (byCount ? this.n - cnt : this.carTypeRanks[c]) * size + labelRank[c];
    }
    const keys = facetKeys.subarray(0, k).sort();
    const values: FacetValue[] = new Array(k);
    for (let i = 0; i < k; i++) {
      const code = this.codeByRank[off + (keys[i] % size)];
      values[i] = { value: this.codeValues[code], label: this.codeLabels[code], count: counts[code] };
    }
    if (unknown) {
      const facet = LIST_FACETS[f];
      for (const value of unknown) values.push({ value, label: facetLabel(facet, value), count: 0 });
      values.sort((a, b) => compareFacetValues(facet, a, b));
    }
    return values;
  }

  /**
   * Fills `candidates` with the rows matching the text query, ascending.
   * @returns how many rows match.
   */
  private matchText(text: TextQuery): number {
    const { vocabulary, postingStarts, postings, textCounter: counter, candidates } = this;
    // Each step is a range of vocabulary entries: one entry for an exact token, the prefix range
    // for the last token.
    const steps: [number, number][] = [];
    for (const token of text.exact) {
      const t = lowerBound(vocabulary, token);
      if (t === vocabulary.length || vocabulary[t] !== token) return 0;
      steps.push([t, t + 1]);
    }
    const prefix = text.prefix!;
    const from = lowerBound(vocabulary, prefix);
    let to = from;
    while (to < vocabulary.length && vocabulary[to].startsWith(prefix)) to++;
    if (to === from) return 0;
    steps.push([from, to]);
    const size = ([a, b]: [number, number]) => postingStarts[b] - postingStarts[a];
    steps.sort((x, y) => size(x) - size(y));

    // counter[row] === i after step i-1 means the row has matched every step so far.
    for (let i = 0; i < steps.length; i++) {
      const [a, b] = steps[i];
      for (let p = postingStarts[a], end = postingStarts[b]; p < end; p++) {
        const row = postings[p];
        if (counter[row] === i) counter[row] = i + 1;
      }
    }
    // Every row touched was in the first step's postings: collect and reset from there.
    let found = 0;
    const [a, b] = steps[0];
    for (let p = postingStarts[a], end = postingStarts[b]; p < end; p++) {
      const row = postings[p];
      if (counter[row] === steps.length) candidates[found++] = row;
      counter[row] = 0;
    }
    candidates.subarray(0, found).sort();
    return found;
  }
}

function lowerBound(sorted: readonly string[], key: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid] < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Builds a site's read model. Same as {@link SearchReadModel.build}.
 * @param docs the site's cars (all statuses; visibility is applied per query).
 */
export function buildSearchReadModel(docs: readonly SearchDoc[]): SearchReadModel {
  return SearchReadModel.build(docs);
}

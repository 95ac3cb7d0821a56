/**
 * The per-site, in-memory search read model (DESIGN.md section 5; spec 2.2, 4, 5, 9).
 *
 * Layout, built once from a site's {@link SearchDoc}s:
 * - Rows are stored in "most relevant" order, so the default sort needs no sorting at query
 *   time; every other sort has a precomputed permutation (`order`) and its inverse (`rank`).
 * - List facets are dictionary-encoded: each distinct value gets a code; the codes of all 15
 *   facets share one code space (facet f owns `[offset[f], offset[f+1])`, its first code meaning
 *   "no value") and are stored row-major in one Uint16Array (Uint32Array past 65,535 codes), so
 *   counting a matching row's 15 facets touches one cache line. Each code also lists its rows
 *   (ascending); values common enough (more rows than a bitset has 32-bit words) also get a bitset.
 * - Range facets (price, km, year): a row-major Float64Array (NaN = null) for range stats, and the
 *   non-null rows sorted by value, so a `min:max` filter is a binary search plus a contiguous run.
 * - Text: a sorted vocabulary of folded tokens with row-sorted postings; the query intersects
 *   postings (AND), the last token over the vocabulary's prefix range. Built on the first text query.
 * - Visibility (spec 4): a bitset of listed rows (in_stock/coming_soon, shown on the website) with
 *   their facet counts, and the sold rows by sold date, so "sold within N days of now" is a short
 *   walk per query.
 *
 * A query works 32 rows at a time on bitsets: one "passes" bitset per refined facet or range
 * (OR of its values' rows) and the base (visibility, exclusions, text, price > 0). Per 32-row
 * word, bit-sliced counting gives the rows failing no refinement (hits: they count towards every
 * facet and range stat) and the rows failing exactly one (they count only towards that facet or
 * range: disjunctive counts); rows failing two or more are never visited. When the hits are most
 * of the listed stock, their counts are the listed rows' precomputed counts minus the listed
 * rows that miss (complement counting). Hits are then paged out in the requested order. Scratch
 * buffers are allocated once per model and reused; a query allocates little beyond its result.
 */
import {
  assertValidSearchQuery,
  carTypeRank,
  compareCodeUnits,
  compareFacetValues,
  compareLabels,
  facetLabel,
  facetValueOf,
  fieldTokens,
  isActiveRange,
  normaliseStockNumber,
  parseTextQuery,
  rangeValueOf,
  refinedValues,
  passesUsedPositivePrice,
  requiresPositivePrice,
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
const MAKE_FACET = LIST_FACETS.indexOf("make");
const MODEL_FACET = LIST_FACETS.indexOf("model");
const BODY_FACET = LIST_FACETS.indexOf("body");
const COLOUR_FACET = LIST_FACETS.indexOf("colour");
const PRICE_RANGE = RANGE_FACETS.indexOf("price");
/**
 * Sorted positions per block of {@link SearchReadModel}'s range prefix counts (issue 15, decision
 * 224): a search whose only filter is one range adds up its facet counts from whole blocks in one
 * pass over the facet values, and row by row only at the two ends (at most twice this many rows).
 */
export const RANGE_BLOCK_ROWS = 256;

type CodeArray = Uint16Array | Uint32Array;

/**
 * A {@link SearchReadModel} without its documents, as posted from a worker thread
 * ({@link SearchReadModel.exportParts}): the model's fields by name, and each row's position in
 * the input documents.
 */
export interface ReadModelParts {
  fields: Record<string, unknown>;
  inputOfRow: Uint32Array;
}

/** Read-only statistics of a built model, for logs and the benchmark. */
export interface ReadModelStats {
  docs: number;
  /** Distinct values over all list facets. */
  facetValues: number;
  /** Distinct text tokens; 0 until the first text query builds the text index. */
  tokens: number;
  /** Bytes held in typed arrays (index plus scratch), excluding the documents themselves. */
  typedArrayBytes: number;
  /** Build time in milliseconds. */
  buildMs: number;
}

/**
 * A site's stock, indexed for search. Build with {@link SearchReadModel.build} (or
 * {@link buildSearchReadModel}) whenever the site's stock changes; the indexed stock never
 * changes after the build (only the text index is filled in, once, by the first text query).
 * `search` is synchronous and reuses scratch buffers, so one model serves one query at a time,
 * which is always the case on a single JavaScript thread.
 */
export class SearchReadModel implements SearchEngine {
  private readonly n: number;
  /** Number of 32-row words in a row bitset. */
  private readonly words: number;
  /** Documents in row order (most relevant first). */
  private readonly rowDocs: SearchDoc[];

  private readonly codes: CodeArray;
  private readonly offsets: Uint32Array;
  private readonly dictionaries: Map<string, number>[];
  private readonly codeValues: string[];
  private readonly codeLabels: string[];
  /** Per global code: position within its facet by label then value. */
  private readonly labelRank: Uint32Array;
  /** Per facet offset + label rank: the global code. */
  private readonly codeByRank: Uint32Array;
  private readonly carTypeRanks: Uint8Array;
  /** Rows of code c: `codeRows[codeStarts[c] .. codeStarts[c + 1])`, ascending. */
  private readonly codeStarts: Uint32Array;
  private readonly codeRows: Uint32Array;
  /**
   * Codes with more rows than a bitset has words also get a bitset (OR-ing it is cheaper than
   * setting its rows one by one): `denseBits[denseSlot[c] * words ...]`, slot -1 when none. At most
   * 32 such values per facet, so memory stays below 15 * 32 bitsets.
   */
  private readonly denseSlot: Int32Array;
  private readonly denseBits: Int32Array;

  private readonly rangeValues: Float64Array;
  /** Per range facet: rows with a value, by value ascending, and those values. */
  private readonly rangeRows: Uint32Array[];
  private readonly rangeSorted: Float64Array[];
  /** Per range facet: bitset of the rows with a value. */
  private readonly rangeHasValue: Int32Array[];
  /** Sorted positions per block of `rangeBlockCounts` ({@link RANGE_BLOCK_ROWS}, smaller in tests). */
  private readonly rangeBlockRows: number;
  /**
   * Per range facet: facet counts of the listed rows among its first `b * rangeBlockRows` sorted
   * rows, at `[b * totalCodes, (b + 1) * totalCodes)` for b = 0 .. whole blocks (decision 224).
   */
  private readonly rangeBlockCounts: Uint32Array[];
  /** The active ranges' sorted positions in the current search: `[from, to)` at `2 * r`. */
  private readonly rangeSpan: Uint32Array;

  private readonly listedBits: Int32Array;
  /** Facet counts over the listed rows, and how many rows are listed (for complement counting). */
  private readonly listedCounts: Uint32Array;
  private readonly listedCount: number;
  private readonly positivePriceBits: Int32Array;
  /** Sold rows that could be listed (shown on the website, with a sold date), latest sale first. */
  private readonly soldRows: Uint32Array;
  private readonly soldTimes: Float64Array;
  /**
   * Rows by normalised stock number (code-unit order), ties by row: an exclusion is a binary
   * search. A typed array rather than a Map so that a model built on the worker thread comes back
   * by transfer, with nothing for the event loop to rebuild.
   */
  private readonly stockOrder: Uint32Array;

  /** Text index, built on the first text query (most searches have none): see {@link ensureTextIndex}. */
  private vocabulary: string[] = [];
  private postingStarts: Uint32Array = new Uint32Array(1);
  private postings: Uint32Array = new Uint32Array(0);
  private textIndexBuilt = false;

  private readonly order: Uint32Array[];
  private readonly rank: Uint32Array[];

  // Scratch, reused by every query.
  private readonly counts: Uint32Array;
  private readonly allowed: Uint8Array;
  private readonly matched: Uint32Array;
  private readonly baseBits: Int32Array;
  private readonly fullBits: Int32Array;
  private readonly textBits: Int32Array;
  /** One bitset per refinement dimension, `dimCount * words` used. */
  private readonly passBits: Int32Array;
  private readonly dims = new Int32Array(F + R);
  private readonly textCounter: Uint32Array;
  private readonly candidates: Uint32Array;
  private readonly sortKeys: Uint32Array;
  private readonly facetKeys: Float64Array;
  private readonly rangeMin = new Float64Array(R);
  private readonly rangeMax = new Float64Array(R);

  /** Build statistics. */
  readonly stats: ReadModelStats;

  /**
   * Indexes one site's cars.
   * @param docs the site's cars, any order, any visibility (visibility is applied per query,
   *   because "sold within N days" depends on `now`). Documents are kept by reference and must not
   *   be mutated afterwards.
   * @param rangeBlockRows sorted positions per block of the range prefix counts (default
   *   {@link RANGE_BLOCK_ROWS}); tests use small blocks so that small stocks span several
   * @returns the model (about 0.1 s for 17k cars, 1.2-2 s for 200k on a 2-core machine).
   */
  static build(docs: readonly SearchDoc[], rangeBlockRows = RANGE_BLOCK_ROWS): SearchReadModel {
    return new SearchReadModel(docs, rangeBlockRows);
  }

  private constructor(docs: readonly SearchDoc[], rangeBlockRows: number) {
    const started = performance.now();
    const n = docs.length;
    const words = (n + 31) >>> 5;
    this.n = n;
    this.words = words;
    const orNaN = (v: number | null) => (v === null ? NaN : v);

    // Rows in "most relevant" order (semantics.ts compareDocs), ties by input position (as the
    // reference engine's stable sort): customRank desc, createdAt desc, id asc, input asc.
    // Sorting is done on numeric keys with the engine's native typed-array sort (no comparator).
    const inNegRank = new Float64Array(n);
    const inNegCreated = new Float64Array(n);
    const inId = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      inNegRank[i] = -docs[i].customRank;
      inNegCreated[i] = -docs[i].createdAt;
      inId[i] = docs[i].id;
    }
    // tieOfInput: position of each input in (id, input) order.
    const idOrder = orderBy(sortKeys(inId), identityTie(n));
    const tieOfInput = new Uint32Array(n);
    for (let k = 0; k < n; k++) tieOfInput[idOrder[k]] = k;
    const rankKey = valueRanks(inNegRank);
    const createdKey = valueRanks(inNegCreated);
    const primary = new Float64Array(n);
    for (let i = 0; i < n; i++) primary[i] = rankKey[i] * (n + 1) + createdKey[i];
    const inputOfRow = orderBy(valueRanks(primary), tieOfInput);
    this.rowDocs = new Array<SearchDoc>(n);
    const rowOfInput = new Uint32Array(n);
    for (let row = 0; row < n; row++) {
      this.rowDocs[row] = docs[inputOfRow[row]];
      rowOfInput[inputOfRow[row]] = row;
    }

    // Dictionaries, built in input order so a dealership's label is its first named car's name.
    this.dictionaries = LIST_FACETS.map(() => new Map<string, number>());
    const localValues: string[][] = LIST_FACETS.map(() => [""]);
    const localLabels: string[][] = LIST_FACETS.map(() => [""]);
    const local = new Uint32Array(n * F);
    const namedDealerships = new Set<number>();
    for (let f = 0; f < F; f++) {
      const facet = LIST_FACETS[f];
      const dict = this.dictionaries[f];
      const values = localValues[f];
      const labels = localLabels[f];
      const isDealership = facet === "dealership";
      for (let input = 0; input < n; input++) {
        const doc = docs[input];
        const value = facetValueOf(doc, facet);
        if (value === null) continue;
        let code = dict.get(value);
        if (code === undefined) {
          code = values.length;
          dict.set(value, code);
          values.push(value);
          labels.push(facetLabel(facet, value, isDealership ? doc.dealershipName : null));
          if (isDealership && doc.dealershipName) namedDealerships.add(code);
        } else if (isDealership && doc.dealershipName && !namedDealerships.has(code)) {
          labels[code] = facetLabel(facet, value, doc.dealershipName);
          namedDealerships.add(code);
        }
        local[rowOfInput[input] * F + f] = code;
      }
    }
    this.offsets = new Uint32Array(F + 1);
    for (let f = 0; f < F; f++) this.offsets[f + 1] = this.offsets[f] + localValues[f].length;
    const totalCodes = this.offsets[F];
    this.codes = totalCodes <= 0xffff ? new Uint16Array(n * F) : new Uint32Array(n * F);
    const codeCounts = new Uint32Array(totalCodes);
    for (let row = 0; row < n; row++) {
      for (let f = 0; f < F; f++) {
        const code = this.offsets[f] + local[row * F + f];
        this.codes[row * F + f] = code;
        codeCounts[code]++;
      }
    }
    // Rows per code (counting sort; rows ascending). "No value" codes are left out.
    this.codeStarts = new Uint32Array(totalCodes + 1);
    for (let c = 0; c < totalCodes; c++) {
      const isNone = this.offsets.includes(c);
      this.codeStarts[c + 1] = this.codeStarts[c] + (isNone ? 0 : codeCounts[c]);
    }
    this.codeRows = new Uint32Array(this.codeStarts[totalCodes]);
    const fill = this.codeStarts.slice(0, totalCodes);
    for (let row = 0; row < n; row++) {
      for (let f = 0; f < F; f++) {
        const code = this.codes[row * F + f];
        if (code !== this.offsets[f]) this.codeRows[fill[code]++] = row;
      }
    }
    this.denseSlot = new Int32Array(totalCodes).fill(-1);
    let denseCount = 0;
    for (let c = 0; c < totalCodes; c++) {
      if (this.codeStarts[c + 1] - this.codeStarts[c] > words) this.denseSlot[c] = denseCount++;
    }
    this.denseBits = new Int32Array(denseCount * words);
    for (let c = 0; c < totalCodes; c++) {
      const slot = this.denseSlot[c];
      if (slot === -1) continue;
      const bits = this.denseBits.subarray(slot * words, (slot + 1) * words);
      for (let p = this.codeStarts[c]; p < this.codeStarts[c + 1]; p++) setBit(bits, this.codeRows[p]);
    }
    for (const [f, dict] of this.dictionaries.entries()) {
      for (const [value, code] of dict) dict.set(value, this.offsets[f] + code);
    }
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

    // Numeric columns, visibility (spec 4) and stock numbers (spec 9 exclusions).
    this.rangeValues = new Float64Array(n * R);
    this.listedBits = new Int32Array(words);
    this.positivePriceBits = new Int32Array(words);
    const stockKeys = new Array<string>(n);
    const createdAt = new Float64Array(n);
    const subscriptionPrice = new Float64Array(n);
    const sold: number[] = [];
    for (let row = 0; row < n; row++) {
      const doc = this.rowDocs[row];
      for (let r = 0; r < R; r++) this.rangeValues[row * R + r] = orNaN(rangeValueOf(doc, RANGE_FACETS[r]));
      if (doc.showOnDealerWebsite) {
        if (doc.status === "in_stock" || doc.status === "coming_soon") setBit(this.listedBits, row);
        else if (doc.status === "sold" && doc.soldAt !== null) sold.push(row);
      }
      if (passesUsedPositivePrice(doc)) setBit(this.positivePriceBits, row);
      stockKeys[row] = normaliseStockNumber(doc.stockNumber);
      createdAt[row] = doc.createdAt;
      subscriptionPrice[row] = orNaN(doc.subscriptionPrice);
    }
    this.stockOrder = identityTie(n).sort((a, b) => compareCodeUnits(stockKeys[a], stockKeys[b]) || a - b);
    sold.sort((a, b) => this.rowDocs[b].soldAt! - this.rowDocs[a].soldAt!);
    this.soldRows = Uint32Array.from(sold);
    this.soldTimes = Float64Array.from(sold, (row) => this.rowDocs[row].soldAt!);
    this.listedCounts = new Uint32Array(totalCodes);
    let listedCount = 0;
    for (let row = 0; row < n; row++) {
      if ((this.listedBits[row >>> 5] & (1 << (row & 31))) === 0) continue;
      listedCount++;
      for (let f = 0; f < F; f++) this.listedCounts[this.codes[row * F + f]]++;
    }
    this.listedCount = listedCount;

    // Sort permutations: the rules of compareDocs (semantics.ts) on columns; ties by id, then input
    // position (as the reference engine's stable sort).
    const identity = new Uint32Array(n);
    for (let i = 0; i < n; i++) identity[i] = i;
    const column = (r: number) => {
      const values = new Float64Array(n);
      for (let row = 0; row < n; row++) values[row] = this.rangeValues[row * R + r];
      return values;
    };
    const price = column(PRICE_RANGE);
    const km = column(RANGE_FACETS.indexOf("km"));
    const year = column(RANGE_FACETS.indexOf("year"));
    const tieOfRow = new Uint32Array(n);
    for (let row = 0; row < n; row++) tieOfRow[row] = tieOfInput[inputOfRow[row]];
    /** Rows by a column (NaN = null last in either direction), ties by id then input position. */
    const sortedBy = (col: Float64Array, direction: 1 | -1) => {
      const keys = direction === 1 ? col : col.map((v) => -v);
      return orderBy(sortKeys(keys), tieOfRow);
    };
    const orders: Record<SortBy, Uint32Array> = {
      relevance: identity,
      latest: sortedBy(createdAt, -1),
      price_desc: sortedBy(price, -1),
      price_asc: sortedBy(price, 1),
      subscription_price: sortedBy(subscriptionPrice, 1),
      km: sortedBy(km, 1),
    };
    this.order = SORTS.map((sort) => orders[sort]);
    this.rank = this.order.map((order) => {
      if (order === identity) return identity;
      const rank = new Uint32Array(n);
      for (let i = 0; i < n; i++) rank[order[i]] = i;
      return rank;
    });
    // Range facets reuse the ascending sorts (nulls last, so the non-null rows are a prefix).
    const ascending: Record<RangeFacet, [Uint32Array, Float64Array]> = {
      price: [orders.price_asc, price],
      km: [orders.km, km],
      year: [sortedBy(year, 1), year],
    };
    this.rangeRows = [];
    this.rangeSorted = [];
    this.rangeHasValue = [];
    for (const facet of RANGE_FACETS) {
      const [order, values] = ascending[facet];
      let withValue = 0;
      while (withValue < n && values[order[withValue]] === values[order[withValue]]) withValue++;
      this.rangeRows.push(order.subarray(0, withValue));
      const sorted = new Float64Array(withValue);
      for (let i = 0; i < withValue; i++) sorted[i] = values[order[i]];
      this.rangeSorted.push(sorted);
      const hasValue = new Int32Array(words);
      for (let i = 0; i < withValue; i++) setBit(hasValue, order[i]);
      this.rangeHasValue.push(hasValue);
    }
    // Prefix counts of the listed rows per block of each range's sorted rows (decision 224).
    this.rangeBlockRows = rangeBlockRows;
    this.rangeBlockCounts = this.rangeRows.map((rows) => {
      const blocks = Math.floor(rows.length / rangeBlockRows);
      const table = new Uint32Array((blocks + 1) * totalCodes);
      for (let b = 1; b <= blocks; b++) {
        const at = b * totalCodes;
        table.copyWithin(at, at - totalCodes, at);
        for (let i = (b - 1) * rangeBlockRows; i < b * rangeBlockRows; i++) {
          const row = rows[i];
          if ((this.listedBits[row >>> 5] & (1 << (row & 31))) === 0) continue;
          for (let f = 0; f < F; f++) table[at + this.codes[row * F + f]]++;
        }
      }
      return table;
    });
    this.rangeSpan = new Uint32Array(2 * R);

    let maxFacetSize = 0;
    for (let f = 0; f < F; f++) maxFacetSize = Math.max(maxFacetSize, this.offsets[f + 1] - this.offsets[f]);
    this.counts = new Uint32Array(totalCodes);
    this.allowed = new Uint8Array(totalCodes);
    this.matched = new Uint32Array(n);
    this.baseBits = new Int32Array(words);
    this.fullBits = new Int32Array(words);
    this.textBits = new Int32Array(words);
    this.passBits = new Int32Array((F + R) * words);
    this.textCounter = new Uint32Array(n);
    this.candidates = new Uint32Array(n);
    this.sortKeys = new Uint32Array(n);
    this.facetKeys = new Float64Array(maxFacetSize);

    const arrays: ArrayBufferView[] = [
      ...[this.codes, this.offsets, this.labelRank, this.codeByRank, this.carTypeRanks, this.codeStarts, this.codeRows],
      ...[this.denseSlot, this.denseBits, ...this.rangeHasValue, this.rangeValues, ...this.rangeSorted, this.listedBits, this.listedCounts, this.positivePriceBits, this.soldRows, this.soldTimes, this.stockOrder],
      ...[...this.rangeBlockCounts, this.rangeSpan],
      ...new Set([...this.order, ...this.rank, this.rangeRows[2]]),
      ...[this.counts, this.allowed, this.matched, this.baseBits, this.fullBits, this.textBits, this.passBits],
      ...[this.textCounter, this.candidates, this.sortKeys, this.facetKeys],
    ];
    this.stats = {
      docs: n,
      facetValues: totalCodes - F,
      tokens: 0,
      typedArrayBytes: arrays.reduce((sum, a) => sum + a.byteLength, 0),
      buildMs: performance.now() - started,
    };
  }

  /** Number of cars indexed (visible or not). */
  get size(): number {
    return this.n;
  }

  /** Whether the text index is built (a text query has run, or {@link prepareTextIndex}). */
  get hasTextIndex(): boolean {
    return this.textIndexBuilt;
  }

  /**
   * Builds the text index now rather than on the first text query: a rebuild on the worker
   * thread does it when the site's previous model had one, so that the first text query after a
   * stock change does not build it on the event loop.
   */
  prepareTextIndex(): void {
    this.ensureTextIndex();
  }

  /**
   * The model without its documents, to move a model built on a worker thread to the event loop
   * ({@link fromParts}). Afterwards this model must not be used: its typed arrays' buffers are
   * listed in `transfer` and become detached once posted.
   * @param inputDocs the documents the model was built from, in the order given to `build`
   * @returns `parts`, structured-cloneable (typed arrays, the facet dictionaries and labels, the
   *   text vocabulary when built: small beside the stock), `inputOfRow` (the input position of
   *   each row) and the distinct ArrayBuffers to transfer
   */
  exportParts(inputDocs: readonly SearchDoc[]): { parts: ReadModelParts; transfer: ArrayBuffer[] } {
    const fields: Record<string, unknown> = {};
    const transfer = new Set<ArrayBuffer>();
    const collect = (value: unknown): void => {
      if (ArrayBuffer.isView(value)) transfer.add(value.buffer as ArrayBuffer);
      else if (Array.isArray(value)) for (const item of value) if (ArrayBuffer.isView(item)) transfer.add(item.buffer as ArrayBuffer);
    };
    for (const [field, value] of Object.entries(this)) {
      if (field === "rowDocs") continue;
      fields[field] = value;
      collect(value);
    }
    const inputOf = new Map<SearchDoc, number>();
    inputDocs.forEach((doc, i) => inputOf.set(doc, i));
    const inputOfRow = Uint32Array.from(this.rowDocs, (doc) => inputOf.get(doc)!);
    transfer.add(inputOfRow.buffer);
    return { parts: { fields, inputOfRow }, transfer: [...transfer] };
  }

  /**
   * A model from {@link exportParts}' parts (received from a worker thread) over the event
   * loop's own documents: no indexing, only the row order of the documents (one pass).
   * @param parts what `exportParts` returned, after a postMessage
   * @param docs the same cars, in the same order, as the documents the parts were built from
   *   (kept by reference for the hits)
   * @throws RangeError when `docs` is not as long as the model
   */
  static fromParts(parts: ReadModelParts, docs: readonly SearchDoc[]): SearchReadModel {
    const { inputOfRow } = parts;
    if (inputOfRow.length !== docs.length) throw new RangeError(`read model parts are for ${inputOfRow.length} cars, not ${docs.length}`);
    const rowDocs = new Array<SearchDoc>(docs.length);
    for (let row = 0; row < rowDocs.length; row++) rowDocs[row] = docs[inputOfRow[row]];
    const model = Object.create(SearchReadModel.prototype) as SearchReadModel;
    Object.assign(model, parts.fields, { rowDocs });
    return model;
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
    const { words, allowed, passBits, dims } = this;

    // Base rows: listed (spec 4), recently sold, minus exclusions (spec 9), text, price > 0 (spec 5).
    const base = this.baseBits;
    base.set(this.listedBits);
    const cutoff = soldCutoff(visibility);
    for (let i = 0; i < this.soldRows.length && this.soldTimes[i] >= cutoff; i++) setBit(base, this.soldRows[i]);
    for (const stockNumber of visibility.excludedStockNumbers) {
      const key = normaliseStockNumber(stockNumber);
      const { stockOrder, rowDocs } = this;
      const keyOf = (i: number) => normaliseStockNumber(rowDocs[stockOrder[i]].stockNumber);
      let lo = 0;
      let hi = stockOrder.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (compareCodeUnits(keyOf(mid), key) < 0) lo = mid + 1;
        else hi = mid;
      }
      for (let i = lo; i < stockOrder.length && keyOf(i) === key; i++) clearBit(base, stockOrder[i]);
    }
    if (requiresPositivePrice(query, visibility)) andInto(base, this.positivePriceBits);
    const text = parseTextQuery(query.query);
    if (text.prefix !== null) {
      const found = this.matchText(text);
      const textBits = this.textBits;
      textBits.fill(0);
      for (let i = 0; i < found; i++) setBit(textBits, this.candidates[i]);
      andInto(base, textBits);
    }

    // One pass bitset per refined facet (OR of its values' rows) and per active range.
    let dimCount = 0;
    const unknownValues: string[][] = [];
    for (let f = 0; f < F; f++) {
      const values = refinedValues(query, LIST_FACETS[f]);
      if (values.length === 0) continue;
      const bits = passBits.subarray(dimCount * words, (dimCount + 1) * words);
      bits.fill(0);
      dims[dimCount++] = f;
      const unknown: string[] = [];
      for (const value of values) {
        const code = this.dictionaries[f].get(value);
        if (code === undefined) {
          unknown.push(value);
          continue;
        }
        allowed[code] = 1;
        const slot = this.denseSlot[code];
        if (slot !== -1) orInto(bits, this.denseBits, slot * words);
        else for (let p = this.codeStarts[code], end = this.codeStarts[code + 1]; p < end; p++) setBit(bits, this.codeRows[p]);
      }
      if (unknown.length > 0) unknownValues[f] = unknown;
    }
    for (let r = 0; r < R; r++) {
      const range = query.ranges[RANGE_FACETS[r]];
      if (!isActiveRange(range)) continue;
      const bits = passBits.subarray(dimCount * words, (dimCount + 1) * words);
      dims[dimCount++] = F + r;
      const sorted = this.rangeSorted[r];
      const from = range.min === null ? 0 : firstAtLeast(sorted, range.min);
      const to = range.max === null ? sorted.length : firstAbove(sorted, range.max);
      this.rangeSpan[2 * r] = from;
      this.rangeSpan[2 * r + 1] = to;
      const rows = this.rangeRows[r];
      if (to - from <= sorted.length / 2) {
        bits.fill(0);
        for (let i = from; i < to; i++) setBit(bits, rows[i]);
      } else {
        // Most rows are in range: start from every row with a value and clear the rest.
        bits.set(this.rangeHasValue[r]);
        for (let i = 0; i < from; i++) clearBit(bits, rows[i]);
        for (let i = to; i < sorted.length; i++) clearBit(bits, rows[i]);
      }
    }

    this.counts.fill(0);
    this.rangeMin.fill(Infinity);
    this.rangeMax.fill(-Infinity);
    const { count, dense } = this.countingPass(dimCount);

    const facets = {} as Record<ListFacet, FacetValue[]>;
    for (let f = 0; f < F; f++) facets[LIST_FACETS[f]] = this.facetValues(f, unknownValues[f]);
    for (let j = 0; j < dimCount; j++) {
      const f = dims[j];
      if (f < F) allowed.fill(0, this.offsets[f], this.offsets[f + 1]);
    }
    const rangeStats = {} as Record<RangeFacet, NumericRange>;
    for (let r = 0; r < R; r++) {
      const min = this.rangeMin[r];
      const max = this.rangeMax[r];
      rangeStats[RANGE_FACETS[r]] = { min: min === Infinity ? null : min, max: max === -Infinity ? null : max };
    }

    return {
      hits: this.page(query, count, dense),
      facets,
      rangeStats,
      count,
      page: query.page,
      pages: Math.ceil(count / query.hitsPerPage),
      hitsPerPage: query.hitsPerPage,
      ms: performance.now() - started,
    };
  }

  /**
   * The counting pass over `baseBits` and the first `dimCount` pass bitsets: fills `fullBits`,
   * `counts`, `rangeMin` and `rangeMax`, and (unless `dense` is returned) `matched`, ascending.
   *
   * Per 32-row word, bit-sliced counting of failed dimensions gives the full matches and the
   * rows failing exactly one dimension; the latter count towards that dimension only. Full
   * matches count towards everything: when they are most of the listed rows, their counts are
   * taken as the listed rows' precomputed counts, minus the listed rows that do not match, plus
   * matching rows that are not listed (recently sold), and range stats come from the rows sorted
   * by value; otherwise every full match is visited.
   * @returns the number of full matches and whether they were counted by complement (`dense`).
   */
  private countingPass(dimCount: number): { count: number; dense: boolean } {
    const { words, baseBits, fullBits, passBits, dims, counts, codes, rangeValues, rangeMin, rangeMax } = this;
    let count = 0;
    for (let w = 0; w < words; w++) {
      const b = baseBits[w];
      if (b === 0) {
        fullBits[w] = 0;
        continue;
      }
      // Bit-sliced count of failed dimensions per row: `one` = failed at least one, `two` = at least two.
      let one = 0;
      let two = 0;
      for (let j = 0; j < dimCount; j++) {
        const failed = b & ~passBits[j * words + w];
        two |= one & failed;
        one |= failed;
      }
      const full = b & ~one;
      fullBits[w] = full;
      count += popcount(full);
      const single = one & ~two;
      if (single === 0) continue;
      const rowBase = w << 5;
      for (let j = 0; j < dimCount; j++) {
        let rows = single & ~passBits[j * words + w];
        if (rows === 0) continue;
        const d = dims[j];
        while (rows !== 0) {
          const low = rows & -rows;
          rows ^= low;
          const row = rowBase + 31 - Math.clz32(low);
          if (d < F) {
            counts[codes[row * F + d]]++;
          } else {
            const r = d - F;
            const x = rangeValues[row * R + r];
            if (x < rangeMin[r]) rangeMin[r] = x;
            if (x > rangeMax[r]) rangeMax[r] = x;
          }
        }
      }
    }

    if (count * 2 > this.listedCount) {
      if (dimCount === 1 && dims[0] >= F) this.countOneRangeMatches(dims[0] - F);
      else this.countDenseMatches();
      this.denseRangeStats();
      return { count, dense: true };
    }
    const { matched } = this;
    let k = 0;
    for (let w = 0; w < words; w++) {
      let full = fullBits[w];
      const rowBase = w << 5;
      while (full !== 0) {
        const low = full & -full;
        full ^= low;
        const row = rowBase + 31 - Math.clz32(low);
        matched[k++] = row;
        const cb = row * F;
        for (let f = 0; f < F; f++) counts[codes[cb + f]]++;
        const rb = row * R;
        for (let r = 0; r < R; r++) {
          const x = rangeValues[rb + r];
          if (x < rangeMin[r]) rangeMin[r] = x;
          if (x > rangeMax[r]) rangeMax[r] = x;
        }
      }
    }
    return { count, dense: false };
  }

  /** Adds the full matches' facet counts by complement (see countingPass). */
  private countDenseMatches(): void {
    const { words, fullBits, listedBits, listedCounts, counts, codes } = this;
    for (let c = 0; c < counts.length; c++) counts[c] += listedCounts[c];
    for (let w = 0; w < words; w++) {
      const full = fullBits[w];
      const listed = listedBits[w];
      const rowBase = w << 5;
      let missing = listed & ~full;
      while (missing !== 0) {
        const low = missing & -missing;
        missing ^= low;
        const cb = (rowBase + 31 - Math.clz32(low)) * F;
        for (let f = 0; f < F; f++) counts[codes[cb + f]]--;
      }
      let extra = full & ~listed;
      while (extra !== 0) {
        const low = extra & -extra;
        extra ^= low;
        const cb = (rowBase + 31 - Math.clz32(low)) * F;
        for (let f = 0; f < F; f++) counts[codes[cb + f]]++;
      }
    }
  }

  /**
   * The full matches' facet counts when the search's only filter dimension is range `r` (and
   * they are most of the listed rows; decision 224): the full matches are the base rows at the
   * range's sorted positions `[from, to)`. Their listed rows are counted from the block prefix
   * counts (whole blocks in one pass over the facet values, the ends row by row); rows where the
   * base and the listed rows differ (recently sold, excluded, text, price 0) are then added or
   * taken off. Same counts as {@link countDenseMatches}, without visiting each listed row that
   * does not match (most of the time of a price-range search, issue 15).
   */
  private countOneRangeMatches(r: number): void {
    const { words, baseBits, listedBits, passBits, counts, codes, rangeBlockRows } = this;
    const rows = this.rangeRows[r];
    const table = this.rangeBlockCounts[r];
    const totalCodes = counts.length;
    const from = this.rangeSpan[2 * r];
    const to = this.rangeSpan[2 * r + 1];
    const addListed = (start: number, end: number) => {
      for (let i = start; i < end; i++) {
        const row = rows[i];
        if ((listedBits[row >>> 5] & (1 << (row & 31))) === 0) continue;
        const cb = row * F;
        for (let f = 0; f < F; f++) counts[codes[cb + f]]++;
      }
    };
    const firstBlock = Math.ceil(from / rangeBlockRows);
    const lastBlock = Math.floor(to / rangeBlockRows);
    if (firstBlock < lastBlock) {
      const hi = lastBlock * totalCodes;
      const lo = firstBlock * totalCodes;
      for (let c = 0; c < totalCodes; c++) counts[c] += table[hi + c] - table[lo + c];
      addListed(from, firstBlock * rangeBlockRows);
      addListed(lastBlock * rangeBlockRows, to);
    } else {
      addListed(from, to);
    }
    // Rows in range where the base and the listed rows differ (passBits' first dimension is the range).
    for (let w = 0; w < words; w++) {
      let differ = (baseBits[w] ^ listedBits[w]) & passBits[w];
      const rowBase = w << 5;
      while (differ !== 0) {
        const low = differ & -differ;
        differ ^= low;
        const cb = (rowBase + 31 - Math.clz32(low)) * F;
        if ((baseBits[w] & low) !== 0) for (let f = 0; f < F; f++) counts[codes[cb + f]]++;
        else for (let f = 0; f < F; f++) counts[codes[cb + f]]--;
      }
    }
  }

  /** The full matches' range stats when they were counted by complement (see countingPass). */
  private denseRangeStats(): void {
    const { fullBits, rangeMin, rangeMax } = this;
    for (let r = 0; r < R; r++) {
      const rows = this.rangeRows[r];
      const sorted = this.rangeSorted[r];
      for (let i = 0; i < rows.length; i++) {
        const row = rows[i];
        if ((fullBits[row >>> 5] & (1 << (row & 31))) === 0) continue;
        if (sorted[i] < rangeMin[r]) rangeMin[r] = sorted[i];
        break;
      }
      for (let i = rows.length - 1; i >= 0; i--) {
        const row = rows[i];
        if ((fullBits[row >>> 5] & (1 << (row & 31))) === 0) continue;
        if (sorted[i] > rangeMax[r]) rangeMax[r] = sorted[i];
        break;
      }
    }
  }

  /**
   * The requested page of the `count` full matches: from `matched` (ascending rows = relevance
   * order) when it was filled, else by walking the sort order over `fullBits`.
   */
  private page(query: SearchQuery, count: number, dense: boolean): SearchDoc[] {
    const start = (query.page - 1) * query.hitsPerPage;
    const end = Math.min(start + query.hitsPerPage, count);
    const hits: SearchDoc[] = [];
    if (start >= count) return hits;
    const { matched, rowDocs, n } = this;
    if (query.sortBy === "relevance" && !dense) {
      for (let i = start; i < end; i++) hits.push(rowDocs[matched[i]]);
      return hits;
    }
    const sort = SORTS.indexOf(query.sortBy);
    const order = this.order[sort];
    // Either sort the hits' ranks (m log m) or walk the sort order until the page is filled
    // (about n * end / m rows when hits are spread evenly).
    const walkCost = (n * end) / count;
    const sortCost = 3 * count * Math.log2(count + 1);
    if (!dense && sortCost < walkCost) {
      const keys = this.sortKeys.subarray(0, count);
      const rank = this.rank[sort];
      for (let i = 0; i < count; i++) keys[i] = rank[matched[i]];
      keys.sort();
      for (let i = start; i < end; i++) hits.push(rowDocs[order[keys[i]]]);
      return hits;
    }
    const full = this.fullBits;
    let seen = 0;
    for (let i = 0; i < n && seen < end; i++) {
      const row = order[i];
      if ((full[row >>> 5] & (1 << (row & 31))) === 0) continue;
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
   * Builds the text index (folded tokens -> ascending rows) on first use. Most searches have no
   * text query, so the index build leaves this out; the first text query pays for it once
   * (about 60 ms at 17,000 cars) and `stats.tokens`/`stats.typedArrayBytes` then include it.
   */
  private ensureTextIndex(): void {
    if (this.textIndexBuilt) return;
    const n = this.n;
    const totalCodes = this.offsets[F];
    // Text index: folded tokens -> ascending rows, via (token id, row) pairs and a counting sort.
    const tokenIds = new Map<string, number>();
    const idsOf = (field: string): number[] =>
      fieldTokens(field).map((token) => {
        let id = tokenIds.get(token);
        if (id === undefined) {
          id = tokenIds.size;
          tokenIds.set(token, id);
        }
        return id;
      });
    // The searchable fields (semantics.ts searchableFields): make, model, body and colour are list
    // facets too, so their token ids are cached per facet code; badge and series per text; stock
    // numbers are nearly unique, so not cached.
    const idsByCode: (number[] | undefined)[] = new Array(totalCodes);
    const idsByText = new Map<string, number[]>();
    let pairTokens: Uint32Array = new Uint32Array(Math.max(16, n * 8));
    let pairRows: Uint32Array = new Uint32Array(pairTokens.length);
    let pairCount = 0;
    const rowTokens: number[] = [];
    const add = (row: number, ids: number[]) => {
      for (const id of ids) {
        if (rowTokens.includes(id)) continue;
        rowTokens.push(id);
        if (pairCount === pairTokens.length) {
          pairTokens = growUint32(pairTokens);
          pairRows = growUint32(pairRows);
        }
        pairTokens[pairCount] = id;
        pairRows[pairCount++] = row;
      }
    };
    const byCode = (row: number, f: number) => {
      const code = this.codes[row * F + f];
      if (code === this.offsets[f]) return;
      let ids = idsByCode[code];
      if (ids === undefined) idsByCode[code] = ids = idsOf(this.codeValues[code]);
      add(row, ids);
    };
    const byText = (row: number, text: string | null) => {
      if (!text) return;
      let ids = idsByText.get(text);
      if (ids === undefined) idsByText.set(text, (ids = idsOf(text)));
      add(row, ids);
    };
    for (let row = 0; row < n; row++) {
      rowTokens.length = 0;
      const doc = this.rowDocs[row];
      byCode(row, MAKE_FACET);
      byCode(row, MODEL_FACET);
      byText(row, doc.badge);
      byText(row, doc.series);
      byCode(row, BODY_FACET);
      byCode(row, COLOUR_FACET);
      if (doc.stockNumber) add(row, idsOf(doc.stockNumber));
    }
    // Default string sort is code-unit order (compareCodeUnits), without a comparator callback.
    this.vocabulary = [...tokenIds.keys()].sort();
    const slotOfId = new Uint32Array(tokenIds.size);
    this.vocabulary.forEach((token, t) => (slotOfId[tokenIds.get(token)!] = t));
    this.postingStarts = new Uint32Array(this.vocabulary.length + 1);
    for (let i = 0; i < pairCount; i++) this.postingStarts[slotOfId[pairTokens[i]] + 1]++;
    for (let t = 0; t < this.vocabulary.length; t++) this.postingStarts[t + 1] += this.postingStarts[t];
    this.postings = new Uint32Array(pairCount);
    const next = this.postingStarts.slice(0, this.vocabulary.length);
    for (let i = 0; i < pairCount; i++) this.postings[next[slotOfId[pairTokens[i]]]++] = pairRows[i];

    this.textIndexBuilt = true;
    const stats = this.stats as { tokens: number; typedArrayBytes: number };
    stats.tokens = this.vocabulary.length;
    stats.typedArrayBytes += this.postingStarts.byteLength + this.postings.byteLength;
  }

  /**
   * Fills `candidates` with the rows matching the text query, ascending.
   * @returns how many rows match.
   */
  private matchText(text: TextQuery): number {
    this.ensureTextIndex();
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
    return found;
  }
}

/** Identity tie-break ranks 0..n-1. */
function identityTie(n: number): Uint32Array {
  const tie = new Uint32Array(n);
  for (let i = 0; i < n; i++) tie[i] = i;
  return tie;
}

/**
 * A monotonic rank per value: the number of values strictly below it (equal values share a
 * rank); NaN (null) ranks after every number.
 */
function valueRanks(values: Float64Array): Float64Array {
  const sorted = values.slice().sort(); // typed-array sort: numeric ascending, NaN last
  const n = values.length;
  const ranks = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const v = values[i];
    if (v !== v) {
      ranks[i] = n;
      continue;
    }
    let lo = 0;
    let hi = n;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (sorted[mid] < v) lo = mid + 1;
      else hi = mid;
    }
    ranks[i] = lo;
  }
  return ranks;
}

/**
 * Keys that order like `values` (NaN last) and can be multiplied by n within 2^53: the values
 * themselves when they are whole numbers small enough (prices, km, years, ids), else
 * {@link valueRanks}.
 */
function sortKeys(values: Float64Array): Float64Array {
  const n = values.length;
  const limit = Number.MAX_SAFE_INTEGER / (n + 1) - 1;
  let max = -Infinity;
  for (let i = 0; i < n; i++) {
    const v = values[i];
    if (v !== v) continue;
    if (!Number.isInteger(v) || Math.abs(v) >= limit) return valueRanks(values);
    if (v > max) max = v;
  }
  const nullKey = max === -Infinity ? 0 : max + 1;
  const keys = new Float64Array(n);
  for (let i = 0; i < n; i++) keys[i] = values[i] !== values[i] ? nullKey : values[i];
  return keys;
}

/**
 * Indexes 0..n-1 ordered by `ranks` ascending, ties by `tie` ascending (`tie` a permutation of
 * 0..n-1). Keys rank * n + tie stay below 2^53 for any realistic n, so a native numeric sort does it.
 */
function orderBy(ranks: Float64Array, tie: Uint32Array): Uint32Array {
  // keys[k] % n recovers the tie as long as rank * n + tie is exact; ranks may be negative.
  const n = ranks.length;
  const keys = new Float64Array(n);
  const indexOfTie = new Uint32Array(n);
  for (let i = 0; i < n; i++) {
    keys[i] = ranks[i] * n + tie[i];
    indexOfTie[tie[i]] = i;
  }
  keys.sort();
  const order = new Uint32Array(n);
  for (let k = 0; k < n; k++) order[k] = indexOfTie[((keys[k] % n) + n) % n];
  return order;
}

function growUint32(array: Uint32Array): Uint32Array {
  const grown = new Uint32Array(array.length * 2);
  grown.set(array);
  return grown;
}

function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

function setBit(bits: Int32Array, row: number): void {
  bits[row >>> 5] |= 1 << (row & 31);
}

function clearBit(bits: Int32Array, row: number): void {
  bits[row >>> 5] &= ~(1 << (row & 31));
}

function orInto(target: Int32Array, source: Int32Array, offset: number): void {
  for (let w = 0; w < target.length; w++) target[w] |= source[offset + w];
}

function andInto(target: Int32Array, mask: Int32Array): void {
  for (let w = 0; w < target.length; w++) target[w] &= mask[w];
}

/** First index whose value is >= `min` (values ascending). */
function firstAtLeast(sorted: Float64Array, min: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid] < min) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** First index whose value is > `max` (values ascending). */
function firstAbove(sorted: Float64Array, max: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid] <= max) lo = mid + 1;
    else hi = mid;
  }
  return lo;
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
 * @param rangeBlockRows sorted positions per block of the range prefix counts (tests only).
 */
export function buildSearchReadModel(docs: readonly SearchDoc[], rangeBlockRows = RANGE_BLOCK_ROWS): SearchReadModel {
  return SearchReadModel.build(docs, rangeBlockRows);
}

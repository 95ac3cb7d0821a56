/**
 * The rules both search engines share (spec 2.2, 4, 5 "Search and sliders", 9 "Search"): how a
 * car maps to a facet value and label, the facet value order, the sort orders, stock visibility
 * and text matching. The read model and the reference engine differ only in *how* they apply
 * these rules, so that the reference engine can serve as an oracle for the read model.
 */
import type { CarType } from "~/domain/car";
import type {
  FacetValue,
  ListFacet,
  NumericRange,
  RangeFacet,
  SearchDoc,
  SearchQuery,
  SearchResult,
  SortBy,
  VisibilityOptions,
} from "./types.ts";
import { SORTS } from "./types.ts";

/** One day in milliseconds (spec 4 counts sold cars' days in whole 24-hour periods). */
export const DAY_MS = 86_400_000;

/** Spec 9: "car_type order new, demo, used". */
export const CAR_TYPE_ORDER: readonly CarType[] = ["new", "demo", "used"];

/** Anything that answers a {@link SearchQuery} for one site's stock. */
export interface SearchEngine {
  /**
   * Runs one search.
   * @param query a valid query (see {@link assertValidSearchQuery}).
   * @param visibility the site's spec 4 visibility settings, `now` in epoch ms.
   * @returns hits of the requested page, disjunctive facet counts, range stats and paging.
   * @throws RangeError when the query or the visibility options are malformed.
   */
  search(query: SearchQuery, visibility: VisibilityOptions): SearchResult;
}

function nonEmpty(value: string | null | undefined): string | null {
  return value === null || value === undefined || value === "" ? null : value;
}

/**
 * The value a car has for a list facet, as it appears in the URL and in {@link FacetValue.value}.
 * @returns the string value; `null` when the car has none (it then matches no refinement of that
 *   facet and is counted under no value). Empty strings count as none. `seats` is the decimal
 *   number ("5"), `certified` is "true" or "false", `dealership` is the location slug.
 */
export function facetValueOf(doc: SearchDoc, facet: ListFacet): string | null {
  switch (facet) {
    case "make":
      return nonEmpty(doc.make);
    case "model":
      return nonEmpty(doc.model);
    case "body":
      return nonEmpty(doc.body);
    case "fuel":
      return nonEmpty(doc.fuel);
    case "drive":
      return nonEmpty(doc.drive);
    case "transmission":
      return nonEmpty(doc.transmission);
    case "colour":
      return nonEmpty(doc.colour);
    case "seats":
      return doc.seats === null || !Number.isFinite(doc.seats) ? null : String(doc.seats);
    case "city":
      return nonEmpty(doc.city);
    case "state":
      return nonEmpty(doc.state);
    case "dealership":
      return nonEmpty(doc.dealership);
    case "car_type":
      return nonEmpty(doc.carType);
    case "item_type":
      return nonEmpty(doc.itemType);
    case "tag":
      return nonEmpty(doc.tag);
    case "certified":
      return doc.certified ? "true" : "false";
  }
}

const CAR_TYPE_LABELS: Record<string, string> = { new: "New", demo: "Demo", used: "Used" };
const CERTIFIED_LABELS: Record<string, string> = { true: "Certified", false: "Not certified" };

/**
 * The label shown on a facet tile (spec 2.2).
 * @param dealershipName for `dealership` only: the location's name, taken from the first car
 *   (in input order) with that slug and a non-empty name; otherwise the slug is shown.
 * @returns "New"/"Demo"/"Used" for car_type, "Certified"/"Not certified" for certified, the
 *   dealership name for dealership, else the value itself.
 */
export function facetLabel(facet: ListFacet, value: string, dealershipName?: string | null): string {
  if (facet === "car_type") return CAR_TYPE_LABELS[value] ?? value;
  if (facet === "certified") return CERTIFIED_LABELS[value] ?? value;
  if (facet === "dealership") return nonEmpty(dealershipName) ?? value;
  // Issue 17: item types are stored lower case ('car', 'caravan'); shoppers read 'Car', 'Caravan'.
  if (facet === "item_type") return value ? value.charAt(0).toUpperCase() + value.slice(1).replace(/[_-]+/g, " ") : value;
  return value;
}

/** Code-unit order, the same in every runtime (like SQL `COLLATE "C"`). */
export function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Label order for facet values: case-insensitive first, then code-unit order as tie-break, so
 * "BMW" and "bmw" never tie and "Audi" sorts before "bmw".
 */
export function compareLabels(a: string, b: string): number {
  return compareCodeUnits(a.toLowerCase(), b.toLowerCase()) || compareCodeUnits(a, b);
}

/** Position of a car type in spec 9's fixed order; unknown values after the three known ones. */
export function carTypeRank(value: string): number {
  const i = (CAR_TYPE_ORDER as readonly string[]).indexOf(value);
  return i === -1 ? CAR_TYPE_ORDER.length : i;
}

/**
 * Facet value order (spec 9 "Filter sorts"): car_type in the fixed order new, demo, used; every
 * other list facet by count descending, then label ({@link compareLabels}), then value.
 * @returns a negative number when `a` comes first.
 */
export function compareFacetValues(facet: ListFacet, a: FacetValue, b: FacetValue): number {
  if (facet === "car_type") {
    return carTypeRank(a.value) - carTypeRank(b.value) || compareLabels(a.label, b.label) || compareCodeUnits(a.value, b.value);
  }
  return b.count - a.count || compareLabels(a.label, b.label) || compareCodeUnits(a.value, b.value);
}

function ascNullsLast(a: number | null, b: number | null): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  return a < b ? -1 : a > b ? 1 : 0;
}

function descNullsLast(a: number | null, b: number | null): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  return a > b ? -1 : a < b ? 1 : 0;
}

/**
 * Spec 2.2 sort orders. Every sort ends with id ascending so results are deterministic; cars
 * without the sort's value (null price, km or subscription price) come last in every direction.
 * - relevance: customRank desc, createdAt desc, id asc
 * - latest: createdAt desc, id asc
 * - price_desc / price_asc: price, nulls last
 * - subscription_price: subscription price asc, nulls last
 * - km: km asc, nulls last
 * @returns a negative number when `a` comes first.
 */
export function compareDocs(sortBy: SortBy, a: SearchDoc, b: SearchDoc): number {
  let c: number;
  switch (sortBy) {
    case "relevance":
      c = descNullsLast(a.customRank, b.customRank) || descNullsLast(a.createdAt, b.createdAt);
      break;
    case "latest":
      c = descNullsLast(a.createdAt, b.createdAt);
      break;
    case "price_desc":
      c = descNullsLast(a.price, b.price);
      break;
    case "price_asc":
      c = ascNullsLast(a.price, b.price);
      break;
    case "subscription_price":
      c = ascNullsLast(a.subscriptionPrice, b.subscriptionPrice);
      break;
    case "km":
      c = ascNullsLast(a.km, b.km);
      break;
  }
  return c || a.id - b.id;
}

/** Upper-cased, trimmed stock number: how site-level exclusions are compared (spec 9). */
export function normaliseStockNumber(stockNumber: string): string {
  return stockNumber.trim().toUpperCase();
}

/**
 * Earliest `soldAt` (epoch ms) that still keeps a sold car listed (spec 4: sold within the last
 * `includeSoldDays` days of `now`).
 */
export function soldCutoff(visibility: VisibilityOptions): number {
  return visibility.now - visibility.includeSoldDays * DAY_MS;
}

/**
 * Spec 4 stock visibility: `showOnDealerWebsite` and (status in_stock or coming_soon, or status
 * sold with `soldAt` at or after {@link soldCutoff}). Site exclusions are checked separately.
 */
export function isListed(doc: SearchDoc, cutoff: number): boolean {
  if (!doc.showOnDealerWebsite) return false;
  if (doc.status === "in_stock" || doc.status === "coming_soon") return true;
  return doc.status === "sold" && doc.soldAt !== null && doc.soldAt >= cutoff;
}

/** The value of a range facet on a car (price in dollars, km, calendar year); null when none. */
export function rangeValueOf(doc: SearchDoc, facet: RangeFacet): number | null {
  switch (facet) {
    case "price":
      return doc.price;
    case "km":
      return doc.km;
    case "year":
      return doc.year;
  }
}

/** Whether a range has at least one bound (an empty range filters nothing). */
export function isActiveRange(range: NumericRange | undefined): range is NumericRange {
  return range !== undefined && (range.min !== null || range.max !== null);
}

/**
 * Range test, bounds inclusive (spec 5: stored as 'min:max'); a car without a value fails any
 * active range.
 */
export function inRange(value: number | null, range: NumericRange): boolean {
  if (value === null) return false;
  return (range.min === null || value >= range.min) && (range.max === null || value <= range.max);
}

/**
 * Spec 5's "used-stock price filter 'price > 0'": with the option on, a lowest-price sort leaves
 * out used cars without a price above $0; new and demo cars are never dropped by it.
 * @returns whether `doc` passes the filter (always true for new and demo cars).
 */
export function passesUsedPositivePrice(doc: Pick<SearchDoc, "carType" | "price">): boolean {
  return doc.carType !== "used" || (doc.price !== null && doc.price > 0);
}

/** Whether spec 5's site option "price > 0 when sorting by lowest price" applies to this query. */
export function requiresPositivePrice(query: SearchQuery, visibility: VisibilityOptions): boolean {
  return query.sortBy === "price_asc" && visibility.priceAboveZeroOnPriceAsc;
}

/**
 * Checks a query and visibility options before an engine runs them.
 * @throws RangeError when page or hitsPerPage is not a whole number of at least 1, sortBy is not
 *   one of {@link SORTS}, a range bound is not a finite number or null, `now` is not finite, or
 *   includeSoldDays is negative or not finite.
 */
export function assertValidSearchQuery(query: SearchQuery, visibility: VisibilityOptions): void {
  if (!Number.isInteger(query.page) || query.page < 1) throw new RangeError(`page must be a whole number >= 1, got ${query.page}`);
  if (!Number.isInteger(query.hitsPerPage) || query.hitsPerPage < 1) {
    throw new RangeError(`hitsPerPage must be a whole number >= 1, got ${query.hitsPerPage}`);
  }
  if (!(SORTS as readonly string[]).includes(query.sortBy)) throw new RangeError(`unknown sortBy ${JSON.stringify(query.sortBy)}`);
  for (const [facet, range] of Object.entries(query.ranges)) {
    if (!range) continue;
    for (const bound of [range.min, range.max]) {
      if (bound !== null && !Number.isFinite(bound)) throw new RangeError(`range ${facet} has a non-finite bound`);
    }
  }
  if (!Number.isFinite(visibility.now)) throw new RangeError("visibility.now must be epoch milliseconds");
  if (!(visibility.includeSoldDays >= 0) || !Number.isFinite(visibility.includeSoldDays)) {
    throw new RangeError(`includeSoldDays must be a finite number >= 0, got ${visibility.includeSoldDays}`);
  }
}

/**
 * Refined values of one facet, de-duplicated, in first-seen order.
 * @returns an empty array when the facet is not refined.
 */
export function refinedValues(query: SearchQuery, facet: ListFacet): string[] {
  const values = query.refinements[facet];
  return values && values.length > 0 ? [...new Set(values)] : [];
}

// ---- Text ----------------------------------------------------------------------------------

const TOKEN_SEPARATOR = /[^\p{L}\p{N}]+/u;
const COMBINING_MARKS = /\p{M}+/gu;
const HAS_SPACE = /\s/;

/** Lower-case, accent-free form of text ("Škoda" -> "skoda"). */
export function foldText(text: string): string {
  return text.normalize("NFD").replace(COMBINING_MARKS, "").toLowerCase();
}

/**
 * Splits text into search tokens: folded ({@link foldText}) runs of letters and digits.
 * @returns e.g. "CX-5 Maxx" -> ["cx", "5", "maxx"]; [] for text without letters or digits.
 */
export function tokenize(text: string): string[] {
  const tokens = foldText(text).split(TOKEN_SEPARATOR);
  return tokens.filter((t) => t.length > 0);
}

/** The fields the text query searches (types.ts: make, model, badge, series, body, colour, stock number). */
export function searchableFields(doc: SearchDoc): (string | null)[] {
  return [doc.make, doc.model, doc.badge, doc.series, doc.body, doc.colour, doc.stockNumber];
}

/**
 * The tokens of one field: {@link tokenize} plus, for each space-separated word that splits into
 * several tokens, their concatenation, so "CX-5" is found by "cx5" as well as "cx 5". Words are
 * not joined across spaces: "Range Rover" must not answer a search for "ranger".
 */
export function fieldTokens(field: string): string[] {
  const tokens = asciiTokens(field) ?? tokenize(field);
  if (!HAS_SPACE.test(field)) {
    // One word (most stock numbers and models): its parts are the tokens themselves.
    if (tokens.length > 1) tokens.push(tokens.join(""));
    return tokens;
  }
  for (const word of field.split(/\s+/)) {
    const parts = asciiTokens(word) ?? tokenize(word);
    if (parts.length > 1) tokens.push(parts.join(""));
  }
  return tokens;
}

/**
 * {@link tokenize} for plain ASCII text, without Unicode normalisation (ASCII has no accents, and
 * its letters and digits are exactly [A-Za-z0-9]); about ten times faster on stock numbers.
 * @returns null when the text is not ASCII.
 */
function asciiTokens(text: string): string[] | null {
  const tokens: string[] = [];
  let start = -1;
  for (let i = 0; i <= text.length; i++) {
    const c = i < text.length ? text.charCodeAt(i) : 32;
    if (c > 127) return null;
    const isAlnum = (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
    if (isAlnum) {
      if (start === -1) start = i;
    } else if (start !== -1) {
      tokens.push(text.slice(start, i).toLowerCase());
      start = -1;
    }
  }
  return tokens;
}

/** A parsed free-text query: every `exact` token must be a token of the car, and `prefix` must start one. */
export interface TextQuery {
  exact: string[];
  /** Null when the query has no tokens (then it matches every car). */
  prefix: string | null;
}

/**
 * Parses the search box text: tokens AND together, the last one matches as a prefix (so results
 * follow the shopper's typing).
 */
export function parseTextQuery(query: string): TextQuery {
  const tokens = tokenize(query);
  if (tokens.length === 0) return { exact: [], prefix: null };
  return { exact: [...new Set(tokens.slice(0, -1))], prefix: tokens[tokens.length - 1] };
}

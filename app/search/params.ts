/**
 * The search results page (SRP) query <-> URL, without validation: canonical form, serialising,
 * cache keys, landing-route slugs and the plain GET filter form (spec 2.1 route table, spec 5
 * "Search and sliders", spec 9 "Search"). Parsing and validating a URL is parse-params.ts, which
 * needs zod: the SRP's browser code imports this module at once and the parser only when it
 * navigates (issue 15 JavaScript budget, decision 186).
 */
import type { CarType } from "~/domain/car";
import { compareCodeUnits, foldText } from "./semantics.ts";
import {
  LIST_FACETS,
  RANGE_FACETS,
  type NumericRange,
  type RangeFacet,
  type SearchQuery,
  type SortBy,
} from "./types.ts";

/** Spec 9: page size 21 by default. */
export const DEFAULT_HITS_PER_PAGE = 21;
/** Spec 2.2: "most relevant" is the first sort option. */
export const DEFAULT_SORT: SortBy = "relevance";

export interface SearchParamsOptions {
  /** Page size; spec 9 default 21. Not a URL parameter. */
  hitsPerPage?: number;
  /** Sorts the site offers (spec 2.2: subscription_price and km only when enabled). Default: all. */
  enabledSorts?: readonly SortBy[];
  /** The site's default sort, omitted from serialised URLs. Default "relevance". */
  defaultSort?: SortBy;
}

/**
 * The sort a search has when its URL names none (spec 2.2, 7 "A price-range search sorts by
 * Car_production:price:desc"): highest price first when the search has a price range, else the
 * site's default sort. "Most relevant" stays one choice away (`sortBy=relevance` in the URL).
 * @param ranges the search's ranges; only an active price range (either end set) counts.
 * @param siteDefault the site's default sort, "relevance" unless configured.
 */
export function defaultSortFor(ranges: SearchQuery["ranges"], siteDefault: SortBy = DEFAULT_SORT): SortBy {
  const price = ranges.price;
  return price && (price.min !== null || price.max !== null) ? "price_desc" : siteDefault;
}

/**
 * Normalises free text the way the search box is read: trimmed, runs of white space as one space.
 */
export function normaliseQueryText(text: string): string {
  return text.trim().replace(/\s+/g, " ");
}

/**
 * The empty search: no text, no refinements, default sort, page 1.
 * @param hitsPerPage page size, default 21 (spec 9).
 */
export function emptySearchQuery(hitsPerPage: number = DEFAULT_HITS_PER_PAGE, sortBy: SortBy = DEFAULT_SORT): SearchQuery {
  return { query: "", refinements: {}, ranges: {}, sortBy, page: 1, hitsPerPage };
}

/**
 * The canonical form of a query, so equal searches compare and serialise equal: text normalised
 * ({@link normaliseQueryText}), facet values trimmed, de-duplicated and sorted in code-unit order,
 * empty facets and empty ranges dropped, keys in LIST_FACETS / RANGE_FACETS order.
 * @returns a new object; the input is not changed.
 */
export function canonicaliseSearchQuery(query: SearchQuery): SearchQuery {
  const refinements: SearchQuery["refinements"] = {};
  for (const facet of LIST_FACETS) {
    const values = [...new Set((query.refinements[facet] ?? []).map((v) => v.trim()).filter((v) => v !== ""))].sort(compareCodeUnits);
    if (values.length > 0) refinements[facet] = values;
  }
  const ranges: SearchQuery["ranges"] = {};
  for (const facet of RANGE_FACETS) {
    const range = query.ranges[facet];
    if (range && (range.min !== null || range.max !== null)) ranges[facet] = { min: range.min, max: range.max };
  }
  return { query: normaliseQueryText(query.query), refinements, ranges, sortBy: query.sortBy, page: query.page, hitsPerPage: query.hitsPerPage };
}

/**
 * Writes a query as SRP URL parameters, canonically: `query`, then list facets in LIST_FACETS
 * order (values sorted, one parameter each), then ranges in RANGE_FACETS order as `min:max`,
 * then `sortBy` (omitted when it is {@link defaultSortFor} the query), then `page` (omitted when 1). `hitsPerPage` is not
 * written (it is the site's setting).
 * @param options.defaultSort the site's default sort (omitted from the URL), default "relevance".
 * @returns new URLSearchParams; `.toString()` is a stable cache key (see {@link searchQueryKey}).
 * @throws RangeError when page is not a whole number >= 1 or a range bound is not finite.
 */
export function serializeSearchQuery(query: SearchQuery, options: Pick<SearchParamsOptions, "defaultSort"> = {}): URLSearchParams {
  const q = canonicaliseSearchQuery(query);
  if (!Number.isInteger(q.page) || q.page < 1) throw new RangeError(`page must be a whole number >= 1, got ${q.page}`);
  const params = new URLSearchParams();
  if (q.query !== "") params.append("query", q.query);
  for (const facet of LIST_FACETS) for (const value of q.refinements[facet] ?? []) params.append(facet, value);
  for (const facet of RANGE_FACETS) {
    const range = q.ranges[facet];
    if (range) params.append(facet, formatRange(facet, range));
  }
  if (q.sortBy !== defaultSortFor(q.ranges, options.defaultSort)) params.append("sortBy", q.sortBy);
  if (q.page !== 1) params.append("page", String(q.page));
  return params;
}

function formatBound(facet: RangeFacet, bound: number | null): string {
  if (bound === null) return "";
  if (!Number.isFinite(bound)) throw new RangeError(`range ${facet} has a non-finite bound`);
  // String() is the shortest text that parses back to the same number.
  return String(bound);
}

function formatRange(facet: RangeFacet, range: NumericRange): string {
  return `${formatBound(facet, range.min)}:${formatBound(facet, range.max)}`;
}

/**
 * The canonical string of a query, for caches keyed by refinement state (issue: the client cache
 * of the last 10 results; spec 9 "Search cache holds 10-11 entries").
 * @returns the serialised URL parameters without "?"; equal searches give equal keys.
 */
export function searchQueryKey(query: SearchQuery, options: Pick<SearchParamsOptions, "defaultSort"> = {}): string {
  return serializeSearchQuery(query, options).toString();
}

// ---- Landing routes (spec 2.1) --------------------------------------------------------------

/**
 * Spec 2.1 car-type landing slugs: /search/{type}-cars (type -> new, used or demo),
 * /search/used-cars, /search/new-and-demo-cars, /search/new-used-and-demo-cars.
 * Values are in spec 9's car_type order.
 */
export const CAR_TYPE_LANDING_SLUGS: Readonly<Record<string, readonly CarType[]>> = {
  "new-cars": ["new"],
  "demo-cars": ["demo"],
  "used-cars": ["used"],
  "new-and-demo-cars": ["new", "demo"],
  "new-used-and-demo-cars": ["new", "demo", "used"],
};

/**
 * URL slug of a make, body or location name: accents dropped, lower case, runs of other
 * characters as one hyphen ("Mercedes-Benz" -> "mercedes-benz", "Land Rover" -> "land-rover",
 * "Škoda" -> "skoda", "Cab Chassis / Ute" -> "cab-chassis-ute").
 */
export function slugify(text: string): string {
  return foldText(text)
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "");
}

/**
 * A known landing value: either the facet value itself (its slug is {@link slugify} of it) or
 * an explicit slug and the facet value it stands for.
 */
export type LandingSlugEntry = string | { slug: string; value: string };

/** What a site's landing slugs can stand for (from its stock or its make and body lists). */
export interface KnownLandingSlugs {
  /** Make facet values (e.g. "Toyota", "Land Rover") or `{ slug, value }` pairs. */
  makes: readonly LandingSlugEntry[];
  /** Body facet values (e.g. "SUV", "Ute") or `{ slug, value }` pairs. */
  bodies: readonly LandingSlugEntry[];
  /** Optional: location slugs for /search/{dealership_slug}. */
  dealerships?: readonly LandingSlugEntry[];
}

function findEntry(slug: string, entries: readonly LandingSlugEntry[] | undefined): string | null {
  for (const entry of entries ?? []) {
    if (typeof entry === "string") {
      if (slugify(entry) === slug) return entry;
    } else if (entry.slug.toLowerCase() === slug) return entry.value;
  }
  return null;
}

/**
 * The refinements a one-segment search landing route stands for (spec 2.1: /search/{type}-cars,
 * /search/used-cars, /search/new-and-demo-cars, /search/new-used-and-demo-cars,
 * /search/{make-or-body-slug}, /search/{dealership_slug}).
 * Looked up in this order: car-type slugs, makes, bodies, dealerships; case-insensitive.
 * @param slug the path segment after /search/, already URL-decoded.
 * @param known the site's make, body and (optionally) location values.
 * @returns e.g. `{ car_type: ["demo", "new"] }` or `{ make: ["Land Rover"] }` (values sorted as
 *   in canonical queries); `null` when the slug means nothing here (the route answers 404).
 */
export function refinementsForLandingSlug(slug: string, known: KnownLandingSlugs): SearchQuery["refinements"] | null {
  const s = slug.trim().toLowerCase();
  if (s === "") return null;
  const carTypes = Object.hasOwn(CAR_TYPE_LANDING_SLUGS, s) ? CAR_TYPE_LANDING_SLUGS[s] : undefined;
  if (carTypes) return { car_type: [...carTypes].sort(compareCodeUnits) };
  const make = findEntry(s, known.makes);
  if (make !== null) return { make: [make] };
  const body = findEntry(s, known.bodies);
  if (body !== null) return { body: [body] };
  const dealership = findEntry(s, known.dealerships);
  if (dealership !== null) return { dealership: [dealership] };
  return null;
}

/**
 * The landing slug for a set of car types, for canonical links (spec 2.1; "Stock link slugs by
 * car type are used-cars, demo-cars and new-cars").
 * @returns e.g. ["demo", "new"] -> "new-and-demo-cars"; null when no landing route has exactly
 *   these types (e.g. ["used", "demo"]).
 */
export function landingSlugForCarTypes(carTypes: readonly string[]): string | null {
  const wanted = [...new Set(carTypes)].sort(compareCodeUnits).join(",");
  for (const [slug, types] of Object.entries(CAR_TYPE_LANDING_SLUGS)) {
    if ([...types].sort(compareCodeUnits).join(",") === wanted) return slug;
  }
  return null;
}

// ---- The plain GET filter form (progressive enhancement) -------------------------------------

/**
 * A bound typed into a `{facet}_min`/`{facet}_max` box that a canonical `min:max` range can hold:
 * a decimal number (exponent form too, as parse-params.ts accepts it) that is finite and not
 * negative (prices, kilometres and years never are).
 */
const FORM_BOUND = /^-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

function usableBound(text: string): boolean {
  if (!FORM_BOUND.test(text)) return false;
  const n = Number(text);
  return Number.isFinite(n) && n >= 0;
}

/**
 * The SRP filter form also works without JavaScript (a plain GET form): it sends each range as
 * `{facet}_min` and `{facet}_max` number boxes, and empty fields. This folds them into the
 * canonical URL parameters (`price=min:max`, empty fields dropped, `page` dropped because a
 * changed filter starts again at page 1), so every search has one address. The browser uses the
 * same function to turn the form into the next URL.
 *
 * A box whose value cannot be a bound (`abc`, `NaN`, `1e309` which is Infinity, a negative
 * number, markup) is dropped like an empty box and the rest of the search is kept: a shopper who
 * mistypes the minimum price still sees results up to the maximum, never a 400 page for a URL
 * this function made (`price_min=1e309` once became `price=1e309:`, which the SRP refuses).
 * Other parameters pass through unchanged and are validated by the SRP as usual.
 * @param params the submitted form fields (or a page's current parameters).
 * @returns the canonical-shape parameters, and whether anything changed.
 */
export function formFieldsToSearchParams(params: URLSearchParams): { params: URLSearchParams; changed: boolean } {
  const boxes = RANGE_FACETS.flatMap((f) => [`${f}_min`, `${f}_max`]);
  const changed = boxes.some((b) => params.has(b)) || [...params.values()].some((v) => v === "");
  if (!changed) return { params, changed: false };
  const out = new URLSearchParams();
  for (const [key, value] of params) {
    if (boxes.includes(key) || value === "" || key === "page") continue;
    out.append(key, value);
  }
  for (const facet of RANGE_FACETS) {
    const bound = (box: string) => {
      const text = params.get(box)?.trim() ?? "";
      return usableBound(text) ? text : "";
    };
    const min = bound(`${facet}_min`);
    const max = bound(`${facet}_max`);
    if (min || max) out.set(facet, `${min}:${max}`);
  }
  return { params: out, changed: true };
}

/**
 * Parsing the search results page (SRP) URL into a {@link SearchQuery} (spec 2.1 route table, spec 5
 * "Search and sliders", spec 9 "Search"), and the landing routes' slugs -> refinements.
 *
 * URL shape: `query`, `page` (omitted when 1), `sortBy` (omitted when the default), every list
 * facet of LIST_FACETS as repeated parameters (`make=Toyota&make=Mazda`), every range facet as
 * `min:max` with either end open (`price=5000:20000`, `price=:20000`, `price=5000:`).
 *
 * What happens to each parameter ({@link parseSearchParams}): "400" means a
 * {@link SearchParamError} (the route answers 400 with {@link formatSearchParamErrors}),
 * "ignored" means a {@link SearchParamWarning} and the parameter is dropped.
 *
 * | parameter     | accepted                                   | ignored (warning)                                        | 400 (error)                              |
 * |---------------|--------------------------------------------|----------------------------------------------------------|------------------------------------------|
 * | query         | any text; trimmed, inner spaces collapsed  | repeats after the first                                  | longer than 200 characters               |
 * | page          | 1 to 10,000                                | empty; repeats                                           | not a whole number >= 1 (abc, 0, 1.5); above 10,000 |
 * | sortBy        | one of SORTS the site enables              | empty; a known sort the site has not enabled (-> default); repeats | not one of SORTS (bogus)       |
 * | list facets   | repeated params; each value trimmed and taken literally (a comma is part of the value, never a separator) | empty values; duplicates (silently); car_type not new/demo/used; certified not true/false; seats not a whole number | a value over 100 characters; over 50 values for one facet |
 * | price/km/year | `min:max`, `min:`, `:max`; decimal numbers (exponent form too, as JavaScript writes very small or large numbers) | empty or `:`; repeats; min > max (swapped, warned); a bound outside RANGE_URL_LIMITS (that end left open) | anything else (x:y, 5000, 5,000:, $5000:, 1e999:) |
 * | anything else | -                                          | silently (utm_source, fbclid, ...)                       | -                                        |
 *
 * Values of free-text facets (make, model, ...) are not checked against the site's stock here: a
 * value no car has simply matches nothing, and the engine still lists it (count 0) so the shopper
 * can remove it.
 */
import { z } from "zod/mini";
import { CAR_TYPES } from "~/domain/car";
import { DEFAULT_HITS_PER_PAGE, DEFAULT_SORT, defaultSortFor, normaliseQueryText, type SearchParamsOptions } from "./params.ts";
import { compareCodeUnits } from "./semantics.ts";
import { LIST_FACETS, RANGE_FACETS, SORTS, type ListFacet, type NumericRange, type RangeFacet, type SearchQuery, type SortBy } from "./types.ts";

/** Limits beyond which a parameter is answered with 400 (they protect the engine, no shopper hits them). */
export const SEARCH_PARAM_LIMITS = {
  maxPage: 10_000,
  maxQueryLength: 200,
  maxValueLength: 100,
  maxValuesPerFacet: 50,
} as const;

/**
 * Spec 5 "Out-of-range input is ignored", for the URL too: a range bound outside these limits
 * (price in dollars, km in kilometres, year as a calendar year) is dropped, leaving that end open,
 * so `km=-5:999999999` refines nothing rather than dropping every car without an odometer
 * reading. The limits are wider than any stock: they only catch impossible values.
 */
export const RANGE_URL_LIMITS: Readonly<Record<RangeFacet, { min: number; max: number }>> = {
  price: { min: 0, max: 100_000_000 },
  km: { min: 0, max: 10_000_000 },
  year: { min: 1885, max: 2100 },
};

export type SearchParamErrorCode =
  | "invalid_page"
  | "page_too_large"
  | "invalid_sort"
  | "invalid_range"
  | "query_too_long"
  | "value_too_long"
  | "too_many_values";

export type SearchParamWarningCode = "empty_value" | "repeated_param" | "unknown_value" | "range_swapped" | "sort_not_enabled" | "out_of_range";

/** A parameter the route must refuse with 400. */
export interface SearchParamError {
  /** The URL parameter name, e.g. "page". */
  param: string;
  /** The raw value as given. */
  value: string;
  code: SearchParamErrorCode;
  /** A sentence a shopper or an API user can act on. */
  message: string;
}

/** A parameter (or value) that was dropped or adjusted; worth a debug log, never an error page. */
export interface SearchParamWarning {
  param: string;
  value: string;
  code: SearchParamWarningCode;
  message: string;
}

export type SearchParamsParseResult =
  | { ok: true; query: SearchQuery; warnings: SearchParamWarning[] }
  | { ok: false; errors: SearchParamError[]; warnings: SearchParamWarning[] };

const NUMBER = String.raw`-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?`;
const RANGE_PATTERN = new RegExp(`^(${NUMBER})?:(${NUMBER})?$`);

/**
 * The zod schemas behind {@link parseSearchParams}, one per parameter kind, for routes and forms
 * that validate a single value. Written with `zod/mini` (issue 15 JavaScript budget): the SRP
 * parses its URL in the browser too, and the full zod build would add about 25 KB gzip there;
 * the mini build shares zod's core and tree-shakes to the checks used.
 * - query: at most maxQueryLength UTF-16 units; page: digits only, 1 to maxPage, as a number;
 * - sortBy: one of SORTS; range: `min:max` (either optional, decimal or exponent numbers, finite)
 *   as `{ min, max }` with null for an open end; facetValue: at most maxValueLength units;
 * - facetValues: at most maxValuesPerFacet values; carType: one of CAR_TYPES;
 *   certified: "true" or "false"; seats: 1 to 3 digits.
 */
export const searchParamSchemas = {
  query: z.string().check(z.maxLength(SEARCH_PARAM_LIMITS.maxQueryLength)),
  page: z.pipe(
    z.pipe(z.string().check(z.regex(/^\d+$/)), z.transform(Number)),
    z.number().check(z.refine(Number.isInteger), z.gte(1), z.lte(SEARCH_PARAM_LIMITS.maxPage)),
  ),
  sortBy: z.enum(SORTS),
  /** `min:max`, either side optional; output bounds are numbers or null. */
  range: z
    .pipe(
      z.string().check(z.regex(RANGE_PATTERN)),
      z.transform((raw: string): NumericRange => {
        const [min, max] = raw.split(":");
        return { min: min === "" ? null : Number(min), max: max === "" ? null : Number(max) };
      }),
    )
    .check(z.refine((r) => (r.min === null || Number.isFinite(r.min)) && (r.max === null || Number.isFinite(r.max)))),
  facetValue: z.string().check(z.maxLength(SEARCH_PARAM_LIMITS.maxValueLength)),
  facetValues: z.array(z.string()).check(z.maxLength(SEARCH_PARAM_LIMITS.maxValuesPerFacet)),
  carType: z.enum(CAR_TYPES),
  certified: z.enum(["true", "false"]),
  seats: z.string().check(z.regex(/^\d{1,3}$/)),
};

/**
 * Parses the SRP URL (or `GET /api/search`) parameters into a query (spec 2.1; policy per
 * parameter in this module's header).
 * @param input a URLSearchParams or a query string (with or without the leading "?").
 * @param options hitsPerPage (default 21), the site's enabled sorts and default sort.
 * @returns `{ ok: true, query, warnings }`, or `{ ok: false, errors, warnings }` when any
 *   parameter must be refused with 400. Never throws.
 */
export function parseSearchParams(input: URLSearchParams | string, options: SearchParamsOptions = {}): SearchParamsParseResult {
  const params = typeof input === "string" ? new URLSearchParams(input) : input;
  const defaultSort = options.defaultSort ?? DEFAULT_SORT;
  const enabledSorts = options.enabledSorts ?? SORTS;
  const errors: SearchParamError[] = [];
  const warnings: SearchParamWarning[] = [];
  const fail = (param: string, value: string, code: SearchParamErrorCode, message: string) => errors.push({ param, value, code, message });
  const warn = (param: string, value: string, code: SearchParamWarningCode, message: string) =>
    warnings.push({ param, value, code, message });

  /** The first value of a single-valued parameter; later ones are ignored. Empty -> undefined. */
  const single = (name: string): string | undefined => {
    const all = params.getAll(name);
    for (const extra of all.slice(1)) warn(name, extra, "repeated_param", `"${name}" was given more than once; the first value is used.`);
    if (all.length === 0) return undefined;
    if (all[0].trim() === "") {
      if (name !== "query") warn(name, all[0], "empty_value", `"${name}" is empty and was ignored.`);
      return undefined;
    }
    return all[0].trim();
  };

  // query
  const rawQuery = single("query") ?? "";
  const text = normaliseQueryText(rawQuery);
  if (!searchParamSchemas.query.safeParse(text).success) {
    fail("query", rawQuery, "query_too_long", `The search text is longer than ${SEARCH_PARAM_LIMITS.maxQueryLength} characters.`);
  }

  // page
  let page = 1;
  const rawPage = single("page");
  if (rawPage !== undefined) {
    const parsed = searchParamSchemas.page.safeParse(rawPage);
    if (parsed.success) page = parsed.data;
    else if (/^\d+$/.test(rawPage) && Number(rawPage) > SEARCH_PARAM_LIMITS.maxPage) {
      fail("page", rawPage, "page_too_large", `"page" must be at most ${SEARCH_PARAM_LIMITS.maxPage}.`);
    } else fail("page", rawPage, "invalid_page", `"page" must be a whole number of 1 or more (got "${rawPage}").`);
  }

  // sortBy
  // Without a (usable) sortBy the search's default applies, once its ranges are known (defaultSortFor).
  let sortBy: SortBy | undefined;
  const rawSort = single("sortBy");
  if (rawSort !== undefined) {
    const parsed = searchParamSchemas.sortBy.safeParse(rawSort);
    if (!parsed.success) {
      fail("sortBy", rawSort, "invalid_sort", `"sortBy" must be one of ${enabledSorts.join(", ")} (got "${rawSort}").`);
    } else if (!enabledSorts.includes(parsed.data)) {
      warn("sortBy", rawSort, "sort_not_enabled", `This site does not offer the "${rawSort}" sort; the default sort is used.`);
    } else sortBy = parsed.data;
  }

  // list facets
  const refinements: SearchQuery["refinements"] = {};
  for (const facet of LIST_FACETS) {
    const values = new Set<string>();
    for (const raw of params.getAll(facet)) {
      const value = normaliseFacetValue(facet, raw.trim());
      if (value === "") {
        warn(facet, raw, "empty_value", `An empty "${facet}" value was ignored.`);
      } else if (!searchParamSchemas.facetValue.safeParse(value).success) {
        fail(facet, raw, "value_too_long", `A "${facet}" value is longer than ${SEARCH_PARAM_LIMITS.maxValueLength} characters.`);
      } else if (!isAcceptedFacetValue(facet, value)) {
        warn(facet, raw, "unknown_value", `"${raw}" is not a valid "${facet}" value and was ignored.`);
      } else values.add(value);
    }
    if (!searchParamSchemas.facetValues.safeParse([...values]).success) {
      fail(facet, params.getAll(facet).join(","), "too_many_values", `At most ${SEARCH_PARAM_LIMITS.maxValuesPerFacet} "${facet}" values can be chosen.`);
    } else if (values.size > 0) refinements[facet] = [...values].sort(compareCodeUnits);
  }

  // ranges
  const ranges: SearchQuery["ranges"] = {};
  for (const facet of RANGE_FACETS) {
    const raw = single(facet);
    if (raw === undefined) continue;
    const parsed = searchParamSchemas.range.safeParse(raw);
    if (!parsed.success) {
      fail(facet, raw, "invalid_range", `"${facet}" must be written min:max with whole or decimal numbers, either side optional (got "${raw}").`);
      continue;
    }
    let { min, max } = parsed.data;
    const limits = RANGE_URL_LIMITS[facet];
    const outside = (v: number | null) => v !== null && (v < limits.min || v > limits.max);
    if (outside(min) || outside(max)) {
      warn(facet, raw, "out_of_range", `"${facet}" bounds outside ${limits.min} to ${limits.max} were ignored.`);
      if (outside(min)) min = null;
      if (outside(max)) max = null;
    }
    if (min === null && max === null) {
      warn(facet, raw, "empty_value", `"${facet}" has neither a minimum nor a maximum and was ignored.`);
      continue;
    }
    if (min !== null && max !== null && min > max) {
      warn(facet, raw, "range_swapped", `"${facet}" had its minimum above its maximum; the two were swapped.`);
      [min, max] = [max, min];
    }
    ranges[facet] = { min, max };
  }

  if (errors.length > 0) return { ok: false, errors, warnings };
  return {
    ok: true,
    query: { query: text, refinements, ranges, sortBy: sortBy ?? defaultSortFor(ranges, defaultSort), page, hitsPerPage: options.hitsPerPage ?? DEFAULT_HITS_PER_PAGE },
    warnings,
  };
}

function normaliseFacetValue(facet: ListFacet, value: string): string {
  return facet === "car_type" || facet === "certified" ? value.toLowerCase() : value;
}

function isAcceptedFacetValue(facet: ListFacet, value: string): boolean {
  if (facet === "car_type") return searchParamSchemas.carType.safeParse(value).success;
  if (facet === "certified") return searchParamSchemas.certified.safeParse(value).success;
  if (facet === "seats") return searchParamSchemas.seats.safeParse(value).success;
  return true;
}

/**
 * One readable sentence for a 400 response or error page.
 * @returns e.g. `"page" must be a whole number of 1 or more (got "abc"). "price" must be ...`
 */
export function formatSearchParamErrors(errors: readonly SearchParamError[]): string {
  return errors.map((e) => e.message).join(" ");
}

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  formFieldsToSearchParams,
  CAR_TYPE_LANDING_SLUGS,
  canonicaliseSearchQuery,
  emptySearchQuery,
  landingSlugForCarTypes,
  refinementsForLandingSlug,
  searchQueryKey,
  serializeSearchQuery,
  slugify,
} from "./params.ts";
import { formatSearchParamErrors, parseSearchParams, type SearchParamsParseResult } from "./parse-params.ts";
import { makeQuery } from "./testing/fixtures.ts";
import { LIST_FACETS, SORTS, type SearchQuery } from "./types.ts";

function parsed(input: string, options = {}): SearchQuery {
  const result = parseSearchParams(input, options);
  if (!result.ok) throw new Error(`expected ok, got ${formatSearchParamErrors(result.errors)}`);
  return result.query;
}

function failed(input: string): Extract<SearchParamsParseResult, { ok: false }> {
  const result = parseSearchParams(input);
  if (result.ok) throw new Error("expected errors");
  return result;
}

describe("parseSearchParams (spec 2.1 route table, spec 5 'Search and sliders')", () => {
  it("reads the empty URL as the default search: page 1, most relevant, 21 per page (spec 9)", () => {
    expect(parsed("")).toEqual(emptySearchQuery());
    expect(parsed("").hitsPerPage).toBe(21);
  });

  it("reads query, page, sortBy, repeated list facets and min:max ranges", () => {
    expect(parsed("?query=hilux%20sr5&page=3&sortBy=price_asc&make=Toyota&make=Mazda&body=SUV&price=5000:20000&km=:50000&year=2019:")).toEqual(
      makeQuery({
        query: "hilux sr5",
        page: 3,
        sortBy: "price_asc",
        refinements: { make: ["Mazda", "Toyota"], body: ["SUV"] },
        ranges: { price: { min: 5000, max: 20000 }, km: { min: null, max: 50000 }, year: { min: 2019, max: null } },
      }),
    );
  });

  it("accepts every list facet name of LIST_FACETS", () => {
    const query = parsed(LIST_FACETS.map((f) => `${f}=${f === "car_type" ? "new" : f === "certified" ? "true" : f === "seats" ? "5" : "x"}`).join("&"));
    expect(Object.keys(query.refinements)).toEqual([...LIST_FACETS]);
  });

  it("takes a facet value literally: a comma is part of the value, not a separator", () => {
    expect(parsed("colour=Black%2C%20Metallic").refinements.colour).toEqual(["Black, Metallic"]);
  });

  it("normalises: trims values and text, drops duplicate values, lower-cases car_type and certified", () => {
    const q = parsed("query=%20%20toyota%20%20%20hilux%20&make=%20Toyota%20&make=Toyota&car_type=NEW&certified=True");
    expect(q.query).toBe("toyota hilux");
    expect(q.refinements).toEqual({ make: ["Toyota"], car_type: ["new"], certified: ["true"] });
  });

  it("ignores unknown parameters such as utm_source", () => {
    expect(parseSearchParams("utm_source=news&fbclid=1&make=Kia")).toEqual({ ok: true, query: makeQuery({ refinements: { make: ["Kia"] } }), warnings: [] });
  });

  it("uses the site's page size", () => {
    expect(parsed("page=2", { hitsPerPage: 12 }).hitsPerPage).toBe(12);
  });

  describe("answers 400 (typed errors) where a URL cannot mean anything", () => {
    it("page=abc, page=0, page=1.5 and page above 10,000", () => {
      expect(failed("page=abc").errors).toEqual([
        { param: "page", value: "abc", code: "invalid_page", message: '"page" must be a whole number of 1 or more (got "abc").' },
      ]);
      expect(failed("page=0").errors[0].code).toBe("invalid_page");
      expect(failed("page=1.5").errors[0].code).toBe("invalid_page");
      expect(failed("page=10001").errors[0].code).toBe("page_too_large");
      expect(parsed("page=10000").page).toBe(10000);
    });

    it("price=x:y, a bare number, thousands separators, a dollar sign, an infinite bound", () => {
      expect(failed("price=x:y").errors[0]).toMatchObject({ param: "price", value: "x:y", code: "invalid_range" });
      expect(failed("km=5000").errors[0].code).toBe("invalid_range");
      expect(failed("price=5,000:").errors[0].code).toBe("invalid_range");
      expect(failed("price=$5000:").errors[0].code).toBe("invalid_range");
      expect(failed("price=1e999:").errors[0].code).toBe("invalid_range");
    });

    it("sortBy=bogus", () => {
      expect(failed("sortBy=bogus").errors[0]).toMatchObject({ param: "sortBy", code: "invalid_sort" });
    });

    it("text over 200 characters, a value over 100 characters, over 50 values for one facet", () => {
      expect(failed(`query=${"a".repeat(201)}`).errors[0].code).toBe("query_too_long");
      expect(failed(`make=${"a".repeat(101)}`).errors[0].code).toBe("value_too_long");
      expect(failed(Array.from({ length: 51 }, (_, i) => `model=m${i}`).join("&")).errors[0].code).toBe("too_many_values");
    });

    it("reports every bad parameter at once, in one readable message", () => {
      const { errors } = failed("page=abc&price=x:y&sortBy=bogus&make=Kia");
      expect(errors.map((e) => e.param)).toEqual(["page", "sortBy", "price"]);
      expect(formatSearchParamErrors(errors)).toContain('"price" must be written min:max');
    });
  });

  describe("ignores, with a warning, what a shopper would expect to be ignored", () => {
    it("empty parameters from a plain GET form (no JavaScript)", () => {
      const result = parseSearchParams("query=&page=&sortBy=&make=&price=&km=:");
      expect(result).toMatchObject({ ok: true, query: emptySearchQuery() });
      expect(result.warnings.map((w) => [w.param, w.code])).toEqual([
        ["page", "empty_value"],
        ["sortBy", "empty_value"],
        ["make", "empty_value"],
        ["price", "empty_value"],
        ["km", "empty_value"],
      ]);
    });

    it("car_type, certified and seats values that cannot exist", () => {
      const result = parseSearchParams("car_type=old&car_type=used&certified=maybe&seats=five");
      expect(result).toMatchObject({ ok: true, query: { refinements: { car_type: ["used"] } } });
      expect(result.warnings.map((w) => w.code)).toEqual(["unknown_value", "unknown_value", "unknown_value"]);
    });

    it("a sort the site has not enabled (spec 2.2: subscription price and kms are optional)", () => {
      const result = parseSearchParams("sortBy=km", { enabledSorts: ["relevance", "latest", "price_desc", "price_asc"] });
      expect(result).toMatchObject({ ok: true, query: { sortBy: "relevance" }, warnings: [{ code: "sort_not_enabled" }] });
    });

    it("a repeated page, sortBy, query or range: the first one counts", () => {
      const result = parseSearchParams("page=2&page=5&price=1:2&price=3:4");
      expect(result).toMatchObject({ ok: true, query: { page: 2, ranges: { price: { min: 1, max: 2 } } } });
      expect(result.warnings.map((w) => w.code)).toEqual(["repeated_param", "repeated_param"]);
    });

    it("a range bound outside the facet's possible values is ignored, leaving that end open (spec 5: out-of-range input is ignored)", () => {
      const result = parseSearchParams("km=-5:999999999&price=-1:20000&year=1066:2020");
      expect(result).toMatchObject({ ok: true, query: { ranges: { price: { min: null, max: 20000 }, year: { min: null, max: 2020 } } } });
      if (result.ok) expect(result.query.ranges.km).toBeUndefined();
      expect(result.warnings.map((w) => [w.param, w.code])).toEqual([
        ["price", "out_of_range"],
        ["km", "out_of_range"],
        ["km", "empty_value"],
        ["year", "out_of_range"],
      ]);
    });

    it("a range whose minimum exceeds its maximum is swapped (spec 5: min cannot exceed max)", () => {
      const result = parseSearchParams("price=20000:5000");
      expect(result).toMatchObject({ ok: true, query: { ranges: { price: { min: 5000, max: 20000 } } }, warnings: [{ code: "range_swapped" }] });
    });
  });
});

describe("serializeSearchQuery (spec 2.1: page 1 omitted; spec 5: ranges as 'min:max')", () => {
  it("omits page 1, the default sort, empty text, empty facets and empty ranges", () => {
    expect(serializeSearchQuery(makeQuery({ refinements: { make: [] }, ranges: { price: { min: null, max: null } } })).toString()).toBe("");
  });

  it("writes repeated facet parameters and open-ended ranges", () => {
    const q = makeQuery({
      query: "hilux",
      refinements: { make: ["Toyota", "Mazda"] },
      ranges: { price: { min: null, max: 20000 }, year: { min: 2019, max: null } },
      sortBy: "price_asc",
      page: 2,
    });
    expect(serializeSearchQuery(q).toString()).toBe("query=hilux&make=Mazda&make=Toyota&price=%3A20000&year=2019%3A&sortBy=price_asc&page=2");
  });

  it("is canonical: the same search in any key or value order gives the same cache key (spec 9 search cache)", () => {
    const a = makeQuery({ refinements: { body: ["SUV"], make: ["Toyota", "Kia", "Toyota"] }, query: " rav4 " });
    const b = makeQuery({ refinements: { make: ["Kia", "Toyota"], body: ["SUV"] }, query: "rav4" });
    expect(searchQueryKey(a)).toBe(searchQueryKey(b));
    expect(searchQueryKey(a)).toBe("query=rav4&make=Kia&make=Toyota&body=SUV");
  });

  it("refuses a page below 1 and infinite range bounds with RangeError", () => {
    expect(() => serializeSearchQuery(makeQuery({ page: 0 }))).toThrow(RangeError);
    expect(() => serializeSearchQuery(makeQuery({ ranges: { km: { min: Infinity, max: null } } }))).toThrow(RangeError);
  });

  it("a price-range search sorts by highest price unless the URL names a sort (spec 7 'A price-range search sorts by price:desc')", () => {
    expect(parsed("price=5000:20000").sortBy).toBe("price_desc");
    expect(parsed("price=:20000&make=Kia").sortBy).toBe("price_desc");
    expect(parsed("km=:20000").sortBy).toBe("relevance");
    expect(parsed("price=5000:20000&sortBy=relevance").sortBy).toBe("relevance");
    expect(serializeSearchQuery(makeQuery({ ranges: { price: { min: 5000, max: null } }, sortBy: "price_desc" })).toString()).toBe("price=5000%3A");
    expect(serializeSearchQuery(makeQuery({ ranges: { price: { min: 5000, max: null } }, sortBy: "relevance" })).toString()).toBe("price=5000%3A&sortBy=relevance");
  });

  it("round-trips every sort of SORTS", () => {
    for (const sortBy of SORTS) expect(parsed(serializeSearchQuery(makeQuery({ sortBy })).toString()).sortBy).toBe(sortBy);
  });

  it("round-trips random queries: parse(serialise(q)) is the canonical q (property)", () => {
    const text = fc.stringMatching(/^[a-zA-Z0-9 \-&=+%,.?#]{0,30}$/);
    const value = fc.stringMatching(/^[^\s][\p{L}\p{N} ,&=+%/.:-]{0,20}$/u).filter((v) => v.trim() === v);
    const bound = fc.option(fc.oneof(fc.integer({ min: 0, max: 10_000_000 }), fc.double({ min: 0, max: 1e6, noNaN: true })), { nil: null });
    const refinements = fc.dictionary(fc.constantFrom(...LIST_FACETS.filter((f) => f !== "car_type" && f !== "certified" && f !== "seats")), fc.array(value, { maxLength: 4 }));
    const query = fc.record({
      query: text,
      refinements: fc.tuple(refinements, fc.subarray(["new", "demo", "used"])).map(([r, carTypes]) => ({ ...r, car_type: carTypes })),
      ranges: fc.record({ price: fc.record({ min: bound, max: bound }), km: fc.record({ min: bound, max: bound }) }).map((r) => {
        const fix = (x: { min: number | null; max: number | null }) => (x.min !== null && x.max !== null && x.min > x.max ? { min: x.max, max: x.min } : x);
        return { price: fix(r.price), km: fix(r.km) };
      }),
      sortBy: fc.constantFrom(...SORTS),
      page: fc.integer({ min: 1, max: 10_000 }),
      hitsPerPage: fc.constant(21),
    });
    fc.assert(
      fc.property(query, (q) => {
        expect(parsed(serializeSearchQuery(q).toString())).toEqual(canonicaliseSearchQuery(q));
      }),
      { numRuns: 300 },
    );
  });
});

describe("landing routes (spec 2.1: /search/{type}-cars, used-cars, new-and-demo-cars, new-used-and-demo-cars, {make-or-body-slug})", () => {
  const known = {
    makes: ["Toyota", "Land Rover", "Mercedes-Benz", { slug: "vw", value: "Volkswagen" }],
    bodies: ["SUV", "Cab Chassis / Ute"],
    dealerships: ["brisbane-city"],
  };

  it("maps each car-type slug to car_type refinements", () => {
    expect(refinementsForLandingSlug("new-cars", known)).toEqual({ car_type: ["new"] });
    expect(refinementsForLandingSlug("demo-cars", known)).toEqual({ car_type: ["demo"] });
    expect(refinementsForLandingSlug("used-cars", known)).toEqual({ car_type: ["used"] });
    expect(refinementsForLandingSlug("new-and-demo-cars", known)).toEqual({ car_type: ["demo", "new"] });
    expect(refinementsForLandingSlug("new-used-and-demo-cars", known)).toEqual({ car_type: ["demo", "new", "used"] });
  });

  it("maps make and body slugs to the facet values, case-insensitively", () => {
    expect(refinementsForLandingSlug("toyota", known)).toEqual({ make: ["Toyota"] });
    expect(refinementsForLandingSlug("Land-Rover", known)).toEqual({ make: ["Land Rover"] });
    expect(refinementsForLandingSlug("mercedes-benz", known)).toEqual({ make: ["Mercedes-Benz"] });
    expect(refinementsForLandingSlug("vw", known)).toEqual({ make: ["Volkswagen"] });
    expect(refinementsForLandingSlug("suv", known)).toEqual({ body: ["SUV"] });
    expect(refinementsForLandingSlug("cab-chassis-ute", known)).toEqual({ body: ["Cab Chassis / Ute"] });
    expect(refinementsForLandingSlug("brisbane-city", known)).toEqual({ dealership: ["brisbane-city"] });
  });

  it("returns null for a slug the site does not know (the route answers 404), including object keys", () => {
    expect(refinementsForLandingSlug("tesla", known)).toBeNull();
    expect(refinementsForLandingSlug("", known)).toBeNull();
    expect(refinementsForLandingSlug("constructor", known)).toBeNull();
    expect(refinementsForLandingSlug("old-cars", known)).toBeNull();
  });

  it("finds the landing slug for a set of car types (canonical links)", () => {
    expect(landingSlugForCarTypes(["used"])).toBe("used-cars");
    expect(landingSlugForCarTypes(["new", "demo"])).toBe("new-and-demo-cars");
    expect(landingSlugForCarTypes(["used", "new", "demo"])).toBe("new-used-and-demo-cars");
    expect(landingSlugForCarTypes(["used", "demo"])).toBeNull();
    for (const [slug, types] of Object.entries(CAR_TYPE_LANDING_SLUGS)) expect(landingSlugForCarTypes(types)).toBe(slug);
  });

  it("slugifies names as URLs spell them", () => {
    expect(slugify("Škoda")).toBe("skoda");
    expect(slugify("  Alfa Romeo ")).toBe("alfa-romeo");
  });
});

describe("formFieldsToSearchParams (progressive enhancement: the plain GET form, spec 2.1)", () => {
  it("folds {facet}_min/_max boxes into min:max and drops empty fields and page", () => {
    const { params, changed } = formFieldsToSearchParams(new URLSearchParams("query=&make=Kia&price_min=5000&price_max=&km_min=&km_max=&year_min=2018&year_max=2022&page=3"));
    expect(changed).toBe(true);
    expect(params.toString()).toBe("make=Kia&price=5000%3A&year=2018%3A2022");
  });
  it.each(["1e309", "-1", "NaN", "abc", "5,000", "$5000", "Infinity", "0x10", "<script>alert(1)</script>", "1e"])(
    "drops a box that cannot be a bound (%j) and keeps the rest of the search",
    (bad) => {
      const input = new URLSearchParams({ fuel: "Hybrid", price_min: bad, price_max: "30000" });
      expect(formFieldsToSearchParams(input).params.toString()).toBe("fuel=Hybrid&price=%3A30000");
      const alone = new URLSearchParams({ fuel: "Hybrid", price_min: bad });
      expect(formFieldsToSearchParams(alone)).toEqual({ params: new URLSearchParams("fuel=Hybrid"), changed: true });
    },
  );
  it("keeps bounds the canonical range accepts: decimals, exponent form and 0", () => {
    const input = new URLSearchParams("price_min=0&price_max=2.5e4&km_max= 1500.5 &year_min=2018");
    expect(formFieldsToSearchParams(input).params.toString()).toBe("price=0%3A2.5e4&km=%3A1500.5&year=2018%3A");
  });
  it("leaves canonical parameters alone", () => {
    const input = new URLSearchParams("make=Kia&page=2");
    expect(formFieldsToSearchParams(input)).toEqual({ params: input, changed: false });
  });
});

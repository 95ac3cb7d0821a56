import { describe, expect, it } from "vitest";
import { distanceKm, getGeocoder } from "~/adapters/geocoder/postcodes";
import { LocationBlockSchema } from "~/sites/site-config";
import { blockLayout, gridColumnsClass, selectBlockLocations, type BlockLocation } from "./location-block";
import { INVALID_POSTCODE, lookupPostcode, orderByDistance, POSTCODE_FIELD_MESSAGE } from "./nearest";
import { averageText, dateInWords, reviewProfileFor, reviewsAtOrAbove, showStarRating, starFills } from "./reviews";

const loc = (id: number, name: string, locationType: string | null, extra: Partial<BlockLocation> = {}): BlockLocation => ({
  id,
  name,
  locationType,
  locationSubtype: null,
  manufacturers: [],
  primary: false,
  visible: true,
  ...extra,
});
const ALL = [
  loc(1, "Parramatta", "sales", { primary: true, manufacturers: ["toyota"] }),
  loc(2, "Liverpool", "sales", { manufacturers: ["mazda"], locationSubtype: "used" }),
  loc(3, "Artarmon Service", "service"),
  loc(4, "Alexandria Parts", "parts"),
  loc(5, "Penrith Service & Parts", "service-and-parts"),
  loc(6, "Hidden Yard", "sales", { visible: false }),
];
const block = (input: Record<string, unknown>) => LocationBlockSchema.parse(input);
const names = (list: BlockLocation[]) => list.map((l) => l.name);

describe("location blocks (spec 2.5)", () => {
  it("'all' shows every visible location sorted by name", () => {
    expect(names(selectBlockLocations(ALL, block({ show: "all" })))).toEqual(["Alexandria Parts", "Artarmon Service", "Liverpool", "Parramatta", "Penrith Service & Parts"]);
  });
  it("filters by primary, type, and one id", () => {
    expect(names(selectBlockLocations(ALL, block({ show: "primary" })))).toEqual(["Parramatta"]);
    expect(names(selectBlockLocations(ALL, block({ show: "sales" })))).toEqual(["Liverpool", "Parramatta"]);
    expect(names(selectBlockLocations(ALL, block({ show: "service" })))).toEqual(["Artarmon Service", "Penrith Service & Parts"]);
    expect(names(selectBlockLocations(ALL, block({ show: "parts" })))).toEqual(["Alexandria Parts", "Penrith Service & Parts"]);
    expect(names(selectBlockLocations(ALL, block({ show: "service-and-parts" })))).toEqual(["Penrith Service & Parts"]);
    expect(names(selectBlockLocations(ALL, block({ show: 3 })))).toEqual(["Artarmon Service"]);
    expect(selectBlockLocations(ALL, block({ show: 6 }))).toEqual([]);
  });
  it("filters by manufacturer, subtype, include and exclude", () => {
    expect(names(selectBlockLocations(ALL, block({ manufacturer: "toyota" })))).toEqual(["Parramatta"]);
    expect(names(selectBlockLocations(ALL, block({ subtype: "used" })))).toEqual(["Liverpool"]);
    expect(names(selectBlockLocations(ALL, block({ include: [1, 3, 6] })))).toEqual(["Artarmon Service", "Parramatta"]);
    expect(names(selectBlockLocations(ALL, block({ show: "sales", exclude: [1] })))).toEqual(["Liverpool"]);
  });
  it("lays out one location as map + info, several as a grid or, for 'all' where enabled, a carousel", () => {
    expect(blockLayout(0, { show: "all" }, true)).toBe("empty");
    expect(blockLayout(1, { show: "all" }, true)).toBe("single");
    expect(blockLayout(5, { show: "all" }, true)).toBe("carousel");
    expect(blockLayout(5, { show: "all" }, false)).toBe("grid");
    expect(blockLayout(2, { show: "sales" }, true)).toBe("grid");
  });
  it("sets grid column widths by the number of locations", () => {
    expect(gridColumnsClass(1)).toBe("grid-cols-1");
    expect(gridColumnsClass(2)).toContain("md:grid-cols-2");
    expect(gridColumnsClass(4)).toContain("xl:grid-cols-4");
    expect(gridColumnsClass(6)).toContain("lg:grid-cols-3");
  });
});

describe("haversine distance (spec 9: Earth radius 6371 km)", () => {
  it("matches known great-circle distances", () => {
    // Sydney GPO - Melbourne GPO: 713 km; Perth - Sydney: 3,291 km; London - Paris: 344 km.
    expect(distanceKm({ lat: -33.8688, long: 151.2093 }, { lat: -37.8136, long: 144.9631 })).toBeCloseTo(713.4, 1);
    expect(distanceKm({ lat: -31.9505, long: 115.8605 }, { lat: -33.8688, long: 151.2093 })).toBeCloseTo(3290.6, 1);
    expect(distanceKm({ lat: 51.5074, long: -0.1278 }, { lat: 48.8566, long: 2.3522 })).toBeCloseTo(343.6, 1);
    expect(distanceKm({ lat: -33.8688, long: 151.2093 }, { lat: -33.8688, long: 151.2093 })).toBe(0);
  });
  it("is one quarter of the Earth's circumference from the pole to the equator", () => {
    expect(distanceKm({ lat: 90, long: 0 }, { lat: 0, long: 0 })).toBeCloseTo((Math.PI * 6371) / 2, 6);
  });
});

describe("nearest location (spec 5 geocoding)", () => {
  const geocoder = getGeocoder();
  it("geocodes a postcode from the embedded data", () => {
    const hit = lookupPostcode(geocoder, " 2750 ");
    expect(hit).toMatchObject({ ok: true, postcode: "2750", point: { state: "NSW" } });
  });
  it("answers 'Invalid postcode' when the geocoder has no result, and the field message when not 4 digits", () => {
    expect(lookupPostcode(geocoder, "0001")).toEqual({ ok: false, postcode: "0001", error: INVALID_POSTCODE });
    expect(lookupPostcode(geocoder, "27a0")).toEqual({ ok: false, postcode: "27a0", error: POSTCODE_FIELD_MESSAGE });
    expect(lookupPostcode(geocoder, "27500")).toMatchObject({ ok: false, error: "Invalid postcode. Please enter a 4-digit number." });
  });
  it("orders locations nearest first, unknown coordinates last", () => {
    const list = [
      { name: "Parramatta", lat: -33.815, long: 151.0034 },
      { name: "Penrith", lat: -33.7507, long: 150.6877 },
      { name: "No coordinates", lat: null, long: null },
      { name: "Canberra (Phillip)", lat: -35.3503, long: 149.0912 },
    ];
    const from = lookupPostcode(geocoder, "2750");
    if (!from.ok) throw new Error("2750 should geocode");
    const ordered = orderByDistance(list, from.point);
    expect(ordered.map((l) => l.name)).toEqual(["Penrith", "Parramatta", "Canberra (Phillip)", "No coordinates"]);
    expect(ordered[0].distanceKm).toBeLessThan(5);
    expect(ordered[3].distanceKm).toBeNull();
  });
});

describe("reviews (spec 3, 5, 9)", () => {
  it("shows up to 4 full stars plus a partial one", () => {
    expect(starFills(4.1)).toEqual([1, 1, 1, 1, 0.1]);
    expect(starFills(3.5)).toEqual([1, 1, 1, 0.5, 0]);
    expect(starFills(5)).toEqual([1, 1, 1, 1, 1]);
    expect(starFills(0)).toEqual([0, 0, 0, 0, 0]);
    expect(starFills(7)).toEqual([1, 1, 1, 1, 1]);
  });
  it("writes the summary average as a string", () => {
    expect(averageText(4.1)).toBe("4.1");
    expect(averageText(4)).toBe("4.0");
    expect(averageText(null)).toBeNull();
  });
  it("lists only reviews at or above the minimum (3 for one dealer, MINIMUM_RATING 4 by default)", () => {
    const reviews = [{ rating: 5 }, { rating: 4 }, { rating: 3 }, { rating: 2 }, { rating: 1 }];
    expect(reviewsAtOrAbove(reviews, 4).map((r) => r.rating)).toEqual([5, 4]);
    expect(reviewsAtOrAbove(reviews, 3).map((r) => r.rating)).toEqual([5, 4, 3]);
  });
  it("shows the star-rating block only at or above MINIMUM_RATING", () => {
    expect(showStarRating(4.1, 4)).toBe(true);
    expect(showStarRating(4, 4)).toBe(true);
    expect(showStarRating(3.9, 4)).toBe(false);
    expect(showStarRating(null, 0)).toBe(false);
  });
  it("writes dates in words", () => {
    const now = new Date("2026-11-22T00:00:00Z");
    expect(dateInWords(new Date("2026-11-19T00:00:00Z"), now)).toBe("3 days ago");
    expect(dateInWords(new Date("2026-09-10T00:00:00Z"), now)).toBe("2 months ago");
  });
  it("picks the review profile named like the location, else the first", () => {
    const profiles = [
      { name: "Harbourside Parramatta", reviewUrl: "https://g.page/r/parramatta/review" },
      { name: "Harbourside Liverpool", reviewUrl: "https://g.page/r/liverpool/review" },
    ];
    expect(reviewProfileFor(profiles, "Harbourside Liverpool")?.reviewUrl).toBe("https://g.page/r/liverpool/review");
    expect(reviewProfileFor(profiles, "Harbourside Penrith")?.reviewUrl).toBe("https://g.page/r/parramatta/review");
    expect(reviewProfileFor([], "x")).toBeNull();
  });
});

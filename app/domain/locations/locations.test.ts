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
    const now = new Date("2026-11-22T00:00:00Z"); // Sun 22 Nov 08:00 Perth
    expect(dateInWords(new Date("2026-11-19T00:00:00Z"), now, "Australia/Perth")).toBe("3 days ago");
    expect(dateInWords(new Date("2026-09-10T00:00:00Z"), now, "Australia/Perth")).toBe("2 months ago");
  });

  describe("review dates by the site's local day (issue 15: the same bytes all day)", () => {
    const PERTH = "Australia/Perth"; // UTC+8, no daylight time
    const SYDNEY = "Australia/Sydney"; // AEST UTC+10, AEDT UTC+11 from Sun 4 Oct 2026 02:00 to Sun 4 Apr 2027 03:00
    /** Words for a review dated `date` read at each of `reads` (ISO 8601 instants). */
    const wordsAt = (date: string, reads: string[], timeZone = PERTH) => reads.map((at) => dateInWords(new Date(date), new Date(at), timeZone));
    // Tue 1 Dec 2026 in Perth: 00:05 and 23:55.
    const MORNING = "2026-11-30T16:05:00Z";
    const NIGHT = "2026-12-01T15:55:00Z";

    it("reads 'today' all through the review's own local day, not '4 minutes ago' then '23 hours ago'", () => {
      expect(wordsAt("2026-11-30T16:01:00Z", [MORNING, "2026-12-01T04:00:00Z", NIGHT])).toEqual(["today", "today", "today"]); // dated 00:01
      expect(wordsAt("2026-12-01T09:30:00Z", ["2026-12-01T09:35:00Z", NIGHT])).toEqual(["today", "today"]); // dated 17:30
    });

    it("counts days by local midnights crossed, not by 24 hours", () => {
      // Dated Mon 30 Nov 23:00 Perth: "1 day ago" from 00:30 on Tuesday (90 minutes later) to 23:55.
      expect(wordsAt("2026-11-30T15:00:00Z", ["2026-11-30T16:30:00Z", NIGHT])).toEqual(["1 day ago", "1 day ago"]);
      // Still "today" at 23:59 on Monday: the day ends at Perth's midnight, not UTC's (16:00Z).
      expect(wordsAt("2026-11-30T15:00:00Z", ["2026-11-30T15:59:00Z"])).toEqual(["today"]);
      // Dated Sat 28 Nov 09:00 Perth, read Tue 1 Dec 08:00 (71 h later): three local days.
      expect(wordsAt("2026-11-28T01:00:00Z", ["2026-12-01T00:00:00Z", MORNING, NIGHT])).toEqual(["3 days ago", "3 days ago", "3 days ago"]);
    });

    it("writes months and years from the local dates", () => {
      // Dated Thu 10 Sep 2026 23:30 Perth (15:30Z): 82 local days before Tue 1 Dec.
      expect(wordsAt("2026-09-10T15:30:00Z", [MORNING, NIGHT])).toEqual(["2 months ago", "2 months ago"]);
      expect(wordsAt("2025-11-01T02:00:00Z", [MORNING, NIGHT])).toEqual(["1 year ago", "1 year ago"]);
      // 30 local days is a month (date-fns' 30-day month).
      expect(wordsAt("2026-10-31T20:00:00Z", [MORNING, NIGHT])).toEqual(["1 month ago", "1 month ago"]); // dated Sun 1 Nov 04:00 Perth
    });

    it("counts Sydney's 23- and 25-hour daylight-saving days as one day each", () => {
      // Sun 4 Oct 2026 has 23 hours (02:00 AEST -> 03:00 AEDT). Dated 01:00 AEST that day (15:00Z on the 3rd).
      expect(wordsAt("2026-10-03T15:00:00Z", ["2026-10-03T15:30:00Z", "2026-10-04T12:59:00Z"], SYDNEY)).toEqual(["today", "today"]); // 01:30 AEST, 23:59 AEDT
      // Read Mon 5 Oct 00:30 AEDT (13:30Z on the 4th): local midnights 23 h apart, still "1 day ago".
      expect(wordsAt("2026-10-03T15:00:00Z", ["2026-10-04T13:30:00Z", "2026-10-05T12:00:00Z"], SYDNEY)).toEqual(["1 day ago", "1 day ago"]);
      // Sun 5 Apr 2026 has 25 hours (03:00 AEDT -> 02:00 AEST). Dated 23:30 AEST that day (13:30Z), read Mon 6 Apr 00:10 AEST.
      expect(wordsAt("2026-04-05T13:30:00Z", ["2026-04-05T14:10:00Z"], SYDNEY)).toEqual(["1 day ago"]);
      // The same instants in Perth's calendar: both on Sun 5 Apr (21:30 and 22:10).
      expect(wordsAt("2026-04-05T13:30:00Z", ["2026-04-05T14:10:00Z"], PERTH)).toEqual(["today"]);
    });

    it("reads 'today' for a date after the render instant (clock skew)", () => {
      expect(wordsAt("2026-12-01T10:00:00Z", [MORNING, NIGHT])).toEqual(["today", "today"]); // later the same day
      expect(wordsAt("2026-12-03T02:00:00Z", [MORNING, NIGHT])).toEqual(["today", "today"]); // two days ahead
    });

    it("gives the same words whatever the process's own time zone", () => {
      const saved = process.env.TZ;
      try {
        // 30 local days in Perth (20 Mar to 19 Apr 2026, noon). Sydney's daylight time ends in
        // between (5 Apr): date-fns in a process there would take that hour off and say "29 days ago".
        for (const zone of [SYDNEY, "UTC", PERTH]) {
          process.env.TZ = zone;
          expect([zone, ...wordsAt("2026-03-20T04:00:00Z", ["2026-04-19T04:00:00Z"])]).toEqual([zone, "1 month ago"]);
        }
      } finally {
        if (saved === undefined) delete process.env.TZ;
        else process.env.TZ = saved;
      }
    });

    it("rejects an unknown time zone", () => {
      expect(() => dateInWords(new Date(MORNING), new Date(NIGHT), "Mars/Olympus_Mons")).toThrow(RangeError);
    });
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

import { describe, expect, it } from "vitest";
import type { Geocoder } from "~/adapters/geocoder/postcodes";
import { assignLocation, sortedJson } from "./stock-import.server";

/** How the stored source hashes were first made: JSON of a copy with its keys sorted at every depth. */
function sortedCopy(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedCopy);
  if (value && typeof value === "object" && !(value instanceof Date)) {
    return Object.fromEntries(Object.keys(value).sort().map((k) => [k, sortedCopy((value as Record<string, unknown>)[k])]));
  }
  return value;
}

describe("sortedJson", () => {
  const samples: Record<string, unknown> = {
    "a car's columns": {
      stockNumber: "S1",
      name: "2018 Mazda 3",
      price: 15990,
      km: 0,
      vin: null,
      badge: undefined,
      createdAt: new Date("2024-03-01T10:00:00Z"),
      images: [{ url: "https://example.com/1.jpg" }, { url: "/p/2.jpg" }],
      variant: { torque: "250Nm", fuelcapacity: 51 },
      caravan: null,
      financeLenders: { youx: { rate: 7.5, term: 60, extras: [1, null, undefined, "x"] } },
      certified: false,
    },
    "array-index keys (kept first, in numeric order)": { b: 1, 10: "ten", 9: "nine", a: { 2: true, 1: false, z: [] }, "01": "not an index" },
    "special numbers and strings": { n: Number.NaN, inf: Number.POSITIVE_INFINITY, neg: -0, s: 'quote " and \\ and \n line', e: "", u: "\u2028" },
    "empty containers": { o: {}, arr: [], nested: [[], [{}]] },
    "top-level array": [{ b: 2, a: 1 }, "x", 3, null],
    "a primitive": "text",
  };
  for (const [label, value] of Object.entries(samples)) {
    it(`writes the same text as JSON.stringify of a key-sorted copy: ${label}`, () => {
      expect(sortedJson(value)).toBe(JSON.stringify(sortedCopy(value)));
    });
  }

  it("writes equal content in any key order the same, and different content differently", () => {
    expect(sortedJson({ a: 1, b: { c: 2, d: [3] } })).toBe(sortedJson({ b: { d: [3], c: 2 }, a: 1 }));
    expect(sortedJson({ a: 1, b: { c: 2, d: [3] } })).not.toBe(sortedJson({ a: 1, b: { c: 2, d: [4] } }));
    expect(sortedJson({ images: [{ url: "a" }, { url: "b" }] })).not.toBe(sortedJson({ images: [{ url: "b" }, { url: "a" }] }));
  });
});

describe("assignLocation", () => {
  const location = (id: number, extra: Partial<Parameters<typeof assignLocation>[1][number]> = {}) =>
    ({ id, locationType: "sales", manufacturers: [], primary: false, lat: null, long: null, ...extra }) as Parameters<typeof assignLocation>[1][number];
  const noLookups: Geocoder = {
    bySuburb: () => {
      throw new Error("looked up a suburb");
    },
    byPostcode: () => {
      throw new Error("looked up a postcode");
    },
    localitiesOf: () => [],
  };
  const record = { make: "Mazda", listing_suburb: "Parramatta", listing_state: "NSW", listing_postcode: "2150" };

  it("gives a site's one sales location without looking the car's place up", () => {
    expect(assignLocation(record, [location(7), location(8, { locationType: "service" })], noLookups)).toBe(7);
  });

  it("gives null when the site has no locations", () => {
    expect(assignLocation(record, [], noLookups)).toBeNull();
  });

  it("looks the place up when there are several sales locations, and picks the nearest", () => {
    const geocoder: Geocoder = { ...noLookups, byPostcode: () => ({ postcode: "2150", locality: "PARRAMATTA", state: "NSW", lat: -33.81, long: 151.0 }) };
    const sydney = location(1, { primary: true, lat: -33.87, long: 151.21 });
    const parramatta = location(2, { lat: -33.81, long: 151.0 });
    expect(assignLocation(record, [sydney, parramatta], geocoder)).toBe(2);
  });
});

/** DESIGN 6 routing and backoff; spec 2.6 dealership picker. */
import { describe, expect, it } from "vitest";
import { backoffMs, MAX_BACKOFF_MS, pickerLocations, routeLead } from "./routing";

describe("routeLead", () => {
  const routing = [
    { channel: "email" as const, target: "sales@d.test", departments: ["sales" as const], locationIds: [] },
    { channel: "adf" as const, target: "crm@d.test", departments: [], locationIds: [2] },
    { channel: "email" as const, target: "sales@d.test", departments: [], locationIds: [] },
  ];
  it("adds every matching rule once", () => {
    expect(routeLead({ routing, defaultEmail: null }, { department: "sales", locationId: 2, locationEmail: null, siteEmail: "site@d.test" })).toEqual([
      { channel: "email", target: "sales@d.test" },
      { channel: "adf", target: "crm@d.test" },
    ]);
  });
  it("falls back to the default email, then the location's email", () => {
    expect(routeLead({ routing: [], defaultEmail: "d@d.test" }, { department: "service", locationId: null, locationEmail: "loc@d.test", siteEmail: "site@d.test" })).toEqual([{ channel: "email", target: "d@d.test" }]);
    expect(routeLead({ routing: [], defaultEmail: null }, { department: "service", locationId: 1, locationEmail: "loc@d.test", siteEmail: "site@d.test" })).toEqual([{ channel: "email", target: "loc@d.test" }]);
    expect(routeLead({ routing: [], defaultEmail: null }, { department: "service", locationId: null, locationEmail: null, siteEmail: "site@d.test" })).toEqual([{ channel: "email", target: "site@d.test" }]);
  });
});

describe("backoffMs", () => {
  it("doubles from 30 s and is capped", () => {
    expect([1, 2, 3, 4].map((n) => backoffMs(n))).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(backoffMs(40)).toBe(MAX_BACKOFF_MS);
  });
});

describe("pickerLocations (spec 2.6)", () => {
  const locs = [
    { id: 1, locationType: "sales", manufacturers: ["toyota"] },
    { id: 2, locationType: "sales", manufacturers: ["ford"] },
    { id: 3, locationType: "service", manufacturers: [] },
    { id: 4, locationType: "service-and-parts", manufacturers: [] },
  ];
  it("filters by make, type, list and exclusions", () => {
    expect(pickerLocations(locs, { make: "Toyota", types: ["sales"] }).map((l) => l.id)).toEqual([1]);
    expect(pickerLocations(locs, { types: ["service", "service-and-parts"] }).map((l) => l.id)).toEqual([3, 4]);
    expect(pickerLocations(locs, { ids: [2, 3] }).map((l) => l.id)).toEqual([2, 3]);
    expect(pickerLocations(locs, { excluded: [1, 4] }).map((l) => l.id)).toEqual([2, 3]);
  });
});

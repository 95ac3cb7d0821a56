import { describe, expect, it } from "vitest";
import { facetsJson, readFacets, type SrpFacets } from "./facets-json";

const facets = (count: number) =>
  ({
    make: [{ value: "Kia", label: "Kia", count }],
    car_type: [{ value: "used", label: "Used", count }],
  }) as unknown as SrpFacets;

describe("the SRP's facets as JSON (decision 208)", () => {
  it("writes the lists as JSON and reads them back equal", () => {
    const f = facets(35);
    const json = facetsJson(f);
    expect(JSON.parse(json)).toEqual(f);
    expect(readFacets(json)).toEqual(f);
  });

  it("gives the server back the object it wrote, without parsing, and other counts another object", () => {
    const f = facets(3);
    expect(readFacets(facetsJson(f))).toBe(f);
    const g = facets(4);
    expect(readFacets(facetsJson(g))).toBe(g);
    expect(readFacets(facetsJson(f))).toBe(f);
  });
});

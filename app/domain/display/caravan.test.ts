import { describe, expect, it } from "vitest";
import { FEET_TO_METRES, feetToMetres, formatFeetAsMetres, getCaravanDimensions } from "./caravan";

describe("feetToMetres", () => {
  it("spec 9: converts feet to metres with the factor 0.3048", () => {
    expect(FEET_TO_METRES).toBe(0.3048);
    expect(feetToMetres(10)).toBeCloseTo(3.048, 10);
    expect(feetToMetres(0)).toBe(0);
  });

  it("throws a RangeError for a non-finite length", () => {
    expect(() => feetToMetres(Number.NaN)).toThrow(RangeError);
  });
});

describe("formatFeetAsMetres", () => {
  it("spec 9: formats feet as metres with 2 decimals", () => {
    expect(formatFeetAsMetres(20)).toBe("6.10 m");
    expect(formatFeetAsMetres(24.5)).toBe("7.47 m");
    expect(formatFeetAsMetres(7.5, 1)).toBe("2.3 m");
  });

  it("returns null for a missing, zero or negative length", () => {
    expect(formatFeetAsMetres(null)).toBeNull();
    expect(formatFeetAsMetres(0)).toBeNull();
    expect(formatFeetAsMetres(-3)).toBeNull();
  });
});

describe("getCaravanDimensions", () => {
  it("spec 3/9: gives length and width of a caravan in metres", () => {
    expect(getCaravanDimensions({ bodyLengthFeet: 21, bodyWidthFeet: 7.5 })).toEqual({
      lengthMetres: 21 * 0.3048,
      widthMetres: 7.5 * 0.3048,
      lengthText: "6.40 m",
      widthText: "2.29 m",
    });
  });

  it("gives nulls for a car without caravan specifications", () => {
    expect(getCaravanDimensions(null)).toEqual({ lengthMetres: null, widthMetres: null, lengthText: null, widthText: null });
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { lazyDateTimeFormat, lazyNumberFormat, wholeNumberText } from "./number-text";

describe("wholeNumberText (issue 15, decision 194)", () => {
  it("groups whole numbers in threes with commas, as en-AU does", () => {
    expect(wholeNumberText(0)).toBe("0");
    expect(wholeNumberText(7)).toBe("7");
    expect(wholeNumberText(999)).toBe("999");
    expect(wholeNumberText(1000)).toBe("1,000");
    expect(wholeNumberText(16734)).toBe("16,734");
    expect(wholeNumberText(250000)).toBe("250,000");
    expect(wholeNumberText(1234567)).toBe("1,234,567");
    expect(wholeNumberText(-5000)).toBe("-5,000");
    expect(wholeNumberText(Number.MAX_SAFE_INTEGER)).toBe("9,007,199,254,740,991");
  });

  it("writes exactly what toLocaleString('en-AU') writes, for any safe integer", () => {
    fc.assert(fc.property(fc.maxSafeInteger(), (n) => wholeNumberText(n) === n.toLocaleString("en-AU")), { numRuns: 2000 });
    fc.assert(fc.property(fc.integer({ min: -100_000, max: 2_000_000 }), (n) => wholeNumberText(n) === n.toLocaleString("en-AU")), { numRuns: 2000 });
  });

  it("hands fractions, -0 and non-finite values to Intl, so the text never differs", () => {
    for (const n of [12.5, 1234.5678, -0, Number.NaN, Infinity, -Infinity, 2 ** 60]) expect(wholeNumberText(n)).toBe(n.toLocaleString("en-AU"));
    expect(wholeNumberText(1234.5)).toBe("1,234.5");
  });
});

describe("lazy Intl formatters", () => {
  it("format as the same Intl formatter would", () => {
    const aud = lazyNumberFormat({ style: "currency", currency: "AUD", maximumFractionDigits: 0 });
    expect(aud.format(29990)).toBe("$29,990");
    expect(aud.format(-5)).toBe("-$5");
    const day = lazyDateTimeFormat({ day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
    expect(day.format(new Date("2026-03-03T23:30:00Z"))).toBe("3 March 2026");
    expect(() => day.format(new Date("not a date"))).toThrow(RangeError);
  });
});

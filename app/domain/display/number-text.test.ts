import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { audCentsText, decimalText, lazyDateTimeFormat, lazyNumberFormat, utcDayText, wholeNumberText } from "./number-text";

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

describe("decimalText, audCentsText and utcDayText (issue 15, decision 194: no ICU while a page loads)", () => {
  const intl = (min: number, max: number) => new Intl.NumberFormat("en-AU", { minimumFractionDigits: min, maximumFractionDigits: max });

  it("write decimals, cents and days as en-AU does", () => {
    expect(decimalText(1234.5, 2)).toBe("1,234.50");
    expect(decimalText(6.1, 1, 0)).toBe("6.1");
    expect(decimalText(6.04, 1, 0)).toBe("6");
    expect(decimalText(0, 2)).toBe("0.00");
    expect(decimalText(0.125, 2)).toBe("0.13");
    expect(decimalText(1.005, 2)).toBe("1.01"); // Intl rounds the shortest form, 1.005, not the double 1.00499...
    expect(decimalText(0.0075, 3, 0)).toBe("0.008");
    expect(decimalText(9.995, 2)).toBe("10.00");
    expect(decimalText(999.96, 1, 0)).toBe("1,000");
    expect(audCentsText(29990)).toBe("$29,990.00");
    expect(audCentsText(770.456)).toBe("$770.46");
    expect(audCentsText(-5)).toBe("-$5.00");
    expect(utcDayText(new Date("2026-03-03T23:30:00Z"))).toBe("3 March 2026");
    expect(utcDayText(new Date("2026-12-31T00:00:00Z"))).toBe("31 December 2026");
    expect(() => utcDayText(new Date("not a date"))).toThrow(RangeError);
    expect(() => decimalText(1, 1, 2)).toThrow(RangeError);
  });

  it("decimalText writes exactly what Intl writes, for any number and digit counts", () => {
    const digits = fc.integer({ min: 0, max: 4 }).chain((max) => fc.tuple(fc.integer({ min: 0, max }), fc.constant(max)));
    const numbers = fc.oneof(
      fc.double({ min: 0, max: 1e7, noNaN: true }),
      fc.double({ noNaN: false }),
      fc.integer({ min: 0, max: 10_000_000 }).map((n) => n / 1000 + 0.0005), // ties and near-ties
      fc.integer({ min: 0, max: 1_000_000 }).map((n) => n / 100),
    );
    fc.assert(fc.property(numbers, digits, (n, [min, max]) => decimalText(n, max, min) === intl(min, max).format(n)), { numRuns: 5000 });
  });

  it("audCentsText writes exactly what Intl's AUD format with cents writes", () => {
    const aud = new Intl.NumberFormat("en-AU", { style: "currency", currency: "AUD", minimumFractionDigits: 2, maximumFractionDigits: 2 });
    fc.assert(fc.property(fc.oneof(fc.double({ min: 0, max: 1e6, noNaN: true }), fc.double()), (n) => audCentsText(n) === aud.format(n)), { numRuns: 3000 });
  });

  it("utcDayText writes exactly what Intl writes, for any day of years 1-9999", () => {
    const day = new Intl.DateTimeFormat("en-AU", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
    fc.assert(fc.property(fc.date({ min: new Date("0001-01-01T00:00:00Z"), max: new Date("9999-12-31T23:59:59Z"), noInvalidDate: true }), (d) => utcDayText(d) === day.format(d)), { numRuns: 3000 });
  });
});

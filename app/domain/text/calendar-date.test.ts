import { describe, expect, it } from "vitest";
import { isCalendarDate } from "./calendar-date";

describe("isCalendarDate (feed and console dates)", () => {
  it.each([
    ["2026-03-31", true],
    ["2024-02-29", true], // a leap day
    ["2026-03-31T10:30:00+10:00", true],
    ["2026-03-31T10:30:00Z", true],
    ["2026-03-31 10:30", true],
    ["1900-01-01", true],
    ["2100-12-31", true],
    ["2026-02-30", false], // JavaScript's Date makes it 2 March
    ["2025-02-29", false],
    ["2026-13-01", false],
    ["2026-00-10", false],
    ["2026-04-31", false],
    ["2026-01-01junk", false], // Date.parse reads a day in June out of it
    ["2026-01-01T25:00", false],
    ["1899-12-31", false],
    ["2101-01-01", false],
    ["0001-01-01", false],
    ["31/03/2026", false],
    ["", false],
  ])("%s: %s", (text, real) => {
    expect(isCalendarDate(text)).toBe(real);
  });

  it("with dateOnly, refuses a time after the date", () => {
    expect(isCalendarDate("2026-03-31", true)).toBe(true);
    expect(isCalendarDate("2026-03-31T10:30", true)).toBe(false);
  });
});

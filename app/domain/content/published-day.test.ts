import { describe, expect, it } from "vitest";
import { formatPublishedDay } from "./published-day";

describe("formatPublishedDay (content pages, blog list)", () => {
  it("shows the UTC day in en-AU words", () => {
    expect(formatPublishedDay("2026-03-03T00:00:00.000Z")).toBe("3 March 2026");
    expect(formatPublishedDay("2026-12-31T23:59:59.000Z")).toBe("31 December 2026");
  });

  it("refuses a value that is not a date", () => {
    expect(() => formatPublishedDay("not a date")).toThrow(RangeError);
  });
});

import { describe, expect, it } from "vitest";
import { formatPublishedDay } from "./published-day";

describe("formatPublishedDay (spec 2.6 content pages, blog list)", () => {
  it("shows the calendar day in the site's time zone, in en-AU words", () => {
    expect(formatPublishedDay("2026-03-03T00:00:00.000Z", "Australia/Sydney")).toBe("3 March 2026");
    // 8 am on 4 March in Sydney (daylight time, UTC+11) is still 3 March in UTC.
    expect(formatPublishedDay("2026-03-03T21:00:00.000Z", "Australia/Sydney")).toBe("4 March 2026");
    // The same instant is 5 am on 4 March in Perth (UTC+8, no daylight saving).
    expect(formatPublishedDay("2026-03-03T21:00:00.000Z", "Australia/Perth")).toBe("4 March 2026");
    expect(formatPublishedDay("2026-03-03T15:59:59.000Z", "Australia/Perth")).toBe("3 March 2026");
    expect(formatPublishedDay("2026-03-03T16:00:00.000Z", "Australia/Perth")).toBe("4 March 2026");
    // New Year's Eve in Brisbane (UTC+10) turns the year.
    expect(formatPublishedDay("2026-12-31T14:30:00.000Z", "Australia/Brisbane")).toBe("1 January 2027");
  });

  it("refuses a value that is not a date, and an unknown time zone", () => {
    expect(() => formatPublishedDay("not a date", "Australia/Sydney")).toThrow(RangeError);
    expect(() => formatPublishedDay("2026-03-03T00:00:00.000Z", "Mars/Olympus_Mons")).toThrow(RangeError);
  });
});

import { TZDate } from "@date-fns/tz";
import { format } from "date-fns/format";
import { describe, expect, it } from "vitest";
import { formatInTimeZone } from "./leads.server";

describe("formatInTimeZone: lead times as staff read them (decision 372)", () => {
  it("writes year-month-day and a 24-hour clock in the site's time zone", () => {
    expect(formatInTimeZone(new Date("2026-11-29T06:05:00Z"), "Australia/Perth")).toBe("2026-11-29 14:05");
    expect(formatInTimeZone(new Date("2026-06-01T00:00:00Z"), "Australia/Adelaide")).toBe("2026-06-01 09:30");
    expect(formatInTimeZone(new Date("2026-03-05T09:07:00Z"), "UTC")).toBe("2026-03-05 09:07");
  });

  it("writes midnight as 00, not 24", () => {
    expect(formatInTimeZone(new Date("2026-01-01T13:00:00Z"), "Australia/Sydney")).toBe("2026-01-02 00:00");
    expect(formatInTimeZone(new Date("2026-01-01T13:59:00Z"), "Australia/Sydney")).toBe("2026-01-02 00:59");
  });

  it("follows daylight saving across the change (Sydney, 4 October 2026)", () => {
    expect(formatInTimeZone(new Date("2026-10-03T15:59:00Z"), "Australia/Sydney")).toBe("2026-10-04 01:59");
    expect(formatInTimeZone(new Date("2026-10-03T16:00:00Z"), "Australia/Sydney")).toBe("2026-10-04 03:00");
  });

  it("agrees with date-fns's TZDate and format, which it replaced, every 97 minutes over two years in several zones", () => {
    const zones = ["Australia/Perth", "Australia/Sydney", "Australia/Adelaide", "Australia/Lord_Howe", "Pacific/Auckland", "Asia/Kolkata", "America/St_Johns", "UTC"];
    const from = Date.UTC(2025, 0, 1);
    const to = Date.UTC(2027, 0, 1);
    let compared = 0;
    for (const zone of zones) {
      for (let at = from; at < to; at += 97 * 60_000) {
        const expected = format(new TZDate(at, zone), "yyyy-MM-dd HH:mm");
        const actual = formatInTimeZone(new Date(at), zone);
        if (actual !== expected) expect({ zone, at: new Date(at).toISOString(), actual }).toEqual({ zone, at: new Date(at).toISOString(), actual: expected });
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(80_000);
  });

  it("refuses an invalid date and an unknown time zone", () => {
    expect(() => formatInTimeZone(new Date(Number.NaN), "Australia/Perth")).toThrow(RangeError);
    expect(() => formatInTimeZone(new Date(0), "Not/AZone")).toThrow(RangeError);
  });
});

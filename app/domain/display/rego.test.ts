import { TZDate } from "@date-fns/tz";
import { format } from "date-fns/format";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { getRegoExpiryText, todayIn } from "./rego";

// 2025-06-15 09:30 in Sydney (AEST, UTC+10).
const NOW = new Date("2025-06-14T23:30:00.000Z");

describe("getRegoExpiryText", () => {
  it("spec 5: a future date shows 'Expires on {date}' as dd/MM/yyyy", () => {
    expect(getRegoExpiryText("2027-03-12", NOW)).toBe("Expires on 12/03/2027");
  });

  it("spec 5: an expiry of today (in the site's time zone) still shows 'Expires on'", () => {
    expect(getRegoExpiryText("2025-06-15", NOW)).toBe("Expires on 15/06/2025");
  });

  it("spec 5: a past date shows nothing by default", () => {
    expect(getRegoExpiryText("2025-06-14", NOW)).toBeNull();
  });

  it("spec 5: a past date shows 'Unregistered' on the variant that enables it", () => {
    expect(getRegoExpiryText("2024-01-01", NOW, { showUnregisteredForExpiredRego: true })).toBe("Unregistered");
  });

  it("reads today in the site's time zone: still the 14th in Perth when it is the 15th in Sydney", () => {
    const lateEvening = new Date("2025-06-14T15:00:00.000Z"); // 23:00 on the 14th in Perth, 01:00 on the 15th in Sydney
    expect(getRegoExpiryText("2025-06-14", lateEvening, { timeZone: "Australia/Perth" })).toBe("Expires on 14/06/2025");
    expect(getRegoExpiryText("2025-06-14", lateEvening, { timeZone: "Australia/Sydney" })).toBeNull();
  });

  it("formats a full ISO instant as its day in the site's time zone", () => {
    expect(getRegoExpiryText("2027-03-11T14:00:00Z", NOW, { timeZone: "Australia/Sydney" })).toBe(
      "Expires on 12/03/2027",
    );
  });

  it("shows nothing for an unknown or unparseable expiry, even on the 'Unregistered' variant", () => {
    const options = { showUnregisteredForExpiredRego: true };
    expect(getRegoExpiryText(null, NOW, options)).toBeNull();
    expect(getRegoExpiryText("", NOW, options)).toBeNull();
    expect(getRegoExpiryText("soon", NOW, options)).toBeNull();
    expect(getRegoExpiryText("2027-02-30", NOW, options)).toBeNull();
  });

  it("throws a RangeError for an invalid time zone", () => {
    expect(() => getRegoExpiryText("2027-03-12", NOW, { timeZone: "Mars/Olympus" })).toThrow(RangeError);
  });
});

describe("todayIn: today's day per zone, kept while the zone's day lasts (decision 198)", () => {
  const zones = ["Australia/Sydney", "Australia/Perth", "Australia/Adelaide", "Australia/Lord_Howe", "America/Santiago", "Asia/Tehran", "Pacific/Chatham", "UTC"];
  const uncached = (at: number, zone: string) => format(new TZDate(at, zone), "yyyy-MM-dd");

  it("answers what the zone's calendar says for any sequence of instants, across daylight-saving changes", () => {
    const instant = fc.integer({ min: Date.UTC(2024, 0, 1), max: Date.UTC(2031, 0, 1) });
    // Instants near each other (minutes to days apart) reach the cached path and its edges.
    const walk = fc.tuple(instant, fc.array(fc.integer({ min: -36 * 3_600_000, max: 36 * 3_600_000 }), { minLength: 1, maxLength: 40 }));
    fc.assert(
      fc.property(fc.constantFrom(...zones), walk, (zone, [start, steps]) => {
        let at = start;
        for (const step of [0, ...steps]) {
          at += step;
          expect(todayIn(new Date(at), zone)).toBe(uncached(at, zone));
        }
      }),
      { numRuns: 1500 },
    );
  });

  it("turns over at the zone's midnight, not UTC's: Sydney's day changes at 13:00 UTC in summer", () => {
    expect(todayIn(new Date("2026-01-15T12:59:59.999Z"), "Australia/Sydney")).toBe("2026-01-15");
    expect(todayIn(new Date("2026-01-15T13:00:00.000Z"), "Australia/Sydney")).toBe("2026-01-16");
    expect(todayIn(new Date("2026-01-15T12:59:59.999Z"), "Australia/Sydney")).toBe("2026-01-15");
  });

  it("a zone day shortened by daylight saving ends when the zone's next day begins: Santiago's 7 September 2025 lasts 23 hours", () => {
    // Santiago's clocks went from 24:00 on 6 September to 01:00, and 8 September began at 03:00 UTC.
    expect(todayIn(new Date("2025-09-07T12:00:00Z"), "America/Santiago")).toBe("2025-09-07");
    expect(todayIn(new Date("2025-09-08T02:59:59.999Z"), "America/Santiago")).toBe("2025-09-07");
    expect(todayIn(new Date("2025-09-08T03:30:00Z"), "America/Santiago")).toBe("2025-09-08");
  });

  it("gives null for an invalid date", () => {
    expect(todayIn(new Date(Number.NaN), "Australia/Sydney")).toBeNull();
  });
});

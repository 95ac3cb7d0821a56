import { describe, expect, it } from "vitest";
import { instantOfLocalInput, localInputOf, momentInWords } from "./schedule";

describe("content schedule wall clock (issue 50 item 7)", () => {
  it("reads a datetime-local value in the site's zone, daylight saving included", () => {
    // Perth has no daylight saving (UTC+8); Sydney is on AEDT (UTC+11) in December, AEST (UTC+10) in July.
    expect(instantOfLocalInput("2026-12-07T09:00", "Australia/Perth")?.toISOString()).toBe("2026-12-07T01:00:00.000Z");
    expect(instantOfLocalInput("2026-12-07T09:00", "Australia/Sydney")?.toISOString()).toBe("2026-12-06T22:00:00.000Z");
    expect(instantOfLocalInput("2026-07-06T09:00", "Australia/Sydney")?.toISOString()).toBe("2026-07-05T23:00:00.000Z");
  });

  it("refuses malformed values and impossible dates", () => {
    expect(instantOfLocalInput("2026-02-30T09:00", "Australia/Sydney")).toBeNull();
    expect(instantOfLocalInput("2026-12-07 09:00", "Australia/Sydney")).toBeNull();
    expect(instantOfLocalInput("2026-12-07T24:30", "Australia/Sydney")).toBeNull();
  });

  it("writes an instant back as the form's value and in words, in the zone", () => {
    const at = Date.parse("2026-12-06T22:00:00Z");
    expect(localInputOf(at, "Australia/Sydney")).toBe("2026-12-07T09:00");
    expect(localInputOf(at, "Australia/Perth")).toBe("2026-12-07T06:00");
    expect(momentInWords(at, "Australia/Sydney")).toBe("Mon 7 Dec 2026, 9:00 am");
  });
});

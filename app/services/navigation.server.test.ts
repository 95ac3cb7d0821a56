import { describe, expect, it } from "vitest";
import { isCallNowShown } from "~/domain/navigation/call-now";
import type { WeeklyHoursEntry } from "~/domain/opening-hours";
import { CALL_NOW_PLAN_REUSE_MS, callNowPlanFor, callNowShown } from "./navigation.server";

/** Open 09:00-17:00 every day (weekday 0-6). */
const weekly: WeeklyHoursEntry[] = Array.from({ length: 7 }, (_, weekday) => ({ weekday, status: "Open", open: "09:00", close: "17:00" }));
const PERTH = "Australia/Perth"; // UTC+8, no daylight saving
const at = (iso: string) => Date.parse(iso);

describe("callNowShown (spec 2.7 sticky footer Call Now, issue 15)", () => {
  it("answers as isCallNowShown at each minute either side of opening and closing", () => {
    for (const iso of ["2026-11-26T00:59:59.999Z", "2026-11-26T01:00:00.000Z", "2026-11-26T08:59:59.000Z", "2026-11-26T09:00:00.000Z"]) {
      expect(callNowShown("08 9000 0000", weekly, PERTH, at(iso))).toBe(isCallNowShown({ phone: "08 9000 0000", weekly, timeZone: PERTH }, new Date(iso)));
    }
    // 08:59:59 Perth is closed; 09:00 opens; 16:59:59 open; 17:00 closed.
    expect(callNowShown("08 9000 0000", weekly, PERTH, at("2026-11-26T00:59:30.000Z"))).toBe(false);
    expect(callNowShown("08 9000 0000", weekly, PERTH, at("2026-11-26T01:00:00.000Z"))).toBe(true);
    expect(callNowShown("08 9000 0000", weekly, PERTH, at("2026-11-26T08:59:59.000Z"))).toBe(true);
    expect(callNowShown("08 9000 0000", weekly, PERTH, at("2026-11-26T09:00:00.000Z"))).toBe(false);
  });

  it("does not reuse a minute's answer for another phone or time zone", () => {
    const now = at("2026-11-26T02:00:00.000Z"); // 10:00 in Perth, 13:00 in Sydney (AEDT)
    expect(callNowShown("08 9000 0000", weekly, PERTH, now)).toBe(true);
    expect(callNowShown(null, weekly, PERTH, now + 1_000)).toBe(false);
    const late = at("2026-11-26T06:30:00.000Z"); // 14:30 in Perth, 17:30 in Sydney
    expect(callNowShown("08 9000 0000", weekly, PERTH, late)).toBe(true);
    expect(callNowShown("08 9000 0000", weekly, "Australia/Sydney", late)).toBe(false);
  });

  it("serves one plan object for a day, then makes a new one (decision 194)", () => {
    const hours = weekly.map((e) => ({ ...e }));
    const first = callNowPlanFor("08 9000 0000", hours, PERTH, at("2026-11-26T02:00:00.000Z"));
    expect(callNowPlanFor("08 9000 0000", hours, PERTH, at("2026-11-26T07:00:00.000Z"))).toBe(first);
    const nextDay = callNowPlanFor("08 9000 0000", hours, PERTH, first.from + CALL_NOW_PLAN_REUSE_MS);
    expect(nextDay).not.toBe(first);
    expect(nextDay.from).toBe(first.from + CALL_NOW_PLAN_REUSE_MS);
    // A minute before the plan's day: the previous local day's plan, from its midnight (Perth has no daylight time).
    expect(callNowPlanFor("08 9000 0000", hours, PERTH, first.from - 60_000).from).toBe(first.from - CALL_NOW_PLAN_REUSE_MS);
  });
});

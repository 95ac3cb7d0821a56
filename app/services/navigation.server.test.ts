import { describe, expect, it } from "vitest";
import { isCallNowShown } from "~/domain/navigation/call-now";
import type { WeeklyHoursEntry } from "~/domain/opening-hours";
import { isWithinDates } from "~/domain/navigation/navigation";
import { CALL_NOW_PLAN_REUSE_MS, callNowPlanFor, callNowShown, promotionDatesIn } from "./navigation.server";

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

describe("promotionDatesIn (spec 2.6, 4: a popup's or banner's days on the site's calendar)", () => {
  const sale = { title: "Boxing Day sale", startsAt: "2026-12-26", expiresAt: "2026-12-31" };

  it("starts a date-only start at the site's midnight and ends a date-only expiry at the end of its day there", () => {
    // Sydney is on AEDT (UTC+11) in December; Perth on AWST (UTC+8).
    expect(promotionDatesIn(sale, "Australia/Sydney")).toEqual({ title: "Boxing Day sale", startsAt: "2026-12-25T13:00:00.000Z", expiresAt: "2026-12-31T12:59:59.999Z" });
    expect(promotionDatesIn(sale, "Australia/Perth")).toEqual({ title: "Boxing Day sale", startsAt: "2026-12-25T16:00:00.000Z", expiresAt: "2026-12-31T15:59:59.999Z" });
  });

  it("shows a Sydney sale from 12:00am on its first day until 11:59pm on its last, not from 11am to 11am", () => {
    const sydney = promotionDatesIn(sale, "Australia/Sydney");
    expect(isWithinDates(sydney, Date.parse("2026-12-25T13:00:00Z"))).toBe(true); // 12:00am 26 Dec AEDT
    expect(isWithinDates(sydney, Date.parse("2026-12-25T12:59:59Z"))).toBe(false); // 11:59pm Christmas Day
    expect(isWithinDates(sydney, Date.parse("2026-12-31T12:59:00Z"))).toBe(true); // 11:59pm 31 Dec
    expect(isWithinDates(sydney, Date.parse("2026-12-31T13:00:00Z"))).toBe(false); // 12:00am New Year's Day
  });

  it("keeps date-times and open-ended dates as they are", () => {
    const exact = { startsAt: "2026-12-26T09:00:00+11:00", expiresAt: null };
    expect(promotionDatesIn(exact, "Australia/Sydney")).toBe(exact);
  });

  it("rejects an unknown time zone", () => {
    expect(() => promotionDatesIn(sale, "Mars/Olympus_Mons")).toThrow(RangeError);
  });
});

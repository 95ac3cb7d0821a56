import { describe, expect, it } from "vitest";
import {
  formatTime,
  groupOpeningHours,
  hoursOn,
  isNormalHoursSaturday,
  isOpenNow,
  localClock,
  openingStatus,
  upcomingSpecialHours,
  type LocationSchedule,
  type WeeklyHoursEntry,
} from "./opening-hours";
import { normaliseSpecialHours } from "./special-hours";

function week(weekdays: [string, string] | null, sat: [string, string] | null, sun: [string, string] | null): WeeklyHoursEntry[] {
  const e = (weekday: number, h: [string, string] | null): WeeklyHoursEntry =>
    h ? { weekday, status: "Open", open: h[0], close: h[1] } : { weekday, status: "Closed", open: null, close: null };
  return [e(0, sun), ...[1, 2, 3, 4, 5].map((d) => e(d, weekdays)), e(6, sat)];
}

const SALES = week(["08:30", "17:30"], ["08:30", "16:00"], null);

describe("groupOpeningHours (spec 2.5: Mon-Fri grouped, Sat and Sun separate)", () => {
  it("groups Monday to Friday when all five agree", () => {
    expect(groupOpeningHours(SALES)).toEqual([
      { days: "Mon-Fri", daysLong: "Monday to Friday", text: "8:30am - 5:30pm" },
      { days: "Sat", daysLong: "Saturday", text: "8:30am - 4:00pm" },
      { days: "Sun", daysLong: "Sunday", text: "Closed" },
    ]);
  });

  it("lists each weekday when they differ, and a missing day reads Closed", () => {
    const hours = SALES.map((e) => (e.weekday === 4 ? { ...e, close: "21:00" } : e)).filter((e) => e.weekday !== 0);
    const rows = groupOpeningHours(hours);
    expect(rows.map((r) => r.days)).toEqual(["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]);
    expect(rows[3].text).toBe("8:30am - 9:00pm");
    expect(rows[6].text).toBe("Closed");
  });

  it("notes the alternating Saturday (spec 4)", () => {
    const rows = groupOpeningHours(SALES, { alternatingSaturday: { anchorDate: "2025-06-14", appointmentText: "By Appointment Only" } });
    expect(rows[1].text).toBe("8:30am - 4:00pm, alternate weeks; otherwise By Appointment Only");
  });
});

describe("formatTime", () => {
  it("writes 12-hour times", () => {
    expect([formatTime("08:30"), formatTime("12:00"), formatTime("17:05"), formatTime("00:00")]).toEqual(["8:30am", "12:00pm", "5:05pm", "12:00am"]);
  });
});

describe("special and holiday hours (spec 3, both shapes)", () => {
  const special = normaliseSpecialHours([
    { date: "2026-12-25", status: "Closed", location_id: 3, start_hour: null, end_hour: null, note: "Christmas Day" },
    { date: "2026-12-24", status: "Open", location_id: 3, start_hour: "09:00", end_hour: "13:00" },
    { date: "2026-12-31", status: "Open", hours: { begin: "10:00", end: "14:00" } },
  ]);

  it("normalises both shapes and sorts by date", () => {
    expect(special).toEqual([
      { date: "2026-12-24", status: "Open", startHour: "09:00", endHour: "13:00" },
      { date: "2026-12-25", status: "Closed", startHour: null, endHour: null, note: "Christmas Day" },
      { date: "2026-12-31", status: "Open", startHour: "10:00", endHour: "14:00" },
    ]);
  });

  it("rejects malformed entries with a clear error", () => {
    expect(() => normaliseSpecialHours([{ date: "25/12/2026", status: "Closed" }])).toThrow(/YYYY-MM-DD/);
    expect(() => normaliseSpecialHours([{ date: "2026-12-24", status: "Open" }])).toThrow(/start and end hours/);
  });

  it("overrides the weekly hours on that date only", () => {
    const schedule: LocationSchedule = { weekly: SALES, special };
    expect(hoursOn(schedule, "2026-12-25")).toMatchObject({ kind: "closed", source: "special", text: "Closed", note: "Christmas Day" });
    expect(hoursOn(schedule, "2026-12-24")).toMatchObject({ kind: "open", open: "09:00", close: "13:00", text: "9:00am - 1:00pm" });
    expect(hoursOn(schedule, "2026-12-31")).toMatchObject({ kind: "open", open: "10:00", close: "14:00" });
    expect(hoursOn(schedule, "2026-12-23")).toMatchObject({ kind: "open", source: "weekly", open: "08:30", close: "17:30" });
  });

  it("makes the open-now check follow the special hours", () => {
    const schedule: LocationSchedule = { weekly: SALES, special };
    // Friday 25 December 2026, 10:00 in Perth (UTC+8) = 02:00 UTC: closed for Christmas.
    expect(openingStatus(schedule, new Date("2026-12-25T02:00:00Z"), "Australia/Perth")).toMatchObject({ open: false, text: "Closed, opens tomorrow 8:30am" });
    // Thursday 24 December 13:30 Perth: past the special 1pm close.
    expect(isOpenNow(schedule, new Date("2026-12-24T05:30:00Z"), "Australia/Perth")).toBe(false);
    expect(isOpenNow(schedule, new Date("2026-12-24T04:30:00Z"), "Australia/Perth")).toBe(true);
  });

  it("lists upcoming special hours from today in the site's zone", () => {
    const list = upcomingSpecialHours(special, new Date("2026-12-24T20:00:00Z"), "Australia/Sydney");
    // 07:00 on the 25th in Sydney, so the 24th is already past.
    expect(list.map((d) => d.date)).toEqual(["2026-12-25", "2026-12-31"]);
  });
});

describe("alternating Saturdays (spec 4: fortnightly from a date in June 2025)", () => {
  const rule = { anchorDate: "2025-06-14", appointmentText: "By Appointment Only" };
  const service: LocationSchedule = { weekly: week(["07:30", "17:00"], ["08:00", "12:00"], null), alternatingSaturday: rule };

  it("keeps normal hours on the anchor and every second Saturday", () => {
    expect(isNormalHoursSaturday("2025-06-14", rule.anchorDate)).toBe(true);
    expect(isNormalHoursSaturday("2025-06-21", rule.anchorDate)).toBe(false);
    expect(isNormalHoursSaturday("2025-06-28", rule.anchorDate)).toBe(true);
    expect(isNormalHoursSaturday("2025-06-07", rule.anchorDate)).toBe(false);
    expect(isNormalHoursSaturday("2025-05-31", rule.anchorDate)).toBe(true);
    // 2026-11-28 is 76 weeks after the anchor: normal; 2026-11-21 is 75 weeks: by appointment.
    expect(isNormalHoursSaturday("2026-11-28", rule.anchorDate)).toBe(true);
    expect(isNormalHoursSaturday("2026-11-21", rule.anchorDate)).toBe(false);
  });

  it("shows 'By Appointment Only' on off Saturdays and counts them as closed", () => {
    expect(hoursOn(service, "2026-11-21")).toMatchObject({ kind: "appointment", text: "By Appointment Only", source: "alternating-saturday" });
    expect(hoursOn(service, "2026-11-28")).toMatchObject({ kind: "open", text: "8:00am - 12:00pm" });
    // Saturday 21 November 2026, 09:00 in Sydney (AEDT, UTC+11) = Friday 22:00 UTC.
    expect(openingStatus(service, new Date("2026-11-20T22:00:00Z"), "Australia/Sydney")).toMatchObject({ open: false, text: "Closed, opens Mon 7:30am" });
    expect(isOpenNow(service, new Date("2026-11-27T22:00:00Z"), "Australia/Sydney")).toBe(true);
  });

  it("lets special hours win over the rule", () => {
    const withSpecial: LocationSchedule = { ...service, special: [{ date: "2026-11-21", status: "Open", startHour: "09:00", endHour: "11:00" }] };
    expect(hoursOn(withSpecial, "2026-11-21")).toMatchObject({ kind: "open", source: "special" });
  });
});

describe("open now in the site's time zone (spec 9)", () => {
  const schedule: LocationSchedule = { weekly: SALES };

  it("judges Perth (UTC+8, no daylight saving) by Perth's wall clock", () => {
    // Monday 23 November 2026 08:45 AWST = 00:45 UTC.
    expect(localClock(new Date("2026-11-23T00:45:00Z"), "Australia/Perth")).toEqual({ date: "2026-11-23", weekday: 1, minutes: 8 * 60 + 45 });
    expect(openingStatus(schedule, new Date("2026-11-23T00:45:00Z"), "Australia/Perth")).toEqual({ open: true, text: "Open now, closes 5:30pm", closesAt: "17:30", nextOpening: null });
    // The same instant is 11:45 in Sydney, also open; 17:45 Perth (09:45 UTC) is closed.
    expect(isOpenNow(schedule, new Date("2026-11-23T09:45:00Z"), "Australia/Perth")).toBe(false);
    expect(isOpenNow(schedule, new Date("2026-11-23T09:45:00Z"), "Australia/Sydney")).toBe(false);
    // 07:45 UTC: 3:45pm Perth (open), 6:45pm Sydney (closed).
    expect(isOpenNow(schedule, new Date("2026-11-23T07:45:00Z"), "Australia/Perth")).toBe(true);
    expect(isOpenNow(schedule, new Date("2026-11-23T07:45:00Z"), "Australia/Sydney")).toBe(false);
  });

  it("says when a closed location opens next", () => {
    // Sunday 22 November 2026 12:00 Perth: closed Sundays, opens Monday.
    expect(openingStatus(schedule, new Date("2026-11-22T04:00:00Z"), "Australia/Perth")).toMatchObject({ open: false, text: "Closed, opens tomorrow 8:30am", nextOpening: { date: "2026-11-23", weekday: 1, time: "08:30" } });
    // Saturday 21 November 17:00 Perth: opens Monday.
    expect(openingStatus(schedule, new Date("2026-11-21T09:00:00Z"), "Australia/Perth").text).toBe("Closed, opens Mon 8:30am");
    // Monday 07:00 Perth: opens later today.
    expect(openingStatus(schedule, new Date("2026-11-22T23:00:00Z"), "Australia/Perth").text).toBe("Closed, opens today 8:30am");
    // Never open: just "Closed".
    expect(openingStatus({ weekly: week(null, null, null) }, new Date("2026-11-22T23:00:00Z"), "Australia/Perth")).toEqual({ open: false, text: "Closed", closesAt: null, nextOpening: null });
  });

  it("keeps a location open until 23:59 open in that last minute (schema.org's all-day 00:00-23:59)", () => {
    const allDay: LocationSchedule = { weekly: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, status: "Open", open: "00:00", close: "23:59" })) };
    // Monday 23 November 2026 23:59:30 AEST (13:59:30 UTC), and 23:58 the same night.
    expect(openingStatus(allDay, new Date("2026-11-23T13:59:30Z"), "Australia/Brisbane")).toEqual({ open: true, text: "Open now, closes 11:59pm", closesAt: "23:59", nextOpening: null });
    expect(isOpenNow(allDay, new Date("2026-11-23T13:58:00Z"), "Australia/Brisbane")).toBe(true);
    // Any other closing time still ends at its own minute: 17:30 is closed at 17:30.
    expect(isOpenNow(schedule, new Date("2026-11-23T09:30:00Z"), "Australia/Perth")).toBe(false);
    expect(isOpenNow(schedule, new Date("2026-11-23T09:29:00Z"), "Australia/Perth")).toBe(true);
  });

  it("follows Sydney across the start of daylight saving (4 October 2026)", () => {
    // 21:45 UTC on a Sunday is Monday 07:45 AEST (UTC+10) before the change: closed ...
    expect(localClock(new Date("2026-09-27T21:45:00Z"), "Australia/Sydney").minutes).toBe(7 * 60 + 45);
    expect(openingStatus(schedule, new Date("2026-09-27T21:45:00Z"), "Australia/Sydney").text).toBe("Closed, opens today 8:30am");
    // ... and Monday 08:45 AEDT (UTC+11) after it: open. Perth, without daylight saving, is closed at both.
    expect(localClock(new Date("2026-10-04T21:45:00Z"), "Australia/Sydney").minutes).toBe(8 * 60 + 45);
    expect(isOpenNow(schedule, new Date("2026-10-04T21:45:00Z"), "Australia/Sydney")).toBe(true);
    expect(isOpenNow(schedule, new Date("2026-10-04T21:45:00Z"), "Australia/Perth")).toBe(false);
  });

  it("follows Melbourne across the end of daylight saving (5 April 2026)", () => {
    // 06:45 UTC: Friday 3 April 5:45pm AEDT (closed) but Tuesday 7 April 4:45pm AEST (open).
    expect(isOpenNow(schedule, new Date("2026-04-03T06:45:00Z"), "Australia/Melbourne")).toBe(false);
    expect(isOpenNow(schedule, new Date("2026-04-07T06:45:00Z"), "Australia/Melbourne")).toBe(true);
  });

  it("keeps Brisbane on UTC+10 all year", () => {
    expect(localClock(new Date("2026-10-04T21:45:00Z"), "Australia/Brisbane").minutes).toBe(7 * 60 + 45);
  });

  it("rejects an unknown time zone", () => {
    expect(() => isOpenNow(schedule, new Date(), "Mars/Olympus_Mons")).toThrow(RangeError);
  });
});

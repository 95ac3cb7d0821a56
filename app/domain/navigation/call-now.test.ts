import { describe, expect, it } from "vitest";
import { callNowShownAt } from "./navigation";
import { callNowPlan, isCallNowShown } from "./call-now";

const PERTH = "Australia/Perth";
const weekly = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, status: "Open" as const, open: "08:00", close: "17:00" }));
// Friday 25 December 2026, 10:00 in Perth (UTC+8).
const christmasMorning = new Date("2026-12-25T02:00:00Z");

describe("isCallNowShown with special and holiday hours (issue 50)", () => {
  it("hides Call Now on a holiday closure the weekly hours would have it open", () => {
    expect(isCallNowShown({ phone: "08 9000 0000", weekly, timeZone: PERTH }, christmasMorning)).toBe(true);
    const special = [{ date: "2026-12-25", status: "Closed" as const, startHour: null, endHour: null, note: "Christmas Day" }];
    expect(isCallNowShown({ phone: "08 9000 0000", weekly, special, timeZone: PERTH }, christmasMorning)).toBe(false);
  });

  it("hides it on an appointment-only Saturday of the location's rule", () => {
    // Saturday 2 January 2027 is one week after the anchor Saturday 26 December 2026.
    const saturday = new Date("2027-01-02T02:00:00Z");
    expect(isCallNowShown({ phone: "08 9000 0000", weekly, alternatingSaturday: { anchorDate: "2026-12-26", appointmentText: "By Appointment Only" }, timeZone: PERTH }, saturday)).toBe(false);
    expect(isCallNowShown({ phone: "08 9000 0000", weekly, alternatingSaturday: { anchorDate: "2026-12-19", appointmentText: "By Appointment Only" }, timeZone: PERTH }, saturday)).toBe(true);
  });
});

describe("callNowPlan with special hours (issue 50)", () => {
  it("changes at a special day's own opening and closing times", () => {
    const special = [{ date: "2026-12-24", status: "Open" as const, startHour: "09:30", endHour: "12:15" }];
    const plan = callNowPlan({ phone: "08 9000 0000", weekly, special, timeZone: PERTH }, new Date("2026-12-24T00:00:00Z"));
    expect(callNowShownAt(plan, Date.parse("2026-12-24T01:29:00Z"))).toBe(false);
    expect(callNowShownAt(plan, Date.parse("2026-12-24T01:30:00Z"))).toBe(true);
    expect(callNowShownAt(plan, Date.parse("2026-12-24T04:14:00Z"))).toBe(true);
    expect(callNowShownAt(plan, Date.parse("2026-12-24T04:15:00Z"))).toBe(false);
    // The next day, a plain weekly day, opens at 08:00 again.
    expect(callNowShownAt(plan, Date.parse("2026-12-26T00:00:00Z"))).toBe(true);
  });
});

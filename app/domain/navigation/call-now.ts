/**
 * The mobile sticky footer's Call Now rule (spec 2.7): the hours check in the site's time zone and
 * its week-long timetable (decision 194). Kept apart from navigation.ts so the browser loads this
 * time-zone code only when a page has outlived its plan.
 */
import { addCalendarDays, instantOfWallClock, isOpenNow, localClock, type AlternatingSaturdayRule, type SpecialHours, type WeeklyHoursEntry } from "~/domain/opening-hours";
import type { CallNowPlan } from "./navigation";

/** What the Call Now rule reads: the number, the main location's hours and the site's zone. */
export interface CallNowData {
  phone: string | null;
  weekly: WeeklyHoursEntry[];
  /** Special and holiday hours by date (issue 50: a holiday closure hides Call Now that day). */
  special?: SpecialHours[];
  /** The location's alternating-Saturday rule: an appointment-only Saturday is not open. */
  alternatingSaturday?: AlternatingSaturdayRule | null;
  timeZone: string;
}

/**
 * Whether the mobile sticky footer shows Call Now (spec 2.7): only with a phone number and while
 * the main location is open by its weekly hours, special and holiday hours and alternating-Saturday
 * rule, judged in the site's IANA time zone by the locations issue's open-now check.
 * @param now the instant (pass a fixed Date in tests)
 */
export function isCallNowShown(data: CallNowData, now: Date): boolean {
  return Boolean(data.phone) && data.weekly.length > 0 && isOpenNow({ weekly: data.weekly, special: data.special, alternatingSaturday: data.alternatingSaturday }, now, data.timeZone);
}

/** Spec 2.7 / issue 15: how far ahead a {@link CallNowPlan} lists the Call Now changes, in days. */
export const CALL_NOW_PLAN_DAYS = 7;

const DAY_MS = 86_400_000;

/**
 * Where the Call Now plan for a local day starts (issue 15, docs/decisions/194): the site's local
 * midnight, so every render that day, on any node, carries the same plan and the page's bytes (and
 * ETag) do not depend on the render instant. On a 23-hour day (daylight time starts) it is 24 h
 * before the next local midnight instead, an hour before this one: a plan is then never older
 * than a day when its day ends, so one kept for a day from its `from` (callNowPlanFor,
 * app/services/navigation.server.ts) is not served into the next day.
 * @param date YYYY-MM-DD, a calendar date in `timeZone`
 * @param timeZone the site's IANA time zone
 * @returns epoch ms, at most the first instant of `date` and at most 24 h before the next day's
 * @throws RangeError for an unknown time zone
 */
export function callNowPlanStart(date: string, timeZone: string): number {
  const start = instantOfWallClock(date, "00:00", timeZone);
  const nextStart = instantOfWallClock(addCalendarDays(date, 1), "00:00", timeZone);
  return Math.min(start, nextStart - DAY_MS);
}

/**
 * Makes the Call Now timetable (spec 2.7) for the site's local day holding `now` and the
 * following days, {@link CALL_NOW_PLAN_DAYS} days in all. The plan depends on the day, not on the
 * instant within it: two renders on the same local day, on any node, give equal plans (issue 15:
 * the page's ETag is a hash of its bytes). The answer can only change when the site's wall clock
 * reaches an opening or closing time (weekly or special), so those instants on each local day are
 * the candidates, each judged by {@link isCallNowShown}.
 * @param data the phone, the main location's hours and the site's IANA time zone
 * @param now any instant of the local day the plan is for
 * @returns the plan: `from` = {@link callNowPlanStart} of that day (the site's local midnight),
 *   `until` = `from` + {@link CALL_NOW_PLAN_DAYS} x 24 h (no changes without a phone or hours)
 * @throws RangeError for an unknown time zone
 */
export function callNowPlan(data: CallNowData, now: Date): CallNowPlan {
  const today = localClock(now, data.timeZone).date;
  const from = callNowPlanStart(today, data.timeZone);
  const until = from + CALL_NOW_PLAN_DAYS * DAY_MS;
  let shown = isCallNowShown(data, new Date(from));
  const plan: CallNowPlan = { shown, from, changes: [], until };
  if (!data.phone || data.weekly.length === 0) return plan;
  // Special hours may open or close at times the weekly table never uses.
  const times = [...new Set([...data.weekly.flatMap((e) => [e.open, e.close]), ...(data.special ?? []).flatMap((s) => [s.startHour, s.endHour])].filter((t): t is string => Boolean(t)))];
  const candidates = new Set<number>();
  // From the day before: on a 23-hour day the plan starts an hour before local midnight.
  for (let day = -1; day <= CALL_NOW_PLAN_DAYS + 1; day++) {
    const date = addCalendarDays(today, day);
    for (const t of times) {
      const at = instantOfWallClock(date, t, data.timeZone);
      if (at > from && at <= until) candidates.add(at);
    }
  }
  for (const at of [...candidates].sort((a, b) => a - b)) {
    const next = isCallNowShown(data, new Date(at));
    if (next !== shown) plan.changes.push(at);
    shown = next;
  }
  return plan;
}

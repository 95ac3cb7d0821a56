/**
 * The mobile sticky footer's Call Now rule (spec 2.7): the hours check in the site's time zone and
 * its week-long timetable (decision 194). Kept apart from navigation.ts so the browser loads this
 * time-zone code only when a page has outlived its plan.
 */
import { addCalendarDays, instantOfWallClock, isOpenNow, localClock, type WeeklyHoursEntry } from "~/domain/opening-hours";
import type { CallNowPlan } from "./navigation";

/**
 * Whether the mobile sticky footer shows Call Now (spec 2.7): only with a phone number and while
 * the main location is open by its weekly hours, judged in the site's IANA time zone by the
 * locations issue's open-now check.
 * @param now the instant (pass a fixed Date in tests)
 */
export function isCallNowShown(data: { phone: string | null; weekly: WeeklyHoursEntry[]; timeZone: string }, now: Date): boolean {
  return Boolean(data.phone) && data.weekly.length > 0 && isOpenNow({ weekly: data.weekly }, now, data.timeZone);
}

/** Spec 2.7 / issue 15: how far ahead a {@link CallNowPlan} lists the Call Now changes, in days. */
export const CALL_NOW_PLAN_DAYS = 7;

/**
 * Makes the Call Now timetable (spec 2.7) for the next {@link CALL_NOW_PLAN_DAYS} days. The answer
 * can only change when the site's wall clock reaches a weekly opening or closing time, so those
 * instants on each local day are the candidates, each judged by {@link isCallNowShown}.
 * @param data the phone, the main location's weekly hours and the site's IANA time zone
 * @param now the instant the plan starts
 * @returns the plan (no changes without a phone or hours)
 * @throws RangeError for an unknown time zone
 */
export function callNowPlan(data: { phone: string | null; weekly: WeeklyHoursEntry[]; timeZone: string }, now: Date): CallNowPlan {
  const from = now.getTime();
  const until = from + CALL_NOW_PLAN_DAYS * 86_400_000;
  let shown = isCallNowShown(data, now);
  const plan: CallNowPlan = { shown, from, changes: [], until };
  if (!data.phone || data.weekly.length === 0) return plan;
  const times = [...new Set(data.weekly.flatMap((e) => [e.open, e.close]).filter((t): t is string => Boolean(t)))];
  const today = localClock(now, data.timeZone).date;
  const candidates = new Set<number>();
  for (let day = 0; day <= CALL_NOW_PLAN_DAYS + 1; day++) {
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

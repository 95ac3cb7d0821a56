/**
 * Opening hours of a location (spec 2.5, 3 "Dealership / location", 4 "alternating Saturdays",
 * 9 "time zone"): the weekly table grouped for display, special and holiday hours by date, the
 * fortnightly 'By Appointment Only' Saturday rule, and the open-now check with the next opening.
 *
 * Times are wall-clock "HH:mm" in the site's IANA time zone (e.g. "Australia/Perth"); the
 * conversion of an instant to that wall clock is done by @date-fns/tz, so daylight saving in the
 * eastern states is handled by the time-zone database, not by fixed offsets.
 */
import { TZDate } from "@date-fns/tz";

/** Spec 3 opening hour entry: weekday 0 Sunday .. 6 Saturday; times "HH:mm" local to the site. */
export interface WeeklyHoursEntry {
  weekday: number;
  status: "Open" | "Closed";
  open: string | null;
  close: string | null;
}

/** A special or holiday hours entry, normalised (spec 3); `date` is YYYY-MM-DD in the site's zone. */
export interface SpecialHours {
  date: string;
  status: "Open" | "Closed";
  /** "HH:mm", null when closed. */
  startHour: string | null;
  /** "HH:mm", null when closed. */
  endHour: string | null;
  /** Why (e.g. "Christmas Day"); shown next to the date when present. */
  note?: string;
}

/**
 * Alternating-Saturday rule (spec 4): on Saturdays the location keeps its normal hours every
 * other week, counted fortnightly from `anchorDate` (a Saturday with normal hours); on the other
 * Saturdays it shows `appointmentText` and counts as closed for the open-now check.
 */
export interface AlternatingSaturdayRule {
  /** YYYY-MM-DD, a Saturday on which normal hours apply (spec 4: "a fixed date in June 2025"). */
  anchorDate: string;
  /** Text of the off Saturdays (spec 4: 'By Appointment Only'). */
  appointmentText: string;
}

/** Everything needed to answer "what are the hours on a date" for one location. */
export interface LocationSchedule {
  weekly: WeeklyHoursEntry[];
  special?: SpecialHours[];
  alternatingSaturday?: AlternatingSaturdayRule | null;
}

/** The hours that apply on one calendar date. */
export interface DayHours {
  /** YYYY-MM-DD. */
  date: string;
  /** 0 Sunday .. 6 Saturday. */
  weekday: number;
  /** open: `open`/`close` set; closed; appointment: alternating-Saturday off week (not open). */
  kind: "open" | "closed" | "appointment";
  open: string | null;
  close: string | null;
  /** Where the answer came from. */
  source: "weekly" | "special" | "alternating-saturday";
  /** Display text: "8:30am - 5:30pm", "Closed" or the appointment text. */
  text: string;
  note?: string;
}

/** Open-now answer (spec 2.5, 9). */
export interface OpeningStatus {
  open: boolean;
  /** 'Open now', 'Open now, closes 5:30pm', 'Closed, opens Mon 8:30am' or 'Closed'. */
  text: string;
  /** Local "HH:mm" closing time today when open. */
  closesAt: string | null;
  /** Next opening when closed (within 14 days), local date and time. */
  nextOpening: { date: string; weekday: number; time: string } | null;
}

export const DAY_SHORT = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"] as const;
export const DAY_LONG = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;

/**
 * "08:30" -> "8:30am", "17:00" -> "5:00pm", "12:00" -> "12:00pm", "00:00" -> "12:00am".
 * @param hhmm 24-hour "HH:mm"
 */
export function formatTime(hhmm: string): string {
  const [h, m] = hhmm.split(":").map(Number);
  const suffix = h >= 12 && h < 24 ? "pm" : "am";
  const h12 = h % 12 === 0 ? 12 : h % 12;
  return `${h12}:${String(m).padStart(2, "0")}${suffix}`;
}

function minutes(hhmm: string): number {
  const [h, m] = hhmm.split(":").map(Number);
  return h * 60 + m;
}

/**
 * Minutes since local midnight at which a day's hours end. "23:59" is the last time the forms and
 * schema.org's opening hours can say, and schema.org reads 00:00-23:59 as open all day, so it ends
 * the day (1440): a location open until 23:59 is still open in that last minute.
 */
function closingMinutes(hhmm: string): number {
  return hhmm === "23:59" ? 24 * 60 : minutes(hhmm);
}

function weeklyText(e: WeeklyHoursEntry | undefined): string {
  return !e || e.status === "Closed" || !e.open || !e.close ? "Closed" : `${formatTime(e.open)} - ${formatTime(e.close)}`;
}

/** Days between two YYYY-MM-DD calendar dates (b - a), independent of time zones. */
function daysBetween(a: string, b: string): number {
  const [ay, am, ad] = a.split("-").map(Number);
  const [by, bm, bd] = b.split("-").map(Number);
  return Math.round((Date.UTC(by, bm - 1, bd) - Date.UTC(ay, am - 1, ad)) / 86_400_000);
}

/** YYYY-MM-DD plus n calendar days. */
export function addCalendarDays(date: string, n: number): string {
  const [y, m, d] = date.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/** Weekday (0 Sunday .. 6 Saturday) of a YYYY-MM-DD calendar date. */
export function weekdayOf(date: string): number {
  const [y, m, d] = date.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

/**
 * Spec 4: is this Saturday a normal-hours Saturday under the fortnightly rule?
 * Saturdays an even number of weeks from the anchor keep normal hours; the others are
 * 'By Appointment Only'. Works for dates before the anchor too.
 * @param date YYYY-MM-DD (a Saturday)
 * @param anchorDate YYYY-MM-DD, a normal-hours Saturday
 */
export function isNormalHoursSaturday(date: string, anchorDate: string): boolean {
  const weeks = Math.floor(daysBetween(anchorDate, date) / 7);
  return ((weeks % 2) + 2) % 2 === 0;
}

/**
 * The hours that apply on a calendar date: special hours for that date win, then the
 * alternating-Saturday rule, then the weekly table (spec 3, 4).
 * @param schedule the location's hours
 * @param date YYYY-MM-DD in the site's time zone
 */
export function hoursOn(schedule: LocationSchedule, date: string): DayHours {
  const weekday = weekdayOf(date);
  const special = schedule.special?.find((s) => s.date === date);
  if (special) {
    const open = special.status === "Open" && special.startHour && special.endHour;
    return {
      date,
      weekday,
      kind: open ? "open" : "closed",
      open: open ? special.startHour : null,
      close: open ? special.endHour : null,
      source: "special",
      text: open ? `${formatTime(special.startHour!)} - ${formatTime(special.endHour!)}` : "Closed",
      ...(special.note ? { note: special.note } : {}),
    };
  }
  const entry = schedule.weekly.find((e) => e.weekday === weekday);
  const isOpen = Boolean(entry && entry.status === "Open" && entry.open && entry.close);
  const rule = schedule.alternatingSaturday;
  if (weekday === 6 && rule && isOpen && !isNormalHoursSaturday(date, rule.anchorDate)) {
    return { date, weekday, kind: "appointment", open: null, close: null, source: "alternating-saturday", text: rule.appointmentText };
  }
  return {
    date,
    weekday,
    kind: isOpen ? "open" : "closed",
    open: isOpen ? entry!.open : null,
    close: isOpen ? entry!.close : null,
    source: "weekly",
    text: weeklyText(entry),
  };
}

/** One row of the grouped hours table. */
export interface HoursRow {
  /** "Mon-Fri", "Mon", ..., "Sat", "Sun". */
  days: string;
  /** Full day names for screen readers, e.g. "Monday to Friday". */
  daysLong: string;
  text: string;
}

/**
 * Spec 2.5: the weekly hours for display. Monday to Friday are one "Mon-Fri" row when all five
 * agree, else one row each; Saturday and Sunday are always separate rows. With an
 * alternating-Saturday rule the Saturday row reads "8:00am - 12:00pm, alternate weeks; otherwise
 * By Appointment Only".
 * @param weekly the location's weekly entries (missing days read "Closed")
 */
export function groupOpeningHours(weekly: WeeklyHoursEntry[], options: { alternatingSaturday?: AlternatingSaturdayRule | null } = {}): HoursRow[] {
  const text = (d: number) => weeklyText(weekly.find((e) => e.weekday === d));
  const weekdays = [1, 2, 3, 4, 5].map(text);
  const rows: HoursRow[] = weekdays.every((t) => t === weekdays[0])
    ? [{ days: "Mon-Fri", daysLong: "Monday to Friday", text: weekdays[0] }]
    : weekdays.map((t, i) => ({ days: DAY_SHORT[i + 1], daysLong: DAY_LONG[i + 1], text: t }));
  let saturday = text(6);
  if (options.alternatingSaturday && saturday !== "Closed") saturday = `${saturday}, alternate weeks; otherwise ${options.alternatingSaturday.appointmentText}`;
  rows.push({ days: "Sat", daysLong: "Saturday", text: saturday }, { days: "Sun", daysLong: "Sunday", text: text(0) });
  return rows;
}

/**
 * The wall-clock date and time of an instant in an IANA time zone (via @date-fns/tz).
 * @param now the instant
 * @param timeZone e.g. "Australia/Perth"
 * @returns date YYYY-MM-DD, weekday 0-6 and minutes since local midnight
 * @throws RangeError for an unknown time zone
 */
export function localClock(now: Date, timeZone: string): { date: string; weekday: number; minutes: number } {
  const local = new TZDate(now.getTime(), timeZone);
  if (Number.isNaN(local.getTime())) throw new RangeError(`Unknown time zone: ${timeZone}`);
  const date = `${local.getFullYear()}-${String(local.getMonth() + 1).padStart(2, "0")}-${String(local.getDate()).padStart(2, "0")}`;
  return { date, weekday: local.getDay(), minutes: local.getHours() * 60 + local.getMinutes() };
}

/**
 * The instant a wall-clock time on a calendar date occurs in an IANA time zone (via @date-fns/tz).
 * @param date YYYY-MM-DD in the zone
 * @param hhmm "HH:MM", 24-hour
 * @param timeZone e.g. "Australia/Sydney"
 * @returns epoch ms; a time skipped by daylight saving falls to the instant the zone's clock shows
 *   after the jump (the Date rule)
 * @throws RangeError for an unknown time zone
 */
export function instantOfWallClock(date: string, hhmm: string, timeZone: string): number {
  const [y, m, d] = date.split("-").map(Number);
  const [h, min] = hhmm.split(":").map(Number);
  const at = new TZDate(y, m - 1, d, h, min, timeZone).getTime();
  if (Number.isNaN(at)) throw new RangeError(`Unknown time zone or date: ${timeZone} ${date} ${hhmm}`);
  return at;
}

/**
 * Spec 2.5/9 open-now check with the next opening, in the site's time zone.
 * @param schedule the location's weekly, special and alternating-Saturday hours
 * @param now the instant to judge (pass a fixed Date in tests)
 * @param timeZone IANA zone of the site, e.g. "Australia/Perth", "Australia/Sydney"
 * @returns open flag, 'Open now, closes 5:30pm' / 'Closed, opens Mon 8:30am' / 'Closed' text
 * @throws RangeError for an unknown time zone
 */
export function openingStatus(schedule: LocationSchedule, now: Date, timeZone: string): OpeningStatus {
  const clock = localClock(now, timeZone);
  const today = hoursOn(schedule, clock.date);
  if (today.kind === "open" && clock.minutes >= minutes(today.open!) && clock.minutes < closingMinutes(today.close!)) {
    return { open: true, text: `Open now, closes ${formatTime(today.close!)}`, closesAt: today.close, nextOpening: null };
  }
  for (let i = 0; i <= 14; i++) {
    const date = addCalendarDays(clock.date, i);
    const day = i === 0 ? today : hoursOn(schedule, date);
    if (day.kind !== "open") continue;
    if (i === 0 && clock.minutes >= minutes(day.open!)) continue;
    const when = i === 0 ? "today" : i === 1 ? "tomorrow" : DAY_SHORT[day.weekday];
    return { open: false, text: `Closed, opens ${when} ${formatTime(day.open!)}`, closesAt: null, nextOpening: { date, weekday: day.weekday, time: day.open! } };
  }
  return { open: false, text: "Closed", closesAt: null, nextOpening: null };
}

/**
 * Spec 2.5/9: is the location open at `now` in the site's time zone? Drives the mobile sticky
 * footer's Call Now button.
 * @param schedule the location's hours
 * @param now the instant (a fixed Date in tests)
 * @param timeZone IANA zone, e.g. "Australia/Perth"
 * @throws RangeError for an unknown time zone
 */
export function isOpenNow(schedule: LocationSchedule, now: Date, timeZone: string): boolean {
  return openingStatus(schedule, now, timeZone).open;
}

/**
 * Special hours from today (site time) onwards, for the "Special hours" list of a location page.
 * @param special normalised entries
 * @param now the instant
 * @param timeZone IANA zone
 * @param days how far ahead, in calendar days (default 60)
 */
export function upcomingSpecialHours(special: SpecialHours[], now: Date, timeZone: string, days = 60): DayHours[] {
  const today = localClock(now, timeZone).date;
  const last = addCalendarDays(today, days);
  return special
    .filter((s) => s.date >= today && s.date <= last)
    .sort((a, b) => a.date.localeCompare(b.date))
    .map((s) => hoursOn({ weekly: [], special: [s] }, s.date));
}

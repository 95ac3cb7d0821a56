/**
 * Rego (registration) expiry text, spec 5 "Buttons and display": a past date shows nothing (or
 * 'Unregistered' on one variant); a future date shows 'Expires on {date}'.
 */
import { TZDate } from "@date-fns/tz";
import { addDays } from "date-fns/addDays";
import { format } from "date-fns/format";
import { isValid } from "date-fns/isValid";
import { parseISO } from "date-fns/parseISO";
import { startOfDay } from "date-fns/startOfDay";

/** Used when the site configures no time zone (SiteConfig `timeZone` default). */
export const DEFAULT_TIME_ZONE = "Australia/Sydney";
/** Text of the one variant for an expired rego. */
export const UNREGISTERED_TEXT = "Unregistered";
/** date-fns pattern of the expiry date: en-AU day/month/year with leading zeros, '12/03/2027'. */
export const REGO_DATE_FORMAT = "dd/MM/yyyy";

/** Per-site options (SiteConfig `timeZone`, `display.showUnregisteredForExpiredRego`). */
export interface RegoExpiryOptions {
  /** IANA zone in which "today" and the date are read. Default {@link DEFAULT_TIME_ZONE}. */
  timeZone: string;
  /** A past expiry shows 'Unregistered' instead of nothing. Default `false`. */
  showUnregisteredForExpiredRego: boolean;
}

export const DEFAULT_REGO_EXPIRY_OPTIONS: Readonly<RegoExpiryOptions> = Object.freeze({
  timeZone: DEFAULT_TIME_ZONE,
  showUnregisteredForExpiredRego: false,
});

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** The calendar day `YYYY-MM-DD` of `value` in `timeZone`; date-only strings are taken as given. */
function calendarDay(value: string | Date, timeZone: string): string | null {
  if (typeof value === "string" && DATE_ONLY.test(value)) {
    return isValid(parseISO(value)) ? value : null;
  }
  const instant = typeof value === "string" ? parseISO(value) : value;
  if (!isValid(instant)) return null;
  return dayIn(instant.getTime(), timeZone);
}

/**
 * The rego expiry line, spec 5.
 *
 * The expiry is a calendar day. A date-only value (`YYYY-MM-DD`, the Car type's form) is used as
 * is; a full ISO instant is converted to its day in the site's time zone. "Today" is `now`'s day
 * in the same zone. The rego is valid through its expiry day, so an expiry of today still reads
 * 'Expires on ...'; only days before today are past.
 *
 * @param regoExpiry ISO date `YYYY-MM-DD` (or ISO instant), or null when unknown
 * @param now current instant (injected)
 * @param options partial {@link RegoExpiryOptions}
 * @returns 'Expires on 12/03/2027' (format {@link REGO_DATE_FORMAT}) for today or later;
 *   'Unregistered' or null for a past date per `showUnregisteredForExpiredRego`; null when the
 *   expiry is null or unparseable (unknown is not "unregistered").
 * @throws RangeError when `options.timeZone` is not a valid IANA zone.
 */
export function getRegoExpiryText(
  regoExpiry: string | null,
  now: Date,
  options: Partial<RegoExpiryOptions> = {},
): string | null {
  const { timeZone, showUnregisteredForExpiredRego } = { ...DEFAULT_REGO_EXPIRY_OPTIONS, ...options };
  assertTimeZone(timeZone);
  if (regoExpiry === null || regoExpiry.trim() === "") return null;

  const expiryDay = calendarDay(regoExpiry.trim(), timeZone);
  const today = todayIn(now, timeZone);
  if (expiryDay === null || today === null) return null;

  if (expiryDay < today) return showUnregisteredForExpiredRego ? UNREGISTERED_TEXT : null;
  // A date-only string parses to local midnight of that day, so formatting is zone-free here.
  return `Expires on ${format(parseISO(expiryDay), REGO_DATE_FORMAT)}`;
}

/**
 * The last day computed per time zone, with the instants it holds for: every instant in
 * [from, to) (ms since the epoch) falls on `day` in that zone. Reading a day in a zone costs an
 * Intl offset lookup (about 0.15 ms, 1.4% of a VDP's server CPU under load, issue 15 profile,
 * decision 198); a VDP asks for today on every render.
 */
const todayByZone = new Map<string, { day: string; from: number; to: number }>();

/**
 * `now`'s calendar day `YYYY-MM-DD` in `timeZone`, from the last answer for that zone while
 * `now` is on the same zone day.
 * @returns null when `now` is an invalid date
 */
export function todayIn(now: Date, timeZone: string): string | null {
  const at = now.getTime();
  if (Number.isNaN(at)) return null;
  const known = todayByZone.get(timeZone);
  if (known && at >= known.from && at < known.to) return known.day;
  const zoned = new TZDate(at, timeZone);
  const day = dayIn(at, timeZone);
  const start = startOfDay(zoned);
  const from = start.getTime();
  const to = addDays(start, 1).getTime();
  // Kept only when the window is sound: it holds `now`, and its first and last instants read as
  // the same day (a zone's day never runs backwards, so every instant between them does too).
  // Where daylight saving moves midnight, date-fns's next midnight can overshoot the day's end
  // (Santiago, 8 September 2025: an hour late); that day is then looked up each time, never wrong.
  if (from <= at && at < to && dayIn(from, timeZone) === day && dayIn(to - 1, timeZone) === day) todayByZone.set(timeZone, { day, from, to });
  return day;
}

/** The calendar day `YYYY-MM-DD` of instant `at` (ms since the epoch) in `timeZone`. */
function dayIn(at: number, timeZone: string): string {
  return format(new TZDate(at, timeZone), "yyyy-MM-dd");
}

/** Time zones already checked: building an Intl.DateTimeFormat costs more than the rest of a VDP's rego text (issue 15 profile). */
const validTimeZones = new Set<string>();

function assertTimeZone(timeZone: string): void {
  if (validTimeZones.has(timeZone)) return;
  try {
    new Intl.DateTimeFormat("en-AU", { timeZone });
  } catch {
    throw new RangeError(`Invalid time zone: ${timeZone}`);
  }
  validTimeZones.add(timeZone);
}

/**
 * Wall-clock times of content scheduling (issue 50 item 7): the console's date-time fields are in
 * the site's time zone (`SiteConfig.timeZone`); the database keeps instants. Conversions go through
 * @date-fns/tz, so daylight saving is the zone's own.
 */
import { TZDate } from "@date-fns/tz";
import { format } from "date-fns/format";
import { instantOfWallClock } from "~/domain/opening-hours";

/** The value shape of an `<input type="datetime-local">`: "2026-11-30T09:00". */
export const WALL_CLOCK_PATTERN = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})$/;

/**
 * The instant a datetime-local value names in a time zone.
 * @param value "YYYY-MM-DDTHH:MM"
 * @param timeZone IANA zone, e.g. "Australia/Perth"
 * @returns the instant, or null for a malformed value or impossible date (e.g. 2026-02-30)
 */
export function instantOfLocalInput(value: string, timeZone: string): Date | null {
  const match = WALL_CLOCK_PATTERN.exec(value);
  if (!match) return null;
  const [y, m, d] = match[1]!.split("-").map(Number);
  const [h, min] = match[2]!.split(":").map(Number);
  const probe = new Date(Date.UTC(y!, m! - 1, d!, h, min));
  if (probe.getUTCMonth() !== m! - 1 || probe.getUTCDate() !== d || h! > 23 || min! > 59) return null;
  return new Date(instantOfWallClock(match[1]!, match[2]!, timeZone));
}

/**
 * An instant as a datetime-local value in a time zone (a form field's value).
 * @param instant Date or epoch ms
 * @returns "YYYY-MM-DDTHH:MM"
 */
export function localInputOf(instant: Date | number, timeZone: string): string {
  return format(new TZDate(typeof instant === "number" ? instant : instant.getTime(), timeZone), "yyyy-MM-dd'T'HH:mm");
}

/**
 * An instant in words in a time zone, for staff: "Mon 30 Nov 2026, 9:00 am".
 * @param instant Date or epoch ms
 */
export function momentInWords(instant: Date | number, timeZone: string): string {
  return format(new TZDate(typeof instant === "number" ? instant : instant.getTime(), timeZone), "EEE d MMM yyyy, h:mm aaa");
}

/** How far back (days before now, by when it was due) the console lists scheduled changes that failed; older ones stay in the table and the audit. */
export const FAILED_SHOWN_DAYS = 30;

/** The editors' notices after Cancel (a pending change) and Dismiss (a failed one). */
export const SCHEDULE_LIST_NOTICES = { cancelled: "Scheduled change cancelled.", dismissed: "Dismissed: that change no longer shows here." } as const;

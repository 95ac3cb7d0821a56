import { isValid } from "date-fns/isValid";
import { parseISO } from "date-fns/parseISO";

/** Years a stock date (listed, sold, rego expiry) may name: older or later is a typing error. */
export const CALENDAR_YEARS = { min: 1900, max: 2100 } as const;

/** A console form's message for a date field whose day fails {@link isCalendarDate}. */
export const DAY_THAT_EXISTS = `Enter a day that exists, in the years ${CALENDAR_YEARS.min} to ${CALENDAR_YEARS.max}.`;

/**
 * Whether `text` starts with a real calendar date, `YYYY-MM-DD` (ISO 8601), in
 * {@link CALENDAR_YEARS}, and as a whole reads as one date or date and time (date-fns `parseISO`).
 * `2026-02-30`, `2026-13-01` and `2026-01-01junk` are not: JavaScript's `Date` turns the first
 * into 2 March and, by its legacy parser, the last into a day in June, and PostgreSQL refuses
 * the first two.
 * @param text a feed cell or form field, trimmed
 * @param dateOnly also refuse any time after the date (a form's date field)
 */
export function isCalendarDate(text: string, dateOnly = false): boolean {
  const match = /^(\d{4})-\d{2}-\d{2}/.exec(text);
  if (!match || (dateOnly && text.length !== 10)) return false;
  const year = Number(match[1]);
  if (year < CALENDAR_YEARS.min || year > CALENDAR_YEARS.max) return false;
  // Both readings must agree that it is a date: `new Date` is what the importer stores from.
  return isValid(parseISO(text)) && !Number.isNaN(new Date(text).getTime());
}

import { utcDayText } from "~/domain/display/number-text";

/**
 * An article's publication day as shown on the blog list and the article itself (spec 2.6 content
 * pages): "3 March 2026", en-AU, read in UTC as the content API stores it. Written without Intl,
 * exactly as Intl writes it (`utcDayText`), so the blog list loads without starting ICU in the
 * browser (decision 194).
 * @param iso the publication instant, an ISO 8601 string (the content page's `publishedAt`)
 * @returns the day, e.g. "3 March 2026"
 * @throws RangeError when `iso` is not a date
 */
export function formatPublishedDay(iso: string): string {
  return utcDayText(new Date(iso));
}

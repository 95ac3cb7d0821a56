import { lazyDateTimeFormat } from "~/domain/display/number-text";
/**
 * An article's publication day as shown on the blog list and the article itself (spec 2.6 content
 * pages): "3 March 2026", en-AU, read in UTC as the content API stores it.
 */
const PUBLISHED_DAY = lazyDateTimeFormat({ day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

/**
 * One formatter for the process, built on first use: `toLocaleDateString` with options builds one
 * per call, about 40 µs (issue 15, decision 188); a module-level one starts ICU as the page loads (decision 194).
 * @param iso the publication instant, an ISO 8601 string (the content page's `publishedAt`)
 * @returns the day, e.g. "3 March 2026"
 * @throws RangeError when `iso` is not a date
 */
export function formatPublishedDay(iso: string): string {
  return PUBLISHED_DAY.format(new Date(iso));
}

/**
 * An article's publication day as shown on the blog list and the article itself (spec 2.6 content
 * pages): "3 March 2026", en-AU, read in UTC as the content API stores it.
 */
const PUBLISHED_DAY = new Intl.DateTimeFormat("en-AU", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

/**
 * One formatter for the process: `toLocaleDateString` with options builds one per call, about
 * 40 µs (issue 15, decision 188).
 * @param iso the publication instant, an ISO 8601 string (the content page's `publishedAt`)
 * @returns the day, e.g. "3 March 2026"
 * @throws RangeError when `iso` is not a date
 */
export function formatPublishedDay(iso: string): string {
  return PUBLISHED_DAY.format(new Date(iso));
}

import { utcDayText } from "~/domain/display/number-text";
import { localClock } from "~/domain/opening-hours";

/**
 * An article's publication day as shown on the blog list and the article itself (spec 2.6 content
 * pages): "3 March 2026", en-AU, the calendar day in the site's time zone (SiteConfig `timeZone`),
 * so an article published at 8 am in Sydney on 4 March (21:00 UTC on the 3rd) shows 4 March.
 * Computed by the loader on the server; the page receives the text, so the browser needs neither
 * ICU nor time-zone data to show it (decision 194).
 * @param iso the publication instant, an ISO 8601 string (the content page's `publishedAt`)
 * @param timeZone the site's IANA time zone, e.g. "Australia/Perth"
 * @returns the day, e.g. "3 March 2026"
 * @throws RangeError when `iso` is not a date or `timeZone` is unknown
 */
export function formatPublishedDay(iso: string, timeZone: string): string {
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) throw new RangeError(`formatPublishedDay: not a date: ${iso}`);
  return utcDayText(new Date(`${localClock(instant, timeZone).date}T00:00:00Z`));
}

/**
 * Instants shown to staff outside a site's own pages: their account, staff invitations, the
 * platform's sites. These have no site calendar to follow, and staff may be anywhere in Australia,
 * so they are Sydney time with the zone named. A bare UTC day was a day behind every Australian
 * clock for the morning hours (an invitation that ends at 9 am on the 11th in Sydney read
 * "until 2026-12-10").
 */
import { lazyDateTimeFormat } from "~/domain/display/number-text";

/** One formatter for every row: `toLocaleString` with options built a new one per call. */
const staffTimeFormat = lazyDateTimeFormat({ day: "numeric", month: "short", year: "numeric", hour: "numeric", minute: "2-digit", timeZone: "Australia/Sydney", timeZoneName: "short" });

/**
 * An instant as staff read it, in Sydney time with the zone named.
 * @param when a Date, or an ISO 8601 instant as a loader passes it ("2026-12-11T01:30:00.000Z")
 * @returns e.g. "11 Dec 2026, 12:30 pm AEDT"
 * @throws RangeError for an invalid date
 */
export function staffTimeText(when: Date | string): string {
  return staffTimeFormat.format(typeof when === "string" ? new Date(when) : when);
}

/**
 * Review display rules (spec 3 "Review", 5 "minimum review rating", 9 "star rating").
 * Server-side: {@link dateInWords} brings the time-zone code (@date-fns/tz, whose module has
 * side effects a bundler keeps), so a route component importing this module would carry it into
 * the page's JavaScript (issue 15 budget); the location page's loader sends the review stars ready.
 */
import { tz } from "@date-fns/tz";
import { formatDistanceStrict } from "date-fns/formatDistanceStrict";
import { instantOfWallClock, localClock } from "~/domain/opening-hours";

/**
 * Spec 9: the star-rating display shows up to 4 full stars plus a partial one (so 4.1 is four
 * full stars and a tenth of the fifth).
 * @param average 0-5
 * @returns five fill fractions 0..1, e.g. 4.1 -> [1, 1, 1, 1, 0.1]
 */
export function starFills(average: number): number[] {
  const clamped = Math.max(0, Math.min(5, average));
  return [0, 1, 2, 3, 4].map((i) => Math.round(Math.max(0, Math.min(1, clamped - i)) * 100) / 100);
}

/**
 * Spec 3: the summary's average as a string with one decimal ("4.1"); null without reviews.
 * @param average 0-5 or null
 */
export function averageText(average: number | null): string | null {
  return average === null ? null : average.toFixed(1);
}

/**
 * Spec 5: only reviews at or above the site's minimum rating are listed (3 for one dealer; the
 * star-rating config's MINIMUM_RATING 4 by default).
 * @param reviews any objects with a 1-5 `rating`
 * @param minimum lowest rating listed
 */
export function reviewsAtOrAbove<R extends { rating: number }>(reviews: R[], minimum: number): R[] {
  return reviews.filter((r) => r.rating >= minimum);
}

/**
 * Spec 5 MINIMUM_RATING: the star-rating block shows only for an average at or above the minimum.
 * @param average 0-5 or null (no reviews: never shown)
 */
export function showStarRating(average: number | null, minimum: number): boolean {
  return average !== null && average >= minimum;
}

/**
 * Spec 3 review_date_in_words ("3 days ago", "2 months ago"), also used for the reply date, at
 * the granularity of the site's local calendar day. A date on the site's local today, or after it
 * (a clock skew between the review source and us), reads "today"; an earlier one reads the
 * distance from its local date to today's local date (date-fns formatDistanceStrict, rounded
 * down, with the suffix): "1 day ago" from 23:00 yesterday read at 00:30 (the local midnight
 * crossed, not 24 h), "3 days ago", "2 months ago", "1 year ago". Each local date counts as a
 * whole day, so the 23- and 25-hour days of daylight saving still count one day each (not
 * "23 hours ago"), and the words are the same whatever the process's own time zone.
 *
 * Why: the page cache's ETag is a hash of the page's bytes (issue 15 repeat views), so a location
 * page must render the same bytes all day, on any node. Against the render instant, a review
 * hours old read "5 minutes ago", "3 hours ago" and changed the page every minute; now the words
 * change only at the site's local midnight, like the Call Now plan (callNowPlanStart,
 * app/domain/navigation/call-now.ts).
 * @param date the review or reply date (an instant)
 * @param now the render instant; only its local date in `timeZone` counts
 * @param timeZone the site's IANA time zone (site config `timeZone`), e.g. "Australia/Perth"
 * @returns "today", or e.g. "1 day ago", "3 days ago", "2 months ago", "1 year ago"
 * @throws RangeError for an unknown time zone
 */
export function dateInWords(date: Date, now: Date, timeZone: string): string {
  const day = localClock(date, timeZone).date;
  const today = localClock(now, timeZone).date;
  if (day >= today) return "today";
  // The two local dates as midnights of a 24-hour-a-day calendar (UTC), read in UTC so no
  // daylight-saving offset of the process's zone enters formatDistanceStrict's day count.
  return formatDistanceStrict(instantOfWallClock(day, "00:00", "UTC"), instantOfWallClock(today, "00:00", "UTC"), { addSuffix: true, roundingMethod: "floor", in: tz("UTC") });
}

/**
 * The Google review profile for a location (spec 3 gmb_profiles): the profile named like the
 * location, else the site's first profile, else null.
 */
export function reviewProfileFor<P extends { name: string; reviewUrl: string }>(profiles: P[], locationName: string): P | null {
  return profiles.find((p) => p.name.toLowerCase() === locationName.toLowerCase()) ?? profiles[0] ?? null;
}

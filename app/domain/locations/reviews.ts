/**
 * Review display rules (spec 3 "Review", 5 "minimum review rating", 9 "star rating").
 */
import { formatDistanceStrict } from "date-fns";

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
 * Spec 3 review_date_in_words: "3 days ago", "2 months ago".
 * @param date the review or reply date
 * @param now the reference instant
 */
export function dateInWords(date: Date, now: Date): string {
  return formatDistanceStrict(date, now, { addSuffix: true, roundingMethod: "floor" });
}

/**
 * The Google review profile for a location (spec 3 gmb_profiles): the profile named like the
 * location, else the site's first profile, else null.
 */
export function reviewProfileFor<P extends { name: string; reviewUrl: string }>(profiles: P[], locationName: string): P | null {
  return profiles.find((p) => p.name.toLowerCase() === locationName.toLowerCase()) ?? profiles[0] ?? null;
}

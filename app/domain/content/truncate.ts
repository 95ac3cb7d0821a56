/**
 * Offer card text truncation, spec 9 "Display": the description is cut at 160 characters, with a
 * 'View more' / 'View less' expander, when it is over 200 characters; the disclaimer is cut at 200
 * (spec 2.6: both with the toggle). See docs/decisions/140-offer-truncation.md.
 */

/** Spec 9: description cut length, characters. */
export const OFFER_DESCRIPTION_LIMIT = 160;
/** Spec 9: descriptions longer than this get the expander. */
export const OFFER_DESCRIPTION_EXPANDER_OVER = 200;
/** Spec 9: disclaimer cut length, characters (also its expander threshold). */
export const OFFER_DISCLAIMER_LIMIT = 200;

/** A text as a card shows it: `short` is shown first; `truncated` says an expander reveals `full`. */
export interface TruncatedText {
  short: string;
  full: string;
  truncated: boolean;
}

/**
 * Truncates plain text for a card.
 * @param text plain text (already stripped of markup); surrounding white space is ignored
 * @param limit characters kept when truncating (an ellipsis is added after them)
 * @param over the text is truncated only when longer than this many characters (default `limit`)
 * @returns the short and full text; `short === full` when not truncated. Counts UTF-16 code
 *   units but never cuts a surrogate pair. Never throws.
 */
export function truncateText(text: string, limit: number, over = limit): TruncatedText {
  const full = text.trim();
  if (full.length <= over) return { short: full, full, truncated: false };
  let cut = full.slice(0, limit);
  if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1);
  return { short: `${cut.trimEnd()}…`, full, truncated: true };
}

/** Spec 9: an offer description as a card shows it (cut at 160 when over 200 characters). */
export function truncateOfferDescription(text: string): TruncatedText {
  return truncateText(text, OFFER_DESCRIPTION_LIMIT, OFFER_DESCRIPTION_EXPANDER_OVER);
}

/** Spec 9: an offer disclaimer as a card shows it (cut at 200 characters). */
export function truncateOfferDisclaimer(text: string): TruncatedText {
  return truncateText(text, OFFER_DISCLAIMER_LIMIT);
}

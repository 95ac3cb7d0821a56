/**
 * Dealer comments on the VDP, spec 5 ("empty text or a lone separator shows 'Dealer comments
 * are pending. Please check back here later.'; otherwise the text is split into paragraphs on
 * the | character") and spec 2.4 / 9 ("collapse at 400 characters with a 'more...' /
 * 'less...' toggle").
 *
 * Lengths are counted in Unicode code points, so an emoji is one character and is never cut in half.
 */

export const DEALER_COMMENTS_PENDING_TEXT = "Dealer comments are pending. Please check back here later.";
export const DEALER_COMMENTS_SEPARATOR = "|";
/** Spec 9: dealer comments collapse at this many characters. */
export const DEFAULT_DEALER_COMMENTS_COLLAPSE_LENGTH = 400;
export const DEFAULT_COLLAPSE_LABELS: Readonly<CollapseLabels> = Object.freeze({ more: "more...", less: "less..." });
/** Appended to truncated text. */
export const ELLIPSIS = "…";
/**
 * A word is kept whole only when the cut moves back by at most this share of the limit; a longer
 * "word" (a URL, a run of symbols) is cut hard at the limit instead.
 */
export const MAX_WORD_BACKTRACK_SHARE = 0.2;

/** Collapsed, a paragraph is only started when at least this many characters of the limit remain. */
export const MIN_FRAGMENT_LENGTH = 20;

export interface CollapseLabels {
  more: string;
  less: string;
}

/** Dealer comments ready to render. */
export type DealerComments =
  | { kind: "pending"; paragraphs: [string] }
  | { kind: "comments"; paragraphs: string[] };

/**
 * Splits dealer comments into paragraphs, spec 5. Each part between '|' characters is trimmed and
 * empty parts are dropped. When nothing is left (null, blank text, a lone '|', or only separators
 * and spaces such as '| |') the result is the pending message.
 *
 * @param text the raw `dealerComments`
 * @returns `{ kind: 'comments', paragraphs }` (at least one, none empty) or
 *   `{ kind: 'pending', paragraphs: [DEALER_COMMENTS_PENDING_TEXT] }`. Never throws.
 */
export function getDealerComments(text: string | null | undefined): DealerComments {
  const paragraphs = (text ?? "")
    .split(DEALER_COMMENTS_SEPARATOR)
    .map((part) => part.trim())
    .filter((part) => part !== "");
  if (paragraphs.length === 0) return { kind: "pending", paragraphs: [DEALER_COMMENTS_PENDING_TEXT] };
  return { kind: "comments", paragraphs };
}

/**
 * Cuts text to at most `limit` characters (code points) plus an ellipsis.
 *
 * Word rule: when the cut falls inside a word, the cut moves back to the last whitespace,
 * provided that drops no more than {@link MAX_WORD_BACKTRACK_SHARE} (20%) of the limit;
 * otherwise (one very long word) it cuts hard at the limit. Trailing spaces and trailing
 * punctuation `, ; : - –` before the ellipsis are removed.
 *
 * @param text any text
 * @param limit maximum characters kept before the ellipsis (integer >= 1)
 * @returns `{ text, isTruncated }`; `text` is the input unchanged when it fits
 * @throws RangeError when `limit` is not a positive integer
 */
export function truncateText(text: string, limit: number): { text: string; isTruncated: boolean } {
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`truncateText: bad limit ${limit}`);
  const chars = Array.from(text);
  if (chars.length <= limit) return { text, isTruncated: false };

  let cut = limit;
  const cutsWord = !/\s/.test(chars[limit]) && !/\s/.test(chars[limit - 1]);
  if (cutsWord) {
    const minCut = Math.max(1, Math.ceil(limit * (1 - MAX_WORD_BACKTRACK_SHARE)));
    for (let i = limit - 1; i >= minCut; i--) {
      if (/\s/.test(chars[i])) {
        cut = i;
        break;
      }
    }
  }
  const kept = chars.slice(0, cut).join("").replace(/[\s,;:\-–]+$/u, "");
  return { text: kept + ELLIPSIS, isTruncated: true };
}

/** The dealer-comments paragraphs to render now and the toggle. */
export interface CollapsedComments {
  paragraphs: string[];
  /** The comments are longer than the limit, so a toggle is shown. */
  hasToggle: boolean;
  /** 'more...' when collapsed, 'less...' when expanded, null without a toggle. */
  toggleLabel: string | null;
}

/**
 * Applies the 400-character collapse to paragraphs, spec 2.4. The limit counts the paragraph
 * characters only (not the '|' separators or line breaks). Collapsed, paragraphs are kept whole
 * while they fit; the paragraph that crosses the limit is cut with {@link truncateText} (or left
 * out when fewer than {@link MIN_FRAGMENT_LENGTH} characters of the limit remain) and later
 * paragraphs are hidden. The pending message is short and never collapses.
 *
 * @param paragraphs from {@link getDealerComments}
 * @param expanded the shopper clicked 'more...'
 * @param options `limit` (default 400) and `labels` (default 'more...' / 'less...')
 * @throws RangeError when `limit` is not a positive integer
 */
export function collapseDealerComments(
  paragraphs: readonly string[],
  expanded: boolean,
  options: { limit?: number; labels?: CollapseLabels } = {},
): CollapsedComments {
  const limit = options.limit ?? DEFAULT_DEALER_COMMENTS_COLLAPSE_LENGTH;
  const labels = options.labels ?? DEFAULT_COLLAPSE_LABELS;
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`collapseDealerComments: bad limit ${limit}`);

  const total = paragraphs.reduce((sum, p) => sum + Array.from(p).length, 0);
  if (total <= limit) return { paragraphs: [...paragraphs], hasToggle: false, toggleLabel: null };
  if (expanded) return { paragraphs: [...paragraphs], hasToggle: true, toggleLabel: labels.less };

  const shown: string[] = [];
  let remaining = limit;
  for (const paragraph of paragraphs) {
    const length = Array.from(paragraph).length;
    if (length <= remaining) {
      shown.push(paragraph);
      remaining -= length;
      continue;
    }
    // A fragment of a few characters reads badly: stop at the previous paragraph instead.
    if (shown.length === 0 || remaining >= MIN_FRAGMENT_LENGTH) shown.push(truncateText(paragraph, remaining).text);
    break;
  }
  return { paragraphs: shown, hasToggle: true, toggleLabel: labels.more };
}

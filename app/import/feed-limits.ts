/**
 * The limits on a stock feed (issue 49 item 3): its size, shared by the console's upload page, the
 * server's body limit for that page and the scheduled pull, so all three say the same thing.
 */

/** The largest feed taken, by upload or pull (bytes): 20 MB, about 100,000 cars as CSV. */
export const FEED_MAX_BYTES = 20 * 1024 * 1024;

/**
 * The most text (characters) a stream reader takes for one record of a feed: a CSV record, or a
 * JSON car or other value (4 MB). Far above any stock record; without it, an unclosed CSV quote or
 * one huge JSON string would make the reader hold the rest of the file.
 */
export const FEED_RECORD_MAX_CHARS = 4 * 1024 * 1024;

/** A size in megabytes as the console shows it ("50.1 MB"). */
export function megabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toLocaleString("en-AU", { maximumFractionDigits: 1 })} MB`;
}

/** The message for a feed of `bytes` over {@link FEED_MAX_BYTES}. */
export function feedTooLargeMessage(bytes: number): string {
  return `The file is ${megabytes(bytes)}; feeds up to ${megabytes(FEED_MAX_BYTES)} are taken. Split it, or set a feed URL below for large feeds. Nothing was imported.`;
}

/** The share of listed stock (percent) a scheduled feed pull may update and withdraw on its own, unless its source sets another. */
export const DEFAULT_MAX_CHANGE_PERCENT = 25;

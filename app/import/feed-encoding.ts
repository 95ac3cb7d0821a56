/**
 * Issue 52: the text encodings a stock feed may arrive in. UTF-8 (with or without a byte-order
 * mark) and UTF-16 LE/BE with a byte-order mark are decoded (WHATWG TextDecoder, strict); any
 * other encoding is refused with a message naming it (chardet's guess, e.g. Windows-1252), where
 * its first non-UTF-8 byte is, and how to save the file, because decoding a guess would store
 * wrong characters without anyone noticing.
 */
import chardet from "chardet";

/** The encodings a feed is read in. */
export type FeedEncoding = "UTF-8" | "UTF-8 with BOM" | "UTF-16 LE" | "UTF-16 BE";

/** A feed file in an encoding Forecourt does not read; `encoding` names it. */
export class FeedEncodingError extends Error {
  constructor(
    message: string,
    readonly encoding: string,
  ) {
    super(message);
    this.name = "FeedEncodingError";
  }
}

/** chardet's names as people know them from their spreadsheet's "Save as" list. */
const KNOWN_NAMES: Record<string, string> = {
  "windows-1252": "Windows-1252 (CP1252, Western European)",
  // Without the bytes only CP1252 uses (0x80-0x9F) the two cannot be told apart.
  "ISO-8859-1": "Windows-1252 (CP1252) or ISO-8859-1 (Latin-1)",
  "windows-1250": "Windows-1250 (CP1250, Central European)",
  "Shift_JIS": "Shift_JIS",
  "UTF-32LE": "UTF-32 LE",
  "UTF-32BE": "UTF-32 BE",
};

const SAVE_AS = "Save it as UTF-8 (in Excel: 'CSV UTF-8'), or UTF-16 with a byte-order mark, and import it again.";

function strict(label: string, bytes: Uint8Array): string | null {
  try {
    return new TextDecoder(label, { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/** 1-based line and the byte of the first sequence that is not UTF-8. */
function firstBadByte(bytes: Uint8Array): { line: number; byte: number } | null {
  let line = 1;
  for (let i = 0; i < bytes.length; ) {
    const b = bytes[i];
    if (b === 0x0a) line++;
    const length = b < 0x80 ? 1 : b >= 0xc2 && b <= 0xdf ? 2 : b >= 0xe0 && b <= 0xef ? 3 : b >= 0xf0 && b <= 0xf4 ? 4 : 0;
    if (length === 0 || strict("utf-8", bytes.subarray(i, i + length)) === null) return { line, byte: b };
    i += length;
  }
  return null;
}

/**
 * Decodes a feed file's bytes.
 * @param bytes the file as read from disk
 * @param fileName for messages
 * @returns the text (without a byte-order mark) and the encoding it was read in
 * @throws FeedEncodingError for UTF-32, UTF-16 without a byte-order mark, a file whose
 *   byte-order mark does not match its content, and any other encoding (named)
 */
export function decodeFeedBytes(bytes: Uint8Array, fileName: string): { text: string; encoding: FeedEncoding } {
  const starts = (...prefix: number[]) => prefix.every((b, i) => bytes[i] === b);
  if (starts(0xff, 0xfe, 0x00, 0x00) || starts(0x00, 0x00, 0xfe, 0xff)) {
    throw new FeedEncodingError(`${fileName}: the file is UTF-32, which Forecourt does not read. ${SAVE_AS}`, "UTF-32");
  }
  const withBom: [number[], string, FeedEncoding][] = [
    [[0xef, 0xbb, 0xbf], "utf-8", "UTF-8 with BOM"],
    [[0xff, 0xfe], "utf-16le", "UTF-16 LE"],
    [[0xfe, 0xff], "utf-16be", "UTF-16 BE"],
  ];
  for (const [bom, label, encoding] of withBom) {
    if (!starts(...bom)) continue;
    // TextDecoder drops the byte-order mark itself.
    const text = strict(label, bytes);
    if (text === null) throw new FeedEncodingError(`${fileName}: the file starts with a ${encoding} byte-order mark but is not valid ${encoding.replace(" with BOM", "")}. ${SAVE_AS}`, encoding);
    return { text, encoding };
  }
  const utf8 = strict("utf-8", bytes);
  if (utf8 !== null) return { text: utf8, encoding: "UTF-8" };
  const sample = bytes.subarray(0, 4096);
  const nuls = sample.filter((b) => b === 0).length;
  if (nuls > sample.length / 4) {
    throw new FeedEncodingError(`${fileName}: the file looks like UTF-16 without a byte-order mark, so its byte order is unknown. ${SAVE_AS}`, "UTF-16 without BOM");
  }
  const detected = chardet.detect(bytes) ?? "an unknown encoding";
  const name = KNOWN_NAMES[detected] ?? detected;
  const bad = firstBadByte(bytes);
  const where = bad ? ` (byte 0x${bad.byte.toString(16).toUpperCase().padStart(2, "0")} on line ${bad.line} is not UTF-8)` : "";
  throw new FeedEncodingError(`${fileName}: the file is not UTF-8 or UTF-16; it looks like ${name}${where}. ${SAVE_AS}`, name);
}

/** The {@link FeedEncoding}s' WHATWG decoder labels. */
export const DECODER_LABEL: Record<FeedEncoding, string> = { "UTF-8": "utf-8", "UTF-8 with BOM": "utf-8", "UTF-16 LE": "utf-16le", "UTF-16 BE": "utf-16be" };

/**
 * The error for a streamed feed whose bytes stop being valid in the encoding its start was read
 * in (the start is checked whole by {@link decodeFeedBytes}; this is for a bad byte further on).
 * @param chunk the bytes the decoder refused (a bad UTF-8 byte is named with its line)
 * @param linesBefore complete lines decoded before `chunk`
 */
export function feedEncodingErrorLater(fileName: string, encoding: FeedEncoding, chunk: Uint8Array, linesBefore: number): FeedEncodingError {
  const bad = encoding.startsWith("UTF-8") ? firstBadByte(chunk) : null;
  const where = bad ? `byte 0x${bad.byte.toString(16).toUpperCase().padStart(2, "0")} on line ${linesBefore + bad.line} is not UTF-8` : `after line ${linesBefore} it is not valid ${encoding}`;
  return new FeedEncodingError(`${fileName}: the file starts as ${encoding} but ${where}. ${SAVE_AS}`, encoding);
}

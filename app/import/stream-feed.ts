/**
 * Issue 54 item 4: a stock feed file read as a stream, so an import's memory is bounded by its
 * batch and not by the file. CSV (both formats) is decoded and parsed chunk by chunk with
 * csv-parse's stream parser and gives exactly the rows `parseFeedText` gives for the same
 * file: the same per-row rules, rejection reasons and row numbers, and the same tolerance of a
 * quote that never closes (the lines after it are read one at a time). A JSON feed is read as a
 * stream too, a car at a time ({@link jsonFeedRows}), and gives the rows `parseFeedText` gives.
 */
import { createReadStream } from "node:fs";
import { open, stat } from "node:fs/promises";
import { parse } from "csv-parse";
import { decodeFeedBytes, DECODER_LABEL, feedEncodingErrorLater, type FeedEncoding } from "./feed-encoding";
import { FEED_RECORD_MAX_CHARS } from "./feed-limits";
import { jsonFeedRows } from "./json-feed-stream";
import { csvFeedRow, csvFeedShape, parseLine, TOLERANT_CSV_OPTIONS, unswallowed, type ColumnMap, type FeedFormat, type FeedRow } from "./parse-feed";

/** Bytes of the file's start checked whole for its encoding (as {@link decodeFeedBytes} does for a whole file). */
const HEAD_BYTES = 1024 * 1024;
/** Bytes read from disk at a time. */
const READ_CHUNK_BYTES = 256 * 1024;

/** A feed being read: its format and encoding (known from its start), and its rows, read as they are iterated. */
export interface FeedStream {
  format: FeedFormat;
  encoding: FeedEncoding;
  /** The file's size (bytes). */
  size: number;
  /** One FeedRow per data record, in file order; iterate once. Throws FeedEncodingError for a bad byte past the file's start. */
  rows: AsyncIterable<FeedRow>;
  /** Bytes of the file read from disk so far (for progress; also how far ahead of the importer the reader is). */
  bytesRead(): number;
}

/**
 * Opens a feed file for streaming.
 * @param path the feed file (CSV in either format, or JSON)
 * @param knownModels from `loadKnownModels`, for the real listings' make repair
 * @param options `columnMap`: the dealer's column names -> Forecourt's (`parseColumnMap`)
 * @returns the feed, with its rows not yet read
 * @throws FeedEncodingError for an encoding Forecourt does not read (from the file's first 1 MB);
 *   Error for a CSV header matching no format; the file system's error when it cannot be read.
 *   A JSON feed's faults (not JSON, no `cars` array) are thrown by `rows` when it reaches them.
 */
export async function openFeedStream(path: string, knownModels: ReadonlyMap<string, readonly string[]>, options: { columnMap?: ColumnMap } = {}): Promise<FeedStream> {
  const { size } = await stat(path);
  const head = await readHead(path, size);
  const { text: headText, encoding } = decodeFeedBytes(head, path);
  const trimmed = headText.trimStart();
  if (path.toLowerCase().endsWith(".json") || trimmed.startsWith("[") || trimmed.startsWith("{")) {
    const counter = { bytesRead: 0 };
    return { format: "json", encoding, size, rows: jsonFeedRows(decodedText(path, encoding, counter), path, options.columnMap), bytesRead: () => counter.bytesRead };
  }
  const reader = new CsvStreamReader(path, encoding, knownModels, options.columnMap);
  const format = await reader.start();
  return { format, encoding, size, rows: reader.rows(), bytesRead: () => reader.bytesRead };
}

/** The file's first {@link HEAD_BYTES}, cut after its last complete line (so no character is split). */
async function readHead(path: string, size: number): Promise<Uint8Array> {
  const file = await open(path, "r");
  try {
    const buffer = Buffer.alloc(Math.min(size, HEAD_BYTES));
    const { bytesRead } = await file.read(buffer, 0, buffer.length, 0);
    const bytes = buffer.subarray(0, bytesRead);
    if (bytesRead === size) return bytes;
    // A newline is one byte 0x0A in UTF-8 and two bytes in UTF-16 (0x0A 0x00 LE, 0x00 0x0A BE).
    const le = bytes[0] === 0xff && bytes[1] === 0xfe;
    const be = bytes[0] === 0xfe && bytes[1] === 0xff;
    for (let i = bytes.length - 1; i > 0; i--) {
      if (le && bytes[i - 1] === 0x0a && bytes[i] === 0x00 && (i - 1) % 2 === 0) return bytes.subarray(0, i + 1);
      if (be && bytes[i - 1] === 0x00 && bytes[i] === 0x0a && (i - 1) % 2 === 0) return bytes.subarray(0, i + 1);
      if (!le && !be && bytes[i] === 0x0a) return bytes.subarray(0, i + 1);
    }
    return bytes;
  } finally {
    await file.close();
  }
}

/**
 * The file's text, decoded strictly and with line endings normalised to "\n" (a CRLF header with
 * LF rows lost rows: issue 16), chunk by chunk.
 */
async function* decodedText(path: string, encoding: FeedEncoding, counter: { bytesRead: number }): AsyncGenerator<string> {
  const decoder = new TextDecoder(DECODER_LABEL[encoding], { fatal: true });
  let carriageReturn = false;
  let lines = 0;
  const normalise = (text: string) => {
    let s = (carriageReturn ? "\r" : "") + text;
    carriageReturn = s.endsWith("\r");
    if (carriageReturn) s = s.slice(0, -1);
    s = s.replace(/\r\n?/g, "\n");
    for (let i = s.indexOf("\n"); i !== -1; i = s.indexOf("\n", i + 1)) lines++;
    return s;
  };
  for await (const chunk of createReadStream(path, { highWaterMark: READ_CHUNK_BYTES }) as AsyncIterable<Buffer>) {
    counter.bytesRead += chunk.length;
    let text: string;
    try {
      text = decoder.decode(chunk, { stream: true });
    } catch {
      throw feedEncodingErrorLater(path, encoding, chunk, lines);
    }
    if (text) yield normalise(text);
  }
  let last: string;
  try {
    last = decoder.decode();
  } catch {
    throw feedEncodingErrorLater(path, encoding, new Uint8Array(), lines);
  }
  const tail = normalise(last) + (carriageReturn ? "\n" : "");
  if (tail) yield tail;
}

type CsvRecord = { record: string[]; raw: string };

/**
 * Feeds the decoded text to csv-parse's stream parser and takes each record as it is parsed
 * (csv-parse's `on_record`), so nothing waits in the parser's own buffer: what is held is one
 * chunk of text and the records parsed from it.
 */
class CsvStreamReader {
  bytesRead = 0;
  private shape: ReturnType<typeof csvFeedShape> | null = null;
  private parsed: CsvRecord[] = [];
  private consumed = 0;
  private broken = false;
  private text: AsyncGenerator<string>;
  private parser: ReturnType<typeof parse>;
  private ended = false;

  constructor(
    private readonly path: string,
    private readonly encoding: FeedEncoding,
    private readonly knownModels: ReadonlyMap<string, readonly string[]>,
    private readonly columnMap: ColumnMap | undefined,
  ) {
    this.text = decodedText(path, encoding, this);
    this.parser = parse({
      ...TOLERANT_CSV_OPTIONS,
      // A longer record is a quote that never closes: the lines from there on are read one at a
      // time, as when the quote runs to the end of the file.
      max_record_size: FEED_RECORD_MAX_CHARS,
      on_record: (record: CsvRecord) => {
        if (this.broken) return null;
        this.parsed.push(record);
        this.consumed += record.raw.length;
        return null;
      },
      on_skip: (error: { code?: string } | undefined) => {
        if (error?.code !== "CSV_QUOTE_NOT_CLOSED" && error?.code !== "CSV_MAX_RECORD_SIZE") return;
        this.broken = true;
        // Stops the parser: a record past the size limit would otherwise keep growing.
        if (error.code === "CSV_MAX_RECORD_SIZE") throw new StopParsing();
      },
    } as never);
    // Errors reach the write that caused them; this listener keeps them from being unhandled.
    this.parser.on("error", () => {});
    this.parser.resume();
  }

  /** Reads up to the header. @returns the CSV format @throws Error for a header matching no format */
  async start(): Promise<FeedFormat> {
    while (!this.parsed.length && (await this.more()));
    const header = this.parsed.shift();
    this.shape = csvFeedShape((header?.record ?? []).map((h) => h.trim()), this.path, this.columnMap);
    return this.shape.format;
  }

  /** Parses the next chunk of text into {@link parsed}. @returns false when the text (or the parser) has ended */
  private async more(): Promise<boolean> {
    if (this.ended) return false;
    const next = this.broken ? { done: true as const, value: undefined } : await this.text.next();
    if (this.consumed === 0 && next.value?.startsWith("\uFEFF")) this.consumed = 1;
    try {
      if (next.done) {
        this.ended = true;
        await new Promise<void>((resolve, reject) => {
          this.parser.once("error", reject);
          this.parser.end(resolve);
        });
      } else {
        await new Promise<void>((resolve, reject) => this.parser.write(next.value, (error) => (error ? reject(error) : resolve())));
      }
    } catch (error) {
      if (!(error instanceof StopParsing)) throw error;
      this.ended = true;
      await this.text.return(undefined);
    }
    return !this.ended || this.parsed.length > 0;
  }

  /** The data rows, in order; after a quote that never closes, the rest of the file a line at a time. */
  async *rows(): AsyncGenerator<FeedRow> {
    const shape = this.shape!;
    let row = 0;
    try {
      for (;;) {
        for (const { record, raw } of this.parsed.splice(0)) {
          for (const fields of unswallowed(record, raw, shape.header.length)) yield csvFeedRow(shape, ++row, fields, this.knownModels);
        }
        if (!(await this.more()) && !this.parsed.length) break;
      }
      if (!this.broken) return;
      for await (const line of linesAfter(this.path, this.encoding, this.consumed)) yield csvFeedRow(shape, ++row, parseLine(line), this.knownModels);
    } finally {
      // A reader stopped early (the import failed) closes its file.
      await this.text.return(undefined);
      this.parser.destroy();
    }
  }
}

/** Thrown from csv-parse's `on_skip` to stop it (a record past {@link FEED_RECORD_MAX_CHARS}). */
class StopParsing extends Error {}

/** The non-blank lines of the file's normalised text after its first `skip` characters. */
async function* linesAfter(path: string, encoding: FeedEncoding, skip: number): AsyncGenerator<string> {
  let pending = "";
  let toSkip = skip;
  for await (const chunk of decodedText(path, encoding, { bytesRead: 0 })) {
    let text = chunk;
    if (toSkip > 0) {
      const cut = Math.min(toSkip, text.length);
      text = text.slice(cut);
      toSkip -= cut;
      if (!text) continue;
    }
    const lines = (pending + text).split("\n");
    pending = lines.pop() ?? "";
    for (const line of lines) if (line.trim()) yield line;
  }
  if (pending.trim()) yield pending;
}

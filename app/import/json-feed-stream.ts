/**
 * Issue 54 item 4: a JSON stock feed read as a stream, so an import of a JSON feed holds one car at
 * a time and not the file. stream-json's tokenizer reads the text chunk by chunk; each car of the
 * feed's array is assembled on its own (stream-json's Assembler, which builds values as
 * JSON.parse does) and becomes the FeedRow the whole-file reader ({@link parseFeedText}) gives
 * for it: the same shapes (an array, or an object with a `cars` array), rules, rejection reasons
 * and row numbers.
 *
 * A JSON feed is one value, so what the whole-file reader refuses at once (invalid JSON, a file
 * that ends early, no `cars` array) is found here only when the reader gets there, after the rows
 * before it were given: the importer runs in one transaction, so such a feed imports nothing.
 */
import { getManyValues, isMany, none, type Many } from "stream-chain/defs.js";
import Assembler from "stream-json/assembler.js";
import { jsonParser, type Token } from "stream-json/parser.js";
import { jsonFeedRow, jsonFeedShapeMessage, type ColumnMap, type FeedRow } from "./parse-feed";
import { FEED_RECORD_MAX_CHARS, megabytes } from "./feed-limits";

/** A JSON feed that turns out, part way through, not to be a feed: not JSON, or not of a feed's shape. */
export class FeedFormatError extends Error {
  override name = "FeedFormatError";
}

/** Where the reader is in the feed's one top-level value. */
type Phase = "start" | "object" | "cars" | "after";

/**
 * The cars of a JSON feed, one FeedRow each, read from its text as the text arrives.
 * @param text the feed's decoded text, in chunks (any size; a byte-order mark at the start is dropped)
 * @param fileName the feed's name, for messages
 * @param columnMap the dealer's key names -> Forecourt's (`parseColumnMap`)
 * @returns one FeedRow per element of the cars array, in order; `row` is its 1-based position
 * @throws FeedFormatError, once the reader reaches the fault, for text that is not JSON or ends before its
 *   value does, a top-level value that is neither an array nor an object with a `cars` array, a
 *   second `cars` array, or a car (or other value) over {@link FEED_RECORD_MAX_CHARS} (counted a chunk at a time, so
 *   refused within one chunk past it)
 */
export async function* jsonFeedRows(text: AsyncIterable<string>, fileName: string, columnMap?: ColumnMap): AsyncGenerator<FeedRow> {
  // A flushable (stream-chain's protocol): text in, tokens out; called with `none` at the end, for
  // the tokens still held, which its type leaves out.
  const tokenize = jsonParser({ packValues: true, streamValues: false }) as (text: string | typeof none) => Token | Many<Token> | typeof none;
  // Set by `outside` as tokens arrive (a closure, so not narrowed from its first value).
  let phase = "start" as Phase;
  /** Open arrays and objects outside the car being assembled. */
  let depth = 0;
  /** In the top-level object: the last key at its own level was `cars`, so its value comes next. */
  let carsNext = false;
  let car: Assembler | null = null;
  let row = 0;
  /** Characters read since the last complete value or token outside a car (bounded by the limit). */
  let sinceValue = 0;
  let first = true;
  /** Nothing but white space has been read. */
  let blank = true;

  const shapeError = () => new FeedFormatError(jsonFeedShapeMessage(fileName));
  /** Handles one token outside a car (a car's own tokens go to its Assembler). */
  const outside = (token: Token): void => {
    const opens = token.name === "startObject" || token.name === "startArray";
    const closes = token.name === "endObject" || token.name === "endArray";
    if (phase === "start") {
      if (token.name === "startArray") phase = "cars";
      else if (token.name === "startObject") phase = "object";
      else throw shapeError();
    } else if (phase === "object" && depth === 1) {
      if (token.name === "keyValue") {
        carsNext = token.value === "cars";
      } else if (carsNext) {
        if (token.name !== "startArray") throw shapeError();
        phase = "cars";
      } else if (closes) {
        throw shapeError();
      }
    } else if (phase === "after" && depth === 1 && token.name === "keyValue" && token.value === "cars") {
      throw new FeedFormatError(`${fileName}: the JSON feed has more than one "cars" array`);
    }
    if (opens) depth++;
    if (closes) {
      depth--;
      if (phase === "cars") phase = "after";
    }
  };
  const tokens = (out: ReturnType<typeof tokenize>): Token[] => (out === none ? [] : isMany(out) ? getManyValues(out) : [out]);
  /** Feeds one chunk (or the end, `none`) through the tokenizer. */
  const read = (chunk: string | typeof none): Token[] => {
    try {
      return tokens(tokenize(chunk));
    } catch (error) {
      const complete = car ? row - 1 : row;
      const where = complete ? ` after car ${complete.toLocaleString("en-AU")}` : "";
      // At the end of the text the tokenizer's only complaint can be that the JSON is unfinished.
      if (chunk === none) throw new FeedFormatError(`${fileName}: not valid JSON (${blank ? "the file is empty" : `the file ends before its JSON does${where ? `,${where}` : ""}`})`);
      throw new FeedFormatError(`${fileName}: not valid JSON${where} (${(error as Error).message})`);
    }
  };
  /** Throws when the value just completed, or still being read, took more text than the limit. */
  const bounded = (): void => {
    if (sinceValue <= FEED_RECORD_MAX_CHARS) return;
    throw new FeedFormatError(
      car
        ? `${fileName}: car ${row.toLocaleString("en-AU")} of the JSON feed is over ${megabytes(FEED_RECORD_MAX_CHARS)}; a car's record is far smaller, so the file is not a stock feed`
        : `${fileName}: the JSON feed has a value over ${megabytes(FEED_RECORD_MAX_CHARS)}; a stock feed's values are far smaller`,
    );
  };

  const chunks = (async function* () {
    for await (const chunk of text) yield chunk;
    yield none;
  })();
  for await (const chunk of chunks) {
    let input = chunk;
    if (first && typeof input === "string") {
      if (input.startsWith("\uFEFF")) input = input.slice(1);
      first = false;
    }
    if (typeof input === "string") {
      sinceValue += input.length;
      blank &&= !/\S/.test(input);
    }
    for (const token of read(input)) {
      if (car) {
        car.consume(token);
        if (!car.done) continue;
        bounded();
        const value: unknown = car.current;
        car = null;
        sinceValue = 0;
        yield jsonFeedRow(row, value, columnMap);
        continue;
      }
      // In the cars array every token outside a car starts the next car, but the array's own end.
      if (phase === "cars" && token.name !== "endArray") {
        row++;
        const assembler = new Assembler();
        assembler.consume(token);
        sinceValue = 0;
        if (assembler.done) yield jsonFeedRow(row, assembler.current, columnMap);
        else car = assembler;
        continue;
      }
      bounded();
      outside(token);
      sinceValue = 0;
    }
    bounded();
  }
  if (phase !== "after") throw shapeError();
}

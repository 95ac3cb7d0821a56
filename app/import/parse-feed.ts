/**
 * Reads a stock feed file into validated stock records, one result per data record.
 * Formats: CSV with the real data set's 19 columns, CSV with Forecourt's own columns
 * (STOCK_RECORD_COLUMNS), or JSON (an array, or an object with a `cars` array).
 * A bad record never throws: it becomes `{ ok: false, row, reason }`.
 */
import { readFileSync } from "node:fs";
import { canonicalModelLists } from "./model-names";
import { parse } from "csv-parse/sync";
import { cleanRealListing, REAL_LISTING_COLUMNS, type RealListing } from "./real-listing";
import { decodeFeedBytes, type FeedEncoding } from "./feed-encoding";
import { STOCK_RECORD_COLUMNS, StockRecordSchema, type StockRecord } from "./stock-record";
import { hasControlCharacters } from "~/domain/text/control-characters";

export type FeedRow =
  | { ok: true; row: number; record: StockRecord; fixes?: string[] }
  | { ok: false; row: number; reason: string };

export type FeedFormat = "real-listings-csv" | "forecourt-csv" | "json";

/** Issue 52: a dealer's column name -> Forecourt's column name (docs/stock-import.md "Mapping file"). */
export type ColumnMap = ReadonlyMap<string, string>;

/**
 * Reads a mapping file: a JSON object `{ "Dealer column": "forecourt_column", ... }`, or the same
 * object under `"columns"`. Dealer names match the feed's header (or JSON keys) case-insensitively,
 * surrounding spaces ignored.
 * @param text the mapping file's contents
 * @param fileName for messages
 * @returns lower-cased trimmed dealer name -> Forecourt column
 * @throws Error naming the problem: not JSON, not an object of strings, a target that is not a
 *   Forecourt column (with the list of columns), or two dealer columns mapped to one target
 */
export function parseColumnMap(text: string, fileName: string): ColumnMap {
  let data: unknown;
  try {
    data = JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch (error) {
    throw new Error(`${fileName}: the mapping file is not valid JSON (${(error as Error).message})`);
  }
  const object = data && typeof data === "object" && !Array.isArray(data) && "columns" in data ? (data as { columns: unknown }).columns : data;
  if (!object || typeof object !== "object" || Array.isArray(object)) throw new Error(`${fileName}: expected a JSON object of "dealer column": "forecourt_column"`);
  const known = new Set<string>(STOCK_RECORD_COLUMNS);
  const map = new Map<string, string>();
  const byTarget = new Map<string, string>();
  for (const [from, to] of Object.entries(object)) {
    if (typeof to !== "string") throw new Error(`${fileName}: "${from}" must map to a column name (text)`);
    const target = to.trim();
    if (!known.has(target)) throw new Error(`${fileName}: "${from}" maps to "${to}", which is not a Forecourt column (columns: ${STOCK_RECORD_COLUMNS.join(", ")})`);
    const other = byTarget.get(target);
    if (other !== undefined) throw new Error(`${fileName}: "${other}" and "${from}" both map to "${target}"`);
    byTarget.set(target, from);
    map.set(from.trim().toLowerCase(), target);
  }
  return map;
}

/** A column's name after the dealer's mapping (unmapped names are kept). */
function mapped(name: string, columnMap: ColumnMap | undefined): string {
  return columnMap?.get(name.trim().toLowerCase()) ?? name;
}

/** Loads the make -> models reference list (data/au_make_model_reference.csv) for make/model repair. */
export function loadKnownModels(csvText: string): Map<string, string[]> {
  // Issue 17: one spelling per model (model-names.ts), so 'Hiace' and '330I' never reach a facet.
  return canonicalModelLists(parse(csvText, { columns: true, skip_empty_lines: true }) as { Brand: string; Model: string; ListingCount?: string }[]);
}

function describeZodIssue(error: { issues: { path: PropertyKey[]; message: string }[] }): string {
  return error.issues
    .slice(0, 3)
    .map((i) => (i.path.length ? `${i.path.join(".")}: ${i.message}` : i.message))
    .join("; ");
}

function validate(row: number, input: Record<string, unknown>): FeedRow {
  const parsed = StockRecordSchema.safeParse(input);
  return parsed.success ? { ok: true, row, record: parsed.data } : { ok: false, row, reason: describeZodIssue(parsed.error) };
}

/**
 * Parses feed text.
 * @param text the file's contents (UTF-8)
 * @param fileName used to tell JSON from CSV (by extension, else by first character)
 * @param knownModels from {@link loadKnownModels}, used by the real data set's make repair
 * @param options `columnMap`: the dealer's column names -> Forecourt's ({@link parseColumnMap}),
 *   applied to the CSV header and to JSON keys before anything else
 * @returns the detected format and one FeedRow per data record; `row` is the 1-based data record number
 * @throws Error when the whole file is unreadable (invalid JSON, CSV header matching no format)
 */
export function parseFeedText(
  text: string,
  fileName: string,
  knownModels: ReadonlyMap<string, readonly string[]>,
  options: { columnMap?: ColumnMap } = {},
): { format: FeedFormat; rows: FeedRow[] } {
  const { columnMap } = options;
  const trimmed = text.trimStart();
  if (fileName.toLowerCase().endsWith(".json") || trimmed.startsWith("[") || trimmed.startsWith("{")) {
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch (error) {
      throw new Error(`${fileName}: not valid JSON (${(error as Error).message})`);
    }
    const list = data && typeof data === "object" && !Array.isArray(data) ? (data as { cars?: unknown }).cars : data;
    if (!Array.isArray(list)) throw new Error(jsonFeedShapeMessage(fileName));
    return { format: "json", rows: list.map((item, i) => jsonFeedRow(i + 1, item, columnMap)) };
  }
  const { header: dealerHeader, records } = readCsvRecords(text);
  const shape = csvFeedShape(dealerHeader, fileName, columnMap);
  const rows: FeedRow[] = records.map((fields, i) => csvFeedRow(shape, i + 1, fields, knownModels));
  return { format: shape.format, rows };
}

/** The error for a JSON feed that is neither an array nor an object with a `cars` array. */
export function jsonFeedShapeMessage(fileName: string): string {
  return `${fileName}: expected a JSON array or an object with a "cars" array`;
}

/**
 * One car of a JSON feed as a FeedRow: an object, its keys renamed by the dealer's column map,
 * validated as a stock record; anything else is rejected as "not an object".
 * @param row the car's 1-based position in the feed's array
 * @param item the car as JSON.parse gives it
 */
export function jsonFeedRow(row: number, item: unknown, columnMap?: ColumnMap): FeedRow {
  if (!item || typeof item !== "object" || Array.isArray(item)) return { ok: false, row, reason: "not an object" };
  const record = item as Record<string, unknown>;
  const badField = controlCharacterField(record);
  if (badField) return { ok: false, row, reason: `${badField}: contains a NUL or control character` };
  return validate(row, columnMap ? Object.fromEntries(Object.entries(record).map(([k, v]) => [mapped(k, columnMap), v])) : record);
}

/** A CSV feed's header after the dealer's mapping, and which of the two CSV formats it is. */
export interface CsvFeedShape {
  header: string[];
  format: "real-listings-csv" | "forecourt-csv";
}

/**
 * Tells the CSV format from the header (after the dealer's column mapping).
 * @param dealerHeader the header's names as the file has them (trimmed)
 * @throws Error when the header matches neither the real listings columns nor Forecourt's
 */
export function csvFeedShape(dealerHeader: readonly string[], fileName: string, columnMap?: ColumnMap): CsvFeedShape {
  const header = dealerHeader.map((name) => mapped(name, columnMap));
  const isReal = REAL_LISTING_COLUMNS.every((c) => header.includes(c));
  const isOwn = header.includes("stock_number") && header.includes("make");
  if (!isReal && !isOwn) {
    throw new Error(`${fileName}: the header matches neither the real listings columns nor Forecourt's stock columns`);
  }
  return { header, format: isReal ? "real-listings-csv" : "forecourt-csv" };
}

/**
 * One CSV data record checked, cleaned (the real listings' columns) and validated.
 * @param row the 1-based data record number reported with a rejection
 * @param fields the record's values, in header order
 */
export function csvFeedRow(shape: CsvFeedShape, row: number, fields: readonly string[], knownModels: ReadonlyMap<string, readonly string[]>): FeedRow {
  const { header } = shape;
  if (fields.slice(header.length).some((v) => v.trim() !== "")) {
    return { ok: false, row, reason: `${fields.length} values but the header has ${header.length} columns (check for a stray comma or quote)` };
  }
  const raw = Object.fromEntries(header.map((name, j) => [name, fields[j] ?? ""]));
  const bad = controlCharacterField(raw);
  if (bad) return { ok: false, row, reason: `${bad}: contains a NUL or control character` };
  if (shape.format === "forecourt-csv") return validate(row, raw);
  const cleaned = cleanRealListing(raw as unknown as RealListing, knownModels);
  if (!cleaned.ok) return { ok: false, row, reason: cleaned.reason };
  const result = validate(row, cleaned.record);
  return result.ok && cleaned.fixes.length ? { ...result, fixes: cleaned.fixes } : result;
}

/** The first field (name) of `record` whose text holds a character PostgreSQL or XML cannot store, or null. */
function controlCharacterField(record: Record<string, unknown>): string | null {
  for (const [name, value] of Object.entries(record)) {
    const texts = Array.isArray(value) ? value : [value];
    if (texts.some((t) => typeof t === "string" && hasControlCharacters(t))) return name;
  }
  return null;
}

/**
 * Splits CSV text into a header and records of fields, tolerating what breaks whole files
 * (issue 16 defect 5): line endings are normalised (a CRLF header with LF rows lost rows), a
 * quote inside a field is kept as text, and a quote that opens a field and never closes only
 * costs its own line: the lines it swallowed are read again one by one.
 */
function readCsvRecords(text: string): { header: string[]; records: string[][] } {
  const normalised = text.replace(/\r\n?/g, "\n");
  let unclosedAtLine: number | null = null;
  const parsed = parse(normalised, {
    ...TOLERANT_CSV_OPTIONS,
    on_skip: (error: { code?: string; lines?: number } | undefined) => {
      if (error?.code === "CSV_QUOTE_NOT_CLOSED") unclosedAtLine = error.lines ?? null;
    },
  } as never) as unknown as { record: string[]; raw: string }[];
  const header = (parsed[0]?.record ?? []).map((h) => h.trim());
  const records: string[][] = [];
  let consumed = normalised.startsWith("\uFEFF") ? 1 : 0;
  for (const { record, raw } of parsed.slice(1)) records.push(...unswallowed(record, raw, header.length));
  for (const { raw } of parsed) consumed += raw.length;
  if (unclosedAtLine !== null) {
    // The rest of the file after an unclosed quote: one record per line.
    records.push(...normalised.slice(consumed).split("\n").filter((l) => l.trim()).map(parseLine));
  }
  return { header, records };
}

/** csv-parse's options for a feed (the raw text and position come with each record). */
export const TOLERANT_CSV_OPTIONS = {
  columns: false,
  relax_quotes: true,
  relax_column_count: true,
  skip_empty_lines: true,
  skip_records_with_error: true,
  bom: true,
  info: true,
  raw: true,
} as const;

/**
 * A record spread over several lines with the wrong number of fields is a quote that swallowed
 * its neighbours: those lines are read again one at a time.
 * @returns the record as is, or one record per line it swallowed
 */
export function unswallowed(record: string[], raw: string, headerLength: number): string[][] {
  if (raw.includes("\n") && record.length !== headerLength) return raw.split("\n").filter((l) => l.trim()).map(parseLine);
  return [record];
}

/** One CSV line: quoted fields where they are balanced, else split on commas as written. */
export function parseLine(line: string): string[] {
  try {
    return (parse(line, { relax_quotes: true, relax_column_count: true }) as string[][])[0] ?? [];
  } catch {
    return (parse(line, { quote: false, relax_column_count: true }) as string[][])[0] ?? [];
  }
}

/**
 * Reads and parses a feed file from disk, in any encoding {@link decodeFeedBytes} reads (UTF-8
 * with or without BOM, UTF-16 LE/BE with BOM).
 * @returns as {@link parseFeedText}, plus the encoding the file was read in
 * @throws as {@link parseFeedText}; FeedEncodingError naming any other encoding; or when the file
 *   cannot be read
 */
export function parseFeedFile(
  path: string,
  knownModels: ReadonlyMap<string, readonly string[]>,
  options: { columnMap?: ColumnMap } = {},
): { format: FeedFormat; rows: FeedRow[]; encoding: FeedEncoding } {
  const { text, encoding } = decodeFeedBytes(readFileSync(path), path);
  return { ...parseFeedText(text, path, knownModels, options), encoding };
}

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
import { StockRecordSchema, type StockRecord } from "./stock-record";

export type FeedRow =
  | { ok: true; row: number; record: StockRecord; fixes?: string[] }
  | { ok: false; row: number; reason: string };

export type FeedFormat = "real-listings-csv" | "forecourt-csv" | "json";

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
 * @returns the detected format and one FeedRow per data record; `row` is the 1-based data record number
 * @throws Error when the whole file is unreadable (invalid JSON, CSV header matching no format)
 */
export function parseFeedText(
  text: string,
  fileName: string,
  knownModels: ReadonlyMap<string, readonly string[]>,
): { format: FeedFormat; rows: FeedRow[] } {
  const trimmed = text.trimStart();
  if (fileName.toLowerCase().endsWith(".json") || trimmed.startsWith("[") || trimmed.startsWith("{")) {
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch (error) {
      throw new Error(`${fileName}: not valid JSON (${(error as Error).message})`);
    }
    const list = Array.isArray(data) ? data : (data as { cars?: unknown }).cars;
    if (!Array.isArray(list)) throw new Error(`${fileName}: expected a JSON array or an object with a "cars" array`);
    return {
      format: "json",
      rows: list.map((item, i) =>
        item && typeof item === "object" && !Array.isArray(item)
          ? validate(i + 1, item as Record<string, unknown>)
          : { ok: false as const, row: i + 1, reason: "not an object" },
      ),
    };
  }
  const records = parse(text, {
    columns: true,
    skip_empty_lines: true,
    relax_column_count: true,
    bom: true,
  }) as Record<string, string>[];
  const header = records.length ? Object.keys(records[0]) : parse(text, { to_line: 1 })[0] ?? [];
  const isReal = REAL_LISTING_COLUMNS.every((c) => header.includes(c));
  const isOwn = header.includes("stock_number") && header.includes("make");
  if (!isReal && !isOwn) {
    throw new Error(`${fileName}: the header matches neither the real listings columns nor Forecourt's stock columns`);
  }
  const rows: FeedRow[] = records.map((raw, i) => {
    const row = i + 1;
    if (!isReal) return validate(row, raw);
    const cleaned = cleanRealListing(raw as RealListing, knownModels);
    if (!cleaned.ok) return { ok: false, row, reason: cleaned.reason };
    const result = validate(row, cleaned.record);
    return result.ok && cleaned.fixes.length ? { ...result, fixes: cleaned.fixes } : result;
  });
  return { format: isReal ? "real-listings-csv" : "forecourt-csv", rows };
}

/** Reads and parses a feed file from disk. @throws as {@link parseFeedText}, or when the file cannot be read. */
export function parseFeedFile(path: string, knownModels: ReadonlyMap<string, readonly string[]>): { format: FeedFormat; rows: FeedRow[] } {
  return parseFeedText(readFileSync(path, "utf8"), path, knownModels);
}

/**
 * Issue 54 item 4: a JSON feed read as a stream gives exactly the rows the whole-file reader
 * (`parseFeedText`) gives, whatever size its chunks arrive in, and refuses what that reader
 * refuses (not JSON, no `cars` array), with the rows before the fault already given.
 */
import { describe, expect, it } from "vitest";
import { FEED_RECORD_MAX_CHARS } from "./feed-limits";
import { jsonFeedRows } from "./json-feed-stream";
import { parseFeedText, type ColumnMap, type FeedRow } from "./parse-feed";

const noModels = new Map<string, string[]>();

/** The text in chunks of `size` characters (1 splits every token, string and escape). */
async function* chunksOf(text: string, size: number): AsyncGenerator<string> {
  for (let i = 0; i < text.length; i += size) yield text.slice(i, i + size);
}

async function streamed(text: string, size = 7, columnMap?: ColumnMap): Promise<FeedRow[]> {
  const rows: FeedRow[] = [];
  for await (const row of jsonFeedRows(chunksOf(text, size), "feed.json", columnMap)) rows.push(row);
  return rows;
}

/** The rows given before the stream threw, and the error. */
async function untilError(text: string, size = 5): Promise<{ rows: FeedRow[]; error: Error | null }> {
  const rows: FeedRow[] = [];
  try {
    for await (const row of jsonFeedRows(chunksOf(text, size), "feed.json")) rows.push(row);
  } catch (error) {
    return { rows, error: error as Error };
  }
  return { rows, error: null };
}

const good = { stock_number: "J1", car_type: "used", make: "Mazda", model: "3", year: 2018, price: 15990, km: 80000 };
const cars = [
  good,
  { ...good, stock_number: "J2", car_type: "second-hand" },
  "not a car",
  null,
  [good],
  { ...good, stock_number: "J3", dealer_comments: "tab\there" },
  { ...good, stock_number: "J4", dealer_comments: 'quotes " and \\ and \u00e9 and \ud83d\ude97 and \u2028' },
  { ...good, stock_number: 5, price: 1.5e4, km: 0, nested: { a: [1, { b: null }] }, __proto__: "own key" },
  { ...good, stock_number: "J6", make: "" },
];

describe("jsonFeedRows", () => {
  it("gives the whole-file reader's rows, reasons and row numbers for an array, whatever the chunk size", async () => {
    const text = JSON.stringify(cars, null, 2);
    const whole = parseFeedText(text, "feed.json", noModels).rows;
    expect(whole.filter((r) => r.ok).length).toBeGreaterThanOrEqual(3);
    expect(whole.filter((r) => !r.ok).map((r) => r.row)).toEqual(expect.arrayContaining([2, 3, 4, 5]));
    for (const size of [1, 3, 64, text.length]) expect(await streamed(text, size)).toEqual(whole);
  });

  it("reads the cars of an object's `cars` array and skips its other keys, nested or not", async () => {
    const text = JSON.stringify({ dealer: { name: "Yard", cars: ["not these"] }, generated: "2026-12-02", cars, trailer: [{ cars: 1 }] });
    const rows = await streamed(text);
    expect(rows).toEqual(parseFeedText(text, "feed.json", noModels).rows);
    expect(rows).toHaveLength(cars.length);
  });

  it("renames keys by the dealer's column map as the whole-file reader does", async () => {
    const columnMap: ColumnMap = new Map([["stock no", "stock_number"], ["asking", "price"]]);
    const text = JSON.stringify([{ "Stock No": "M1", asking: 20000, car_type: "used", make: "Kia", model: "Rio", year: 2020 }]);
    const rows = await streamed(text, 4, columnMap);
    expect(rows).toEqual(parseFeedText(text, "feed.json", noModels, { columnMap }).rows);
    expect(rows[0]).toMatchObject({ ok: true, record: { stock_number: "M1", price: 20000 } });
  });

  it("gives an empty array no rows, and drops a byte-order mark", async () => {
    expect(await streamed("[]")).toEqual([]);
    expect(await streamed(' { "cars" : [ ] } ')).toEqual([]);
    expect(await streamed(`\uFEFF${JSON.stringify([good])}`)).toHaveLength(1);
  });

  it("refuses what is not an array or an object with a cars array, as the whole-file reader does", async () => {
    for (const text of ['{"vehicles":[]}', '{"cars":{"a":1}}', '{"cars":"none"}', "42", '"cars"', "null"]) {
      expect(() => parseFeedText(text, "feed.json", noModels)).toThrow(/expected a JSON array or an object with a "cars" array/);
      expect((await untilError(text)).error?.message).toMatch(/^feed\.json: expected a JSON array or an object with a "cars" array$/);
    }
  });

  it("gives the cars before invalid JSON, then throws naming the last car read", async () => {
    const text = `[${JSON.stringify(good)},${JSON.stringify({ ...good, stock_number: "J2" })},{"stock_number": oops}]`;
    // car 3 is where the fault is; cars 1 and 2 were given
    expect(() => parseFeedText(text, "feed.json", noModels)).toThrow(/not valid JSON/);
    const { rows, error } = await untilError(text);
    expect(rows.map((r) => r.row)).toEqual([1, 2]);
    expect(error?.message).toMatch(/^feed\.json: not valid JSON after car 2 \(/);
  });

  it("refuses a file that ends early, an empty file, trailing text and a second cars array", async () => {
    const truncated = await untilError(`{"cars":[${JSON.stringify(good)},{"stock_number":"J2"`);
    expect(truncated.rows).toHaveLength(1);
    expect(truncated.error?.message).toMatch(/^feed\.json: not valid JSON \(the file ends before its JSON does, after car 1\)$/);
    expect((await untilError("[")).error?.message).toMatch(/ends before its JSON does/);
    expect((await untilError("   ")).error?.message).toBe("feed.json: not valid JSON (the file is empty)");
    expect((await untilError(`[${JSON.stringify(good)}] x`)).error?.message).toMatch(/^feed\.json: not valid JSON after car 1/);
    expect((await untilError(`{"cars":[],"cars":[${JSON.stringify(good)}]}`)).error?.message).toBe('feed.json: the JSON feed has more than one "cars" array');
  });

  it("refuses a car, or a value outside the cars, larger than the limit without reading the rest", async () => {
    // The bound is counted a chunk at a time, so a value must pass it by more than a chunk.
    const huge = "x".repeat(FEED_RECORD_MAX_CHARS + 128 * 1024);
    let served = 0;
    async function* counted(text: string): AsyncGenerator<string> {
      for await (const chunk of chunksOf(text, 64 * 1024)) {
        served += chunk.length;
        yield chunk;
      }
    }
    const text = `[${JSON.stringify(good)},{"stock_number":"J2","dealer_comments":"${huge}"},${JSON.stringify(good)}]${" ".repeat(FEED_RECORD_MAX_CHARS)}`;
    const rows: FeedRow[] = [];
    await expect(
      (async () => {
        for await (const row of jsonFeedRows(counted(text), "feed.json")) rows.push(row);
      })(),
    ).rejects.toThrow(/^feed\.json: car 2 of the JSON feed is over 4 MB/);
    expect(rows).toHaveLength(1);
    expect(served).toBeLessThan(FEED_RECORD_MAX_CHARS + 256 * 1024);
    expect((await untilError(`{"notes":"${huge}","cars":[]}`, 64 * 1024)).error?.message).toMatch(/^feed\.json: the JSON feed has a value over 4 MB/);
  });
});

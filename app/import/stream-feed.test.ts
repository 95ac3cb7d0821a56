/**
 * Issue 54 item 4: the streamed feed reader gives exactly the rows the whole-file reader gives
 * (same per-row rules, rejection reasons and row numbers), reads the file a chunk at a time, and
 * reads JSON feeds as a stream too.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { FeedEncodingError } from "./feed-encoding";
import { parseFeedText, type FeedRow } from "./parse-feed";
import { FEED_MAX_BYTES, FEED_RECORD_MAX_CHARS } from "./feed-limits";
import { openFeedStream } from "./stream-feed";

const dir = mkdtempSync(join(tmpdir(), "h54imp-stream-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const noModels = new Map<string, string[]>();

function fileOf(name: string, content: string | Buffer): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}

async function streamedRows(path: string): Promise<FeedRow[]> {
  const feed = await openFeedStream(path, noModels);
  const rows: FeedRow[] = [];
  for await (const row of feed.rows) rows.push(row);
  return rows;
}

const HEADER = "stock_number,car_type,make,model,year,price,km,dealer_comments";

describe("openFeedStream", () => {
  it("gives the same rows, reasons and row numbers as the whole-file reader for a feed with bad rows, CRLF, quoted line breaks and a swallowing quote", async () => {
    const csv = [
      HEADER,
      "A1,used,Mazda,3,2018,15990,80000,fine",
      "A2,second-hand,Mazda,3,2018,15990,80000,bad car type",
      "A3,used,,3,2018,15990,80000,no make",
      '\r\nA4,used,Mazda,3,2018,15990,80000,"two\nlines"',
      "A5,used,Mazda,3,2018,15990,80000,too,many,values",
      'A6,used,Mazda,3,2018,15990,80000,"opens',
      "A7,used,Mazda,3,2018,15990,80000,swallowed",
      'A8,used,Mazda,3,2018,15990,80000,closes"',
      "A9,used,Mazda,3,eighteen,15990,80000,bad year",
    ].join("\r\n");
    const whole = parseFeedText(csv, "feed.csv", noModels).rows;
    expect(whole.filter((r) => !r.ok).length).toBeGreaterThanOrEqual(3);
    expect(await streamedRows(fileOf("mixed.csv", csv))).toEqual(whole);
  });

  it("reads the lines after a quote that never closes one at a time, as the whole-file reader does", async () => {
    const rows = Array.from({ length: 50 }, (_, i) => `B${i},used,Mazda,3,2018,15990,80000,${i === 10 ? '"never closed' : "ok"}`);
    const csv = [HEADER, ...rows].join("\n");
    const whole = parseFeedText(csv, "feed.csv", noModels).rows;
    const streamed = await streamedRows(fileOf("unclosed.csv", csv));
    expect(streamed).toEqual(whole);
    expect(streamed.filter((r) => r.ok).length).toBeGreaterThan(40);
  });

  it("stops a quote that runs past the largest record and reads the rest a line at a time, holding no more than that record", { timeout: 300_000 }, async () => {
    // A quote opening on row 2 of a file larger than FEED_RECORD_MAX_CHARS: the whole-file reader
    // reads every line after it one at a time; so does the stream, without holding the rest.
    const line = (i: number) => `C${i},used,Mazda,3,2018,15990,80000,${"x".repeat(2000)}`;
    const count = Math.ceil((FEED_RECORD_MAX_CHARS * 1.2) / line(0).length);
    const rows = Array.from({ length: count }, (_, i) => (i === 1 ? `${line(i)},"open` : line(i)));
    const csv = [HEADER, ...rows].join("\n");
    const whole = parseFeedText(csv, "feed.csv", noModels).rows;
    const streamed = await streamedRows(fileOf("long-quote.csv", csv));
    expect(streamed.length).toBe(whole.length);
    expect(streamed).toEqual(whole);
    expect(streamed.filter((r) => r.ok).length).toBe(count - 1);
  });

  it("reads a large CSV a chunk at a time: after the first rows, most of the file is still unread", { timeout: 300_000 }, async () => {
    const csv = [HEADER, ...Array.from({ length: 40_000 }, (_, i) => `D${i},used,Mazda,3,2018,15990,80000,ok`)].join("\n");
    const feed = await openFeedStream(fileOf("large.csv", csv), noModels);
    let seen = 0;
    let readAtFirst = 0;
    for await (const row of feed.rows) {
      if (++seen === 1) readAtFirst = feed.bytesRead();
      expect(row.ok).toBe(true);
    }
    expect(seen).toBe(40_000);
    expect(feed.size).toBeGreaterThan(1_400_000);
    expect(readAtFirst).toBeLessThan(feed.size / 2);
    expect(feed.bytesRead()).toBe(feed.size);
  });

  it("reads UTF-16 with a byte-order mark as a stream", async () => {
    const csv = `${HEADER}\nE1,used,Škoda,Octavia,2019,25990,40000,“quoted” – dash\n`;
    const rows = await streamedRows(fileOf("utf16.csv", Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(csv, "utf16le")])));
    expect(rows).toEqual(parseFeedText(csv, "feed.csv", noModels).rows);
  });

  it("refuses a byte that is not UTF-8 past the file's first megabyte, naming its line", { timeout: 300_000 }, async () => {
    const lines = Array.from({ length: 30_000 }, (_, i) => `F${i},used,Mazda,3,2018,15990,80000,ok`);
    const bytes = Buffer.concat([Buffer.from([HEADER, ...lines].join("\n") + "\n"), Buffer.from([0x46, 0x39, 0x2c, 0xe9, 0x0a])]);
    await expect(streamedRows(fileOf("late-cp1252.csv", bytes))).rejects.toThrow(FeedEncodingError);
    await expect(streamedRows(fileOf("late-cp1252.csv", bytes))).rejects.toThrow(/byte 0xE9 on line 30002 is not UTF-8/);
  });

  it("reads a JSON feed larger than the console's 20 MB limit as a stream, a car at a time", { timeout: 300_000 }, async () => {
    const car = (i: number) => JSON.stringify({ stock_number: `J${i}`, car_type: "used", make: "Mazda", model: "3", year: 2018, price: 15990, dealer_comments: "x".repeat(200) });
    const count = Math.ceil((FEED_MAX_BYTES * 1.2) / car(0).length);
    const path = fileOf("big.json", `{"cars":[${Array.from({ length: count }, (_, i) => car(i)).join(",\n")}]}`);
    const feed = await openFeedStream(path, noModels);
    expect(feed.format).toBe("json");
    let read = 0;
    let bytesAtRow100 = 0;
    for await (const row of feed.rows) {
      expect(row).toMatchObject({ ok: true, row: read + 1, record: { stock_number: `J${read}` } });
      if (++read === 100) bytesAtRow100 = feed.bytesRead();
    }
    expect(read).toBe(count);
    expect(bytesAtRow100).toBeLessThan(feed.size / 10);
  });
});

/**
 * Issue 54 item 4: the streaming importer against a real database. Memory is bounded by a batch
 * (asserted on the rows the importer holds and on how far the reader runs ahead, not on RSS), a
 * full snapshot withdraws in set-based SQL, the per-row report arrives batch by batch, and
 * rejected rows keep their row numbers across batch boundaries.
 */
import { spawnSync } from "node:child_process";
import { createWriteStream, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { once } from "node:events";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { and, count, eq, ne, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "../../db/client";
import { migrateDatabase } from "../../db/migrate";
import { cars } from "../../db/schema/index";
import { parseFeedText } from "../../app/import/parse-feed";
import { openFeedStream } from "../../app/import/stream-feed";
import { importStock, type ImportReportLine } from "../../app/services/stock-import.server";
import type { Site } from "../../app/sites/site";
import { IMPORT_NODE_FLAGS } from "../../scripts/build-cli.mjs";
import { createTestSite, ENGINE, openTestDatabase } from "./database";

const noModels = new Map<string, string[]>();
const HEADER = "stock_number,car_type,make,model,year,price,km";
/**
 * A dealer's comment of about 450 bytes on every generated row: a feed of a few megabytes then
 * spans many of the reader's 256 KB chunks with a tenth of the rows (and of the database writes)
 * that bare rows would need.
 */
const COMMENT = "One owner with full service history and two keys. Finance available on approval and trade-ins welcome. Independently inspected before sale and covered by our 3 month warranty. Call the yard to book a test drive. Log books and owner manuals included. New tyres fitted at the last service and a roadworthy certificate supplied. Extended warranty options and paint protection available. Delivery can be arranged anywhere in the metropolitan area on request.";
const dir = mkdtempSync(join(tmpdir(), "h54imp-it-"));
let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(async () => {
  await handle?.close();
  rmSync(dir, { recursive: true, force: true });
});

/**
 * Writes a Forecourt feed of `rows` cars (stock numbers `${prefix}1`...) as a stream: CSV, or, for a
 * name ending in .json, an object with a `cars` array holding one car per line.
 */
async function writeFeed(name: string, rows: number, prefix = "S", comments = false): Promise<string> {
  const path = join(dir, name);
  const json = name.endsWith(".json");
  const out = createWriteStream(path);
  out.write(json ? '{"cars":[\n' : `${HEADER}${comments ? ",dealer_comments" : ""}\n`);
  for (let i = 1; i <= rows; i++) {
    const [year, price, km] = [2010 + (i % 14), 10000 + (i % 5000), i * 7];
    const line = json
      ? `${JSON.stringify({ stock_number: `${prefix}${i}`, car_type: "used", make: "Mazda", model: "3", year, price, km, ...(comments ? { dealer_comments: COMMENT } : {}) })}${i < rows ? "," : ""}\n`
      : `${prefix}${i},used,Mazda,3,${year},${price},${km}${comments ? `,${COMMENT}` : ""}\n`;
    if (!out.write(line)) await once(out, "drain");
  }
  if (json) out.write("]}\n");
  out.end();
  await once(out, "finish");
  return path;
}

/**
 * A site for `npm run import` to import into: the CLI is a second process, so on PGlite the site
 * is made in an embedded database in a folder of its own (the suite's is in memory), which is
 * closed before the CLI opens it; on PostgreSQL, in the suite's database.
 * @param prepare run on the site's database before it is handed to the CLI
 * @returns the site, the CLI's environment, and `open` to read its database afterwards
 */
async function siteForCli(name: string, prepare?: (db: DatabaseHandle, site: Site) => Promise<void>): Promise<{ site: Site; env: NodeJS.ProcessEnv; open: () => Promise<{ db: DatabaseHandle["db"]; close: () => Promise<void> }> }> {
  const dataDir = join(dir, name);
  const pglite = ENGINE === "pglite";
  const cliHandle = pglite ? await openDatabase({ dataDir }) : handle;
  if (pglite) await migrateDatabase(cliHandle);
  const site = await createTestSite(cliHandle);
  await prepare?.(cliHandle, site);
  if (pglite) await cliHandle.close();
  return {
    site,
    env: pglite ? { ...process.env, DATA_DIR: dataDir } : { ...process.env },
    open: async () => {
      const opened = pglite ? await openDatabase({ dataDir }) : handle;
      return { db: opened.db, close: async () => (pglite ? opened.close() : undefined) };
    },
  };
}

async function listedCount(siteId: number): Promise<number> {
  const [{ n }] = await handle.db.select({ n: count() }).from(cars).where(and(eq(cars.siteId, siteId), ne(cars.status, "withdrawn")));
  return Number(n);
}

describe(`streaming importStock (${ENGINE})`, () => {
  it.each(["csv", "json"])("imports a generated 10,000-row %s feed of about 4.5 MB holding one batch at a time, with the reader never far ahead", { timeout: 1_200_000 }, async (format) => {
    const site = await createTestSite(handle);
    const rows = 10_000;
    const path = await writeFeed(`10k.${format}`, rows, "S", true);
    const feed = await openFeedStream(path, noModels);
    const batchSize = 250;
    const bytesPerRow = feed.size / rows;
    expect(feed.size).toBeGreaterThan(4 * 1024 * 1024);
    let yielded = 0;
    const counted = (async function* () {
      for await (const row of feed.rows) {
        yielded++;
        yield row;
      }
    })();
    const batches: { done: number; rowsHeld: number; ahead: number; readAhead: number }[] = [];
    const summary = await importStock(handle.db, site, counted, {
      batchSize,
      onBatch: ({ done, rowsHeld }) => batches.push({ done, rowsHeld, ahead: yielded - done, readAhead: feed.bytesRead() - done * bytesPerRow }),
    });
    expect(summary).toMatchObject({ read: rows, created: rows, rejected: 0 });
    expect(await listedCount(site.id)).toBe(rows);
    // The importer held one batch, never the file.
    expect(summary.stats).toEqual({ batches: 40, maxRowsHeld: batchSize });
    expect(batches).toHaveLength(40);
    expect(Math.max(...batches.map((b) => b.rowsHeld))).toBe(batchSize);
    // No row was taken from the reader before the batch holding it was checked and sent to be written.
    expect(batches.every((b) => b.ahead === 0)).toBe(true);
    // The reader ran at most a couple of read chunks (256 KB each) ahead of the rows written.
    expect(Math.max(...batches.map((b) => b.readAhead))).toBeLessThan(1024 * 1024);
    // The summary's lists stay short whatever the feed's size; the counts are exact.
    expect(summary.changes.created).toHaveLength(500);
    expect(summary.changes.created[499]).toMatchObject({ row: 500, stockNumber: "S500" });
    // A bulk import renews the planner's statistics (the embedded database has no autovacuum): the
    // table's estimated rows count the new cars.
    const stats = (await handle.db.execute(sql`select reltuples::float8 as estimate from pg_class where relname = 'cars' and relkind = 'r'`)) as unknown as { rows?: { estimate: number }[] };
    const [{ estimate }] = stats.rows ?? (stats as unknown as { estimate: number }[]);
    expect(Number(estimate)).toBeGreaterThanOrEqual(rows);
  });

  it("--full withdraws every car missing from the snapshot in set-based SQL; a dry run counts them and writes nothing", { timeout: 600_000 }, async () => {
    const site = await createTestSite(handle);
    await importStock(handle.db, site, (await openFeedStream(await writeFeed("full-a.csv", 1500), noModels)).rows);
    // One car was withdrawn before: it is not withdrawn again.
    await handle.db.update(cars).set({ status: "withdrawn" }).where(and(eq(cars.siteId, site.id), eq(cars.stockNumber, "S1500")));
    const snapshot = await writeFeed("full-b.csv", 400);

    const plan = await importStock(handle.db, site, (await openFeedStream(snapshot, noModels)).rows, { full: true, dryRun: true, listLimit: 10, batchSize: 150 });
    expect(plan).toMatchObject({ read: 400, unchanged: 400, withdrawn: 1099 });
    expect(await listedCount(site.id)).toBe(1499);

    const lines: ImportReportLine[] = [];
    const result = await importStock(handle.db, site, (await openFeedStream(snapshot, noModels)).rows, { full: true, listLimit: 10, batchSize: 150, onReport: (batch) => void lines.push(...batch) });
    expect(result).toMatchObject({ read: 400, created: 0, updated: 0, unchanged: 400, withdrawn: 1099 });
    expect(await listedCount(site.id)).toBe(400);
    const [{ n }] = await handle.db.select({ n: count() }).from(cars).where(and(eq(cars.siteId, site.id), eq(cars.status, "withdrawn")));
    expect(Number(n)).toBe(1100);
    // Named in the summary up to the limit; every one in the report, by stock number.
    expect(result.changes.withdrawn).toHaveLength(10);
    const withdrawn = lines.filter((l) => l.outcome === "withdrawn");
    expect(withdrawn).toHaveLength(1099);
    expect(new Set(withdrawn.map((l) => l.stockNumber)).size).toBe(1099);
    expect(withdrawn.some((l) => l.stockNumber === "S400" || l.stockNumber === "S1500")).toBe(false);
    expect(withdrawn.every((l) => l.row === null)).toBe(true);
  });

  it("ends a batch early when its rows' photo lists are long: rows at the feed limits are held six at a time, not a thousand", async () => {
    // Each row: 200 different photo URLs of about 1,900 characters (the feed allows 200 of 2,000).
    const longUrl = (row: number, photo: number) => `https://photos.example.com/${"p".repeat(1_850)}/${row}/${photo}.jpg`;
    const rows = Array.from({ length: 12 }, (_, r) => `L${r},used,Mazda,3,2018,15990,80000,"${Array.from({ length: 200 }, (_, p) => longUrl(r, p)).join("|")}"`);
    const csv = [`${HEADER},images`, ...rows].join("\n");
    const site = await createTestSite(handle);
    const held: number[] = [];
    const summary = await importStock(handle.db, site, parseFeedText(csv, "feed.csv", noModels).rows, { onBatch: ({ rowsHeld }) => held.push(rowsHeld) });
    expect(summary).toMatchObject({ read: 12, created: 12, rejected: 0 });
    // About 379,000 characters a row: the batch reaches IMPORT_BATCH_CHARS (2,000,000) at its sixth row.
    expect(held).toEqual([6, 6]);
    expect(summary.stats).toEqual({ batches: 2, maxRowsHeld: 6 });
    const [car] = await handle.db.select({ primary: cars.primaryImageUrl, photos: cars.photosCount }).from(cars).where(and(eq(cars.siteId, site.id), eq(cars.stockNumber, "L7")));
    expect(car).toEqual({ primary: longUrl(7, 0), photos: 200 });
  });

  it("rejected rows keep their row numbers and reasons when duplicates and bad rows straddle batches", async () => {
    const csv = [
      HEADER,
      "R1,used,Mazda,3,2018,15990,80000",
      "R2,second-hand,Mazda,3,2018,15990,80000",
      "R3,used,Mazda,3,2018,15990,80000",
      "R1,used,Mazda,3,2019,15990,80000",
      "R4,used,,3,2018,15990,80000",
      "R3,used,Mazda,3,2018,15990,80000",
      "R3,used,Mazda,3,2018,15990,80000",
      "R5,used,Mazda,3,eighteen,15990,80000",
      "R6,used,Mazda,3,2018,15990,80000",
    ].join("\n");
    const path = join(dir, "rejects.csv");
    writeFileSync(path, csv);
    const wholeSite = await createTestSite(handle);
    const whole = await importStock(handle.db, wholeSite, parseFeedText(csv, "feed.csv", noModels).rows, { batchSize: 1000 });
    const streamSite = await createTestSite(handle);
    const streamed = await importStock(handle.db, streamSite, (await openFeedStream(path, noModels)).rows, { batchSize: 2 });
    expect(streamed.stats.batches).toBe(5);
    expect(streamed.rejections).toEqual(whole.rejections);
    expect(streamed.rejections).toEqual([
      { row: 2, reason: expect.stringContaining("car_type") },
      { row: 4, reason: "duplicate stock_number R1 (first at row 1)" },
      { row: 5, reason: expect.stringContaining("make") },
      { row: 6, reason: "duplicate stock_number R3 (first at row 3)" },
      { row: 7, reason: "duplicate stock_number R3 (first at row 3)" },
      { row: 8, reason: expect.stringContaining("year") },
    ]);
    expect(streamed).toMatchObject({ read: 9, created: 3, rejected: 6 });
  });

  it("npm run import --report writes one JSON line per row as it goes, then withdrawn cars and the summary", { timeout: 600_000 }, async () => {
    const first = await writeFeed("cli-a.csv", 30, "C");
    const { site, env } = await siteForCli("cli-pglite", async (db, site) => {
      await importStock(db.db, site, (await openFeedStream(first, noModels)).rows);
    });
    const feed = join(dir, "cli-b.csv");
    writeFileSync(feed, [HEADER, "C1,used,Mazda,3,2011,10001,7", "C2,used,Mazda,3,2018,99999,14", "C1,used,Mazda,3,2018,1,1", "N1,used,Mazda,3,2018,15990,5", "N2,used,,3,2018,1,1"].join("\n"));
    const report = join(dir, "report.jsonl");
    const run = spawnSync(process.execPath, [...IMPORT_NODE_FLAGS, "scripts/import.mjs", "--site", site.slug, "--full", "--report", report, feed], { encoding: "utf8", env, timeout: 300_000 });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain(`Summary for ${site.slug}: read 5, created 1, updated 1, unchanged 1, withdrawn 28, rejected 2`);
    const lines = readFileSync(report, "utf8").trim().split("\n").map((l) => JSON.parse(l));
    expect(lines[0]).toMatchObject({ site: site.slug, format: "forecourt-csv", full: true });
    expect(lines.slice(1, 6)).toEqual([
      { row: 1, outcome: "unchanged", stockNumber: "C1", name: "2011 Mazda 3" },
      { row: 2, outcome: "updated", stockNumber: "C2", name: "2018 Mazda 3" },
      { row: 3, outcome: "rejected", reason: "duplicate stock_number C1 (first at row 1)" },
      { row: 4, outcome: "created", stockNumber: "N1", name: "2018 Mazda 3" },
      { row: 5, outcome: "rejected", reason: expect.stringContaining("make") },
    ]);
    expect(lines.slice(6, -1)).toHaveLength(28);
    expect(lines.slice(6, -1).every((l) => l.outcome === "withdrawn" && l.row === null)).toBe(true);
    expect(lines.at(-1).summary).toMatchObject({ read: 5, created: 1, updated: 1, unchanged: 1, withdrawn: 28, rejected: 2 });
  });
  it("npm run import stops a JSON feed that breaks off part way with exit code 1, and keeps none of the cars read before it", { timeout: 600_000 }, async () => {
    const { site, env, open } = await siteForCli("cli-pglite-broken");
    const whole = readFileSync(await writeFeed("cli-broken.json", 1500, "B"), "utf8");
    // Cut in car 1,201: the importer has written its first batch (1,000 cars) before the fault.
    const feed = join(dir, "cli-broken-cut.json");
    writeFileSync(feed, whole.slice(0, whole.indexOf('"B1201"') + 3));
    const run = spawnSync(process.execPath, [...IMPORT_NODE_FLAGS, "scripts/import.mjs", "--site", site.slug, feed], { encoding: "utf8", env, timeout: 300_000 });
    expect(run.status, run.stderr).toBe(1);
    expect(run.stderr).toContain(`Import stopped: ${feed}: not valid JSON (the file ends before its JSON does, after car 1,200). Nothing was imported.`);
    const after = await open();
    try {
      const [{ n }] = await after.db.select({ n: count() }).from(cars).where(eq(cars.siteId, site.id));
      expect(Number(n)).toBe(0);
    } finally {
      await after.close();
    }
  });
});

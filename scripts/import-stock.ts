/**
 * `npm run import -- --site <slug> [--full] [--mapping <columns.json>] [--report <file>] <file>`
 *
 * Imports a stock feed (CSV: the real data set's columns or Forecourt's own; or JSON) into one
 * site. `--mapping` renames the dealer's own column names to Forecourt's (docs/stock-import.md).
 * UTF-8 (with or without BOM) and UTF-16 with BOM are read; any other encoding is refused, named.
 * Upserts by stock number; `--full` withdraws the site's cars missing from the file.
 * The feed is read as a stream and imported a batch at a time (issue 54 item 4), so memory is
 * bounded by a batch, not by the file (JSON too, a car at a time).
 * Prints progress and a summary; the first 20 bad rows are listed with their row number and
 * reason. `--report` writes one JSON line per feed row (and per withdrawn car) as the import goes.
 * Uses DATABASE_URL when set, else the embedded database in DATA_DIR (default .data/pglite);
 * stop `npm start` first when using the embedded database (one process can open it at a time).
 * Exit codes: 0 done (even with rejected rows), 1 bad usage or an unreadable file (also when it
 * is found unreadable part way: nothing is imported), 2 database error.
 */
import { createWriteStream, readFileSync, type WriteStream } from "node:fs";
import { once } from "node:events";
import { parseArgs } from "node:util";
import { openDatabase } from "../db/client.ts";
import { migrateDatabase } from "../db/migrate.ts";
import { projectFile } from "../db/project-file.ts";
import { loadKnownModels, parseColumnMap } from "../app/import/parse-feed.ts";
import { openFeedStream } from "../app/import/stream-feed.ts";
import { FeedEncodingError } from "../app/import/feed-encoding.ts";
import { FeedFormatError } from "../app/import/json-feed-stream.ts";
import { getSiteBySlug, listSites } from "../app/services/sites.server.ts";
import { importStock, type ImportReportLine } from "../app/services/stock-import.server.ts";

const USAGE = "usage: npm run import -- --site <slug> [--full] [--mapping <columns.json>] [--report <file.jsonl>] <feed.csv|feed.json>";
/** Rejections kept for the summary printed (every one is in the report). */
const REJECTIONS_KEPT = 1000;
/** Distinct rejection reasons counted for "Rejected rows by reason" (the rest are counted together). */
const REASONS_COUNTED = 10_000;

/** Writes text to a file stream, waiting while its buffer is full. */
async function write(stream: WriteStream, text: string): Promise<void> {
  if (!stream.write(text)) await once(stream, "drain");
}

async function run(): Promise<number> {
  let args;
  try {
    args = parseArgs({
      options: { site: { type: "string" }, full: { type: "boolean", default: false }, mapping: { type: "string" }, report: { type: "string" }, help: { type: "boolean" } },
      allowPositionals: true,
    });
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 1;
  }
  if (args.values.help) {
    console.log(USAGE);
    return 0;
  }
  const file = args.positionals[0];
  if (!args.values.site || !file || args.positionals.length > 1) {
    console.error(USAGE);
    return 1;
  }
  const knownModels = loadKnownModels(readFileSync(projectFile("data/au_make_model_reference.csv", import.meta.url), "utf8"));
  let feed;
  try {
    const columnMap = args.values.mapping ? parseColumnMap(readFileSync(args.values.mapping, "utf8"), args.values.mapping) : undefined;
    feed = await openFeedStream(file, knownModels, { columnMap });
  } catch (error) {
    console.error(`Cannot read ${file}: ${(error as Error).message}`);
    return 1;
  }
  console.log(`${file}: ${(feed.size / (1024 * 1024)).toLocaleString("en-AU", { maximumFractionDigits: 1 })} MB (${feed.format}, ${feed.encoding})`);

  const handle = await openDatabase({ url: process.env.DATABASE_URL || undefined, dataDir: process.env.DATABASE_URL ? undefined : (process.env.DATA_DIR ?? ".data/pglite") });
  try {
    await migrateDatabase(handle);
    const site = await getSiteBySlug(handle.db, args.values.site);
    if (!site) {
      const known = (await listSites(handle.db)).map((s) => s.slug).join(", ") || "none yet: run npm start once to seed the demo sites";
      console.error(`No site '${args.values.site}'. Sites: ${known}`);
      return 1;
    }
    const tty = process.stdout.isTTY;
    let lastShown = 0;
    const report = args.values.report ? createWriteStream(args.values.report) : null;
    if (report) await write(report, `${JSON.stringify({ file, site: site.slug, format: feed.format, encoding: feed.encoding, full: args.values.full })}\n`);
    const reasons = new Map<string, number>();
    let otherReasons = 0;
    const summary = await importStock(handle.db, site, feed.rows, {
      full: args.values.full,
      rejectionLimit: REJECTIONS_KEPT,
      onReport: async (lines: ImportReportLine[]) => {
        for (const line of lines) {
          if (line.outcome !== "rejected") continue;
          if (reasons.has(line.reason!) || reasons.size < REASONS_COUNTED) reasons.set(line.reason!, (reasons.get(line.reason!) ?? 0) + 1);
          else otherReasons++;
        }
        if (report) await write(report, lines.map((line) => `${JSON.stringify(line)}\n`).join(""));
      },
      onProgress: (done) => {
        // Progress is the share of the file read: the number of rows is not known until the end.
        const pct = Math.floor((feed.bytesRead() / Math.max(1, feed.size)) * 100);
        if (tty) process.stdout.write(`\r  ${done.toLocaleString("en-AU")} rows (${pct}% of the file)`);
        else if (pct >= lastShown + 10) {
          console.log(`  ${done} rows (${pct}% of the file)`);
          lastShown = pct;
        }
      },
    });
    if (tty) process.stdout.write("\n");
    console.log(
      `Summary for ${site.slug}: read ${summary.read}, created ${summary.created}, updated ${summary.updated}, unchanged ${summary.unchanged}, withdrawn ${summary.withdrawn}, rejected ${summary.rejected}`,
    );
    if (summary.rejected) {
      console.log("Rejected rows by reason:");
      for (const [reason, n] of [...reasons].sort((a, b) => b[1] - a[1]).slice(0, 10)) console.log(`  ${String(n).padStart(6)}  ${reason}`);
      if (otherReasons) console.log(`  ${String(otherReasons).padStart(6)}  (other reasons)`);
      for (const r of summary.rejections.slice(0, 20)) console.log(`  row ${r.row}: ${r.reason}`);
      if (summary.rejected > 20) console.log(`  ... ${summary.rejected - 20} more${args.values.report ? ` in ${args.values.report}` : " (use --report <file> for all)"}`);
    }
    const fixes = Object.entries(summary.fixes).sort((a, b) => b[1] - a[1]);
    if (fixes.length) {
      console.log("Cleaned on the way in:");
      for (const [fix, n] of fixes) console.log(`  ${String(n).padStart(6)}  ${fix}`);
    }
    if (report) {
      const { rejections: _rejections, changes: _changes, ...totals } = summary;
      await write(report, `${JSON.stringify({ summary: totals })}\n`);
      report.end();
      await once(report, "finish");
      console.log(`Report written to ${args.values.report} (one JSON line per row)`);
    }
    return 0;
  } catch (error) {
    // A feed found unreadable part way (a bad byte, JSON that breaks off) is the file's fault, not the database's.
    if (error instanceof FeedEncodingError || error instanceof FeedFormatError) {
      // The message starts with the file's name.
      console.error(`Import stopped: ${error.message}. Nothing was imported.`);
      return 1;
    }
    console.error(`Import failed: ${(error as Error).message}`);
    return 2;
  } finally {
    await handle.close();
  }
}

process.exitCode = await run();

/**
 * `npm run import -- --site <slug> [--full] [--mapping <columns.json>] [--report <file>] <file>`
 *
 * Imports a stock feed (CSV: the real data set's columns or Forecourt's own; or JSON) into one
 * site. `--mapping` renames the dealer's own column names to Forecourt's (docs/stock-import.md).
 * UTF-8 (with or without BOM) and UTF-16 with BOM are read; any other encoding is refused, named.
 * Upserts by stock number; `--full` withdraws the site's cars missing from the file.
 * Prints progress and a summary; bad rows are listed with their row number and reason.
 * Uses DATABASE_URL when set, else the embedded database in DATA_DIR (default .data/pglite);
 * stop `npm start` first when using the embedded database (one process can open it at a time).
 * Exit codes: 0 done (even with rejected rows), 1 bad usage or unreadable file, 2 database error.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { openDatabase } from "../db/client.ts";
import { migrateDatabase } from "../db/migrate.ts";
import { loadKnownModels, parseColumnMap, parseFeedFile } from "../app/import/parse-feed.ts";
import { getSiteBySlug, listSites } from "../app/services/sites.server.ts";
import { importStock } from "../app/services/stock-import.server.ts";

const USAGE = "usage: npm run import -- --site <slug> [--full] [--mapping <columns.json>] [--report <file.json>] <feed.csv|feed.json>";

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
  const knownModels = loadKnownModels(readFileSync(fileURLToPath(new URL("../data/au_make_model_reference.csv", import.meta.url)), "utf8"));
  let parsed;
  try {
    const columnMap = args.values.mapping ? parseColumnMap(readFileSync(args.values.mapping, "utf8"), args.values.mapping) : undefined;
    parsed = parseFeedFile(file, knownModels, { columnMap });
  } catch (error) {
    console.error(`Cannot read ${file}: ${(error as Error).message}`);
    return 1;
  }
  console.log(`${file}: ${parsed.rows.length.toLocaleString("en-AU")} rows (${parsed.format}, ${parsed.encoding})`);

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
    const summary = await importStock(handle.db, site, parsed.rows, {
      full: args.values.full,
      onProgress: (done, total) => {
        const pct = Math.floor((done / total) * 100);
        if (tty) process.stdout.write(`\r  writing ${done.toLocaleString("en-AU")}/${total.toLocaleString("en-AU")} (${pct}%)`);
        else if (pct >= lastShown + 10 || done === total) {
          console.log(`  writing ${done}/${total} (${pct}%)`);
          lastShown = pct;
        }
      },
    });
    if (tty) process.stdout.write("\n");
    console.log(
      `Summary for ${site.slug}: read ${summary.read}, created ${summary.created}, updated ${summary.updated}, unchanged ${summary.unchanged}, withdrawn ${summary.withdrawn}, rejected ${summary.rejected}`,
    );
    const reasons = new Map<string, number>();
    for (const r of summary.rejections) reasons.set(r.reason, (reasons.get(r.reason) ?? 0) + 1);
    if (summary.rejected) {
      console.log("Rejected rows by reason:");
      for (const [reason, n] of [...reasons].sort((a, b) => b[1] - a[1]).slice(0, 10)) console.log(`  ${String(n).padStart(6)}  ${reason}`);
      for (const r of summary.rejections.slice(0, 20)) console.log(`  row ${r.row}: ${r.reason}`);
      if (summary.rejections.length > 20) console.log(`  ... ${summary.rejections.length - 20} more${args.values.report ? ` in ${args.values.report}` : " (use --report <file> for all)"}`);
    }
    const fixes = Object.entries(summary.fixes).sort((a, b) => b[1] - a[1]);
    if (fixes.length) {
      console.log("Cleaned on the way in:");
      for (const [fix, n] of fixes) console.log(`  ${String(n).padStart(6)}  ${fix}`);
    }
    if (args.values.report) {
      writeFileSync(args.values.report, JSON.stringify({ file, site: site.slug, ...summary }, null, 2));
      console.log(`Report written to ${args.values.report}`);
    }
    return 0;
  } catch (error) {
    console.error(`Import failed: ${(error as Error).message}`);
    return 2;
  } finally {
    await handle.close();
  }
}

process.exitCode = await run();

/**
 * `npm run bench:import [-- --rows 200000,1000000] [--runs 3] [--format csv|json] [--keep]`
 *
 * Issue 54 item 4: the streaming importer's time and peak memory. For each row count, writes a
 * synthetic feed (the real listings' 19 columns, data/australian_vehicle_prices.csv's rows
 * repeated with their kilometres moved so every row is a distinct car) to a temporary file as a
 * stream (`--format json`: the same cars, cleaned, as a JSON array in Forecourt's own keys, one car
 * a line, their stock numbers made distinct), then imports it `--runs` times into a fresh site of a scratch PostgreSQL database
 * (BENCH_IMPORT_DB, default h54imp_bench) with `npm run import`'s command (its bundle, built first,
 * and Node flags) in a child process, and prints wall time, the child's CPU time and its peak RSS
 * (VmHWM) as min / median / max, with the load average. Both times include the CLI's start
 * (migrations check, reference data).
 * Then a full snapshot of one row (`--full`) over the last run's stock withdraws every other car,
 * timing the set-based withdrawal (one run).
 * Goals: 200,000 rows under 60 s; 1,000,000 rows under 300 MB.
 * PostgreSQL: BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres) for the admin connection.
 */
import { spawn } from "node:child_process";
import { createReadStream, createWriteStream, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { once } from "node:events";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { parseArgs } from "node:util";
import pg from "pg";
import { openDatabase } from "../db/client.ts";
import { migrateDatabase } from "../db/migrate.ts";
import { dealerGroups, locations, sites } from "../db/schema/index.ts";
import { loadKnownModels, parseFeedText } from "../app/import/parse-feed.ts";
import { formatSpread, spread } from "./bench/lib.ts";
import { buildImportCli, IMPORT_NODE_FLAGS } from "./build-cli.mjs";

const ADMIN_URL = process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const DB_NAME = process.env.BENCH_IMPORT_DB ?? "h54imp_bench";

/** The load average (1, 5, 15 min): the machine is shared, so every figure is given with it. */
function load(): string {
  return loadavg().map((n) => n.toFixed(2)).join(" ");
}

/** Writes `lines` to `path` as they are made, 256 KB at a time, waiting when the disk is behind. */
async function writeStreamed(path: string, lines: Iterable<string>): Promise<void> {
  const out = createWriteStream(path);
  let chunk = "";
  for (const line of lines) {
    chunk += line;
    if (chunk.length > 256 * 1024) {
      if (!out.write(chunk)) await once(out, "drain");
      chunk = "";
    }
  }
  out.end(chunk);
  await once(out, "finish");
}

/** Writes `rows` data rows of the real listings' format to `path`, a stream at a time. */
async function writeFeed(path: string, rows: number): Promise<void> {
  const source: string[] = [];
  let header = "";
  for await (const line of createInterface({ input: createReadStream("data/australian_vehicle_prices.csv") })) {
    if (!header) header = line;
    else if (line.trim()) source.push(line);
  }
  const kmColumn = header.split(",").indexOf("Kilometres");
  await writeStreamed(
    path,
    (function* () {
      yield `${header}\n`;
      for (let i = 0; i < rows; i++) {
        const cycle = Math.floor(i / source.length);
        // The kilometres field is never quoted in the data set: move it by the cycle number, so each
        // repeat of a row is another car (its stock number is a hash of the whole row).
        const fields = splitOutsideQuotes(source[i % source.length]);
        if (cycle > 0 && /^\d+$/.test(fields[kmColumn] ?? "")) fields[kmColumn] = String(Number(fields[kmColumn]) + cycle);
        yield `${fields.join(",")}\n`;
      }
    })(),
  );
}

/**
 * Writes `rows` cars as a JSON feed: the real listings, read and cleaned as the importer reads them,
 * in Forecourt's own keys, repeated with the cycle number added to the stock number and kilometres.
 */
async function writeJsonFeed(path: string, rows: number): Promise<void> {
  const knownModels = loadKnownModels(readFileSync("data/au_make_model_reference.csv", "utf8"));
  const records = parseFeedText(readFileSync("data/australian_vehicle_prices.csv", "utf8"), "listings.csv", knownModels).rows.flatMap((r) => (r.ok ? [r.record] : []));
  await writeStreamed(
    path,
    (function* () {
      yield "[\n";
      for (let i = 0; i < rows; i++) {
        const record = records[i % records.length];
        const cycle = Math.floor(i / records.length);
        const car = cycle ? { ...record, stock_number: `${record.stock_number}-${cycle}`, km: typeof record.km === "number" ? record.km + cycle : record.km } : record;
        yield `${JSON.stringify(car)}${i < rows - 1 ? "," : ""}\n`;
      }
      yield "]\n";
    })(),
  );
}

/** A CSV line's fields, quotes kept as written (the line is written back as it was, but for one field). */
function splitOutsideQuotes(line: string): string[] {
  const fields: string[] = [];
  let quoted = false;
  let start = 0;
  for (let i = 0; i < line.length; i++) {
    if (line[i] === '"') quoted = !quoted;
    else if (line[i] === "," && !quoted) {
      fields.push(line.slice(start, i));
      start = i + 1;
    }
  }
  fields.push(line.slice(start));
  return fields;
}

/** Runs `npm run import` in a child; @returns seconds, the child's peak RSS (MB) and its summary line */
async function runImport(url: string, slug: string, file: string, full: boolean, peakFile: string): Promise<{ seconds: number; cpuSeconds: number; peakMb: number; summary: string }> {
  const started = performance.now();
  const child = spawn(process.execPath, [...IMPORT_NODE_FLAGS, "--import", "./scripts/bench/peak-rss.mjs", "scripts/import.mjs", "--site", slug, ...(full ? ["--full"] : []), file], {
    env: { ...process.env, DATABASE_URL: url, PEAK_RSS_FILE: peakFile },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  const [code] = await once(child, "exit");
  const seconds = (performance.now() - started) / 1000;
  if (code !== 0) throw new Error(`import exited ${code}:\n${output}`);
  const [kb, cpuMs] = readFileSync(peakFile, "utf8").split(" ").map(Number);
  return { seconds, cpuSeconds: cpuMs / 1000, peakMb: kb / 1024, summary: output.split("\n").find((l) => l.startsWith("Summary")) ?? "" };
}

async function main() {
  const args = parseArgs({ options: { rows: { type: "string", default: "200000,1000000" }, runs: { type: "string", default: "3" }, format: { type: "string", default: "csv" }, keep: { type: "boolean", default: false } } });
  const format = args.values.format;
  if (format !== "csv" && format !== "json") throw new Error(`--format is csv or json, not ${format}`);
  const sizes = args.values.rows.split(",").map(Number);
  const runs = Number(args.values.runs);
  await buildImportCli();
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${DB_NAME} with (force)`);
  await admin.query(`create database ${DB_NAME}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${DB_NAME}`;
  const handle = await openDatabase({ url: url.toString(), poolSize: 2 });
  await migrateDatabase(handle);
  const dir = mkdtempSync(join(tmpdir(), "h54imp-bench-"));
  const table: string[] = [];
  try {
    for (const rows of sizes) {
      const file = join(dir, `feed-${rows}.${format}`);
      const generated = performance.now();
      await (format === "json" ? writeJsonFeed : writeFeed)(file, rows);
      console.log(`${rows.toLocaleString("en-AU")} rows written to ${file} in ${((performance.now() - generated) / 1000).toFixed(1)} s`);
      const times: number[] = [];
      const peaks: number[] = [];
      const cpu: number[] = [];
      let slug = "";
      for (let run = 1; run <= runs; run++) {
        slug = `bench-${rows}-${run}`;
        const [group] = await handle.db.insert(dealerGroups).values({ slug: `${slug}-group`, name: slug }).returning();
        const [site] = await handle.db.insert(sites).values({ slug, name: slug, hosts: [], dealerGroupId: group.id, config: {} }).returning();
        await handle.db.insert(locations).values({ siteId: site.id, dealerGroupId: group.id, slug: "main", name: "Main", city: "Parramatta", state: "NSW", postcode: "2150", lat: -33.8136, long: 151.0034, locationType: "sales", manufacturers: [], primary: true });
        const result = await runImport(url.toString(), slug, file, false, join(dir, "peak"));
        times.push(result.seconds);
        peaks.push(result.peakMb);
        cpu.push(result.cpuSeconds);
        console.log(`  run ${run}: ${result.seconds.toFixed(1)} s (CPU ${result.cpuSeconds.toFixed(1)} s), peak RSS ${result.peakMb.toFixed(0)} MB, load average ${load()}  ${result.summary}`);
      }
      table.push(`| ${rows.toLocaleString("en-AU")} rows (${format.toUpperCase()}), new site | ${formatSpread(spread(times), 1)} s | ${formatSpread(spread(cpu), 1)} s | ${formatSpread(spread(peaks))} MB |`);
      // A full snapshot of one row over the last run's stock: every other car is withdrawn.
      const one = join(dir, "one.csv");
      await writeFeed(one, 1);
      const withdrawal = await runImport(url.toString(), slug, one, true, join(dir, "peak"));
      console.log(`  --full withdrawal: ${withdrawal.seconds.toFixed(1)} s (CPU ${withdrawal.cpuSeconds.toFixed(1)} s), peak RSS ${withdrawal.peakMb.toFixed(0)} MB, load average ${load()}  ${withdrawal.summary}`);
      table.push(`| ${rows.toLocaleString("en-AU")} rows, \`--full\` withdrawal (1 run) | ${withdrawal.seconds.toFixed(1)} s | ${withdrawal.cpuSeconds.toFixed(1)} s | ${withdrawal.peakMb.toFixed(0)} MB |`);
      rmSync(file, { force: true });
    }
    console.log(`\nImporter (PostgreSQL, child process; min / median / max of ${runs} runs; load average at the end ${load()})\n| Feed | Wall time | Importer CPU (user+sys) | Peak RSS (VmHWM) |\n|---|---|---|---|\n${table.join("\n")}`);
  } finally {
    await handle.close();
    rmSync(dir, { recursive: true, force: true });
    if (!args.values.keep) await admin.query(`drop database if exists ${DB_NAME} with (force)`);
    await admin.end();
  }
}

await main();

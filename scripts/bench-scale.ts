/**
 * `npm run bench:scale` (issue 54 "Benchmarks"): a national deployment on one node. Seeds the
 * synthetic data set (scripts/bench/scale-seed.ts: 5,000 sites, 1,000,000 cars, 10,000,000 leads
 * by default) into a scratch PostgreSQL database with COPY, starts the real server
 * (scripts/start.mjs) against it with READ_MODEL_MB set, and reports min / median / max of
 * `--runs` (3) runs beside the goals:
 * - `rss`: the server's RSS with the hottest 500 sites loaded (the 500 largest: an upper bound);
 * - `cold`: time to the first SRP of a site this node has not loaded (a "cold site": its read
 *   model is not in memory; the server, its site list and its database connections are warm);
 * - `search`: the read model's query time (`ms` of /api/search) p50 / p99 over varied searches of
 *   the site of 200 cars; the group-wide row is a hook (n/a until group search is on main);
 * - `http`: uncached (PAGE_CACHE=off) VDP and SRP req/s at 10 connections (autocannon, as
 *   bench:http) on the site of 200 cars, and on perth-toyota in a database holding only the demo
 *   sites (today's single-site figures) for the ratio;
 * - `stall`: the longest event-loop delay (prom-client's `nodejs_eventloop_lag_max_seconds`,
 *   perf_hooks.monitorEventLoopDelay, reset at each scrape) while stock changes arrive at 10 per
 *   second across the loaded sites with SRP traffic on them, and the slowest /healthz meanwhile;
 *   each run is followed by a control run with the same traffic and no stock change;
 * - `import`: `npm run import` (scripts/import-stock.ts, whichever importer is on the branch) in
 *   a child process on generated feeds of 200,000 and 1,000,000 rows: time and peak RSS (VmHWM).
 *
 * Options: `--only seed,rss,cold,search,http,stall,import`, `--sites N --cars N --leads N`
 * (smaller sets for a quick run), `--runs N`, `--reuse` (keep the database when it already holds
 * this size: seeding the full set takes many minutes), `--import-rows 200000,1000000`.
 * Environment: SCALE_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/h54scale_bench),
 * SCALE_PORT (4400; metrics on 4490), READ_MODEL_MB (1024), BENCH_SECONDS (5), BENCH_OUT
 * (.data/bench-scale.json). A benchmark, not a test: nothing fails on timings.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { dirname } from "node:path";
import { parseScaleArgs, scaleDatabaseUrl, type ScalePart } from "./bench/scale-args";
import { runScaleParts, type ScaleRow } from "./bench/scale-measure";
import { databaseName, seedScaleDatabase } from "./bench/scale-seed";

let options;
try {
  options = parseScaleArgs(process.argv.slice(2));
} catch (error) {
  console.error((error as Error).message);
  process.exit(2);
}
const url = scaleDatabaseUrl();
const log = (line: string) => console.error(line);
const started = Date.now();
const load = () => loadavg().map((n) => n.toFixed(2)).join(" ");
log(`bench:scale on ${databaseName(url)}: ${options.size.sites} sites, ${options.size.cars} cars, ${options.size.leads} leads; parts ${options.only.join(",")}; load average ${load()}`);

const rows: ScaleRow[] = [];
const parts = new Set<ScalePart>(options.only);
if (parts.has("seed")) {
  const t = Date.now();
  const seeded = await seedScaleDatabase(url, options.size, { reuse: options.reuse, log });
  rows.push({ part: "seed", measure: seeded ? "seeding (COPY), once" : "seeding: reused", figure: seeded ? `${((Date.now() - t) / 60_000).toFixed(1)} min` : "–", goal: "–" });
}
rows.push(...(await runScaleParts(url, options, log)));

let commit = "unknown";
try {
  commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8" }).trim();
} catch {
  // not a git checkout
}
const lines = [
  `bench:scale, ${commit}, PostgreSQL ${databaseName(url)}: ${options.size.sites.toLocaleString("en-AU")} sites, ${options.size.cars.toLocaleString("en-AU")} cars, ${options.size.leads.toLocaleString("en-AU")} leads; ${options.runs} run(s), min / median / max; load average at the end ${load()}`,
  "",
  "| part | measure | figure | goal (issue 54) |",
  "|---|---|---|---|",
  ...rows.map((r) => `| ${r.part} | ${r.measure} | ${r.figure} | ${r.goal} |`),
  "",
  `Total time ${((Date.now() - started) / 60_000).toFixed(1)} min.`,
];
console.log(lines.join("\n"));
const out = process.env.BENCH_OUT ?? ".data/bench-scale.json";
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, JSON.stringify({ date: new Date().toISOString(), commit, database: databaseName(url), size: options.size, runs: options.runs, rows }, null, 2));
log(`wrote ${out}`);

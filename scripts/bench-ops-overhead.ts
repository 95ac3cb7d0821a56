/**
 * `npm run bench:ops-overhead` (issue 55 "Must show": the overhead of metrics and of tracing on an
 * uncached VDP, goal under 3% req/s each, measured side by side). Four production servers with
 * the page cache off (every request renders) on the demo site perth-toyota:
 *
 * - `plain`: neither metrics nor tracing;
 * - `metrics`: METRICS_PORT set (every request observed in the histograms; no scraper, so the
 *   figure is the recording cost);
 * - `tracing`: OTEL_EXPORTER_OTLP_ENDPOINT set to a sink in this script that accepts every export
 *   (all requests sampled: the SDK's default), so spans are built, batched and sent;
 * - `tracing-10%`: the same with OTEL_TRACES_SAMPLER=parentbased_traceidratio and
 *   OTEL_TRACES_SAMPLER_ARG=0.1 (one request in ten traced), the guide's production setting.
 *
 * With PostgreSQL (DATABASE_URL) the four run at once and the loads alternate plain, metrics,
 * tracing, tracing-10% in each of BENCH_RUNS rounds, so a neighbour's load on a shared machine
 * falls on all of them alike; on the embedded database (one process per folder) each round
 * starts and stops them in turn. Each load is BENCH_SECONDS (default 10) of autocannon at BENCH_CONNECTIONS (10)
 * on the same VDP after a 3 s warm-up; it prints req/s min / median / max per configuration, the
 * server CPU per request, and each configuration's median over plain's.
 *
 * On a shared machine req/s and CPU time move by more than the 3% to be shown. `--instructions`
 * (`npm run bench:ops-instructions`) counts instead: each server runs under `valgrind
 * --tool=callgrind`, which counts the instructions the process executes whatever else the machine
 * is doing, and `callgrind_control -e Ir` reads the counts (every thread, and the main JavaScript
 * thread apart) before and after each window of BENCH_REQUESTS (default 25) requests, after
 * BENCH_WARMUP (default 60) requests that let V8 optimise. BENCH_RUNS (default 4) windows per
 * configuration; on PostgreSQL the four servers run at once (a count does not depend on what runs
 * beside it); 2 connections (the server, slowed about 50 times, always has one waiting). The background workers (lead delivery, reservations, feeds: LEAD_WORKER=0) are off,
 * so the counts are the requests' own; each server's idle instructions per second are measured
 * too, and for `metrics` the cost of one scrape. Prints instructions per request min / median /
 * max and each median over plain's.
 *
 * BENCH_CONFIGS (e.g. `metrics,tracing-10%`) measures plain and those only; each round starts with
 * the next configuration. BENCH_PIN=1 gives the servers the last core and autocannon the others.
 * BENCH_PORT (default 3234): servers on it and the next three, the trace sink on the fourth after,
 * the metrics listener on the fifth.
 * A benchmark, not a test: nothing fails on timings or counts.
 */
import { execFile, execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
// @ts-expect-error autocannon ships no type declarations
import autocannon from "autocannon";
import { firstLink, formatSpread, parseCallgrindCounts, spread, type InstructionCounts } from "./bench/lib";
import { appDir, benchPort, BROWSER_HEADERS, ensureBuild, get, startServer, type BenchServer } from "./bench/server";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const INSTRUCTIONS = process.argv.includes("--instructions");
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? (INSTRUCTIONS ? 2 : 10));
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 25);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 60);
/**
 * A young generation of one fixed size (16 MB semi-spaces), so scavenges come every 16 MB allocated
 * instead of at a size V8 grows and shrinks with the wall-clock rate of allocation.
 */
const FIXED_YOUNG_GENERATION = ["--min-semi-space-size=16", "--max-semi-space-size=16"];
/**
 * Counting instructions: V8 with no background threads (`--single-threaded`), so compilation and
 * garbage collection run on the main thread where the program's own work puts them, not when a
 * busy machine happens to schedule a helper thread. Without it a window's count grew with the
 * wall time it took under valgrind (±10% between windows of one server at load 15). BENCH_V8_THREADS=1
 * leaves V8's threads on. The young generation is fixed in size too.
 */
const NODE_ARGS = INSTRUCTIONS && process.env.BENCH_V8_THREADS !== "1" ? ["--single-threaded", ...FIXED_YOUNG_GENERATION] : [];
const RUNS = Number(process.env.BENCH_RUNS ?? (INSTRUCTIONS ? 4 : 3));
const HOST = "perth-toyota.localhost";
const PORT = benchPort(3234);
const SINK_PORT = PORT + 4;
const ALL_CONFIGS = ["plain", "metrics", "tracing", "tracing-10%"] as const;
type Config = (typeof ALL_CONFIGS)[number];
/**
 * BENCH_CONFIGS (comma-separated, default all four) narrows the run, so more rounds fit in a quiet
 * window; `plain` is always measured, being what the others are compared with.
 */
const CONFIGS: readonly Config[] = (() => {
  const asked = (process.env.BENCH_CONFIGS ?? ALL_CONFIGS.join(",")).split(",").map((c) => c.trim());
  const unknown = asked.filter((c) => !(ALL_CONFIGS as readonly string[]).includes(c));
  if (unknown.length) throw new Error(`BENCH_CONFIGS: unknown ${unknown.join(", ")} (known: ${ALL_CONFIGS.join(", ")})`);
  return ALL_CONFIGS.filter((c) => c === "plain" || asked.includes(c));
})();
const execFileAsync = promisify(execFile);

interface Run {
  reqs: number;
  cpuMsPerRequest: number;
  non2xx: number;
  errors: number;
}

// The OTLP/HTTP receiver: accepts every export, counts what arrived.
let exportedBytes = 0;
let exports = 0;
const sink = createServer((req, res) => {
  req.on("data", (chunk: Buffer) => (exportedBytes += chunk.length));
  req.on("end", () => {
    exports++;
    res.writeHead(200, { "content-type": "application/json" }).end("{}");
  });
});
await new Promise<void>((ok) => sink.listen(SINK_PORT, "127.0.0.1", () => ok()));

const dir = appDir();
ensureBuild(dir);
const concurrent = Boolean(process.env.DATABASE_URL);
const scratch = mkdtempSync(join(tmpdir(), "forecourt-ops-bench-"));

function envOf(config: Config): Record<string, string> {
  // Counting instructions: no background workers, so a window counts its requests only.
  const env: Record<string, string> = { PAGE_CACHE: "off", ...(INSTRUCTIONS ? { LEAD_WORKER: "0" } : {}) };
  // Side by side on PostgreSQL: each its own folder (admin socket), as separate machines would be.
  if (concurrent) env.DATA_DIR = join(scratch, config);
  if (config === "metrics") env.METRICS_PORT = String(PORT + 5);
  if (config.startsWith("tracing")) env.OTEL_EXPORTER_OTLP_ENDPOINT = `http://127.0.0.1:${SINK_PORT}`;
  if (config === "tracing-10%") Object.assign(env, { OTEL_TRACES_SAMPLER: "parentbased_traceidratio", OTEL_TRACES_SAMPLER_ARG: "0.1" });
  return env;
}

/**
 * BENCH_PIN=1 (req/s mode, Linux `taskset`): the servers share the machine's last core and this
 * process (autocannon) the others, so the loaded server has a core of its own whatever autocannon
 * and PostgreSQL do. Unpinned, a quiet 2-core machine moved one server's rounds by ±25%.
 */
const PIN = !INSTRUCTIONS && process.env.BENCH_PIN === "1";
const SERVER_CORE = cpus().length - 1;
if (PIN) {
  if (SERVER_CORE < 1) throw new Error("BENCH_PIN needs at least 2 cores");
  execFileSync("taskset", ["-p", "-c", `0-${SERVER_CORE - 1}`, String(process.pid)], { stdio: "ignore" });
}

async function start(config: Config): Promise<BenchServer> {
  const index = ALL_CONFIGS.indexOf(config);
  if (!INSTRUCTIONS) return startServer({ dir, port: PORT + index, env: envOf(config), wrapper: PIN ? ["taskset", "-c", String(SERVER_CORE)] : undefined });
  // Under callgrind a start takes minutes (and several at once on a busy machine longer).
  const wrapper = ["valgrind", "--tool=callgrind", "--quiet", `--callgrind-out-file=${join(scratch, `${index}.callgrind`)}`];
  return startServer({ dir, port: PORT + index, env: envOf(config), wrapper, nodeArgs: NODE_ARGS, readyWithinMs: 40 * 60_000 });
}

async function load(server: BenchServer, path: string, seconds: number): Promise<Run> {
  const before = server.cpuMs();
  const r = await autocannon({ url: `http://127.0.0.1:${server.port}${path}`, headers: { ...BROWSER_HEADERS, host: HOST }, connections: CONNECTIONS, duration: seconds });
  return { reqs: r.requests.average, cpuMsPerRequest: r.requests.total > 0 ? (server.cpuMs() - before) / r.requests.total : NaN, non2xx: r.non2xx, errors: r.errors };
}

/**
 * The first car link on perth-toyota's SRP. A server under callgrind on a busy machine can answer
 * its first requests with a 503 (the database work cap) or before the demo seed is in, so it asks
 * up to 10 times, 15 s apart. @throws naming the last status when no car link came
 */
async function vdpPath(server: BenchServer): Promise<string> {
  let last = "";
  for (let attempt = 1; attempt <= 10; attempt++) {
    const srp = await get(server.port, "/search?body=SUV&car_type=used", HOST, { accept: BROWSER_HEADERS.accept });
    const vdp = firstLink(srp.body.toString("utf8"), /^\/cars\/[^/?#]+$/);
    if (vdp) return vdp;
    last = `status ${srp.status}, ${srp.body.length} bytes`;
    await new Promise((r) => setTimeout(r, 15_000));
  }
  throw new Error(`no car link on perth-toyota's SRP after 10 tries (last: ${last})`);
}

const started = Date.now();
const load0 = loadavg();
const lines = INSTRUCTIONS ? await countInstructions() : await measureRequestsPerSecond();
const load1 = loadavg();
lines.push(
  `Trace exports received by the sink: ${exports} (${(exportedBytes / 1024).toFixed(0)} KB). Total time ${((Date.now() - started) / 60_000).toFixed(1)} min. Load average (1 min) at the start ${load0[0].toFixed(1)}, at the end ${load1[0].toFixed(1)} (15 min: ${load1[2].toFixed(1)}).`,
);
console.log(lines.join("\n"));

/** The req/s mode: autocannon loads of BENCH_SECONDS, alternating between the configurations. @returns the report's lines */
async function measureRequestsPerSecond(): Promise<string[]> {
  const runs: Record<Config, Run[]> = { plain: [], metrics: [], tracing: [], "tracing-10%": [] };
  console.error(`bench:ops-overhead, ${concurrent ? "PostgreSQL, servers side by side" : "PGlite, servers in turn"}, ${RUNS} runs x ${SECONDS} s, ${CONNECTIONS} connections, uncached VDP${PIN ? `, servers pinned to core ${SERVER_CORE}` : ""}`);
  let path = "";
  let pathFound: Promise<string> | undefined;
  const servers = new Map<Config, BenchServer>();
  try {
    if (concurrent) {
      // One after the other: the first seeds the demo sites on a new database.
      for (const config of CONFIGS) servers.set(config, await start(config));
      path = await vdpPath(servers.get("plain")!);
      for (const config of CONFIGS) await load(servers.get(config)!, path, 3);
    }
    for (let run = 1; run <= RUNS; run++) {
      // Each round starts with the next configuration, so no configuration always follows the same
      // neighbour's load (a warm PostgreSQL cache, a freshly idle core).
      const order = CONFIGS.map((_, i) => CONFIGS[(i + run - 1) % CONFIGS.length]);
      for (const config of order) {
        const server = servers.get(config) ?? (await start(config));
        try {
          // One server finds the VDP for all (they share the database); the others wait for it.
    path = await (pathFound ??= vdpPath(server));
          if (!concurrent) await load(server, path, 3);
          const r = await load(server, path, SECONDS);
          runs[config].push(r);
          console.error(`[run ${run}/${RUNS}] ${config.padEnd(8)} ${r.reqs.toFixed(1).padStart(7)} req/s  CPU ${r.cpuMsPerRequest.toFixed(2)} ms/req${r.non2xx || r.errors ? `  (${r.non2xx} non-2xx, ${r.errors} errors)` : ""}`);
        } finally {
          if (!concurrent) await server.stop("SIGTERM");
        }
      }
    }
  } finally {
    await Promise.all([...servers.values()].map((s) => s.stop("SIGTERM")));
    sink.close();
    rmSync(scratch, { recursive: true, force: true });
  }

  const plain = spread(runs.plain.map((r) => r.reqs)).median;
  // Each run against plain's run of the same round (taken seconds apart), then min / median / max.
  const paired = (config: Config, value: (r: Run) => number) => spread(runs[config].map((r, i) => ((value(r) - value(runs.plain[i])) / value(runs.plain[i])) * 100));
  return [
    `bench:ops-overhead, ${concurrent ? "PostgreSQL" : "PGlite"}, uncached VDP ${path}, ${RUNS} runs x ${SECONDS} s, ${CONNECTIONS} connections${PIN ? `, servers pinned to core ${SERVER_CORE}` : ""} (min / median / max)`,
    "",
    "| configuration | req/s | median vs plain's median | each run vs plain's run of its round | server CPU ms/req | CPU each run vs plain's of its round |",
    "|---|---|---|---|---|---|",
    ...CONFIGS.map((config) => {
      const reqs = spread(runs[config].map((r) => r.reqs));
      const cpu = spread(runs[config].map((r) => r.cpuMsPerRequest));
      const change = config === "plain" ? "–" : `${(((reqs.median - plain) / plain) * 100).toFixed(1)}%`;
      const pairedReqs = config === "plain" ? "–" : `${formatSpread(paired(config, (r) => r.reqs), 1)}%`;
      const pairedCpu = config === "plain" ? "–" : `${formatSpread(paired(config, (r) => r.cpuMsPerRequest), 1)}%`;
      return `| ${config} | ${formatSpread(reqs, 1)} | ${change} | ${pairedReqs} | ${formatSpread(cpu, 2)} | ${pairedCpu} |`;
    }),
    "",
  ];
}

/** One counted window: instructions per request (millions) and wall time per request under valgrind (s). */
interface Window {
  totalM: number;
  mainM: number;
  wallSeconds: number;
  non2xx: number;
  errors: number;
}


/** The instructions `server` (under callgrind) has executed so far. */
async function countsOf(server: BenchServer): Promise<InstructionCounts> {
  // vgdb finds the process by a file named after its HOST and USER variables: the server's HOST.
  const { stdout } = await execFileAsync("callgrind_control", ["-e", "Ir", String(server.pid)], { env: { ...process.env, HOST: "127.0.0.1" }, encoding: "utf8" });
  return parseCallgrindCounts(stdout);
}

/** Sends `amount` requests for `path` to `server` (CONNECTIONS at a time) and counts its instructions meanwhile. */
async function countedLoad(server: BenchServer, path: string, amount: number): Promise<Window> {
  const before = await countsOf(server);
  const t0 = performance.now();
  const r = await autocannon({ url: `http://127.0.0.1:${server.port}${path}`, headers: { ...BROWSER_HEADERS, host: HOST }, connections: CONNECTIONS, amount, timeout: 300 });
  const wallSeconds = (performance.now() - t0) / 1000 / amount;
  const after = await countsOf(server);
  return { totalM: (after.total - before.total) / amount / 1e6, mainM: (after.main - before.main) / amount / 1e6, wallSeconds, non2xx: r.non2xx, errors: r.errors };
}

/** The instructions mode (`--instructions`): see the module comment. @returns the report's lines */
async function countInstructions(): Promise<string[]> {
  try {
    execFileSync("valgrind", ["--version"], { stdio: "ignore" });
  } catch {
    console.error("bench:ops-overhead --instructions needs valgrind (Debian package valgrind): not found, nothing measured.");
    process.exit(2);
  }
  console.error(
    `bench:ops-overhead --instructions, ${concurrent ? "PostgreSQL, servers side by side" : "PGlite, servers in turn"}: ${WARMUP} warm-up requests, then ${RUNS} windows x ${REQUESTS} requests, ${CONNECTIONS} connections, uncached VDP, under callgrind (starting takes minutes)`,
  );
  const windows: Record<Config, Window[]> = { plain: [], metrics: [], tracing: [], "tracing-10%": [] };
  const idle = new Map<Config, InstructionCounts>();
  let scrapeM = NaN;
  let path = "";
  let pathFound: Promise<string> | undefined;
  const servers = new Map<Config, BenchServer>();
  // Per server: warm up, measure 10 s idle, then its windows.
  const prepare = async (config: Config, server: BenchServer) => {
    // One server finds the VDP for all (they share the database); the others wait for it.
    path = await (pathFound ??= vdpPath(server));
    await countedLoad(server, path, WARMUP);
    const before = await countsOf(server);
    const t0 = performance.now();
    await new Promise((r) => setTimeout(r, 10_000));
    const after = await countsOf(server);
    const seconds = (performance.now() - t0) / 1000;
    idle.set(config, { total: (after.total - before.total) / seconds / 1e6, main: (after.main - before.main) / seconds / 1e6 });
  };
  const measure = async (config: Config, server: BenchServer, run: number) => {
    const w = await countedLoad(server, path, REQUESTS);
    windows[config].push(w);
    console.error(
      `[window ${run}/${RUNS}] ${config.padEnd(11)} ${w.totalM.toFixed(2).padStart(7)} M instructions/request (main thread ${w.mainM.toFixed(2)} M), ${w.wallSeconds.toFixed(2)} s/request under valgrind${w.non2xx || w.errors ? `  (${w.non2xx} non-2xx, ${w.errors} errors)` : ""}`,
    );
  };
  const scrape = async (server: BenchServer) => {
    const before = await countsOf(server);
    const answer = await get(PORT + 5, "/metrics", "127.0.0.1");
    const after = await countsOf(server);
    if (answer.status === 200) scrapeM = (after.total - before.total) / 1e6;
  };
  try {
    if (concurrent) {
      // The first seeds a new database alone; the others start together.
      servers.set("plain", await start("plain"));
      const rest = CONFIGS.filter((c) => c !== "plain");
      const started = await Promise.allSettled(rest.map((c) => start(c).then((server) => servers.set(c, server))));
      const failed = started.find((r) => r.status === "rejected");
      if (failed) throw failed.reason;
      // All four at once: counts do not depend on what runs beside them, and on a busy machine
      // each server under valgrind gets a small share of a core, so in turn would take hours.
      await Promise.all(
        CONFIGS.map(async (config) => {
          const server = servers.get(config)!;
          await prepare(config, server);
          for (let run = 1; run <= RUNS; run++) await measure(config, server, run);
          if (config === "metrics") await scrape(server);
        }),
      );
    } else {
      for (const config of CONFIGS) {
        const server = await start(config);
        try {
          await prepare(config, server);
          for (let run = 1; run <= RUNS; run++) await measure(config, server, run);
          if (config === "metrics") await scrape(server);
        } finally {
          await server.stop("SIGTERM");
        }
      }
    }
  } finally {
    await Promise.all([...servers.values()].map((s) => s.stop("SIGTERM")));
    sink.close();
    rmSync(scratch, { recursive: true, force: true });
  }

  const total = (config: Config) => spread(windows[config].map((w) => w.totalM));
  const main = (config: Config) => spread(windows[config].map((w) => w.mainM));
  const over = (config: Config, of: (c: Config) => { median: number }) => (config === "plain" ? "–" : `${(((of(config).median - of("plain").median) / of("plain").median) * 100).toFixed(1)}%`);
  // The widest the overhead could be given each side's spread: best (config min vs plain max) to worst (config max vs plain min).
  const bounds = (config: Config, of: (c: Config) => { min: number; max: number }) =>
    config === "plain" ? "–" : `${(((of(config).min - of("plain").max) / of("plain").max) * 100).toFixed(1)}% .. ${(((of(config).max - of("plain").min) / of("plain").min) * 100).toFixed(1)}%`;
  // Windows of the same number ran at the same time (the servers side by side): each against plain's.
  const paired = (config: Config, value: (w: Window) => number) =>
    config === "plain" ? "–" : `${formatSpread(spread(windows[config].map((w, i) => ((value(w) - value(windows.plain[i])) / value(windows.plain[i])) * 100)), 1)}%`;
  // Less what the server does per second when idle (timers, V8's background tasks), times the window's seconds per request.
  const own = (config: Config, w: Window) => w.mainM - (idle.get(config)?.main ?? 0) * w.wallSeconds;
  return [
    `bench:ops-overhead --instructions, ${concurrent ? "PostgreSQL" : "PGlite (its database engine runs in the server process and is counted)"}, node ${NODE_ARGS.join(" ") || "(V8 threads on)"}, uncached VDP ${path}: ${WARMUP} warm-up requests, then ${RUNS} windows x ${REQUESTS} requests per configuration, ${CONNECTIONS} connections, valgrind --tool=callgrind (millions of instructions per request, min / median / max over the windows)`,
    "",
    "| configuration | all threads, M instr/request | median vs plain | range vs plain | main thread, M instr/request | median vs plain | range vs plain | main, each window vs plain's of its round | main less idle rate x time, M | idle, M instr/s (all / main) | s/request under valgrind |",
    "|---|---|---|---|---|---|---|---|---|---|---|",
    ...CONFIGS.map(
      (config) =>
        `| ${config} | ${formatSpread(total(config), 2)} | ${over(config, total)} | ${bounds(config, total)} | ${formatSpread(main(config), 2)} | ${over(config, main)} | ${bounds(config, main)} | ${paired(config, (w) => w.mainM)} | ${formatSpread(spread(windows[config].map((w) => own(config, w))), 2)} | ${idle.get(config)?.total.toFixed(2)} / ${idle.get(config)?.main.toFixed(2)} | ${formatSpread(spread(windows[config].map((w) => w.wallSeconds)), 2)} |`,
    ),
    "",
    `One scrape of /metrics (metrics configuration): ${scrapeM.toFixed(1)} M instructions.`,
  ];
}

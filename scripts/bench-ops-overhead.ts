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
 * BENCH_PORT (default 3234): servers on it and the next three, the trace sink on the fourth after,
 * the metrics listener on the fifth.
 * A benchmark, not a test: nothing fails on timings.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
// @ts-expect-error autocannon ships no type declarations
import autocannon from "autocannon";
import { firstLink, formatSpread, spread } from "./bench/lib";
import { appDir, benchPort, BROWSER_HEADERS, ensureBuild, get, startServer, type BenchServer } from "./bench/server";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const HOST = "perth-toyota.localhost";
const PORT = benchPort(3234);
const SINK_PORT = PORT + 4;
const CONFIGS = ["plain", "metrics", "tracing", "tracing-10%"] as const;
type Config = (typeof CONFIGS)[number];

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
  const env: Record<string, string> = { PAGE_CACHE: "off" };
  // Side by side on PostgreSQL: each its own folder (admin socket), as separate machines would be.
  if (concurrent) env.DATA_DIR = join(scratch, config);
  if (config === "metrics") env.METRICS_PORT = String(PORT + 5);
  if (config.startsWith("tracing")) env.OTEL_EXPORTER_OTLP_ENDPOINT = `http://127.0.0.1:${SINK_PORT}`;
  if (config === "tracing-10%") Object.assign(env, { OTEL_TRACES_SAMPLER: "parentbased_traceidratio", OTEL_TRACES_SAMPLER_ARG: "0.1" });
  return env;
}

async function start(config: Config): Promise<BenchServer> {
  const index = CONFIGS.indexOf(config);
  return startServer({ dir, port: PORT + index, env: envOf(config) });
}

async function load(server: BenchServer, path: string, seconds: number): Promise<Run> {
  const before = server.cpuMs();
  const r = await autocannon({ url: `http://127.0.0.1:${server.port}${path}`, headers: { ...BROWSER_HEADERS, host: HOST }, connections: CONNECTIONS, duration: seconds });
  return { reqs: r.requests.average, cpuMsPerRequest: r.requests.total > 0 ? (server.cpuMs() - before) / r.requests.total : NaN, non2xx: r.non2xx, errors: r.errors };
}

async function vdpPath(server: BenchServer): Promise<string> {
  const srp = await get(server.port, "/search?body=SUV&car_type=used", HOST, { accept: BROWSER_HEADERS.accept });
  const vdp = firstLink(srp.body.toString("utf8"), /^\/cars\/[^/?#]+$/);
  if (!vdp) throw new Error("no car link on perth-toyota's SRP");
  return vdp;
}

const runs: Record<Config, Run[]> = { plain: [], metrics: [], tracing: [], "tracing-10%": [] };
const started = Date.now();
console.error(`bench:ops-overhead, ${concurrent ? "PostgreSQL, servers side by side" : "PGlite, servers in turn"}, ${RUNS} runs x ${SECONDS} s, ${CONNECTIONS} connections, uncached VDP`);
let path = "";
const servers = new Map<Config, BenchServer>();
try {
  if (concurrent) {
    // One after the other: the first seeds the demo sites on a new database.
    for (const config of CONFIGS) servers.set(config, await start(config));
    path = await vdpPath(servers.get("plain")!);
    for (const config of CONFIGS) await load(servers.get(config)!, path, 3);
  }
  for (let run = 1; run <= RUNS; run++) {
    for (const config of CONFIGS) {
      const server = servers.get(config) ?? (await start(config));
      try {
        if (!path) path = await vdpPath(server);
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
const lines = [
  `bench:ops-overhead, ${concurrent ? "PostgreSQL" : "PGlite"}, uncached VDP ${path}, ${RUNS} runs x ${SECONDS} s, ${CONNECTIONS} connections (req/s min / median / max)`,
  "",
  "| configuration | req/s | median vs plain's median | each run vs plain's run of its round | server CPU ms/req |",
  "|---|---|---|---|---|",
  ...CONFIGS.map((config) => {
    const reqs = spread(runs[config].map((r) => r.reqs));
    const cpu = spread(runs[config].map((r) => r.cpuMsPerRequest));
    // Each run against plain's run of the same round (taken seconds apart), then the median.
    const paired = spread(runs[config].map((r, i) => ((r.reqs - runs.plain[i].reqs) / runs.plain[i].reqs) * 100));
    const change = config === "plain" ? "–" : `${(((reqs.median - plain) / plain) * 100).toFixed(1)}%`;
    const pairedText = config === "plain" ? "–" : `${formatSpread(paired, 1)}%`;
    return `| ${config} | ${formatSpread(reqs, 1)} | ${change} | ${pairedText} | ${formatSpread(cpu, 2)} |`;
  }),
  "",
  `Trace exports received by the sink: ${exports} (${(exportedBytes / 1024).toFixed(0)} KB). Total time ${((Date.now() - started) / 60_000).toFixed(1)} min.`,
];
console.log(lines.join("\n"));

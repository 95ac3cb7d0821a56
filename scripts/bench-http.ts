/**
 * `npm run bench:http` (issue 15 "Fast pages", decision 183): requests/s and p50 / p99 latency of
 * the production server for the pages a shopper loads, on the demo site perth-toyota (Host
 * `perth-toyota.localhost`): home `/`, the SRP `/search?body=SUV&car_type=used`, a real VDP (the
 * first car link of that SRP), a real location page (the first `/our-location/…` or
 * `/contact-us/…` link of the home page), `GET /api/search` with the same refinements, and
 * `/healthz`. Every request carries a browser's `Accept` and `Accept-Encoding: gzip, br`.
 *
 * Modes (BENCH_MODES, comma-separated, default all three):
 * - `uncached`: server started with PAGE_CACHE=off, so every request renders.
 * - `repeat`: server started normally (page cache on), each page warmed first.
 * - `static`: measured alongside `repeat`: a plain node:http server (scripts/bench/static-server.ts,
 *   its own process) sends, for each page, exactly the status, headers and br-compressed bytes the
 *   app sent; the table prints the same-run ratio app-repeat / static per page.
 * Each page gets a 2 s warm-up, then BENCH_RUNS runs of BENCH_SECONDS with autocannon at
 * BENCH_CONNECTIONS, runs interleaved across pages; the table prints min / median / max req/s and
 * the median p50 / p99 in ms. For uncached loads it also prints the server's CPU time per request
 * (ms, user + system of the server process and its threads, from /proc; min / median / max): on
 * a shared machine whose neighbours take CPU, this moves less than requests per second, so it is
 * the figure to compare two builds by. Of that, it prints the server's main-thread CPU per request:
 * the JavaScript event loop, which bounds one process's requests per second (work moved to other
 * threads, such as compression, leaves it). The server's RSS (VmRSS of the node server process itself, sampled
 * during and after each load) is reported as the maximum per mode.
 *
 * BENCH_PAGES (issue 48): `shopper` (default, the pages above), `console` (the dealer console's
 * site dashboard `/sites/perth-toyota` and settings editor `/sites/perth-toyota/settings` on the
 * console host, signed in as a site manager made with `npm run staff` through the server's admin
 * socket; console pages are never cached, so both modes render them) or `all`.
 *
 * Database: PostgreSQL when DATABASE_URL is set, otherwise PGlite in `<app>/.data/bench-pglite`
 * (BENCH_DATA_DIR overrides), seeded with the demo sites on first start.
 * BENCH_APP_DIR runs the server of another checkout (built there first when it has no build), so
 * a "before" commit is measured by the same script; a checkout without a page cache ignores
 * PAGE_CACHE, so its two modes measure the same thing. Other environment: BENCH_PORT (default
 * 3299; the static server uses the next port), BENCH_OUT (default .data/bench-http.json).
 *
 * Run time with the defaults (5 s, 3 runs, 10 connections): 6 pages x 9 measurements x 5 s =
 * 4.5 min of load, plus warm-ups and two server starts: about 6 minutes (add 1-2 minutes for
 * seeding a fresh database). A benchmark, not a test: nothing fails on timings, and figures on
 * the shared 2-core machine are indicative.
 * @throws (exits non-zero) when a page does not answer 200 or a link cannot be found.
 */
import { execFileSync, spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
// @ts-expect-error autocannon ships no type declarations
import autocannon from "autocannon";
import { firstLink, formatSpread, spread, type Spread } from "./bench/lib";
import { appDir, benchPort, BROWSER_HEADERS, CONSOLE_HOST, consoleSession, ensureBuild, get, startServer, withRssSamples, type BenchServer } from "./bench/server";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const WARMUP_SECONDS = 2;
const MODES = new Set((process.env.BENCH_MODES ?? "uncached,repeat,static").split(","));
const OUT = process.env.BENCH_OUT ?? ".data/bench-http.json";
const HOST = "perth-toyota.localhost";
const PORT = benchPort(3299);
const STATIC_PORT = PORT + 1;

interface Page {
  name: string;
  path: string;
  /** Host header (default the shopper site's) and extra headers (a console session cookie). */
  host?: string;
  headers?: Record<string, string>;
}
const PAGE_SET = process.env.BENCH_PAGES ?? "shopper";
interface Run {
  reqs: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  /** Server CPU time per request (ms), or null for a load on the static server. */
  cpuMsPerRequest: number | null;
  /** The server's main-thread CPU time per request (ms), or null for a load on the static server. */
  mainThreadMsPerRequest: number | null;
}
interface PageResult {
  runs: Run[];
  reqs: Spread;
  p50: Spread;
  p99: Spread;
  cpuMsPerRequest: Spread | null;
  mainThreadMsPerRequest: Spread | null;
}

/**
 * The console pages, signed in as a site manager of perth-toyota: `npm run staff` (through the
 * running server's admin socket) prints a one-time link; its answer's cookie is the session.
 */
async function consolePages(port: number, dir: string): Promise<Page[]> {
  const cookie = await consoleSession(port, dir, "bench-console@forecourt.localhost", "perth-toyota");
  const headers = { cookie };
  return [
    { name: "console dashboard", path: "/sites/perth-toyota", host: CONSOLE_HOST, headers },
    { name: "console settings", path: "/sites/perth-toyota/settings", host: CONSOLE_HOST, headers },
  ];
}

/** The pages BENCH_PAGES asks for. */
async function choosePages(port: number, dir: string): Promise<Page[]> {
  return [...(PAGE_SET === "console" ? [] : await discoverPages(port)), ...(PAGE_SET === "shopper" ? [] : await consolePages(port, dir))];
}

/** Finds the real VDP and location URLs on the running app (plain, uncompressed requests). */
async function discoverPages(port: number): Promise<Page[]> {
  const html = async (path: string) => {
    const r = await get(port, path, HOST, { accept: BROWSER_HEADERS.accept });
    if (r.status !== 200) throw new Error(`${path} answered ${r.status}`);
    return r.body.toString("utf8");
  };
  const srpPath = "/search?body=SUV&car_type=used";
  const apiPath = "/api/search?body=SUV&car_type=used";
  let vdp = firstLink(await html(srpPath), /^\/cars\/[^/?#]+$/);
  if (!vdp) {
    const api = JSON.parse(await html(apiPath)) as { hits: { url: string }[] };
    vdp = api.hits[0]?.url ?? null;
  }
  const location = firstLink(await html("/"), /^\/(our-location|contact-us)\/[^/?#]+$/);
  if (!vdp) throw new Error("no car link on the SRP nor in /api/search");
  if (!location) throw new Error("no location link (/our-location/… or /contact-us/…) on the home page");
  return [
    { name: "home", path: "/" },
    { name: "SRP, 2 refinements", path: srpPath },
    { name: "VDP", path: vdp },
    { name: "location", path: location },
    { name: "GET /api/search", path: apiPath },
    { name: "GET /healthz", path: "/healthz" },
  ];
}

/**
 * One autocannon load; samples the server's RSS every 250 ms meanwhile into `rss`, and measures
 * the server's CPU time per request (ms) over the load.
 */
async function load(port: number, page: Page, seconds: number, connections: number, server: BenchServer | null, rss: number[]): Promise<Run> {
  const measure = async (): Promise<Run> => {
    const cpuBefore = server ? server.cpuMs() : NaN;
    const mainBefore = server ? server.mainThreadCpuMs() : NaN;
    const r = await autocannon({ url: `http://127.0.0.1:${port}${page.path}`, headers: { ...BROWSER_HEADERS, ...page.headers, host: page.host ?? HOST }, connections, duration: seconds });
    const perRequest = (after: number, before: number) => (server && r.requests.total > 0 ? (after - before) / r.requests.total : null);
    const cpuMsPerRequest = perRequest(server ? server.cpuMs() : NaN, cpuBefore);
    const mainThreadMsPerRequest = perRequest(server ? server.mainThreadCpuMs() : NaN, mainBefore);
    return { reqs: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors, cpuMsPerRequest, mainThreadMsPerRequest };
  };
  return server ? withRssSamples(server, rss, measure) : measure();
}

function summarise(runs: Run[]): PageResult {
  const finite = (values: (number | null)[]) => values.filter((n): n is number => n !== null && Number.isFinite(n));
  const cpu = finite(runs.map((r) => r.cpuMsPerRequest));
  const main = finite(runs.map((r) => r.mainThreadMsPerRequest));
  return {
    runs,
    reqs: spread(runs.map((r) => r.reqs)),
    p50: spread(runs.map((r) => r.p50)),
    p99: spread(runs.map((r) => r.p99)),
    cpuMsPerRequest: cpu.length ? spread(cpu) : null,
    mainThreadMsPerRequest: main.length ? spread(main) : null,
  };
}

/** Starts the static baseline serving what the app sends for each page with `Accept-Encoding: br`. */
async function startStatic(pages: Page[], appPort: number) {
  const captured: Record<string, unknown> = {};
  for (const { path, host, headers: extra } of pages) {
    const r = await get(appPort, path, host ?? HOST, { ...BROWSER_HEADERS, ...extra, "accept-encoding": "br" });
    const headers = Object.fromEntries(Object.entries(r.headers).filter(([k]) => !["connection", "keep-alive", "transfer-encoding", "date", "content-length"].includes(k)));
    captured[path] = { status: r.status, headers, body: r.body.toString("base64") };
  }
  const file = ".data/bench-static.json";
  mkdirSync(".data", { recursive: true });
  writeFileSync(file, JSON.stringify(captured));
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/bench/static-server.ts", file, String(STATIC_PORT)], { stdio: ["ignore", "pipe", "inherit"] });
  await new Promise<void>((ok, fail) => {
    child.stdout.on("data", (d: Buffer) => d.toString().includes("listening") && ok());
    child.once("exit", (code) => fail(new Error(`static server exited (${code})`)));
  });
  return child;
}

/** Runs one server mode; returns per-page results (and the static baseline's when asked). */
async function runMode(mode: "uncached" | "repeat", dir: string, withStatic: boolean, known: Page[] | null) {
  const t = Date.now();
  const server = await startServer({ dir, port: PORT, env: mode === "uncached" ? { PAGE_CACHE: "off" } : {} });
  console.error(`[${mode}] server pid ${server.pid} healthy after ${((Date.now() - t) / 1000).toFixed(0)} s, RSS ${server.rssMb().toFixed(0)} MB`);
  const rss: number[] = [];
  let staticChild: Awaited<ReturnType<typeof startStatic>> | null = null;
  try {
    // Console sessions are per server start (a restart keeps them, but a fresh sign-in is cheap).
    const pages = known ? [...known.filter((p) => !p.host), ...(PAGE_SET === "shopper" ? [] : await consolePages(PORT, dir))] : await choosePages(PORT, dir);
    for (const page of pages) {
      const r = await get(PORT, page.path, page.host ?? HOST, { ...BROWSER_HEADERS, ...page.headers });
      if (r.status !== 200) throw new Error(`${page.path} answered ${r.status}`);
      await load(PORT, page, WARMUP_SECONDS, CONNECTIONS, server, rss);
    }
    if (withStatic) staticChild = await startStatic(pages, PORT);
    const app: Run[][] = pages.map(() => []);
    const stat: Run[][] = pages.map(() => []);
    for (let run = 1; run <= RUNS; run++) {
      for (const [i, page] of pages.entries()) {
        const { name, path } = page;
        const r = await load(PORT, page, SECONDS, CONNECTIONS, server, rss);
        app[i].push(r);
        let line = `[${mode} run ${run}/${RUNS}] ${name.padEnd(20)} ${r.reqs.toFixed(0).padStart(6)} req/s  p50 ${r.p50} ms  p99 ${r.p99} ms  CPU ${r.cpuMsPerRequest?.toFixed(2) ?? "?"} ms/req (main thread ${r.mainThreadMsPerRequest?.toFixed(2) ?? "?"})`;
        if (r.non2xx || r.errors) line += `  (${r.non2xx} non-2xx, ${r.errors} errors)`;
        if (staticChild) {
          const s = await load(STATIC_PORT, page, SECONDS, CONNECTIONS, null, rss);
          stat[i].push(s);
          line += `   static ${s.reqs.toFixed(0)} req/s`;
        }
        console.error(line);
      }
    }
    const rssMax = Math.max(...rss.filter((n) => !Number.isNaN(n)));
    return {
      pages,
      rssMb: rssMax,
      app: Object.fromEntries(pages.map((p, i) => [p.path, summarise(app[i])])),
      static: staticChild ? Object.fromEntries(pages.map((p, i) => [p.path, summarise(stat[i])])) : null,
    };
  } finally {
    staticChild?.kill("SIGTERM");
    await server.stop("SIGTERM");
  }
}

const dir = appDir();
ensureBuild(dir);
let commit = "unknown";
try {
  commit = execFileSync("git", ["-C", dir, "rev-parse", "--short", "HEAD"], { encoding: "utf8" }).trim();
} catch {
  // not a git checkout
}
const database = process.env.DATABASE_URL ? "PostgreSQL" : "PGlite";
const started = Date.now();
console.error(`bench:http on ${commit} (${database}), ${RUNS} runs x ${SECONDS} s, ${CONNECTIONS} connections, modes ${[...MODES].join(",")}`);

let pages: Page[] | null = null;
const uncached = MODES.has("uncached") ? await runMode("uncached", dir, false, null) : null;
pages = uncached?.pages ?? null;
const repeat = MODES.has("repeat") || MODES.has("static") ? await runMode("repeat", dir, MODES.has("static"), pages) : null;
pages = (uncached ?? repeat)!.pages;

const ratios: Record<string, Spread | null> = {};
for (const { path } of pages) {
  const a = repeat?.app[path];
  const s = repeat?.static?.[path];
  // Same-run ratio: each run's app figure over the static figure measured right after it.
  ratios[path] = a && s ? spread(a.runs.map((r, i) => r.reqs / s.runs[i].reqs)) : null;
}

const cell = (r: PageResult | undefined) => (r ? `${formatSpread(r.reqs)} | ${r.p50.median} / ${r.p99.median}` : "– | –");
const lines = [
  `bench:http, ${commit}, ${database}, ${RUNS} run(s) x ${SECONDS} s, ${CONNECTIONS} connections, Accept-Encoding: gzip, br (req/s min / median / max; latency medians)`,
  "",
  "| page | uncached req/s | p50 / p99 ms | uncached CPU ms/req | of it main thread | repeat req/s | p50 / p99 ms | static req/s | p50 / p99 ms | repeat / static |",
  "|---|---|---|---|---|---|---|---|---|---|",
  ...pages.map(({ name, path }) => {
    const ratio = ratios[path];
    const cpu = uncached?.app[path]?.cpuMsPerRequest;
    const main = uncached?.app[path]?.mainThreadMsPerRequest;
    return `| ${name} (\`${path}\`) | ${cell(uncached?.app[path])} | ${cpu ? formatSpread(cpu, 2) : "–"} | ${main ? formatSpread(main, 2) : "–"} | ${cell(repeat?.app[path])} | ${cell(repeat?.static?.[path])} | ${ratio ? formatSpread(ratio, 2) : "–"} |`;
  }),
  "",
  `Server RSS (max during and after load): uncached ${uncached ? `${uncached.rssMb.toFixed(0)} MB` : "–"}, repeat ${repeat ? `${repeat.rssMb.toFixed(0)} MB` : "–"} (${database}).`,
  `Total time ${((Date.now() - started) / 60_000).toFixed(1)} min.`,
];
console.log(lines.join("\n"));
mkdirSync(dirname(OUT), { recursive: true });
writeFileSync(
  OUT,
  JSON.stringify({ date: new Date().toISOString(), app: commit, database, seconds: SECONDS, runs: RUNS, connections: CONNECTIONS, host: HOST, pages, uncached, repeat, ratios }, null, 2),
);
console.error(`wrote ${OUT}`);

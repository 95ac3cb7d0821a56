/**
 * `npm run bench:pages` (issue 15 "Fast pages", decision 183): Lighthouse 12 in its default mobile
 * mode (emulated phone, simulated slow 4G and 4x CPU slowdown) with Debian Chromium against the
 * built production server, for home, an SRP (`/search?car_type=used`) and a VDP (the first car
 * link of that SRP) of the demo sites perth-toyota and harbour-auto-group. Prints per page the four
 * category scores (performance / accessibility / best practices / SEO, 0-100) and LCP (ms), TBT
 * (ms) and CLS, the median over BENCH_PAGES_RUNS runs (default 1) with the runs' range in the JSON,
 * and writes `.data/bench-pages.json`. A run with a CLS above 0 also prints and keeps (in the JSON)
 * its trace's layout shifts (score, moved elements and their rectangles), so a rare shift can be
 * traced afterwards.
 *
 * The server runs as in bench:http (NODE_ENV=production, SEED_DEMO=1; PostgreSQL when
 * DATABASE_URL is set, otherwise PGlite in `<app>/.data/bench-pglite`; BENCH_APP_DIR for another
 * checkout; BENCH_PORT, default 3298). Chromium: CHROME_PATH (default /usr/bin/chromium), headless,
 * with `{slug}.localhost` mapped to 127.0.0.1 by --host-resolver-rules. One Chromium per page run.
 * Run time: about 20-40 s per page run, so 3-4 minutes for 6 pages at one run (4 min measured on
 * the shared machine under load, server start included). Scores on the shared 2-core machine are
 * indicative (Lighthouse's simulated throttling still depends on how fast the host runs the page's
 * JavaScript).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { firstLink, formatSpread, spread, type Spread } from "./bench/lib";
import { appDir, benchPort, ensureBuild, get, startServer } from "./bench/server";

const RUNS = Number(process.env.BENCH_PAGES_RUNS ?? 1);
const PORT = benchPort(3298);
const CHROME_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const SITES = ["perth-toyota", "harbour-auto-group"];
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
const CHROME_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--host-resolver-rules=MAP *.localhost 127.0.0.1",
];

/** One layout shift recorded in the run's trace (Chromium's LayoutShift event). */
interface LayoutShift {
  /** The shift's score (its share of CLS when it counts). */
  score: number;
  /** Whether Chromium marked it as following input (such shifts do not count towards CLS). */
  afterInput: boolean;
  /** The moved nodes: rectangles before and after as [x, y, width, height] CSS px, and the element when Lighthouse traced it. */
  nodes: { oldRect: number[]; newRect: number[]; selector?: string; snippet?: string }[];
}
interface Measure {
  scores: Record<(typeof CATEGORIES)[number], number>;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** The elements that moved, when CLS is above 0 (so a rare shift can be traced afterwards). */
  layoutShifts?: LayoutShift[];
  /**
   * Lighthouse's measure of how fast the host ran a fixed JavaScript workload in this run (higher
   * is faster): runs on a loaded machine show a lower index, so scores are compared with it.
   */
  benchmarkIndex: number;
  /** The run's three longest main-thread tasks (Lighthouse `long-tasks`): script URL (or "Unattributable") and duration in ms, as simulated. */
  longestTasks: { url: string; durationMs: number }[];
}

/**
 * The layout shifts in a Lighthouse run's trace. Lighthouse 12.2's own `layout-shifts` audit fails
 * on Chromium 156's traces (its trace engine reads a screenshot field the trace lacks), so they are
 * read from the trace events, with the elements from Lighthouse's TraceElements artifact.
 */
function layoutShiftsOf(artifacts: unknown): LayoutShift[] {
  type ShiftData = { score?: number; had_recent_input?: boolean; impacted_nodes?: { node_id: number; old_rect: number[]; new_rect: number[] }[] };
  const { Trace, TraceElements } = (artifacts ?? {}) as {
    Trace?: { traceEvents?: { name?: string; args?: { data?: ShiftData } }[] };
    TraceElements?: { traceEventType?: string; nodeId?: number; node?: { selector?: string; snippet?: string } }[] | object;
  };
  // TraceElements is an error object, not a list, when its gatherer failed (as the audit did).
  const elements = new Map((Array.isArray(TraceElements) ? TraceElements : []).filter((e) => e.traceEventType === "layout-shift").map((e) => [e.nodeId, e.node]));
  return (Trace?.traceEvents ?? [])
    .filter((event) => event.name === "LayoutShift" && event.args?.data)
    .map((event) => {
      const data = event.args!.data!;
      return {
        score: data.score ?? 0,
        afterInput: data.had_recent_input ?? false,
        nodes: (data.impacted_nodes ?? []).map((n) => ({ oldRect: n.old_rect, newRect: n.new_rect, selector: elements.get(n.node_id)?.selector, snippet: elements.get(n.node_id)?.snippet?.slice(0, 300) })),
      };
    });
}

/** The three longest tasks of a `long-tasks` audit's table (URL made relative to the page's origin). */
function longestTasks(details: unknown): Measure["longestTasks"] {
  const items = ((details as { items?: { url?: string; duration?: number }[] } | undefined)?.items ?? [])
    .map((item) => ({ url: (item.url ?? "").replace(/^https?:\/\/[^/]+/, "") || "Unattributable", durationMs: Math.round(item.duration ?? 0) }))
    .sort((a, b) => b.durationMs - a.durationMs);
  return items.slice(0, 3);
}

/** One Lighthouse mobile run in a fresh Chromium. @throws when Lighthouse returns no result or a runtime error. */
async function audit(url: string): Promise<Measure> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS, logLevel: "error" });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: [...CATEGORIES] });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)])) as Measure["scores"];
    const num = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
    const cls = num("cumulative-layout-shift");
    const measure: Measure = {
      scores,
      lcpMs: num("largest-contentful-paint"),
      tbtMs: num("total-blocking-time"),
      cls,
      benchmarkIndex: lhr.environment.benchmarkIndex,
      longestTasks: longestTasks(lhr.audits["long-tasks"]?.details),
    };
    if (cls > 0) {
      measure.layoutShifts = layoutShiftsOf(result.artifacts);
      for (const shift of measure.layoutShifts) {
        const moved = shift.nodes.map((n) => `${n.selector ?? "(element not traced)"} [${n.oldRect.join(",")}] -> [${n.newRect.join(",")}]`).join("; ");
        console.error(`${url}: layout shift ${shift.score.toFixed(3)}${shift.afterInput ? " (after input)" : ""}: ${moved}`);
      }
    }
    return measure;
  } finally {
    await chrome.kill();
  }
}

/** Attempts per run: Lighthouse's trace recording sometimes fails (NO_NAVSTART, "run again"). */
const ATTEMPTS = 3;

/** `audit` again after a Lighthouse runtime error, at most ATTEMPTS times. @throws the last error. */
async function auditWithRetry(url: string): Promise<Measure> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await audit(url);
    } catch (error) {
      if (attempt >= ATTEMPTS || !String(error).includes("Lighthouse: ")) throw error;
      console.error(`${url}: ${String(error)}; attempt ${attempt + 1} of ${ATTEMPTS}`);
    }
  }
}

const dir = appDir();
ensureBuild(dir);
const server = await startServer({ dir, port: PORT });
const results: { site: string; page: string; url: string; runs: Measure[]; median: Record<string, Spread> }[] = [];
try {
  for (const site of SITES) {
    const host = `${site}.localhost`;
    const srp = "/search?car_type=used";
    const srpHtml = await get(PORT, srp, host);
    if (srpHtml.status !== 200) throw new Error(`${host}${srp} answered ${srpHtml.status}`);
    const vdp = firstLink(srpHtml.body.toString("utf8"), /^\/cars\/[^/?#]+$/);
    if (!vdp) throw new Error(`no car link on ${host}${srp}`);
    for (const [page, path] of [["home", "/"], ["SRP", srp], ["VDP", vdp]] as const) {
      const url = `http://${host}:${PORT}${path}`;
      const runs: Measure[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await auditWithRetry(url));
      const median: Record<string, Spread> = {
        ...Object.fromEntries(CATEGORIES.map((c) => [c, spread(runs.map((r) => r.scores[c]))])),
        lcpMs: spread(runs.map((r) => r.lcpMs)),
        tbtMs: spread(runs.map((r) => r.tbtMs)),
        cls: spread(runs.map((r) => r.cls)),
      };
      results.push({ site, page, url, runs, median });
      console.error(`${site} ${page}: ${CATEGORIES.map((c) => median[c].median).join("/")} LCP ${median.lcpMs.median.toFixed(0)} ms`);
    }
  }
} finally {
  await server.stop();
}

console.log(`\nbench:pages, Lighthouse 12 mobile, ${RUNS} run(s) per page (median; min / median / max when several)\n`);
console.log("| site | page | perf / a11y / best practices / SEO | LCP ms | TBT ms | CLS |");
console.log("|---|---|---|---|---|---|");
for (const r of results) {
  const m = r.median;
  console.log(`| ${r.site} | ${r.page} | ${CATEGORIES.map((c) => m[c].median).join(" / ")} | ${formatSpread(m.lcpMs)} | ${formatSpread(m.tbtMs)} | ${formatSpread(m.cls, 3)} |`);
}
console.log("\nPer run: performance score, TBT ms, Lighthouse benchmarkIndex, the three longest main-thread tasks (ms, script)\n");
console.log("| site | page | run | perf | TBT ms | benchmarkIndex | longest tasks |");
console.log("|---|---|---|---|---|---|---|");
for (const r of results) {
  r.runs.forEach((run, i) => {
    const tasks = run.longestTasks.map((t) => `${t.durationMs} ${t.url}`).join("; ");
    console.log(`| ${r.site} | ${r.page} | ${i + 1} | ${run.scores.performance} | ${run.tbtMs.toFixed(0)} | ${run.benchmarkIndex.toFixed(0)} | ${tasks} |`);
  });
}
mkdirSync(".data", { recursive: true });
writeFileSync(".data/bench-pages.json", JSON.stringify({ date: new Date().toISOString(), runs: RUNS, results }, null, 2));
console.error("wrote .data/bench-pages.json");

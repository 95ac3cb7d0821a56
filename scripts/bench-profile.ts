/**
 * `npm run bench:profile [home|srp|vdp|location|leads|stock|account]` (issue 15 "Fast pages",
 * decision 183; the console's leads inbox, stock list and account page for issue 49): where the
 * server's CPU time goes under load. Console pages are loaded signed in as a site manager of
 * perth-toyota (made with `npm run staff` through the server's admin socket). Starts the production server (as bench:http: NODE_ENV=
 * production, LOG_LEVEL=warn, SEED_DEMO=1, PostgreSQL when DATABASE_URL is set, else PGlite in
 * `<app>/.data/bench-pglite`; BENCH_APP_DIR for another checkout; BENCH_PORT, default 3297) with
 * `node --cpu-prof --cpu-prof-dir=<cwd>/.data/profiles` and PAGE_CACHE=off, loads the chosen page
 * of perth-toyota (default vdp) with autocannon (BENCH_CONNECTIONS, default 10) for BENCH_SECONDS
 * (default 10) after a 2 s warm-up, stops the server with SIGTERM (server/index.ts closes cleanly
 * and exits; V8 writes the profile on exit), then prints the top 25 functions by self time (with
 * file:line) and self time per package (node_modules/<pkg>, node:internal, wasm, app, GC,
 * (program), (native));
 * idle time is excluded. Only samples taken during the measured load count (start-up, module
 * loading and warm-up are left out; the profile's clock is process.hrtime's). Run time: about 30 s plus server start.
 * @throws (exits non-zero) on an unknown page name or when no profile is written.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
// @ts-expect-error autocannon ships no type declarations
import autocannon from "autocannon";
import { aggregateProfile, firstLink, type CpuProfile } from "./bench/lib";
import { appDir, benchPort, BROWSER_HEADERS, CONSOLE_HOST, consoleSession, ensureBuild, get, startServer } from "./bench/server";

const PAGE = process.argv[2] ?? "vdp";
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const PORT = benchPort(3297);
const HOST = "perth-toyota.localhost";
const PROFILE_DIR = resolve(".data/profiles");
const SRP = "/search?body=SUV&car_type=used";

async function pathOf(page: string): Promise<string> {
  const html = async (path: string) => (await get(PORT, path, HOST)).body.toString("utf8");
  if (page === "home") return "/";
  if (page === "srp") return SRP;
  const found = page === "vdp" ? firstLink(await html(SRP), /^\/cars\/[^/?#]+$/) : page === "location" ? firstLink(await html("/"), /^\/(our-location|contact-us)\/[^/?#]+$/) : null;
  if (!found) throw new Error(page === "vdp" || page === "location" ? `no ${page} link found` : `unknown page '${page}' (home|srp|vdp|location)`);
  return found;
}

/** Console pages (issue 49): signed in as a site manager of perth-toyota, on the console's host. */
const CONSOLE_PAGES: Record<string, string> = { leads: "/sites/perth-toyota/leads", stock: "/sites/perth-toyota/stock", account: "/account" };
if (!["home", "srp", "vdp", "location", ...Object.keys(CONSOLE_PAGES)].includes(PAGE)) throw new Error(`unknown page '${PAGE}' (home|srp|vdp|location|${Object.keys(CONSOLE_PAGES).join("|")})`);
const dir = appDir();
ensureBuild(dir);
const startedAt = Date.now();
const server = await startServer({ dir, port: PORT, env: { PAGE_CACHE: "off" }, nodeArgs: ["--cpu-prof", `--cpu-prof-dir=${PROFILE_DIR}`] });
let summary = "";
const loadWindow = { from: 0, to: 0 };
const nowUs = () => Number(process.hrtime.bigint() / 1000n);
try {
  const consolePath = CONSOLE_PAGES[PAGE];
  const path = consolePath ?? (await pathOf(PAGE));
  const url = `http://127.0.0.1:${PORT}${path}`;
  const headers = consolePath ? { ...BROWSER_HEADERS, host: CONSOLE_HOST, cookie: await consoleSession(PORT, dir, "bench-profile@forecourt.localhost", "perth-toyota") } : { ...BROWSER_HEADERS, host: HOST };
  await autocannon({ url, headers, connections: 2, duration: 2 });
  loadWindow.from = nowUs();
  const r = await autocannon({ url, headers, connections: CONNECTIONS, duration: SECONDS });
  loadWindow.to = nowUs();
  summary = `${PAGE} ${path}: ${r.requests.average.toFixed(0)} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms (${r.non2xx} non-2xx, ${CONNECTIONS} connections, ${SECONDS} s), ${(r.throughput.total / Math.max(1, r.requests.total) / 1024).toFixed(1)} KB per response as sent, RSS ${server.rssMb().toFixed(0)} MB`;
} finally {
  await server.stop("SIGTERM");
}

// The profile of this server's main thread: CPU.<date>.<time>.<pid>.<tid>.<seq>.cpuprofile with
// thread id 0 (thread 1 is the module loader's worker that tsx's hooks run in), newest first.
const mine = readdirSync(PROFILE_DIR)
  .filter((f) => f.endsWith(".cpuprofile") && f.includes(`.${server.pid}.0.`))
  .map((f) => join(PROFILE_DIR, f))
  .filter((f) => statSync(f).mtimeMs >= startedAt)
  .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
if (!mine.length) throw new Error(`no profile of pid ${server.pid} in ${PROFILE_DIR} (did the server exit cleanly?)`);
const profile = JSON.parse(readFileSync(mine[0], "utf8")) as CpuProfile;
// Only the samples taken during the measured load (the profile's clock is process.hrtime's).
const { total, functions, packages } = aggregateProfile(profile, `${pathToFileURL(dir).href}/`, loadWindow);

const row = (name: string, ms: number, share: number) => `${ms.toFixed(0).padStart(8)} ms ${(share * 100).toFixed(1).padStart(5)}%  ${name}`;
console.log(`\nbench:profile ${summary}`);
console.log(`profile ${mine[0]}: ${(total / 1000).toFixed(1)} s of non-idle CPU in the ${SECONDS} s load window (start-up and warm-up left out)\n`);
console.log("Top 25 functions by self time:");
for (const f of functions.slice(0, 25)) console.log(row(f.name, f.ms, f.share));
console.log("\nSelf time by package:");
for (const p of packages) console.log(row(p.name, p.ms, p.share));

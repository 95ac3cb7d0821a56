/**
 * `npm run bench:http` (issue 6 "Speed"): starts the built server on the embedded database
 * (PGlite in BENCH_DATA_DIR, default .data/bench-pglite, seeded with the demo sites on first run)
 * and drives it with autocannon: requests/s and p50/p99 latency for a search results page with
 * two refinements, server-rendered HTML, and the same search through `GET /api/search`.
 *
 * The server runs with NODE_ENV=production (as `npm start` does).
 * Environment: BENCH_PORT (default 3299), BENCH_SECONDS (default 10), BENCH_CONNECTIONS (10).
 * Builds the app first when there is no build (scripts/start.ts does that).
 */
import { spawn } from "node:child_process";
import { request } from "node:http";
// @ts-expect-error autocannon ships no type declarations
import autocannon from "autocannon";

const port = Number(process.env.BENCH_PORT ?? 3299);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const host = "perth-toyota.localhost";
const PATHS = [
  { name: "SRP, 2 refinements (HTML)", path: "/search?body=SUV&car_type=used" },
  { name: "GET /api/search, same refinements", path: "/api/search?body=SUV&car_type=used" },
];

const server = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], {
  // NODE_ENV=production: React's production build (the development build renders ~3x slower).
  env: { ...process.env, NODE_ENV: "production", PORT: String(port), DATA_DIR: process.env.BENCH_DATA_DIR ?? ".data/bench-pglite", LOG_LEVEL: "warn", SEED_DEMO: "1", DATABASE_URL: "" },
  stdio: ["ignore", "ignore", "inherit"],
});

async function waitHealthy(): Promise<void> {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("server did not become healthy in 5 minutes");
}

try {
  await waitHealthy();
  for (const { name, path } of PATHS) {
    const url = `http://127.0.0.1:${port}${path}`;
    // fetch() does not let a caller set Host; node:http does (the site is chosen by host).
    const status = await new Promise<number>((ok, fail) => {
      const req = request(url, { headers: { host } }, (res) => {
        res.resume();
        ok(res.statusCode ?? 0);
      });
      req.on("error", fail);
      req.end();
    });
    if (status !== 200) throw new Error(`${path} answered ${status}`);
    // Warm the read model and the route before measuring.
    await autocannon({ url, headers: { host }, connections: 2, duration: 2 });
    const r = await autocannon({ url, headers: { host }, connections, duration: seconds });
    console.log(
      `${name.padEnd(36)} ${r.requests.average.toFixed(0).padStart(6)} req/s   p50 ${r.latency.p50} ms   p99 ${r.latency.p99} ms   (${r.non2xx} non-2xx, ${r.errors} errors, ${connections} connections, ${seconds} s)`,
    );
  }
} finally {
  server.kill("SIGTERM");
}

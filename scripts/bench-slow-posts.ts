/**
 * `npm run bench:slow-posts` (issue 54 item 5): the outside test's slow-post burst. BENCH_SLOW
 * connections (default 1,500) each send a lead form's POST headers with a Content-Length of 2,000
 * and then 6 bytes of body, and nothing more. Meanwhile BENCH_CONNECTIONS (default 10) shoppers
 * load perth-toyota's home page, SRP and a VDP (page cache off, so every page renders) for
 * BENCH_SECONDS (default 20). Three runs; it prints, per run and as min / median / max:
 * - the shoppers' statuses (goal: 0 × 5xx) and their p50 / p99 latency in ms (goal: p99 under 1 s);
 * - what the slow posts got: 408 (the body timeout, BODY_TIMEOUT_MS), a closed connection
 *   (Node's REQUEST_TIMEOUT_MS), or 5xx (goal 0).
 * Each run ends when every slow connection has been answered or closed (up to 60 s).
 *
 * Database: PostgreSQL when DATABASE_URL is set, else PGlite in `<app>/.data/bench-pglite`
 * (seeded on first start). BENCH_PORT (default 3297). A benchmark, not a test: nothing fails on
 * timings, and figures on a shared 2-core machine are indicative.
 */
import { connect, type Socket } from "node:net";
import { request } from "node:http";
import { firstLink, formatSpread, spread } from "./bench/lib";
import { appDir, benchPort, BROWSER_HEADERS, ensureBuild, get, startServer } from "./bench/server";

const SLOW = Number(process.env.BENCH_SLOW ?? 1500);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const PORT = benchPort(3297);
const HOST = "perth-toyota.localhost";

interface SlowOutcome {
  status: number | null;
  closed: boolean;
}

/** Opens one slow post: headers and 6 bytes of a 2,000-byte body; resolves with what the server did. */
function slowPost(): Promise<SlowOutcome> {
  return new Promise((resolve) => {
    let reply = "";
    let settled = false;
    const socket: Socket = connect(PORT, "127.0.0.1", () => {
      socket.write(
        `POST /enquiries/new-vehicle-enquiry HTTP/1.1\r\nHost: ${HOST}\r\nOrigin: http://${HOST}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 2000\r\n\r\nname=J`,
      );
    });
    const done = (closed: boolean) => {
      if (settled) return;
      settled = true;
      const status = /^HTTP\/1\.1 (\d{3})/.exec(reply)?.[1];
      resolve({ status: status ? Number(status) : null, closed });
      socket.destroy();
    };
    socket.setEncoding("latin1");
    socket.on("data", (chunk: string) => {
      reply += chunk;
      if (/^HTTP\/1\.1 \d{3}/.test(reply)) done(false);
    });
    socket.on("close", () => done(true));
    socket.on("error", () => done(true));
  });
}

/** One shopper's GET, timed; status 0 for a connection error. */
function timedGet(path: string): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const req = request({ host: "127.0.0.1", port: PORT, path, headers: { ...BROWSER_HEADERS, host: HOST } }, (res) => {
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }));
    });
    req.on("error", () => resolve({ status: 0, ms: performance.now() - started }));
    req.end();
  });
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];
}

async function main() {
  const dir = appDir();
  ensureBuild(dir);
  const server = await startServer({ dir, port: PORT, env: { PAGE_CACHE: "off" } });
  try {
    const srp = "/search?car_type=used";
    const vdp = firstLink((await get(PORT, srp, HOST)).body.toString("utf8"), /^\/cars\/[^/?#]+$/);
    if (!vdp) throw new Error("no VDP link on the SRP");
    const pages = ["/", srp, vdp];
    const rows: { p50: number; p99: number; shopper5xx: number; shopperOther: number; requests: number; slow408: number; slowClosed: number; slow5xx: number; slowOther: number }[] = [];
    for (let run = 1; run <= RUNS; run++) {
      const slow = Array.from({ length: SLOW }, slowPost);
      const latencies: number[] = [];
      const statuses: number[] = [];
      const until = Date.now() + SECONDS * 1000;
      await Promise.all(
        Array.from({ length: CONNECTIONS }, async (_, i) => {
          for (let n = i; Date.now() < until; n++) {
            const { status, ms } = await timedGet(pages[n % pages.length]);
            statuses.push(status);
            latencies.push(ms);
          }
        }),
      );
      const outcomes = await Promise.race([Promise.all(slow), new Promise<SlowOutcome[]>((ok) => setTimeout(() => ok([]), 60_000))]);
      latencies.sort((a, b) => a - b);
      const row = {
        p50: percentile(latencies, 50),
        p99: percentile(latencies, 99),
        requests: statuses.length,
        shopper5xx: statuses.filter((s) => s >= 500).length,
        shopperOther: statuses.filter((s) => s !== 200 && s < 500).length,
        slow408: outcomes.filter((o) => o.status === 408).length,
        slowClosed: outcomes.filter((o) => o.status === null).length,
        slow5xx: outcomes.filter((o) => (o.status ?? 0) >= 500).length,
        slowOther: outcomes.filter((o) => o.status !== null && o.status !== 408 && o.status < 500).length,
      };
      rows.push(row);
      console.log(
        `run ${run}: shoppers ${row.requests} requests, p50 ${row.p50.toFixed(0)} ms, p99 ${row.p99.toFixed(0)} ms, ${row.shopper5xx} x 5xx, ${row.shopperOther} other non-200; ` +
          `${SLOW} slow posts: ${row.slow408} x 408, ${row.slowClosed} closed, ${row.slow5xx} x 5xx, ${row.slowOther} other${outcomes.length ? "" : " (not all answered within 60 s)"}`,
      );
    }
    const f = (key: keyof (typeof rows)[number]) => formatSpread(spread(rows.map((r) => r[key])));
    console.log(`\nslow-post burst (${SLOW} connections, ${CONNECTIONS} shoppers for ${SECONDS} s, ${RUNS} runs; min / median / max)`);
    console.log(`shopper p50 ms        ${f("p50")}`);
    console.log(`shopper p99 ms        ${f("p99")}`);
    console.log(`shopper 5xx           ${f("shopper5xx")}`);
    console.log(`slow posts 408        ${f("slow408")}`);
    console.log(`slow posts closed     ${f("slowClosed")}`);
    console.log(`slow posts 5xx        ${f("slow5xx")}`);
  } finally {
    await server.stop();
  }
}

await main();

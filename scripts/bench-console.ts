/**
 * `npm run bench:console` (issue 49 item 1 "Benchmarks"): the dealer console's stock list on a
 * site with 20,000 cars (BENCH_CARS), filtered and paged, under BENCH_CONNECTIONS (default 10)
 * connections on PostgreSQL. Prints, per list page, min / median / max over BENCH_RUNS runs of
 * BENCH_SECONDS each: requests/s, p50 and p99 latency in ms (goal: p99 under 100 ms), and the
 * CPU time per request of the server, of PostgreSQL and of the load generator; plus a console page
 * without a stock query as a same-run baseline, and the server's highest RSS (VmRSS, MB) during
 * the measured runs.
 *
 * Needs DATABASE_URL (PostgreSQL; the embedded database is held by the server process). Starts
 * the production server (built first when there is no build) on BENCH_PORT (default 3399) without
 * the demo seed, makes the site `bench-stock` with three locations and its cars on first use
 * (deterministic data: makes, models, statuses, car types, prices and listed dates spread over a
 * year), signs in a site manager with `npm run staff` through the server's admin socket, then
 * loads each page with autocannon, or with wrk when BENCH_LOAD=wrk (scripts/bench/load.ts). A
 * benchmark, not a test: nothing fails on timings; figures on the shared 2-core machine are
 * indicative.
 * @throws (exits non-zero) without DATABASE_URL, or when a page does not answer 200.
 */
import { and, count, eq, sql } from "drizzle-orm";
import { openDatabase } from "../db/client";
import { cars, dealerGroups, locations, sites } from "../db/schema/index";
import { formatSpread, spread } from "./bench/lib";
import { loadGenerator, runLoad } from "./bench/load";
import { appDir, benchPort, BROWSER_HEADERS, CONSOLE_HOST, consoleSession, ensureBuild, get, startServer, withRssSamples } from "./bench/server";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const CARS = Number(process.env.BENCH_CARS ?? 20_000);
const PORT = benchPort(3399);
const SLUG = "bench-stock";

const MODELS: Record<string, string[]> = {
  Toyota: ["HiLux", "Corolla", "RAV4", "LandCruiser", "Camry"],
  Ford: ["Ranger", "Everest", "Mustang", "Puma"],
  Mazda: ["CX-5", "CX-3", "BT-50", "Mazda3"],
  Hyundai: ["i30", "Tucson", "Santa Fe"],
  Kia: ["Sportage", "Cerato", "Sorento", "Picanto"],
  Mitsubishi: ["Triton", "Outlander", "ASX"],
};
const MAKES = Object.keys(MODELS);

/** Makes the bench site and its cars unless they exist. @returns the first location's id */
async function ensureSite(url: string): Promise<number> {
  const handle = await openDatabase({ url, poolSize: 2 });
  try {
    const db = handle.db;
    let [site] = await db.select({ id: sites.id }).from(sites).where(eq(sites.slug, SLUG));
    if (!site) {
      const [group] = await db.insert(dealerGroups).values({ slug: `${SLUG}-group`, name: "Bench stock group" }).returning();
      [site] = await db.insert(sites).values({ slug: SLUG, name: "Bench stock", hosts: [], dealerGroupId: group.id, config: {} }).returning({ id: sites.id });
      for (const [i, name] of ["Parramatta", "Penrith", "Liverpool"].entries()) {
        await db.insert(locations).values({ siteId: site.id, dealerGroupId: group.id, slug: name.toLowerCase(), name: `${name} yard`, city: name, state: "NSW", postcode: "2150", lat: -33.81, long: 151.0, locationType: "sales", primary: i === 0 });
      }
    }
    const locs = await db.select({ id: locations.id }).from(locations).where(eq(locations.siteId, site.id));
    const [{ n }] = await db.select({ n: count() }).from(cars).where(eq(cars.siteId, site.id));
    const now = Date.now();
    const rows = [];
    for (let i = Number(n); i < CARS; i++) {
      const make = MAKES[i % MAKES.length];
      const model = MODELS[make][Math.floor(i / MAKES.length) % MODELS[make].length];
      const stockNumber = `BS${String(i).padStart(6, "0")}`;
      const status: "in_stock" | "coming_soon" | "sold" | "withdrawn" = i % 20 === 0 ? "sold" : i % 31 === 0 ? "withdrawn" : i % 13 === 0 ? "coming_soon" : "in_stock";
      rows.push({
        siteId: site.id, locationId: locs[i % locs.length].id, slug: `${make}-${model}-${stockNumber}`.toLowerCase(), name: `${2015 + (i % 10)} ${make} ${model}`,
        stockNumber, vin: null, rego: `B${String(i).padStart(5, "0")}`, carType: (["used", "new", "demo"] as const)[i % 3], make, model, year: 2015 + (i % 10),
        status, sold: status === "sold", soldAt: status === "sold" ? new Date(now - (i % 10) * 86_400_000) : null,
        price: i % 50 === 0 ? null : 15_000 + ((i * 7919) % 60_000), km: (i * 104_729) % 200_000, sourceHash: `bench-${i}`,
        createdAt: new Date(now - (i % 365) * 86_400_000 - (i % 1000) * 1000),
      });
    }
    for (let i = 0; i < rows.length; i += 1000) await db.insert(cars).values(rows.slice(i, i + 1000));
    if (rows.length) console.error(`added ${rows.length} cars to ${SLUG}`);
    // As autovacuum would after a bulk load: planner statistics and the visibility map. Every
    // run, since other benchmarks on this database (bench:profile's demo seed) add cars too: with
    // the map stale, the deep page's index-only scan became a sequential scan and sort.
    await db.execute(sql`vacuum analyze cars`);
    const [first] = await db.select({ id: locations.id }).from(locations).where(and(eq(locations.siteId, site.id), eq(locations.primary, true)));
    return first.id;
  } finally {
    await handle.close();
  }
}

async function main() {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error("bench:console needs DATABASE_URL (PostgreSQL)");
  const dir = appDir();
  ensureBuild(dir);
  const server = await startServer({ dir, port: PORT, env: { SEED_DEMO: "0" } });
  try {
    const location = await ensureSite(url);
    const cookie = await consoleSession(PORT, dir, "bench-stock@forecourt.localhost", SLUG, { ...process.env, PORT: String(PORT) });
    const base = `/sites/${SLUG}/stock`;
    const pages = [
      { name: "stock list, first page (all cars)", path: base },
      { name: "make + status + price sort, page 5", path: `${base}?make=Toyota&status=in_stock&sort=price-asc&page=5` },
      { name: "text 'hilux' + age 31-60 + location", path: `${base}?q=hilux&age=31-60&location=${location}` },
      { name: "stock-number prefix search", path: `${base}?q=BS0123` },
      { name: "deep page (page 300, oldest first)", path: `${base}?sort=oldest&page=300` },
      // Same-run baseline: a console page with no stock query (the guard, layout and render only).
      { name: "baseline: console account page", path: "/account" },
    ];
    const headers = { ...BROWSER_HEADERS, cookie, host: CONSOLE_HOST };
    for (const page of pages) {
      const r = await get(PORT, page.path, CONSOLE_HOST, { cookie });
      if (r.status !== 200) throw new Error(`${page.path} answered ${r.status}`);
    }
    const results = new Map<string, { reqs: number; p50: number; p99: number; non2xx: number; cpu: number; postgresCpu: number; generatorCpu: number }[]>();
    for (const page of pages) await runLoad({ url: `http://127.0.0.1:${PORT}${page.path}`, headers, connections: CONNECTIONS, seconds: 2 });
    const rss: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      for (const page of pages) {
        const cpuBefore = server.cpuMs();
        const r = await withRssSamples(server, rss, () => runLoad({ url: `http://127.0.0.1:${PORT}${page.path}`, headers, connections: CONNECTIONS, seconds: SECONDS }));
        const list = results.get(page.name) ?? [];
        // Server CPU per request (ms): what a busy shared machine disturbs least.
        list.push({ reqs: r.reqsPerSecond, p50: r.p50, p99: r.p99, non2xx: r.non2xx, cpu: (server.cpuMs() - cpuBefore) / Math.max(1, r.total), postgresCpu: r.postgresCpuMs, generatorCpu: r.generatorCpuMs });
        results.set(page.name, list);
        console.error(`run ${run + 1} ${page.name}: ${r.reqsPerSecond.toFixed(0)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, non-2xx ${r.non2xx}`);
      }
    }
    const lines = [`bench:console, ${CARS.toLocaleString("en-AU")} cars on one site, PostgreSQL, ${CONNECTIONS} connections (${loadGenerator()}), ${RUNS} runs x ${SECONDS} s (min / median / max)`, "", "| page | req/s | p50 ms | p99 ms | server CPU ms/request | PostgreSQL CPU ms/request | load generator CPU ms/request |", "|---|---|---|---|---|---|---|"];
    for (const page of pages) {
      const runs = results.get(page.name)!;
      if (runs.some((r) => r.non2xx)) throw new Error(`${page.name} answered non-2xx under load`);
      lines.push(`| ${page.name} | ${formatSpread(spread(runs.map((r) => r.reqs)))} | ${formatSpread(spread(runs.map((r) => r.p50)), 1)} | ${formatSpread(spread(runs.map((r) => r.p99)), 1)} | ${formatSpread(spread(runs.map((r) => r.cpu)), 1)} | ${formatSpread(spread(runs.map((r) => r.postgresCpu)), 1)} | ${formatSpread(spread(runs.map((r) => r.generatorCpu)), 1)} |`);
    }
    lines.push("", `Server RSS during the measured runs: ${formatSpread(spread(rss), 0)} MB (min / median / max of samples every 250 ms).`);
    console.log(lines.join("\n"));
  } finally {
    await server.stop();
  }
}

await main();

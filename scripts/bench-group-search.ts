/**
 * Group-wide search figures for `npm run bench:search` (issue 54 item 7): a synthetic dealer group
 * of GROUP_SITES sites and GROUP_CARS cars in all, searched as the app does it (each member's read
 * model from a `ReadModelStore`, its top page × hitsPerPage hits, merged by `mergeGroupResults`),
 * against one site of SITE_CARS cars, and against one read model holding the whole group (the
 * alternative design). No database: the stock is `syntheticStock`, so the figures are the
 * search's own. Prints p50/p99 per query and design as min / median / max of ROUNDS rounds.
 *
 * Environment: BENCH_GROUP_RUNS (default 500) timed runs per query and round, BENCH_GROUP_SITES
 * (25), BENCH_GROUP_CARS (50,000), BENCH_SITE_CARS (200). A benchmark, not a test: nothing fails.
 */
import { memberQuery, mergeGroupResults } from "../app/search/group-merge";
import { ReadModelStore } from "../app/search/read-model-store";
import { SearchReadModel } from "../app/search/read-model";
import { syntheticStock } from "../app/search/testing/synthetic-stock";
import { NOW } from "../app/search/testing/fixtures";
import type { SearchDoc, SearchQuery, VisibilityOptions } from "../app/search/types";

const RUNS = Number(process.env.BENCH_GROUP_RUNS ?? 500);
const WARMUP = 20;
const ROUNDS = 3;
const GROUP_SITES = Number(process.env.BENCH_GROUP_SITES ?? 25);
const GROUP_CARS = Number(process.env.BENCH_GROUP_CARS ?? 50_000);
const SITE_CARS = Number(process.env.BENCH_SITE_CARS ?? 200);
/** Issue 54 goals, ms: group p50 under 5, site p50 under 1. */
const GOAL_GROUP_P50 = 5;
const GOAL_SITE_P50 = 1;

const q = (overrides: Partial<SearchQuery>): SearchQuery => ({ query: "", refinements: {}, ranges: {}, sortBy: "relevance", page: 1, hitsPerPage: 21, ...overrides });
const QUERIES: { name: string; query: SearchQuery }[] = [
  // What the app runs for a member's SRP: "More from our group", 4 cars and every facet.
  { name: "SRP group section: 4 cars, 1 make", query: q({ refinements: { make: ["Toyota"] }, hitsPerPage: 4 }) },
  { name: "every car, first page", query: q({}) },
  { name: "text query 'toyota cor'", query: q({ query: "toyota cor" }) },
  { name: "3 refinements + all facets", query: q({ refinements: { make: ["Toyota", "Mazda"], body: ["SUV"], car_type: ["used"] } }) },
  { name: "price range, price sort, page 1", query: q({ ranges: { price: { min: 10000, max: 60000 } }, sortBy: "price_desc" }) },
  // A deep page: each member answers its first 210 cars (the app serves no deep group page).
  { name: "price range, price sort, page 10", query: q({ ranges: { price: { min: 10000, max: 60000 } }, sortBy: "price_desc", page: 10 }) },
];
const visibility: VisibilityOptions = { includeSoldDays: 0, excludedStockNumbers: [], priceAboveZeroOnPriceAsc: false, now: NOW };

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const fmt = (ms: number) => (ms < 1 ? ms.toFixed(3) : ms < 100 ? ms.toFixed(2) : ms.toFixed(0));
const spread = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return `${fmt(s[0])} / ${fmt(s[Math.floor(s.length / 2)])} / ${fmt(s[s.length - 1])}`;
};

function timeRuns(run: () => unknown): { p50: number; p99: number } {
  for (let i = 0; i < WARMUP; i++) run();
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    run();
    samples.push(performance.now() - t);
  }
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 50), p99: percentile(samples, 99) };
}

/**
 * Runs the group bench and prints its table (min / median / max of the rounds' p50 and p99, ms).
 */
export async function benchGroupSearch(): Promise<void> {
  console.log(`\n=== group search (issue 54 item 7): ${GROUP_SITES} sites, ${GROUP_CARS.toLocaleString("en-AU")} cars, vs one site of ${SITE_CARS} cars; ${RUNS} runs per query, ${ROUNDS} rounds ===`);
  const perSite = Math.floor(GROUP_CARS / GROUP_SITES);
  const members: { siteId: number; docs: SearchDoc[] }[] = [];
  for (let i = 0; i < GROUP_SITES; i++) members.push({ siteId: i + 1, docs: syntheticStock(perSite, 1 + i * perSite) });
  // The app's store, through its public API (get a site's model at a version).
  const store = new ReadModelStore({ maxBytes: 4 * 1024 ** 3, workerMinDocs: Number.MAX_SAFE_INTEGER });
  let t = performance.now();
  const models = await Promise.all(members.map((m) => store.get(m.siteId, 1, async () => m.docs)));
  console.log(`members' models loaded: ${fmt(performance.now() - t)} ms, ${(store.stats().bytes / 1024 ** 2).toFixed(0)} MB estimated`);
  t = performance.now();
  const whole = SearchReadModel.build(members.flatMap((m) => m.docs));
  console.log(`one group model (alternative): built in ${fmt(performance.now() - t)} ms`);
  const site = SearchReadModel.build(syntheticStock(SITE_CARS, 10_000_000));

  const designs: { name: string; run: (query: SearchQuery) => unknown }[] = [
    { name: `site (${SITE_CARS} cars)`, run: (query) => site.search(query, visibility) },
    {
      name: `group merge (${GROUP_SITES} models)`,
      run: (query) => {
        const per = memberQuery(query);
        return mergeGroupResults(models.map((m) => ({ siteId: m.siteId, result: m.engine.search(per, visibility) })), query);
      },
    },
    { name: "group model (one index)", run: (query) => whole.search(query, visibility) },
  ];
  // Same answers from both group designs (ids of the page), so the timings compare like with like.
  for (const { name, query } of QUERIES) {
    const a = (designs[1].run(query) as ReturnType<typeof mergeGroupResults>).hits.map((h) => h.doc.id).join();
    const b = whole.search(query, visibility).hits.map((h) => h.id).join();
    if (a !== b) console.log(`  WARNING: ${name}: merge and group model differ`);
  }
  const results = new Map<string, { p50: number[]; p99: number[] }>();
  for (let round = 0; round < ROUNDS; round++) {
    for (const design of designs) {
      for (const { name, query } of QUERIES) {
        const r = timeRuns(() => design.run(query));
        const key = `${design.name}|${name}`;
        const entry = results.get(key) ?? { p50: [], p99: [] };
        entry.p50.push(r.p50);
        entry.p99.push(r.p99);
        results.set(key, entry);
      }
    }
  }
  console.log(`${"design".padEnd(28)} ${"query".padEnd(36)} ${"p50 min / median / max ms".padEnd(28)} p99 min / median / max ms`);
  for (const design of designs) {
    for (const { name } of QUERIES) {
      const r = results.get(`${design.name}|${name}`)!;
      console.log(`${design.name.padEnd(28)} ${name.padEnd(36)} ${spread(r.p50).padEnd(28)} ${spread(r.p99)}`);
    }
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  console.log(`\ngoals (median p50 of ${ROUNDS} rounds): group p50 < ${GOAL_GROUP_P50} ms, site p50 < ${GOAL_SITE_P50} ms`);
  for (const [design, goal] of [[designs[0].name, GOAL_SITE_P50], [designs[1].name, GOAL_GROUP_P50]] as const) {
    for (const { name } of QUERIES) {
      const p50 = median(results.get(`${design}|${name}`)!.p50);
      console.log(`  ${p50 < goal ? "PASS" : "FAIL"}  ${design.padEnd(28)} ${name.padEnd(36)} p50 ${fmt(p50)} ms`);
    }
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchGroupSearch();

/**
 * A stock change on a large site does not stall the node (issue 54 item 1, decisions 259 and
 * 358), as requests through the production build's app, on PGlite or the PostgreSQL at
 * DATABASE_URL: while a 60,000-car site's read model is rebuilt after a price change, another
 * site's searches are answered with its own stock, turn after turn of the event loop, the large
 * site's searches answer from the previous version until the new one is installed and then show
 * the change, and the event loop's longest stall (perf_hooks.monitorEventLoopDelay, recorded in the
 * test) stays under a bound.
 *
 * The stall bound. The goal is 50 ms on a quiet machine, which `npm run bench:read-model` and
 * `npm run bench:scale` measure. This test runs on a 2-core box shared with other builds and tests
 * (load average 6-13 when it was written), where an idle event loop is itself woken 50-270 ms late
 * by the OS scheduler and a full collection of a 60,000-car heap takes 70-200 ms of wall time
 * while its helper threads wait for a core. The rebuild on the event loop (the code before issue
 * 54) stalled 3.7-14 s at 60,000 cars, and the first worker version (one adoption task, the
 * vocabulary cloned) 140-430 ms. So the bound is the largest of:
 * - {@link STALL_BOUND_MS}: on PostgreSQL, 400 ms fails the build on the event loop by ten times.
 *   On embedded PGlite each batch of the site's cars is read by a query that runs on the event
 *   loop itself (WASM): at load average 24-28 a 250-car batch took up to 1.2 s of wall time (about
 *   0.05 s quiet), and the load before the fix was one 32 s task; 2,000 ms keeps that sixteen
 *   times under the old stall;
 * - {@link BASELINE_FACTOR} times the machine's own stall for the same traffic without a rebuild,
 *   measured just before;
 * - the worker's time for the build (decoding and indexing): about what the event loop would have
 *   stalled for had it built the model itself, measured in the same moment as the stall, so a
 *   machine busy enough to stretch the one stretches the other. A stall of 403 ms against a
 *   400 ms bound failed a CI run whose baseline was under 100 ms.
 *
 * The count of another site's answers is the part no scheduling delay moves: a build that holds
 * the event loop lets 0-1 of them through (checked on both engines).
 */
import { subscribe, unsubscribe } from "node:diagnostics_channel";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { setTimeout as wait } from "node:timers/promises";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client";
import { READ_MODEL_CHANNEL, type ReadModelEvent } from "../../app/search/read-model-events";
import type { Site } from "../../app/sites/site";
import { startTestApp, type TestApp } from "./app-harness";
import { createTestSite, ENGINE, openTestDatabase } from "./database";
import { stockRecord } from "./fixtures";

/** Cars of the large site: above the read-model worker's threshold, and seconds of build on the event loop. */
const BIG_CARS = 60_000;
/** The longest event-loop stall allowed while the rebuild runs, ms, at least, per engine (see the module comment). */
const STALL_BOUND_MS = ENGINE === "postgres" ? 400 : 2_000;
/**
 * On a machine busy enough that the same traffic without a rebuild already stalls for a while, the
 * bound is this many times that stall instead: a full rebuild on the event loop (seconds) still
 * fails it, the machine's own scheduling delays do not (749 ms measured against a 400 ms bound
 * during three test suites at once).
 */
const BASELINE_FACTOR = 4;
/** Another site's searches answered, each a turn of the event loop after the last, while the rebuild runs. */
const ANSWERED_DURING_REBUILD = 20;

let handle: DatabaseHandle;
let small: TestApp;
let big: Site;

beforeAll(async () => {
  handle = await openTestDatabase();
  small = await startTestApp(handle, { cars: [stockRecord({ make: "Volvo", model: "XC40", price: 41_990 }), stockRecord({ make: "Volvo", model: "XC60", price: 59_990 })] });
  big = await createTestSite(handle);
  // Seeded in bulk, in one statement: cars 1..N of the large site, prices from $10,000 up.
  await handle.db.execute(sql`
    INSERT INTO cars (site_id, slug, name, stock_number, car_type, make, model, year, km, price, status, source_hash)
    SELECT ${big.id}, 'big-' || i, 'Car ' || i, 'BIG' || lpad(i::text, 6, '0'), 'used',
           (ARRAY['Toyota','Mazda','Kia','Ford','Hyundai'])[1 + i % 5], (ARRAY['Corolla','CX-5','Sportage','Ranger','Tucson'])[1 + i % 5],
           2010 + i % 15, (i * 7919) % 250000, 10000 + i, 'in_stock', 'h' || i
    FROM generate_series(1, ${BIG_CARS}) AS i`);
  // Statistics, as PostgreSQL's autovacuum gathers them after a bulk load (embedded PGlite has no
  // autovacuum): without them the planner expects a handful of rows and answers each batch of
  // loadSearchDocs's keyset read with a bitmap scan and a sort of the rest of the site.
  await handle.db.execute(sql`ANALYZE cars`);
}, 300_000);

afterAll(async () => {
  await handle?.close();
});

interface ApiSearch {
  count: number;
  hits: { stockNumber: string; price: number | null; make: string }[];
}

async function search(host: string, query: string): Promise<ApiSearch> {
  const response = await small.request(`/api/search?${query}`, { host });
  expect(response.status).toBe(200);
  return (await response.json()) as ApiSearch;
}

describe(`a stock change on a ${BIG_CARS.toLocaleString("en-AU")}-car site (${ENGINE})`, () => {
  it("does not stall the event loop nor delay another site; the large site answers from its previous version until the new one is installed", async () => {
    const bigHost = `${big.slug}.localhost`;
    const cheapestQuery = "sortBy=price_asc";
    // The large site's first search loads it (a cold start: not what is measured here).
    const before = await search(bigHost, cheapestQuery);
    expect(before.count).toBe(BIG_CARS);
    expect(before.hits[0]).toMatchObject({ stockNumber: "BIG000001", price: 10_001 });

    // The machine's own stall with the same traffic and no rebuild, just before: on a busy machine
    // the OS wakes an idle event loop hundreds of ms late, which no code of ours can prevent.
    const baseline = monitorEventLoopDelay({ resolution: 10 });
    baseline.enable();
    for (let i = 0; i < 40; i++) {
      await search(i % 2 ? bigHost : small.host, cheapestQuery);
      await wait(50);
    }
    baseline.disable();
    const baselineMs = baseline.max / 1e6;

    const events: ReadModelEvent[] = [];
    const listener = (message: unknown) => events.push(message as ReadModelEvent);
    subscribe(READ_MODEL_CHANNEL, listener);
    const delay = monitorEventLoopDelay({ resolution: 10 });
    let answeredDuring = 0;
    try {
      // A price change on the last car by stock number: it becomes the cheapest. The stock
      // version moves on (a trigger); the sites' list shows it within its refresh interval.
      await handle.db.execute(sql`UPDATE cars SET price = 1 WHERE site_id = ${big.id} AND stock_number = ${`BIG${String(BIG_CARS).padStart(6, "0")}`}`);
      delay.enable();
      // Its first sample only starts the clock.
      for (let turn = 0; turn < 3; turn++) await wait(20);
      // Until the rebuild starts, the large site answers from the version it has.
      let during = await search(bigHost, cheapestQuery);
      for (let tries = 0; !events.some((e) => e.event === "stale" && e.siteId === big.id); tries++) {
        expect(during.hits[0].stockNumber, "the site's version answers until the new one is installed").toBe("BIG000001");
        expect(tries, "a rebuild starts once the site list shows the new stock version").toBeLessThan(600);
        await wait(50);
        during = await search(bigHost, cheapestQuery);
      }
      // While the new version is built on the worker thread: the previous version answers ...
      expect(during.hits[0]).toMatchObject({ stockNumber: "BIG000001", price: 10_001 });
      // ... and another site is answered, with its own stock, request after request.
      while (answeredDuring < ANSWERED_DURING_REBUILD) {
        const otherDuring = await search(small.host, "sortBy=price_asc");
        expect(otherDuring.hits.map((h) => [h.make, h.price])).toEqual([["Volvo", 41_990], ["Volvo", 59_990]]);
        if (events.some((e) => e.event === "build" && e.siteId === big.id)) break;
        answeredDuring++;
        // A turn of the event loop between them: each answer comes from a later turn, so a build
        // that holds the event loop for one long task cannot be answered around.
        await wait(10);
      }
      expect(answeredDuring, "another site's searches answered before the rebuild ended").toBe(ANSWERED_DURING_REBUILD);
      // Then the change shows, once the new version is installed.
      let after = await search(bigHost, cheapestQuery);
      for (let tries = 0; after.hits[0].price !== 1; tries++) {
        expect(after.hits[0].stockNumber, "nothing between the previous version and the new one").toBe("BIG000001");
        expect(tries, "the rebuild ends").toBeLessThan(2_400);
        await wait(50);
        after = await search(bigHost, cheapestQuery);
      }
      expect([after.count, after.hits[0].stockNumber, after.hits[0].price]).toEqual([BIG_CARS, `BIG${String(BIG_CARS).padStart(6, "0")}`, 1]);
      // The delay monitor samples on its own timer: let it fire after the last task.
      for (let turn = 0; turn < 3; turn++) await wait(20);
    } finally {
      delay.disable();
      unsubscribe(READ_MODEL_CHANNEL, listener);
    }
    const build = events.find((e) => e.event === "build" && e.siteId === big.id);
    expect(build).toMatchObject({ docs: BIG_CARS, thread: "worker" });
    expect(events).toContainEqual(expect.objectContaining({ event: "evict", siteId: big.id, reason: "replaced" }));
    const maxStallMs = delay.max / 1e6;
    const workerMs = build?.event === "build" ? build.workerMs : 0;
    const boundMs = Math.max(STALL_BOUND_MS, BASELINE_FACTOR * baselineMs, workerMs);
    console.info(`${ENGINE}: rebuild of ${BIG_CARS} cars: ${answeredDuring} searches of another site answered during it; longest event-loop stall ${maxStallMs.toFixed(0)} ms (p99 ${(delay.percentile(99) / 1e6).toFixed(0)} ms; without a rebuild just before: ${baselineMs.toFixed(0)} ms; the worker's build: ${workerMs.toFixed(0)} ms; bound ${boundMs.toFixed(0)} ms); load ${build?.event === "build" ? build.loadMs.toFixed(0) : "?"} ms, event loop's share of the build ${build?.event === "build" ? build.eventLoopMs.toFixed(0) : "?"} ms`);
    expect(maxStallMs).toBeLessThan(boundMs);
  }, 600_000);
});

/**
 * A stock change on a large site does not hold up the node (issue 54 item 1, decisions 259 and
 * 358), as requests through the production build's app, on PGlite or the PostgreSQL at DATABASE_URL:
 * while a 60,000-car site's read model is rebuilt after a price change on the worker thread,
 * another site's searches are answered with its own stock, again and again, the large site's
 * searches answer from the previous version until the new one is installed, and then show the
 * change.
 *
 * The event loop's longest stall meanwhile is measured and printed, not asserted: it is a speed
 * figure, and on a shared 2-core machine the OS scheduler and a full collection of a 60,000-car
 * heap move it by hundreds of ms (a 400 ms bound failed at 403 ms during a CI run whose baseline
 * was under 100 ms). `npm run bench:read-model` and `npm run bench:scale` report it against the
 * 50 ms goal. What this test asserts cannot be met by a build that holds the event loop: another
 * site's requests answered one after another while the build runs.
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
/** Another site's searches answered one after another while the rebuild runs, at least. */
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
  it("keeps answering another site, turn after turn, while the large site is rebuilt; the large site answers from its previous version until the new one is installed", async () => {
    const bigHost = `${big.slug}.localhost`;
    const cheapestQuery = "sortBy=price_asc";
    // The large site's first search loads it (a cold start: not what is measured here).
    const before = await search(bigHost, cheapestQuery);
    expect(before.count).toBe(BIG_CARS);
    expect(before.hits[0]).toMatchObject({ stockNumber: "BIG000001", price: 10_001 });

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
    console.info(`${ENGINE}: rebuild of ${BIG_CARS} cars over HTTP: ${answeredDuring} searches of another site answered during it; longest event-loop stall ${maxStallMs.toFixed(0)} ms (p99 ${(delay.percentile(99) / 1e6).toFixed(0)} ms); load ${build?.event === "build" ? build.loadMs.toFixed(0) : "?"} ms, event loop's share of the build ${build?.event === "build" ? build.eventLoopMs.toFixed(0) : "?"} ms`);
  }, 600_000);
});

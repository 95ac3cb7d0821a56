import { subscribe, unsubscribe } from "node:diagnostics_channel";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { setTimeout as wait } from "node:timers/promises";
import { afterAll, describe, expect, it } from "vitest";
import { closeReadModelBuilder } from "./read-model-builder.ts";
import { READ_MODEL_CHANNEL, ReadModelStore, type ReadModelEvent } from "./read-model-store.ts";
import { SearchReadModel } from "./read-model.ts";
import { DEFAULT_VISIBILITY, makeQuery } from "./testing/fixtures.ts";
import { syntheticStock } from "./testing/synthetic-stock.ts";
import type { SearchDoc } from "./types.ts";

afterAll(() => closeReadModelBuilder());

/** Events the store publishes while `run` runs. */
async function recordEvents<T>(run: () => Promise<T>): Promise<{ result: T; events: ReadModelEvent[] }> {
  const events: ReadModelEvent[] = [];
  const listener = (message: unknown) => events.push(message as ReadModelEvent);
  subscribe(READ_MODEL_CHANNEL, listener);
  try {
    return { result: await run(), events };
  } finally {
    unsubscribe(READ_MODEL_CHANNEL, listener);
  }
}

/** Polls (each turn of the event loop, a few ms apart) until `done()`. */
async function until(done: () => boolean): Promise<void> {
  while (!done()) await wait(5);
}

const BIG_SITE = 1;
const SMALL_SITE = 2;
const cheapest = makeQuery({ sortBy: "price_asc", hitsPerPage: 1 });
/**
 * Turns of the event loop that must pass while a 60,000-car build runs on the worker. The worker's
 * build takes hundreds of ms and a turn here a few µs, so thousands pass even on a quiet machine
 * (18,688-24,789 in three idle runs); a build on the event loop lets 1-2 through.
 */
const MIN_TURNS_DURING_BUILD = 20;

/** Resolves on the event loop's next turn (after pending I/O and timers). */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe("read-model lifecycle (issue 54)", () => {
  it("rebuilds a large site on the worker thread: another site is answered meanwhile, turn after turn of the event loop, and the big site from its previous version", async () => {
    const stock = syntheticStock(60_000);
    const store = new ReadModelStore({ maxBytes: 2 * 1024 ** 3, workerMinDocs: 10_000 });
    const small = syntheticStock(300, 1_000_000);
    await store.get(BIG_SITE, 1, async () => stock);
    const smallCount = (await store.get(SMALL_SITE, 1, async () => small)).engine.search(makeQuery(), DEFAULT_VISIBILITY).count;
    expect(smallCount).toBeGreaterThan(0);

    // A price change: the cheapest car is now $1.
    const before = (await store.get(BIG_SITE, 1, async () => stock)).engine.search(cheapest, DEFAULT_VISIBILITY).hits[0];
    const changed: SearchDoc[] = stock.map((doc) => (doc.id === before.id ? { ...doc, price: 1 } : doc));
    const delay = monitorEventLoopDelay({ resolution: 1 });
    let turnsDuringBuild = 0;
    const { events } = await recordEvents(async () => {
      delay.enable();
      const during = await store.get(BIG_SITE, 2, async () => changed);
      // Searches keep answering from the previous version until the new one is ready.
      expect(during.version).toBe(1);
      expect(during.engine.search(cheapest, DEFAULT_VISIBILITY).hits[0].price).toBe(before.price);
      expect(store.stats().building).toBe(1);
      // Another site's request is answered on each turn of the event loop until the big site's
      // new version is installed. A build on the event loop is one task: it would let through
      // the one or two turns before it starts, and none during it.
      while (store.peek(BIG_SITE)?.version !== 2) {
        const other = await store.get(SMALL_SITE, 1, async () => small);
        expect(other.engine.search(makeQuery(), DEFAULT_VISIBILITY).count).toBe(smallCount);
        turnsDuringBuild++;
        await nextTurn();
      }
      delay.disable();
    });
    const after = await store.get(BIG_SITE, 2, async () => changed);
    expect(after.engine.search(cheapest, DEFAULT_VISIBILITY).hits[0]).toMatchObject({ id: before.id, price: 1 });
    const build = events.find((e) => e.event === "build");
    expect(build).toMatchObject({ event: "build", siteId: BIG_SITE, version: 2, docs: 60_000, thread: "worker" });
    expect(events).toContainEqual({ event: "stale", siteId: BIG_SITE, servedVersion: 1, wantedVersion: 2 });
    expect(events).toContainEqual(expect.objectContaining({ event: "evict", siteId: BIG_SITE, version: 1, reason: "replaced" }));
    // The count of turns is what no scheduling delay moves: a busy machine stretches the
    // worker's build, which only adds turns. How long the longest one took is a figure for
    // `npm run bench:read-model` and `npm run bench:scale` to measure on a quiet machine (and for
    // tests/integration/read-model-stall.test.ts to bound against the machine's own baseline);
    // logged here for whoever reads the output.
    console.info(`rebuild of 60,000 cars on the worker: ${turnsDuringBuild} turns of the event loop during it, longest ${(delay.max / 1e6).toFixed(1)} ms; event loop's share ${build?.event === "build" ? build.eventLoopMs.toFixed(0) : "?"} ms`);
    expect(turnsDuringBuild).toBeGreaterThanOrEqual(MIN_TURNS_DURING_BUILD);
  });

  it("evicts the least recently used site beyond the memory budget and loads it again on its next request", async () => {
    const sites = [syntheticStock(400, 1), syntheticStock(400, 10_001), syntheticStock(400, 20_001)];
    const loads = [0, 0, 0];
    const load = (i: number) => async () => {
      loads[i]++;
      return sites[i];
    };
    const probe = new ReadModelStore({ maxBytes: 1024 ** 3 });
    const oneSite = (await probe.get(9, 1, load(0))).bytes;
    loads[0] = 0;
    const store = new ReadModelStore({ maxBytes: Math.floor(oneSite * 2.5) });
    const { events } = await recordEvents(async () => {
      await store.get(0, 1, load(0));
      await store.get(1, 1, load(1));
      await store.get(0, 1, load(0)); // site 0 used last: site 1 is now the least recently used
      await store.get(2, 1, load(2));
    });
    expect(store.peek(1)).toBeUndefined();
    expect(store.peek(0)?.version).toBe(1);
    expect(store.peek(2)?.version).toBe(1);
    expect(store.stats()).toMatchObject({ sites: 2, maxBytes: Math.floor(oneSite * 2.5) });
    expect(store.stats().bytes).toBeLessThanOrEqual(store.maxBytes);
    expect(events).toContainEqual({ event: "evict", siteId: 1, version: 1, bytes: oneSite, reason: "budget" });
    expect(loads).toEqual([1, 1, 1]);
    // The evicted site is loaded again on its next request, and answers as before.
    const again = await store.get(1, 1, load(1));
    expect(loads).toEqual([1, 2, 1]);
    expect(again.engine.search(makeQuery(), DEFAULT_VISIBILITY).count).toBeGreaterThan(0);
    expect(store.peek(0)).toBeUndefined(); // now the least recently used
  });

  it("keeps a site larger than the whole budget (alone) rather than loading it for every search", async () => {
    const store = new ReadModelStore({ maxBytes: 1024 });
    let loads = 0;
    const load = async () => (loads++, syntheticStock(50));
    await store.get(1, 1, load);
    await store.get(1, 1, load);
    expect(loads).toBe(1);
  });

  it("waits for a small site's new version (a price change shows on the next page) and builds each version once", async () => {
    const store = new ReadModelStore({ maxBytes: 1024 ** 3 });
    const stock = syntheticStock(100);
    let loads = 0;
    const load = (docs: SearchDoc[]) => async () => (loads++, docs);
    await store.get(1, 1, load(stock));
    const changed = stock.map((doc, i) => (i === 1 ? { ...doc, price: 1 } : doc)); // car 1 is listed
    const [a, b] = await Promise.all([store.get(1, 2, load(changed)), store.get(1, 2, load(changed))]);
    expect(a).toBe(b);
    expect(a.version).toBe(2);
    expect(a.engine.search(cheapest, DEFAULT_VISIBILITY).hits[0].price).toBe(1);
    expect(loads).toBe(2);
  });

  it("keeps answering from the previous version when a large site's rebuild fails, and tries again on the next request", async () => {
    const store = new ReadModelStore({ maxBytes: 1024 ** 3, workerMinDocs: 50 });
    const stock = syntheticStock(100);
    await store.get(1, 1, async () => stock);
    const during = await store.get(1, 2, async () => {
      throw new Error("database away");
    });
    expect(during.version).toBe(1);
    await until(() => store.stats().building === 0);
    expect(store.peek(1)?.version).toBe(1);
    await store.get(1, 2, async () => stock);
    await until(() => store.peek(1)?.version === 2);
  });
});

describe("read-model rebuilds keep what did not change (issue 54)", () => {
  it("a car whose document is unchanged keeps its previous object; a changed car gets the new one", async () => {
    const { PreviousDocs } = await import("./previous-docs.ts");
    const before = syntheticStock(30);
    const reusable = await PreviousDocs.index(before);
    // As read again from the database: equal values, new objects (finance nested as from JSON).
    const again = (JSON.parse(JSON.stringify(before)) as SearchDoc[]).map((doc, i) => (i === 7 ? { ...doc, price: 1 } : doc));
    const after = again.map((doc) => reusable.reuse(doc));
    expect(after.filter((doc, i) => doc === before[i]).length).toBe(29);
    expect(after[7]).not.toBe(before[7]);
    expect(after[7].price).toBe(1);
    const added = { ...before[0], id: 1_000_000 };
    expect(reusable.reuse(added)).toBe(added);
    expect((await PreviousDocs.index(undefined)).reuse(before[3])).toBe(before[3]);
  });

  it("a rebuild on the worker thread moves the text index across (its vocabulary as UTF-8) and passes the previous documents to the loader", async () => {
    const store = new ReadModelStore({ maxBytes: 1024 ** 3, workerMinDocs: 50 });
    const stock = syntheticStock(120);
    await store.get(1, 1, async () => stock);
    const byStockNumber = makeQuery({ query: "SYN73" });
    expect(store.peek(1)!.engine.search(byStockNumber, DEFAULT_VISIBILITY).hits.map((h) => h.id)).toEqual([73]);
    let given: readonly SearchDoc[] | undefined;
    const changed = stock.map((doc) => (doc.id === 73 ? { ...doc, stockNumber: "NEW73" } : doc));
    await store.get(1, 2, async (previous) => ((given = previous), changed));
    await until(() => store.peek(1)?.version === 2);
    expect(given).toBe(stock);
    const model = store.peek(1)!.engine;
    expect(model.hasTextIndex).toBe(true);
    expect(model.search(makeQuery({ query: "NEW73" }), DEFAULT_VISIBILITY).hits.map((h) => h.id)).toEqual([73]);
    expect(model.search(byStockNumber, DEFAULT_VISIBILITY).count).toBe(0);
    expect(model.search(makeQuery({ query: "toyota" }), DEFAULT_VISIBILITY).count).toBe(SearchReadModel.build(changed).search(makeQuery({ query: "toyota" }), DEFAULT_VISIBILITY).count);
  });
});

describe("a new version with the same documents (a config change that shaped none of them; issue 54)", () => {
  it("keeps the previous version's index and document array under the new version, with no build", async () => {
    const stock = syntheticStock(12_000);
    const store = new ReadModelStore({ maxBytes: 2 * 1024 ** 3, workerMinDocs: 10_000 });
    const first = await store.get(BIG_SITE, 1, async () => ({ docs: stock, resume: "first read" }));
    const { events } = await recordEvents(async () => {
      // A large site answers from its previous version until the new one is installed.
      await store.get(BIG_SITE, 2, async () => ({ docs: [...stock], resume: "second read" }));
      await until(() => store.peek(BIG_SITE)?.version === 2);
    });
    const second = store.peek(BIG_SITE)!;
    expect(second.engine).toBe(first.engine);
    expect(second.docs).toBe(first.docs);
    expect(second.resume).toBe("second read");
    expect(events.filter((e) => e.event === "build")).toMatchObject([{ siteId: BIG_SITE, version: 2, docs: 12_000, thread: "reused", workerMs: 0 }]);

    // One document replaced (a price change): the version is built anew.
    const changed = stock.map((doc, i) => (i === 1 ? { ...doc, price: 1 } : doc)); // car 1 is listed
    await store.get(BIG_SITE, 3, async () => changed);
    await until(() => store.peek(BIG_SITE)?.version === 3);
    const third = store.peek(BIG_SITE)!;
    expect(third.engine).not.toBe(first.engine);
    expect(third.docs).toBe(changed);
    expect(third.engine.search(cheapest, DEFAULT_VISIBILITY).hits[0].price).toBe(1);
  });
});

/**
 * `npm run bench:read-model` (issue 54, decisions 259 and 358): the search read model's lifecycle
 * on synthetic stock, without a database. Prints, for three runs (min / median / max):
 * - heap per 1,000 cars of the documents and of the index (typed arrays included);
 * - for sites of 100,000 and 200,000 cars (or the sizes given as arguments), three consecutive
 *   stock changes (a price change each) through the read-model store, as the server makes them:
 *   the cars read again in batches a turn of the event loop apart (JSON text parsed per batch, as
 *   rows are decoded; unchanged cars keep their previous document), the model rebuilt on the
 *   worker thread with its text index. Reported: the longest event-loop stall
 *   (perf_hooks.monitorEventLoopDelay, 1 ms resolution) over the three changes, the longest task
 *   the build itself gave the event loop, its event-loop time in all (encoding the batches of
 *   changed cars, adopting the worker's parts), and the heap after full collections before the changes
 *   and after them (the previous version must not be retained);
 * - a cold site (evicted, then asked for again) of 200 and 2,000 cars: store load + first search.
 * The machine's load average is printed with the figures: on a shared 2-core machine, an idle
 * event loop is itself woken late by the OS. Run with `node --expose-gc --import tsx
 * scripts/bench-read-model.ts [cars...]`.
 */
import { subscribe } from "node:diagnostics_channel";
import { loadavg } from "node:os";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { setImmediate as nextTurn, setTimeout as wait } from "node:timers/promises";
import { closeReadModelBuilder } from "../app/search/read-model-builder";
import { READ_MODEL_CHANNEL, ReadModelStore, type LoadSiteDocs, type ReadModelEvent } from "../app/search/read-model-store";
import { PreviousDocs } from "../app/search/previous-docs";
import { DocStrings } from "../app/search/doc-strings";
import { SearchReadModel } from "../app/search/read-model";
import { DEFAULT_VISIBILITY, makeQuery } from "../app/search/testing/fixtures";
import { syntheticStock } from "../app/search/testing/synthetic-stock";
import type { SearchDoc } from "../app/search/types";

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error("run with node --expose-gc");
const sizes = process.argv.length > 2 ? process.argv.slice(2).map(Number) : [100_000, 200_000];
const MB = 1024 * 1024;
/** Bytes held after full collections: the JS heap, and ArrayBuffers apart (freed lazily, noisier). */
const memory = () => {
  gc!();
  gc!();
  const m = process.memoryUsage();
  return { heap: m.heapUsed, arrayBuffers: m.arrayBuffers };
};
const heap = () => {
  const m = memory();
  return m.heap + m.arrayBuffers;
};
const summary = (values: number[], digits = 1) => {
  const s = [...values].sort((a, b) => a - b);
  return `${s[0].toFixed(digits)} / ${s[1].toFixed(digits)} / ${s[2].toFixed(digits)}`;
};
const load = () => loadavg().map((l) => l.toFixed(1)).join(" ");
const builds: ReadModelEvent[] = [];
subscribe(READ_MODEL_CHANNEL, (message) => {
  if ((message as ReadModelEvent).event === "build") builds.push(message as ReadModelEvent);
});

/**
 * The site's cars as the database gives them: JSON text per batch of 2,000. The text is all the
 * bench keeps of the stock (the cars' objects are dropped once encoded): on a server the rows
 * live in PostgreSQL, not on the node's heap, and a major collection's pause grows with the
 * objects the heap holds.
 */
function rowsAsText(stock: readonly SearchDoc[]): string[] {
  const batches: string[] = [];
  for (let i = 0; i < stock.length; i += 2_000) batches.push(JSON.stringify(stock.slice(i, i + 2_000)));
  return batches;
}

/** `batches` with car `changed` (its position) at price `price`: only its batch is made anew. */
function withPrice(batches: readonly string[], changed: number, price: number): string[] {
  const at = Math.floor(changed / 2_000);
  const cars = JSON.parse(batches[at]) as SearchDoc[];
  cars[changed % 2_000] = { ...cars[changed % 2_000], price };
  return batches.map((text, i) => (i === at ? JSON.stringify(cars) : text));
}

/** A loader as loadSearchDocs: one batch parsed per turn of the event loop, unchanged cars reused. */
function loader(batches: readonly string[]): LoadSiteDocs {
  return async (previous) => {
    const reusable = await PreviousDocs.index(previous);
    const strings = new DocStrings();
    const docs: SearchDoc[] = [];
    for (const text of batches) {
      for (const doc of JSON.parse(text) as SearchDoc[]) {
        const kept = reusable.reuse(doc);
        docs.push(kept === doc ? strings.share(doc) : kept);
      }
      await nextTurn();
    }
    return docs;
  };
}

interface SizeFigures {
  stall: number[];
  longestTask: number[];
  /** The event loop's share of one build (encoding the changed batches, adopting the parts), ms. */
  buildLoopMs: number[];
  heapBefore: number[];
  heapAfter: number[];
  buffersBefore: number[];
  buffersAfter: number[];
}

async function changes(cars: number): Promise<SizeFigures> {
  const figures: SizeFigures = { stall: [], longestTask: [], buildLoopMs: [], heapBefore: [], heapAfter: [], buffersBefore: [], buffersAfter: [] };
  const stock = rowsAsText(syntheticStock(cars));
  for (let run = 0; run < 3; run++) {
    const store = new ReadModelStore({ maxBytes: 16 * 1024 * MB });
    const site = 1;
    await store.get(site, 1, loader(stock));
    // A text query builds the text index, so the rebuilds build it too (on the worker).
    store.peek(site)!.engine.search(makeQuery({ query: "toyota" }), DEFAULT_VISIBILITY);
    const before = memory();
    figures.heapBefore.push(before.heap / MB);
    figures.buffersBefore.push(before.arrayBuffers / MB);
    let stall = 0;
    let longestTask = 0;
    let buildLoopMs = 0;
    for (let version = 2; version <= 4; version++) {
      const batches = withPrice(stock, version * 1_000, version);
      builds.length = 0;
      const delay = monitorEventLoopDelay({ resolution: 1 });
      delay.enable();
      for (let i = 0; i < 3; i++) await wait(10);
      await store.get(site, version, loader(batches)); // answers from the previous version
      while (store.peek(site)?.version !== version) await wait(5);
      for (let i = 0; i < 3; i++) await wait(10);
      delay.disable();
      stall = Math.max(stall, delay.max / 1e6);
      const build = builds.find((e) => e.event === "build");
      if (build?.event === "build") {
        longestTask = Math.max(longestTask, build.longestTaskMs);
        buildLoopMs += build.eventLoopMs;
      }
    }
    figures.stall.push(stall);
    figures.longestTask.push(longestTask);
    figures.buildLoopMs.push(buildLoopMs / 3);
    const after = memory();
    figures.heapAfter.push(after.heap / MB);
    figures.buffersAfter.push(after.arrayBuffers / MB);
    store.clear();
  }
  return figures;
}

const started = load();
const docsKb: number[] = [];
const indexKb: number[] = [];
const cold200: number[] = [];
const cold2000: number[] = [];
for (let run = 0; run < 3; run++) {
  const base = heap();
  // Parsed from text, as rows are: each car's strings are its own, as from the database; the
  // repeated ones then shared as loadSearchDocs shares them.
  const strings = new DocStrings();
  const docs = (JSON.parse(JSON.stringify(syntheticStock(100_000))) as SearchDoc[]).map((doc) => strings.share(doc));
  docsKb.push((heap() - base) / 100_000);
  indexKb.push(SearchReadModel.build(docs).stats.typedArrayBytes / 100_000);
  for (const [size, into] of [[200, cold200], [2_000, cold2000]] as const) {
    const store = new ReadModelStore({ maxBytes: 64 * MB });
    const stock = JSON.parse(JSON.stringify(syntheticStock(size))) as SearchDoc[];
    const t = performance.now();
    const loaded = await store.get(1, 1, async () => stock);
    loaded.engine.search(makeQuery(), DEFAULT_VISIBILITY);
    into.push(performance.now() - t);
  }
}
console.log(`read model, synthetic cars, min / median / max of 3 runs; load average ${started} at the start (2 cores)`);
console.log(`heap per 1,000 cars: documents ${summary(docsKb)} KB; index's typed arrays ${summary(indexKb)} KB`);
console.log(`cold site (store load + first search, no database): 200 cars ${summary(cold200)} ms; 2,000 cars ${summary(cold2000)} ms`);
for (const cars of sizes) {
  const f = await changes(cars);
  console.log(`${cars.toLocaleString("en-AU")} cars, 3 consecutive price changes on the worker thread (text index included), load average ${load()} after:`);
  console.log(`  longest event-loop stall ${summary(f.stall)} ms; the build's longest event-loop task ${summary(f.longestTask)} ms; the event loop's share of a build ${summary(f.buildLoopMs)} ms`);
  console.log(`  after GC, JS heap before the changes ${summary(f.heapBefore, 0)} MB, after them ${summary(f.heapAfter, 0)} MB; ArrayBuffers ${summary(f.buffersBefore, 0)} MB, after ${summary(f.buffersAfter, 0)} MB`);
}
await closeReadModelBuilder();

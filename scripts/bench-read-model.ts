/**
 * `npm run bench:read-model` (issue 54, decision 259): the search read model's lifecycle on
 * synthetic stock, without a database. Prints, for three runs (min / median / max):
 * - heap per 1,000 cars of the documents and of the index (typed arrays included);
 * - a 100,000-car rebuild: the longest event-loop stall (perf_hooks.monitorEventLoopDelay) with
 *   the build on the read-model worker and on the event loop, and the event loop's share;
 * - a cold site (evicted, then asked for again) of 200 and 2,000 cars: store load + first search.
 * Run with `node --expose-gc --import tsx scripts/bench-read-model.ts [cars]`. Figures depend on
 * the machine's load; the database read (loadSearchDocs) is not included.
 */
import { monitorEventLoopDelay } from "node:perf_hooks";
import { setTimeout as wait } from "node:timers/promises";
import { buildReadModelOffThread, closeReadModelBuilder } from "../app/search/read-model-builder";
import { ReadModelStore } from "../app/search/read-model-store";
import { SearchReadModel } from "../app/search/read-model";
import { DEFAULT_VISIBILITY, makeQuery } from "../app/search/testing/fixtures";
import { syntheticStock } from "../app/search/testing/synthetic-stock";
import type { SearchDoc } from "../app/search/types";

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error("run with node --expose-gc");
const cars = Number(process.argv[2] ?? 100_000);
const heap = () => {
  gc!();
  gc!();
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
};
const summary = (values: number[], digits = 1) => {
  const s = [...values].sort((a, b) => a - b);
  return `${s[0].toFixed(digits)} / ${s[1].toFixed(digits)} / ${s[2].toFixed(digits)}`;
};

async function stall(run: () => Promise<unknown> | unknown): Promise<number> {
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  for (let i = 0; i < 3; i++) await wait(10);
  await run();
  for (let i = 0; i < 3; i++) await wait(10);
  delay.disable();
  return delay.max / 1e6;
}

const docsKb: number[] = [];
const indexKb: number[] = [];
const workerStall: number[] = [];
const workerEventLoop: number[] = [];
const workerLongestTask: number[] = [];
const mainStall: number[] = [];
const cold200: number[] = [];
const cold2000: number[] = [];
await buildReadModelOffThread(syntheticStock(10)); // start the worker thread once
for (let run = 0; run < 3; run++) {
  let base = heap();
  // Parsed from text, as rows are: each car's strings are its own, as from the database.
  let docs: SearchDoc[] | null = JSON.parse(JSON.stringify(syntheticStock(cars))) as SearchDoc[];
  docsKb.push((heap() - base) / cars);
  indexKb.push(SearchReadModel.build(docs).stats.typedArrayBytes / cars);
  const d = docs;
  let eventLoopMs = 0;
  let longestTaskMs = 0;
  workerStall.push(
    await stall(async () => {
      const built = await buildReadModelOffThread(d);
      eventLoopMs = built.encodeMs + built.adoptMs;
      longestTaskMs = built.longestTaskMs;
    }),
  );
  workerEventLoop.push(eventLoopMs);
  workerLongestTask.push(longestTaskMs);
  mainStall.push(await stall(() => SearchReadModel.build(d)));
  docs = null;
  base = heap();
  for (const [size, into] of [[200, cold200], [2_000, cold2000]] as const) {
    const store = new ReadModelStore({ maxBytes: 64 * 1024 ** 2 });
    const stock = JSON.parse(JSON.stringify(syntheticStock(size))) as SearchDoc[];
    const started = performance.now();
    const loaded = await store.get(1, 1, async () => stock);
    loaded.engine.search(makeQuery(), DEFAULT_VISIBILITY);
    into.push(performance.now() - started);
  }
}
await closeReadModelBuilder();
console.log(`read model, ${cars.toLocaleString("en-AU")} synthetic cars, min / median / max of 3 runs`);
console.log(`heap per 1,000 cars: documents ${summary(docsKb.map((b) => b))} KB; index's typed arrays ${summary(indexKb)} KB`);
console.log(`rebuild, longest event-loop stall: worker ${summary(workerStall)} ms (event loop's share ${summary(workerEventLoop, 0)} ms over many turns, its longest task ${summary(workerLongestTask)} ms); on the event loop ${summary(mainStall, 0)} ms`);
console.log(`cold site (store load + first search, no database): 200 cars ${summary(cold200)} ms; 2,000 cars ${summary(cold2000)} ms`);

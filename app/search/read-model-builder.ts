/**
 * Builds a site's search read model off the event loop (issue 54, decision 259): the cars go to
 * the read-model worker thread (read-model-worker.ts) as JSON rows of the index's fields, encoded a batch at a time
 * between turns of the event loop, and the index comes back by transfer of its typed arrays, so
 * the event loop's part is the encoding (a few ms per batch) and one pass putting its own
 * documents in row order.
 *
 * The encoded batches are kept with the model ({@link EncodedDocs}, in shared memory, which the
 * worker reads without a copy). A stock change keeps every unchanged car's document object in
 * its place (search.server.ts), so the next build encodes only the batches holding a changed car
 * and hands the others over as they are: a price change on a 200,000-car site encodes 1,000 cars,
 * not 200,000, and leaves tens of MB less garbage for the event loop's collector.
 */
import { setImmediate as nextTurn } from "node:timers/promises";
import { lazyWorkerPool, workerModule } from "../services/worker-module.server.ts";
import { RANGE_BLOCK_ROWS, SearchReadModel, type ReadModelParts } from "./read-model.ts";
import type { SearchDoc } from "./types.ts";

/** The document fields the index reads (facets, ranges, sorts, visibility, text): all the worker gets. */
export const BUILD_FIELDS: readonly (keyof SearchDoc)[] = [
  "id", "stockNumber", "make", "model", "badge", "series", "body", "fuel", "drive", "transmission", "colour", "seats",
  "city", "state", "dealership", "dealershipName", "carType", "itemType", "tag", "certified", "status", "soldAt",
  "showOnDealerWebsite", "year", "km", "price", "subscriptionPrice", "createdAt", "customRank",
];

/** Cars encoded per turn of the event loop (a few ms of JSON text each on a quiet machine). */
export const ENCODE_BATCH_DOCS = 1_000;

/** Vocabulary tokens decoded per turn of the event loop when a model is adopted. */
export const VOCABULARY_SLICE_TOKENS = 5_000;

/**
 * The text index's vocabulary as it crosses from the worker: the tokens (sorted, none containing
 * a line feed: tokens are folded words) joined by "\n" as UTF-8, so it is moved with the typed
 * arrays rather than cloned string by string.
 */
export interface EncodedVocabulary {
  text: Uint8Array;
  tokens: number;
}

/**
 * @param vocabulary the model's sorted tokens (empty when the text index is not built)
 * @returns the tokens as one UTF-8 buffer, to transfer
 */
export function encodeVocabulary(vocabulary: readonly string[]): EncodedVocabulary {
  return { text: new TextEncoder().encode(vocabulary.join("\n")), tokens: vocabulary.length };
}

/**
 * The tokens of {@link encodeVocabulary}'s buffer, split {@link VOCABULARY_SLICE_TOKENS} at a time
 * between turns of the event loop (200,000 tokens split in one task take tens of ms).
 * @param onTask told each slice's duration, ms
 */
export async function decodeVocabulary(encoded: EncodedVocabulary, onTask: (ms: number) => void = () => undefined): Promise<string[]> {
  if (encoded.tokens === 0) return [];
  let started = performance.now();
  const text = new TextDecoder().decode(encoded.text);
  const tokens = new Array<string>(encoded.tokens);
  let from = 0;
  for (let t = 0; t < encoded.tokens; t++) {
    const end = t === encoded.tokens - 1 ? text.length : text.indexOf("\n", from);
    tokens[t] = text.slice(from, end);
    from = end + 1;
    if ((t + 1) % VOCABULARY_SLICE_TOKENS === 0) {
      onTask(performance.now() - started);
      await nextTurn();
      started = performance.now();
    }
  }
  onTask(performance.now() - started);
  return tokens;
}

/**
 * A site's documents as encoded for the worker: batch `b` holds the {@link BUILD_FIELDS} rows of
 * `docs[b * ENCODE_BATCH_DOCS ...]`, up to {@link ENCODE_BATCH_DOCS} cars, as UTF-8 JSON in a
 * SharedArrayBuffer (never written after it is made; a worker task reads it where it is).
 */
export interface EncodedDocs {
  /** The documents encoded, by identity: a batch serves again only for the very same objects in the same places. */
  docs: readonly SearchDoc[];
  batches: readonly Uint8Array[];
  /** Sum of the batches' lengths (bytes, counted in the model's memory). */
  bytes: number;
}

/** Where a model was built, and what the event loop and the worker spent on it (ms). */
export interface OffThreadBuild {
  model: SearchReadModel;
  /** The batches the worker read, to give as `previous` to the site's next build; null on the main thread. */
  encoded: EncodedDocs | null;
  /** Batches taken as they were from `previous` (not encoded again). */
  reusedBatches: number;
  /** "worker", or "main" when the worker could not be used (a warning was emitted). */
  thread: "worker" | "main";
  /** Event-loop time spent encoding the cars (over many turns). */
  encodeMs: number;
  /** Worker time decoding the cars and building the index (0 on the main thread). */
  workerMs: number;
  /** Event-loop time putting the model together from the transferred parts (a few turns). */
  adoptMs: number;
  /** Bytes of JSON encoded for this build (reused batches not counted). */
  encodedBytes: number;
  /** The event loop's longest single task of the build (one batch's encoding, or the adoption), ms. */
  longestTaskMs: number;
}

// Kept out of `new URL("...", import.meta.url)` literals so the Vite build leaves them alone.
const WORKER_SOURCE = "./read-model-worker.ts";
const WORKER_BUNDLE = "../node/read-model-worker.js";
// One thread: builds are rare (a stock change) and each uses a core fully; a second concurrent
// build waits rather than taking the core the event loop needs.
const builder = lazyWorkerPool(workerModule(import.meta.url, WORKER_SOURCE, WORKER_BUNDLE));

/** Stops the build worker if it was started (server shutdown, tests). Never rejects. */
export function closeReadModelBuilder(): Promise<void> {
  return builder.close();
}

/**
 * Builds the read model of `docs` on the worker thread.
 * @param docs the site's cars (kept by reference for the hits; not mutated)
 * @param options `textIndex`: build the text index too (the previous model had one);
 *   `rangeBlockRows`: as {@link SearchReadModel.build} (tests); `previous`: what the site's last
 *   build encoded ({@link OffThreadBuild.encoded}), whose batches serve again where they hold the
 *   same document objects
 * @returns the model and where the time went; on the main thread (with a process warning)
 *   when the worker cannot start or fails, so a build never fails for want of a thread
 */
export async function buildReadModelOffThread(docs: readonly SearchDoc[], options: { textIndex?: boolean; rangeBlockRows?: number; previous?: EncodedDocs | null } = {}): Promise<OffThreadBuild> {
  const rangeBlockRows = options.rangeBlockRows ?? RANGE_BLOCK_ROWS;
  const worker = builder.get();
  if (worker) {
    const encoder = new TextEncoder();
    const batches: Uint8Array[] = [];
    let encodeMs = 0;
    let encodedBytes = 0;
    let reusedBatches = 0;
    let longestTaskMs = 0;
    for (let i = 0; i < docs.length; i += ENCODE_BATCH_DOCS) {
      const end = Math.min(i + ENCODE_BATCH_DOCS, docs.length);
      const kept = keptBatch(options.previous, docs, i, end);
      if (kept) {
        batches.push(kept);
        reusedBatches++;
        continue;
      }
      const started = performance.now();
      // One array of BUILD_FIELDS values per car: V8 stringifies plain arrays on its fast path
      // (a property-list replacer takes the slow one), and the keys are not repeated per car.
      const rows: unknown[][] = [];
      for (let j = i; j < end; j++) {
        const doc = docs[j];
        rows.push(BUILD_FIELDS.map((field) => doc[field]));
      }
      const batch = sharedCopy(encoder.encode(JSON.stringify(rows)));
      batches.push(batch);
      encodedBytes += batch.byteLength;
      const taskMs = performance.now() - started;
      encodeMs += taskMs;
      longestTaskMs = Math.max(longestTaskMs, taskMs);
      await nextTurn();
    }
    try {
      // Shared memory crosses to the worker as it is: nothing is copied or detached.
      const task = { batches, textIndex: options.textIndex ?? false, rangeBlockRows };
      const result = (await worker.run(task)) as { parts: ReadModelParts; decodeMs: number; buildMs: number };
      let adoptMs = 0;
      const onTask = (ms: number) => {
        adoptMs += ms;
        longestTaskMs = Math.max(longestTaskMs, ms);
      };
      const fields = result.parts.fields;
      fields.vocabulary = await decodeVocabulary(fields.vocabulary as EncodedVocabulary, onTask);
      const started = performance.now();
      const model = SearchReadModel.fromParts(result.parts, docs);
      onTask(performance.now() - started);
      const bytes = batches.reduce((sum, b) => sum + b.byteLength, 0);
      return { model, encoded: { docs, batches, bytes }, reusedBatches, thread: "worker", encodeMs, workerMs: result.decodeMs + result.buildMs, adoptMs, encodedBytes, longestTaskMs };
    } catch (error) {
      process.emitWarning(`read-model worker unavailable, building on the event loop instead: ${error instanceof Error ? error.message : String(error)}`);
      builder.disable(worker);
    }
  }
  const model = SearchReadModel.build(docs, rangeBlockRows);
  if (options.textIndex) model.prepareTextIndex();
  return { model, encoded: null, reusedBatches: 0, thread: "main", encodeMs: 0, workerMs: 0, adoptMs: model.stats.buildMs, encodedBytes: 0, longestTaskMs: model.stats.buildMs };
}

/**
 * `previous`'s batch for `docs[start..end)` (`start` a multiple of {@link ENCODE_BATCH_DOCS}), when it encoded exactly those cars: the same
 * document objects at the same places (documents are never changed in place, so the same object
 * encodes to the same row). Else null.
 */
function keptBatch(previous: EncodedDocs | null | undefined, docs: readonly SearchDoc[], start: number, end: number): Uint8Array | null {
  if (!previous) return null;
  const batch = previous.batches[start / ENCODE_BATCH_DOCS];
  if (!batch || Math.min(start + ENCODE_BATCH_DOCS, previous.docs.length) !== end) return null;
  for (let j = start; j < end; j++) if (docs[j] !== previous.docs[j]) return null;
  return batch;
}

/** `bytes` in a SharedArrayBuffer of their own. */
function sharedCopy(bytes: Uint8Array): Uint8Array {
  const shared = new Uint8Array(new SharedArrayBuffer(bytes.byteLength));
  shared.set(bytes);
  return shared;
}

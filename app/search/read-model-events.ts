/**
 * What the read-model store (read-model-store.ts; issue 54, decision 259) tells the rest of the
 * process, on its own so that a subscriber (the page cache, metrics) need not load the store.
 */

/** Name of the diagnostics channel the store publishes {@link ReadModelEvent}s on. */
export const READ_MODEL_CHANNEL = "forecourt:read-model";

/**
 * What the store publishes. Times in ms, sizes in bytes.
 * - `build`: a version was built (`thread` "worker" or "main"), or took the previous version's
 *   index because its documents were the same objects (`thread` "reused"); `loadMs` reading the cars,
 *   `eventLoopMs` the event loop's share of the build (encoding, adopting the parts, or the
 *   whole build on the main thread), `workerMs` the worker's, `longestTaskMs` the longest single
 *   event-loop task of the build (one encoding batch or adoption slice; the whole build on the main
 *   thread); `bytes` the estimated size.
 * - `stale`: a search was answered from `servedVersion` while `wantedVersion` was being built.
 * - `evict`: a site's model left the store (memory budget, or replaced by a newer version).
 */
export type ReadModelEvent =
  | { event: "build"; siteId: number; version: number; docs: number; thread: "worker" | "main" | "reused"; loadMs: number; eventLoopMs: number; workerMs: number; longestTaskMs: number; bytes: number }
  | { event: "stale"; siteId: number; servedVersion: number; wantedVersion: number }
  | { event: "evict"; siteId: number; version: number; bytes: number; reason: "budget" | "replaced" };

/**
 * The node's search read models, one per site (issue 54, decision 259; DESIGN.md section 5):
 * loaded when a site is first searched, kept under a memory budget (least recently used site
 * evicted first), and rebuilt when the site's stock or config version moves on.
 *
 * A rebuild of a site of {@link ReadModelStoreOptions.workerMinDocs} cars or more runs on the
 * read-model worker thread (read-model-builder.ts) and, until it is ready, searches keep
 * answering from the previous version (a "stale" event is published for each such answer, so a
 * page cache does not keep a page rendered from it under the new version). Smaller sites are
 * built on the event loop in a few ms, and their searches wait for the new version, so a price
 * change shows on the next page as before. One build per site at a time: versions asked for
 * meanwhile are built after it, the newest installed.
 *
 * Events for metrics and the page cache go to the diagnostics channel
 * {@link READ_MODEL_CHANNEL} (node:diagnostics_channel, so a subscriber in another bundle of
 * the same process sees them): {@link ReadModelEvent}.
 */
import { channel } from "node:diagnostics_channel";
import { LRUCache } from "lru-cache";
import { buildReadModelOffThread, type EncodedDocs } from "./read-model-builder.ts";
export { readModelBudgetMb } from "./read-model-budget.ts";
import { READ_MODEL_CHANNEL, type ReadModelEvent } from "./read-model-events.ts";
export { READ_MODEL_CHANNEL, type ReadModelEvent };
import { RANGE_BLOCK_ROWS, SearchReadModel } from "./read-model.ts";
import type { SearchDoc } from "./types.ts";

const events = channel(READ_MODEL_CHANNEL);

/** One site's model at one version, with the documents it was built from (read only). */
export interface ReadModelVersion {
  siteId: number;
  version: number;
  docs: readonly SearchDoc[];
  engine: SearchReadModel;
  /** Estimated memory: the index's typed arrays, {@link DOC_HEAP_BYTES} per car, and {@link encoded}'s batches. */
  bytes: number;
  /** The cars as the worker read them, when it built this version: the next build re-encodes only changed batches. */
  encoded?: EncodedDocs | null;
  /** What the loader said about where its read left off ({@link LoadedDocs.resume}), if anything. */
  resume?: unknown;
}

/**
 * Estimated heap per loaded car (its SearchDoc and its own strings), added to the index's typed
 * arrays to size a model: bench:read-model measured 1.63-1.68 KB per car parsed from JSON
 * (decision 259); cards' extra fields from the database (finance, photos) are rounded in.
 */
export const DOC_HEAP_BYTES = 1_700;

/** Cars from which a build goes to the worker thread and searches answer stale meanwhile. */
export const WORKER_MIN_DOCS = 5_000;

export interface ReadModelStoreOptions {
  /** Memory budget for all sites' models, bytes (READ_MODEL_MB). A site larger than this is kept alone. */
  maxBytes: number;
  /** Cars from which a site is built on the worker thread (default {@link WORKER_MIN_DOCS}). */
  workerMinDocs?: number;
  /** As {@link SearchReadModel.build} (tests). */
  rangeBlockRows?: number;
}

/** A loader's answer when it can say where its read left off. */
export interface LoadedDocs {
  docs: SearchDoc[];
  /** Kept with the version and given back to the loader for the next one (read only; opaque here). */
  resume?: unknown;
}

/**
 * Loads a site's cars, all statuses (visibility applies per query). `previous` is the documents
 * of the version being replaced (read only), when one is loaded: a loader may return those same
 * objects for unchanged cars, so a rebuild does not hold two copies of the site. `resume` is what
 * the loader returned with them ({@link LoadedDocs}), so it can read only what changed since.
 */
export type LoadSiteDocs = (previous?: readonly SearchDoc[], resume?: unknown) => Promise<SearchDoc[] | LoadedDocs>;

/** The read models this node holds; see the module comment. */
export class ReadModelStore {
  private readonly models: LRUCache<number, ReadModelVersion>;
  private readonly building = new Map<number, { version: number; promise: Promise<ReadModelVersion> }>();
  private readonly workerMinDocs: number;
  private readonly rangeBlockRows: number;
  readonly maxBytes: number;

  constructor(options: ReadModelStoreOptions) {
    this.maxBytes = options.maxBytes;
    this.workerMinDocs = options.workerMinDocs ?? WORKER_MIN_DOCS;
    this.rangeBlockRows = options.rangeBlockRows ?? RANGE_BLOCK_ROWS;
    this.models = new LRUCache<number, ReadModelVersion>({
      maxSize: options.maxBytes,
      // A site over the whole budget is still kept (alone), rather than reloaded for every search.
      sizeCalculation: (m) => Math.max(1, Math.min(m.bytes, options.maxBytes)),
      dispose: (m, siteId, reason) => {
        if (events.hasSubscribers) events.publish({ event: "evict", siteId, version: m.version, bytes: m.bytes, reason: reason === "set" ? "replaced" : "budget" } satisfies ReadModelEvent);
      },
    });
  }

  /**
   * The site's model for `version`, or the previous version while a large site's new one is
   * being built (see the module comment). Marks the site as used (LRU).
   * @param siteId the site
   * @param version the site's current read-model version (a counter that only moves forward: search.server.ts readModelVersionOf)
   * @param load reads the site's cars for that version
   * @throws what `load` throws, when there is no previous version to answer from
   */
  get(siteId: number, version: number, load: LoadSiteDocs): Promise<ReadModelVersion> {
    const current = this.models.get(siteId);
    if (current?.version === version) return Promise.resolve(current);
    const ready = this.build(siteId, version, load);
    if (current && current.docs.length >= this.workerMinDocs && current.version < version) {
      ready.catch(() => undefined);
      if (events.hasSubscribers) events.publish({ event: "stale", siteId, servedVersion: current.version, wantedVersion: version } satisfies ReadModelEvent);
      return Promise.resolve(current);
    }
    return ready;
  }

  /** The site's model if loaded (any version), without marking it used. */
  peek(siteId: number): ReadModelVersion | undefined {
    return this.models.peek(siteId);
  }

  /** Sites loaded and their estimated bytes. */
  stats(): { sites: number; bytes: number; maxBytes: number; building: number } {
    return { sites: this.models.size, bytes: this.models.calculatedSize, maxBytes: this.maxBytes, building: this.building.size };
  }

  /** Drops every model (tests). */
  clear(): void {
    this.models.clear();
  }

  private build(siteId: number, version: number, load: LoadSiteDocs): Promise<ReadModelVersion> {
    const running = this.building.get(siteId);
    if (running?.version === version) return running.promise;
    // One build per site at a time: a newer version starts when the running build is over.
    if (running) return running.promise.catch(() => undefined).then(() => this.modelAt(siteId, version, load));
    const promise = this.load(siteId, version, load);
    const entry = { version, promise };
    this.building.set(siteId, entry);
    const done = () => {
      if (this.building.get(siteId) === entry) this.building.delete(siteId);
    };
    promise.then(done, done);
    return promise;
  }

  private modelAt(siteId: number, version: number, load: LoadSiteDocs): Promise<ReadModelVersion> {
    const current = this.models.peek(siteId);
    return current?.version === version ? Promise.resolve(current) : this.build(siteId, version, load);
  }

  private async load(siteId: number, version: number, load: LoadSiteDocs): Promise<ReadModelVersion> {
    const started = performance.now();
    const previous = this.models.peek(siteId);
    const loaded = await load(previous?.docs, previous?.resume);
    const { docs, resume } = Array.isArray(loaded) ? { docs: loaded, resume: undefined } : loaded;
    const loadMs = performance.now() - started;
    let model: ReadModelVersion;
    let thread: "worker" | "main" | "reused" = "main";
    let eventLoopMs = 0;
    let workerMs = 0;
    let longestTaskMs = 0;
    if (previous && sameDocuments(docs, previous.docs)) {
      // The very documents the previous version was built from (a config change that shaped none of
      // them): its index, and its array, which caches keyed by it know, serve the new version.
      model = { ...previous, version, resume };
      thread = "reused";
    } else {
      const textIndex = this.models.peek(siteId)?.engine.hasTextIndex ?? false;
      let engine: SearchReadModel;
      let encoded: EncodedDocs | null = null;
      if (docs.length >= this.workerMinDocs) {
        const built = await buildReadModelOffThread(docs, { textIndex, rangeBlockRows: this.rangeBlockRows, previous: previous?.encoded });
        ({ model: engine, thread, workerMs, longestTaskMs, encoded } = built);
        eventLoopMs = built.encodeMs + built.adoptMs;
      } else {
        engine = SearchReadModel.build(docs, this.rangeBlockRows);
        eventLoopMs = longestTaskMs = engine.stats.buildMs;
      }
      const bytes = engine.stats.typedArrayBytes + docs.length * DOC_HEAP_BYTES + (encoded?.bytes ?? 0);
      model = { siteId, version, docs, engine, bytes, encoded, resume };
    }
    const installed = this.models.peek(siteId);
    if (!installed || installed.version < version) this.models.set(siteId, model);
    if (events.hasSubscribers) {
      events.publish({ event: "build", siteId, version, docs: docs.length, thread, loadMs, eventLoopMs, workerMs, longestTaskMs, bytes: model.bytes } satisfies ReadModelEvent);
    }
    return model;
  }
}

/** Whether two document lists hold the same objects in the same order. */
function sameDocuments(a: readonly SearchDoc[], b: readonly SearchDoc[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

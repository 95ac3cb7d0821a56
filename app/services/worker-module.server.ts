import { Piscina } from "piscina";

/**
 * Where a worker thread's module is, for piscina. From the source tree (tests, `npm run dev`) the
 * calling module is a .ts file and the worker runs its TypeScript source through tsx's loader;
 * bundled (build/server), the worker is a self-contained file esbuild wrote to build/node
 * (scripts/build-server.mjs).
 * @param callerUrl the calling module's `import.meta.url`
 * @param source the worker's source file relative to the caller, e.g. `./heic-worker.ts`
 * @param bundle the bundled worker relative to the app bundle, e.g. `../node/heic-worker.js`
 * @returns piscina's `filename` (a file URL) and the worker's `execArgv`
 */
export function workerModule(callerUrl: string, source: string, bundle: string): { filename: string; execArgv: string[] } {
  if (callerUrl.endsWith(".ts")) return { filename: new URL(source, callerUrl).href, execArgv: ["--import", "tsx"] };
  return { filename: new URL(bundle, callerUrl).href, execArgv: [] };
}

/** A worker pool made on first use, and stopped on demand. */
export interface LazyWorkerPool {
  /** The pool, made on the first call; null when piscina cannot make it (the caller works on the event loop). */
  get(): Piscina | null;
  /** Stops the pool if it was made (server shutdown, tests); a later `get` makes a new one. Never rejects. */
  close(): Promise<void>;
  /** Forgets `pool` if it is the current one (it failed), so the next `get` makes none: the caller works on the event loop. */
  disable(pool: Piscina): void;
}

/**
 * A one-thread worker pool, made on first use and ended after `idleTimeoutMs` without work:
 * builds and decodes are occasional, each uses a core fully, and a second task at once waits
 * rather than take the core the event loop needs.
 * @param module where the worker is ({@link workerModule})
 * @param idleTimeoutMs how long an idle thread lives (ms)
 */
export function lazyWorkerPool(module: { filename: string; execArgv: string[] }, idleTimeoutMs = 30_000): LazyWorkerPool {
  let pool: Piscina | null | undefined;
  return {
    get() {
      if (pool === undefined) {
        try {
          pool = new Piscina({ ...module, minThreads: 0, maxThreads: 1, idleTimeout: idleTimeoutMs });
        } catch {
          pool = null;
        }
      }
      return pool;
    },
    async close() {
      const running = pool;
      pool = undefined;
      await running?.destroy().catch(() => undefined);
    },
    disable(failed) {
      if (pool === failed) pool = null;
      void failed.destroy().catch(() => undefined);
    },
  };
}

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

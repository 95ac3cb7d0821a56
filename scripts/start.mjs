/**
 * `npm start`: builds the app when there is no build yet (or the sources are newer): the React
 * Router build (build/server, build/client) and the server bundle (build/node, scripts/
 * build-server.mjs). Then starts the server (server/index.ts, bundled), which migrates and seeds
 * the demo sites on first run. Plain JavaScript, so the server process runs without a TypeScript
 * loader (issue 15 memory, docs/decisions/184).
 */
// Serve React's production build (the development build renders several times slower).
process.env.NODE_ENV ??= "production";

import { execFileSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { newestMtime } from "./newest-mtime.mjs";
import { reactRouterCli } from "./react-router-cli.mjs";

const outputs = ["build/server/index.js", "build/node/index.js"];
const built = outputs.every((file) => existsSync(file)) ? Math.min(...outputs.map((file) => statSync(file).mtimeMs)) : 0;
// A cluster's workers (server/cluster.ts) start from this file too; the primary has built already.
if (!process.env.FORECOURT_WORKER && Math.max(newestMtime("app"), newestMtime("server"), newestMtime("db")) > built) {
  console.log("Building the app (first run or changed sources)...");
  // Always a production build, whatever NODE_ENV this process has (under a test runner it is
  // "test", and Vite then bundles React's development build into the client).
  const env = { ...process.env, NODE_ENV: "production" };
  execFileSync(process.execPath, [reactRouterCli(), "build"], { stdio: ["ignore", "ignore", "inherit"], env });
  execFileSync(process.execPath, ["scripts/build-server.mjs"], { stdio: ["ignore", "inherit", "inherit"], env });
}
const { main } = await import(pathToFileURL("build/node/index.js").href);
try {
  await main();
} catch (error) {
  // A second `npm start` on the same embedded database: the message says what to do; no stack.
  if (error?.name !== "DataDirLockedError") throw error;
  console.error(error.message);
  process.exit(1);
}

/**
 * `npm start`: builds the app when there is no build yet (or the sources are newer), then starts
 * the server (server/index.ts), which migrates and seeds the demo sites on first run.
 */
// Serve React's production build (the development build renders several times slower).
process.env.NODE_ENV ??= "production";

import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

const buildFile = "build/server/index.js";
const stale = !existsSync(buildFile) || newestMtime("app") > statSync(buildFile).mtimeMs;
if (stale) {
  console.log("Building the app (first run or changed sources)...");
  execFileSync(process.execPath, ["node_modules/@react-router/dev/bin.js", "build"], { stdio: ["ignore", "ignore", "inherit"] });
}
const { main } = await import("../server/index.ts");
await main();

/**
 * `npm run build` step 2 (issue 15 "Fast pages", docs/decisions/184): bundles the HTTP server
 * (server/index.ts and the app, db and adapter modules it imports) into one ES module,
 * build/node/index.js, so `npm start` runs it with plain Node. Running from TypeScript source
 * through tsx kept tsx's loader thread and its compile caches in the server process: about 100 MB
 * of resident memory. npm packages stay external (loaded from node_modules), as in the Vite build.
 *
 * Usage: `node scripts/build-server.mjs`. @throws (exits non-zero) when esbuild reports an error.
 */
import { build } from "esbuild";
import { copyFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));

await build({
  absWorkingDir: root,
  entryPoints: ["server/index.ts"],
  outfile: "build/node/index.js",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  alias: { "~": "./app" },
  jsx: "automatic",
  sourcemap: "linked",
  logLevel: "warning",
});

// The compression worker (decision 200) runs as its own file next to the bundle: server/compress.ts
// finds it at new URL("./compress-worker.mjs", import.meta.url).
copyFileSync(`${root}server/compress-worker.mjs`, `${root}build/node/compress-worker.mjs`);

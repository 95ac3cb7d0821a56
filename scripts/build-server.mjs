/**
 * `npm run build` step 2 (issue 15 "Fast pages", docs/decisions/184): bundles the HTTP server
 * (server/main.ts, server/index.ts and the app, db and adapter modules they import) into ES
 * modules, build/node/index.js and the chunks it loads on demand (decision 223), so `npm start`
 * runs it with plain Node. Running from TypeScript source through tsx kept tsx's loader thread
 * and its compile caches in the server process: about 100 MB of resident memory. npm packages stay external (loaded from node_modules), as in the Vite build.
 *
 * Usage: `node scripts/build-server.mjs`. @throws (exits non-zero) when esbuild reports an error.
 */
import { build } from "esbuild";
import { copyFileSync, rmSync } from "node:fs";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));

// Chunk names carry a content hash: start from an empty folder so old chunks do not pile up.
rmSync(`${root}build/node`, { recursive: true, force: true });

/** What every bundle of the server shares: ESM for Node, npm packages left external, `~` = app/. */
const nodeBundle = {
  absWorkingDir: root,
  outdir: "build/node",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  alias: { "~": "./app" },
  sourcemap: "linked",
  logLevel: "warning",
};

await build({
  ...nodeBundle,
  // The entry is server/main.ts, bundled as build/node/index.js; what it imports dynamically (the
  // server itself, the database preparation, the logger) goes to chunks beside it, so a cluster's
  // primary loads none of them (decision 223).
  entryPoints: { index: "server/main.ts" },
  splitting: true,
  chunkNames: "[name]-[hash]",
  jsx: "automatic",
});

// The read-model build worker (issue 54, decision 259), one self-contained file: the app bundle
// (build/server) finds it at new URL("../node/read-model-worker.js", import.meta.url).
await build({ ...nodeBundle, entryPoints: { "read-model-worker": "app/search/read-model-worker.ts" } });

// The HEIC decoding worker (issue 49 item 2): app/media/heic.server.ts in the app bundle finds it
// at new URL("../node/heic-worker.js", import.meta.url).
await build({ ...nodeBundle, entryPoints: { "heic-worker": "app/media/heic-worker.ts" } });

// The compression worker (decision 200) runs as its own file next to the bundle: server/compress.ts
// finds it at new URL("./compress-worker.mjs", import.meta.url).
copyFileSync(`${root}server/compress-worker.mjs`, `${root}build/node/compress-worker.mjs`);

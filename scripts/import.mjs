/**
 * `npm run import -- ...`: runs the stock importer (scripts/import-stock.ts, which documents the
 * arguments, output and exit codes) from its bundle, build/cli/import-stock.js, built first when
 * there is none yet or its sources are newer (as scripts/start.mjs does for the server). Plain
 * JavaScript, so the import runs without a TypeScript loader (docs/decisions/374). package.json's
 * `import` script starts it with Node's flags for the importer (IMPORT_NODE_FLAGS of
 * scripts/build-cli.mjs: a small young generation, for the peak RSS).
 */
import { execFileSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import { IMPORT_CLI, IMPORT_CLI_SOURCES } from "./build-cli.mjs";
import { newestMtime } from "./newest-mtime.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const bundle = `${root}${IMPORT_CLI}`;

const built = existsSync(bundle) ? statSync(bundle).mtimeMs : 0;
if (Math.max(...IMPORT_CLI_SOURCES.map((path) => newestMtime(`${root}${path}`))) > built) {
  // In a child process, so the build's memory is not this import's.
  execFileSync(process.execPath, [`${root}scripts/build-cli.mjs`], { stdio: ["ignore", "inherit", "inherit"] });
}
await import(pathToFileURL(bundle).href);

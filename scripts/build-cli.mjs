/**
 * Bundles the stock importer's command line (`npm run import`, scripts/import-stock.ts) into one
 * ES module, build/cli/import-stock.js, which scripts/import.mjs runs with plain Node (issue 54
 * item 4, docs/decisions/374). Like the server bundle (scripts/build-server.mjs) it needs no
 * TypeScript loader at run time; unlike it, the pure-ESM packages the importer loads are bundled
 * in: importing drizzle-orm/pg-core's ~100 re-exporting modules through Node's ESM loader
 * allocates about 150 MB of short-lived heap, which set the importer's peak RSS, while the same
 * code bundled into one module loads in a few MB.
 *
 * Usage: `node scripts/build-cli.mjs`. The files are written beside their final names and renamed,
 * so two imports starting at once on a fresh clone never run a half-written bundle.
 * @throws (exits non-zero) when esbuild reports an error.
 */
import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import { basename, dirname } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));

/** The bundle `npm run import` runs, from the repository root. */
export const IMPORT_CLI = "build/cli/import-stock.js";
/**
 * What the bundle is built from (scripts/import.mjs rebuilds it when one is newer): the sources,
 * this file, and the installed packages (npm writes node_modules/.package-lock.json), since some
 * are bundled in.
 */
export const IMPORT_CLI_SOURCES = ["app", "db", "scripts/import-stock.ts", "scripts/build-cli.mjs", "node_modules/.package-lock.json"];

/**
 * Node's flags for the importer, as package.json's `import` script passes them (the benchmarks and
 * tests that start the CLI use these). A semi-space of 8 MB (V8's default grows it to 32 MB or
 * more): each batch's short-lived rows, hashes and upsert text filled a young generation of
 * ~100 MB before it was collected, which was a third of the importer's peak RSS; the smaller one
 * costs ~2% more CPU in scavenges (docs/decisions/374). An old generation of at most 192 MB: the
 * importer holds a batch, bounded in rows and in characters (IMPORT_BATCH_CHARS), so V8 would
 * otherwise let garbage pile up to its default limit before a full collection (docs/decisions/394).
 */
export const IMPORT_NODE_FLAGS = ["--max-semi-space-size=8", "--max-old-space-size=192"];

/**
 * Packages bundled into the CLI: pure ES modules whose loading through Node's ESM loader costs
 * more than their code. The rest (pg and PGlite, which load native or WASM files beside their
 * modules; CommonJS packages) stay external and load from node_modules.
 */
const BUNDLED_PACKAGES = ["drizzle-orm", "zod", "csv-parse", "libphonenumber-js"];

/** esbuild plugin: every bare import is external except those of {@link BUNDLED_PACKAGES}. */
const externalPackages = {
  name: "external-packages",
  setup(builder) {
    builder.onResolve({ filter: /^[^./~]/ }, (args) => {
      if (args.path.startsWith("node:")) return { external: true };
      const name = args.path.startsWith("@") ? args.path.split("/").slice(0, 2).join("/") : args.path.split("/")[0];
      return BUNDLED_PACKAGES.includes(name) ? undefined : { external: true };
    });
  },
};

/** Builds {@link IMPORT_CLI} (and its source map). */
export async function buildImportCli() {
  // Loaded here, so scripts/import.mjs can read the constants above without loading esbuild.
  const { build } = await import("esbuild");
  const result = await build({
    absWorkingDir: root,
    entryPoints: { [basename(IMPORT_CLI, ".js")]: "scripts/import-stock.ts" },
    outdir: dirname(IMPORT_CLI),
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    plugins: [externalPackages],
    alias: { "~": "./app" },
    sourcemap: "linked",
    logLevel: "warning",
    write: false,
  });
  mkdirSync(`${root}${dirname(IMPORT_CLI)}`, { recursive: true });
  // The map first: the bundle names it, and the bundle's rename is what makes the build visible.
  const maps = result.outputFiles.filter((file) => file.path.endsWith(".map"));
  for (const file of [...maps, ...result.outputFiles.filter((file) => !maps.includes(file))]) {
    const partial = `${file.path}.${process.pid}.tmp`;
    writeFileSync(partial, file.contents);
    renameSync(partial, file.path);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await buildImportCli();

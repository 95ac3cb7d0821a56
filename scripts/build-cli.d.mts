/** Types of scripts/build-cli.mjs (the importer's bundle), for the TypeScript scripts and tests that start it. */
/** The bundle `npm run import` runs, from the repository root. */
export declare const IMPORT_CLI: string;
/** What the bundle is built from (a newer one makes scripts/import.mjs rebuild it). */
export declare const IMPORT_CLI_SOURCES: readonly string[];
/** Node's flags for the importer, as package.json's `import` script passes them. */
export declare const IMPORT_NODE_FLAGS: readonly string[];
/** Builds {@link IMPORT_CLI} (and its source map). @throws when esbuild reports an error */
export declare function buildImportCli(): Promise<void>;

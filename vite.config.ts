import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vite";

/**
 * Opt-in experiment (decision 185, issue 15 JavaScript budget): `FORECOURT_BROWSER_RUNTIME=preact
 * npx react-router build` runs the browser build on Preact's React-compatible layer, so React 19's
 * client (react + react-dom, about 64 KB gzip) becomes preact/compat (about 12 KB). The server
 * still renders with React. Off by default: the end-to-end suite does not pass on it yet.
 */
const BROWSER_RUNTIME_PREACT = process.env.FORECOURT_BROWSER_RUNTIME === "preact";
const PREACT_FOR_REACT: Record<string, string> = {
  react: "preact/compat",
  "react-dom": "preact/compat",
  "react-dom/client": "preact/compat/client",
  "react/jsx-runtime": "preact/compat/jsx-runtime",
  "react/jsx-dev-runtime": "preact/compat/jsx-dev-runtime",
};
function preactInTheBrowser(): Plugin {
  return {
    name: "forecourt:preact-in-the-browser",
    apply: "build",
    enforce: "pre",
    applyToEnvironment: (environment) => environment.name === "client",
    async resolveId(source, importer, options) {
      const target = PREACT_FOR_REACT[source];
      if (!target) return null;
      return this.resolve(target, importer, { ...options, skipSelf: true });
    },
  };
}

export default defineConfig({
  plugins: [...(BROWSER_RUNTIME_PREACT ? [preactInTheBrowser()] : []), tailwindcss(), reactRouter()],
  // app/browser-runtime.ts: a literal, so the build drops the branch it does not take.
  define: { __PREACT_IN_THE_BROWSER__: JSON.stringify(BROWSER_RUNTIME_PREACT) },
  // BUNDLE_SOURCEMAP=1 npx react-router build: source maps to see which modules fill a chunk (issue 15).
  build: {
    sourcemap: !!process.env.BUNDLE_SOURCEMAP,
    // zod schemas built at module level (`const S = z.object(...)`) are pure: when a browser
    // module does not use them (they serve the route's action or loader), they and zod are left
    // out of the bundle (issue 15 JavaScript budget). Never call a zod function for its side
    // effect as `z.…` (lead-form-validation.ts calls `config` directly).
    rolldownOptions: { treeshake: { manualPureFunctions: ["z"] } },
  },
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  ssr: {
    // Server-only packages stay external (loaded from node_modules at run time).
    external: ["@electric-sql/pglite", "pg", "pino", "csv-parse"],
    // Bundled so only the brand icons brand-logo.ts names are kept: the whole package is 33 MB
    // resident when loaded from node_modules (issue 15 memory).
    noExternal: ["simple-icons"],
  },
});

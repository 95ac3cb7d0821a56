import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

/**
 * Modules every page loads (React, React DOM, React Router, and what root.tsx and
 * entry.client.tsx import), bundled as one chunk of the browser build instead of a dozen (issue
 * 15 LCP): a page asked for 22 scripts, most under 1 KB, and over HTTP/1.1's six connections per
 * host they queued in front of one another on a slow phone network. Only modules in root's static
 * import graph belong here; anything else would load on every page. decision 190.
 */
export const SHELL_CHUNK_MODULES =
  /\/node_modules\/(?:react|react-dom|scheduler|react-router|cookie|cookie-es|set-cookie-parser|@remix-run\/route-pattern)\/|vite\/preload-helper|\/app\/(?:components\/(?:use-hydrated|island|no-script|cached-markup|cached-element|json-memo|analytics|layout\/(?:status-dot|nav-link|chrome-json)|accounts\/(?:use-account|watchlist-toasts))|domain\/(?:display\/number-text|navigation\/navigation|accounts\/redirect))\.tsx?$/;

/**
 * The car card and the small modules it is made of, used together by home, the SRP and the VDP's
 * similar stock: one chunk instead of five of 0.5-3 KB (issue 15 LCP, decision 190).
 */
export const CARD_CHUNK_MODULES =
  /\/app\/(?:components\/(?:vehicle\/(?:car-card|card-json|favourite-toggle|stable-cards|body-illustration|saved-cars|use-site-slug)|accounts\/watchlist-button|finance\/finance-estimate)|domain\/(?:car|display\/buttons))\.tsx?$/;

export default defineConfig(() => {
  return {
    plugins: [tailwindcss(), reactRouter()],
    // BUNDLE_SOURCEMAP=1 npx react-router build: source maps to see which modules fill a chunk (issue 15).
    build: {
      sourcemap: !!process.env.BUNDLE_SOURCEMAP,
      // An SVG sprite is referenced by `<use href="sprite.svg#id">`, which browsers do not load
      // from a data: URL: it always stays a file (body-illustration.tsx, decision 188).
      assetsInlineLimit: (file: string) => (file.endsWith("-sprite.svg") ? false : undefined),
      // zod schemas built at module level (`const S = z.object(...)`) are pure: when a browser
      // module does not use them (they serve the route's action or loader), they and zod are left
      // out of the bundle (issue 15 JavaScript budget). Never call a zod function for its side
      // effect as `z.…` (lead-form-validation.ts calls `config` directly).
      rolldownOptions: { treeshake: { manualPureFunctions: ["z"] } },
    },
    environments: {
      // BUNDLE_MINIFY=0 npx react-router build: readable function and component names in a browser
      // CPU profile (issue 15). Set on the client environment: a top-level `build.minify` does not
      // reach it.
      client: { build: { ...(process.env.BUNDLE_MINIFY === "0" ? { minify: false } : {}), rolldownOptions: { output: { codeSplitting: { groups: [
                { name: "shell", test: SHELL_CHUNK_MODULES },
                { name: "car-card", test: CARD_CHUNK_MODULES },
              ] } } } } },
    },
    resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
    ssr: {
      // Server-only packages stay external (loaded from node_modules at run time).
      external: ["@electric-sql/pglite", "pg", "pino", "csv-parse"],
      // Bundled so only the brand icons brand-logo.ts names are kept: the whole package is 33 MB
      // resident when loaded from node_modules (issue 15 memory).
      // date-fns too: loaded from node_modules, each of its files costs Node a read of the
      // package's 200 KB exports map (its index, 304 files, took 1.4 s to import here; the
      // functions we use, bundled, nothing extra).
      noExternal: ["simple-icons", "date-fns"],
    },
  };
});

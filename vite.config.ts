import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vite";

/**
 * The browser build runs on Preact's React-compatible layer (decision 185, issue 15 JavaScript
 * budget): React 19's client (react + react-dom, about 64 KB gzip) becomes preact/compat (about
 * 12 KB). The server still renders with React, and `npm run dev` keeps React in the browser.
 * `FORECOURT_BROWSER_RUNTIME=react npm run build` makes a React browser build (to compare, or to
 * rule Preact out when a widget misbehaves).
 */
const BROWSER_RUNTIME_PREACT = process.env.FORECOURT_BROWSER_RUNTIME !== "react";
const preactFile = (path: string) => fileURLToPath(new URL(`./node_modules/preact/${path}`, import.meta.url));
/**
 * React's modules, and Preact's own, as Preact source files. Preact's published builds are
 * minified: its style setter is a function named `z`, and `manualPureFunctions: ["z"]` (below,
 * for zod) would drop every call to it, so no element rendered in the browser would get an inline
 * style. Its source keeps the real names.
 */
const PREACT_FOR_REACT: Record<string, string> = {
  react: fileURLToPath(new URL("./app/react-on-preact.ts", import.meta.url)),
  "react-dom": fileURLToPath(new URL("./app/react-on-preact.ts", import.meta.url)),
  "react-dom/client": preactFile("compat/client.mjs"),
  "react/jsx-runtime": preactFile("compat/jsx-runtime.mjs"),
  "react/jsx-dev-runtime": preactFile("compat/jsx-runtime.mjs"),
  preact: preactFile("src/index.js"),
  "preact/hooks": preactFile("hooks/src/index.js"),
  "preact/compat": preactFile("compat/src/index.js"),
  "preact/jsx-runtime": preactFile("jsx-runtime/src/index.js"),
};
function preactInTheBrowser(): Plugin {
  return {
      name: "forecourt:preact-in-the-browser",
      enforce: "pre",
      applyToEnvironment: (environment) => environment.name === "client",
      resolveId(source) {
        return PREACT_FOR_REACT[source] ?? null;
      },
    };
  }

/**
 * Modules every page loads (the browser runtime, React Router, and what root.tsx and
 * entry.client.tsx import), bundled as one chunk of the browser build instead of a dozen (issue
 * 15 LCP): a page asked for 22 scripts, most under 1 KB, and over HTTP/1.1's six connections per
 * host they queued in front of one another on a slow phone network. Only modules in root's static
 * import graph belong here; anything else would load on every page. decision 190. (The app's
 * `<Link>`, components/link.tsx, is one since decision 206: root installs its click listener.)
 */
export const SHELL_CHUNK_MODULES =
  /\/node_modules\/(?:preact|react-router|cookie|set-cookie-parser)\/|vite\/preload-helper|\/app\/(?:browser-runtime|react-on-preact|components\/(?:link|use-hydrated|island|no-script|cached-markup|cached-element|kept-on-hydration|json-memo|analytics|layout\/(?:status-dot|nav-link|chrome-json)|accounts\/(?:use-account|watchlist-toasts))|domain\/(?:display\/number-text|navigation\/navigation|accounts\/redirect))\.tsx?$/;

/**
 * The car card and the small modules it is made of, used together by home, the SRP and the VDP's
 * similar stock: one chunk instead of five of 0.5-3 KB (issue 15 LCP, decision 190).
 */
export const CARD_CHUNK_MODULES =
  /\/app\/(?:components\/(?:vehicle\/(?:car-card|card-json|favourite-toggle|stable-cards|body-illustration|saved-cars|use-site-slug)|accounts\/watchlist-button|finance\/finance-estimate)|domain\/(?:car|display\/buttons))\.tsx?$/;

  export default defineConfig(({ command }) => {
    // Production builds only: the dev server keeps React in the browser (React Refresh).
    const preact = BROWSER_RUNTIME_PREACT && command === "build";
    return {
    plugins: [...(preact ? [preactInTheBrowser()] : []), tailwindcss(), reactRouter()],
    // app/browser-runtime.ts: a literal, so the build drops the branch it does not take.
    define: { __PREACT_IN_THE_BROWSER__: JSON.stringify(preact) },
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
      noExternal: ["simple-icons"],
    },
  };
});

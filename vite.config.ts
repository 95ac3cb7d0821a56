import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
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

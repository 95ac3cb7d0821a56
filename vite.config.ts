import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  // BUNDLE_SOURCEMAP=1 npx react-router build: source maps to see which modules fill a chunk (issue 15).
  build: { sourcemap: !!process.env.BUNDLE_SOURCEMAP },
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  ssr: {
    // Server-only packages stay external (loaded from node_modules at run time).
    external: ["@electric-sql/pglite", "pg", "pino", "csv-parse"],
  },
});

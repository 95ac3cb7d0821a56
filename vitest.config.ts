import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// Unit and integration tests. The React Router Vite plugin is left out on purpose:
// tests import modules directly, so they need only the `~` alias.
export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  test: {
    include: ["app/**/*.test.{ts,tsx}", "db/**/*.test.ts", "server/**/*.test.ts", "scripts/**/*.test.ts", "tests/integration/**/*.test.ts"],
    globalSetup: ["tests/integration/global-setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
    // The production build (build/server, build/node) is already JavaScript for Node: imported
    // natively instead of through Vitest's transform, which took a second or more per test file
    // for build/server's 2 MB bundle.
    server: { deps: { external: [/\/build\/(server|node)\//] } },
  },
});

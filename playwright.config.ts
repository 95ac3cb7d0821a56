import { defineConfig } from "@playwright/test";

/**
 * End-to-end tests in Debian's Chromium (no browser downloads here). The server is the real
 * production build started by `npm start`'s script on its own port and embedded database
 * (or DATABASE_URL when set), seeded with the demo sites.
 */
const port = Number(process.env.E2E_PORT ?? 3199);
export const E2E_BASE = (site: string) => `http://${site}.localhost:${port}`;

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // A bound, not a measure: CI runs this suite beside the Vitest suites on 2 cores, where an axe
  // scan alone took 30 s at load 10 (waiting for a core is not a failure of the page). A test
  // that waits for something that never comes still fails, only later.
  timeout: 120_000,
  // Web-first assertions wait for their condition; on a busy 2-core CI machine a client
  // navigation or hydration can take longer than Playwright's 5 s default without anything
  // being wrong. The condition itself is unchanged.
  expect: { timeout: 15_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [["list"], ["json"]] : [["list"]],
  use: {
    browserName: "chromium",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
    },
    trace: "off",
  },
  webServer: {
    command: "node scripts/start.mjs",
    url: `http://127.0.0.1:${port}/healthz`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(port),
      DATA_DIR: process.env.E2E_DATA_DIR ?? ".data/e2e-pglite",
      LOG_LEVEL: "warn",
      SEED_DEMO: "1",
      // Issue 10: enables POST /__test/reservations/expire (the expiry job with an injected clock).
      FORECOURT_TEST_HOOKS: "1",
      // Console specs sign in from addresses of their own (X-Forwarded-For), as behind a proxy:
      // better-auth limits sign-ins per client address.
      TRUST_PROXY: "1",
      ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    },
  },
});

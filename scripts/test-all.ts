/**
 * `npm test`: builds the app, runs every Vitest suite (unit + integration against PGlite, or
 * PostgreSQL when DATABASE_URL is set), then the Playwright e2e suite in Debian's Chromium, and
 * ends with one line `N passed, N failed` summing both.
 *
 * With no Chromium at /usr/bin/chromium (or CHROMIUM_PATH) the e2e suite is skipped and says so;
 * REQUIRE_E2E=1 (set by CI) turns that into a failure.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";

const out = ".data/test-results";
mkdirSync(out, { recursive: true });
const engine = process.env.DATABASE_URL ? "PostgreSQL (DATABASE_URL)" : "embedded PGlite";
const run = (cmd: string, args: string[], env: Record<string, string> = {}) =>
  spawnSync(cmd, args, { stdio: "inherit", env: { ...process.env, ...env } }).status ?? 1;

console.log(`\n== build ==`);
if (run(process.execPath, ["node_modules/@react-router/dev/bin.js", "build"]) !== 0 || run(process.execPath, ["scripts/build-server.mjs"]) !== 0) {
  console.log("build failed\n0 passed, 1 failed");
  process.exit(1);
}

console.log(`\n== unit and integration tests (database: ${engine}) ==`);
rmSync(`${out}/vitest.json`, { force: true });
const vitestExit = run(process.execPath, ["node_modules/vitest/vitest.mjs", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${out}/vitest.json`]);
let passed = 0;
let failed = 0;
if (existsSync(`${out}/vitest.json`)) {
  const v = JSON.parse(readFileSync(`${out}/vitest.json`, "utf8")) as { numPassedTests: number; numFailedTests: number; testResults: { status: string; message?: string }[] };
  passed += v.numPassedTests;
  failed += v.numFailedTests;
  // A suite that failed to load counts as a failure even though it ran no test.
  failed += v.testResults.filter((f) => f.status === "failed" && f.message).length;
  // A crashed worker or an unhandled error fails the run without failing a test: count it.
  if (vitestExit !== 0 && v.numFailedTests === 0 && !v.testResults.some((f) => f.status === "failed")) {
    failed += 1;
    console.log(`vitest exited with code ${vitestExit} without a failing test (crashed worker or unhandled error): counted as 1 failure`);
  }
} else {
  failed += 1;
  console.log("vitest wrote no results");
}

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
console.log(`\n== end-to-end tests (Chromium at ${chromium}, database: ${engine}) ==`);
if (!existsSync(chromium)) {
  const required = process.env.REQUIRE_E2E === "1";
  console.log(`e2e SKIPPED: no Chromium at ${chromium}. Install it with: apt-get install -y chromium${required ? " (REQUIRE_E2E=1: counted as a failure)" : ""}`);
  if (required) failed += 1;
} else {
  rmSync(`${out}/playwright.json`, { force: true });
  if (!process.env.DATABASE_URL) rmSync(".data/e2e-pglite", { recursive: true, force: true });
  run(process.execPath, ["node_modules/@playwright/test/cli.js", "test"], { PLAYWRIGHT_JSON_OUTPUT_NAME: `${out}/playwright.json`, CHROMIUM_PATH: chromium });
  if (existsSync(`${out}/playwright.json`)) {
    const p = JSON.parse(readFileSync(`${out}/playwright.json`, "utf8")) as { stats: { expected: number; unexpected: number; flaky: number }; errors?: unknown[] };
    passed += p.stats.expected;
    failed += p.stats.unexpected + p.stats.flaky + (p.errors?.length ?? 0);
  } else {
    failed += 1;
    console.log("playwright wrote no results");
  }
}

console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);

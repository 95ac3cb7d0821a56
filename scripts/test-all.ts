/**
 * `npm test`: builds the app, runs every Vitest suite (unit + integration against PGlite, or
 * PostgreSQL when DATABASE_URL is set), then the Playwright e2e suite in Debian's Chromium, and
 * ends with one line `N passed, N failed` summing both.
 *
 * With no Chromium at /usr/bin/chromium (or CHROMIUM_PATH) the e2e suite is skipped and says so;
 * REQUIRE_E2E=1 (set by CI) turns that into a failure. TEST_SKIP_E2E=1 runs the build and the
 * Vitest suites only (CI's run on the oldest supported Node.js line, issue 53) and says so.
 *
 * TEST_PARTS (a comma list of `build`, `vitest` and `e2e`; default all three) runs only those
 * parts, so that CI can build once and run the Vitest suites beside the e2e suite (.ci/run). The
 * closing line counts only what ran; without `build` the existing build is used, and its absence
 * is a failure.
 *
 * VITEST_SHARD (`K/N`, e.g. `1/2`) runs the K-th of N parts of the Vitest files (Vitest's
 * `--shard`), so that CI can split one suite between its two lanes; each part writes results of
 * its own.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { reactRouterCli } from "./react-router-cli.mjs";

const out = ".data/test-results";
mkdirSync(out, { recursive: true });
const engine = process.env.DATABASE_URL ? "PostgreSQL (DATABASE_URL)" : "embedded PGlite";
const run = (cmd: string, args: string[], env: Record<string, string> = {}) =>
  spawnSync(cmd, args, { stdio: "inherit", env: { ...process.env, ...env } }).status ?? 1;

const PARTS = ["build", "vitest", "e2e"] as const;
const parts = new Set((process.env.TEST_PARTS ?? PARTS.join(",")).split(",").map((p) => p.trim()).filter(Boolean));
const unknown = [...parts].filter((p) => !(PARTS as readonly string[]).includes(p));
if (unknown.length > 0 || parts.size === 0) {
  console.log(`TEST_PARTS must list some of ${PARTS.join(", ")}; got "${process.env.TEST_PARTS}"\n0 passed, 1 failed`);
  process.exit(1);
}
// Parallel runs of one part write results files of their own (CI runs PGlite's Vitest suite
// while PostgreSQL's e2e suite runs), so each file is named after its part and engine.
const engineTag = process.env.DATABASE_URL ? "postgres" : "pglite";
const shard = process.env.VITEST_SHARD ?? "";
const shardMatch = /^([1-9]\d*)\/([1-9]\d*)$/.exec(shard);
if (shard && (!shardMatch || Number(shardMatch[1]) > Number(shardMatch[2]))) {
  console.log(`VITEST_SHARD must be K/N with 1 <= K <= N; got "${shard}"\n0 passed, 1 failed`);
  process.exit(1);
}

if (parts.has("build")) {
  console.log(`\n== build (Node.js ${process.version}) ==`);
  // What `npm run build` builds, the importer's bundle included, so that no test builds it on
  // demand while the other CI lane runs.
  if (run(process.execPath, [reactRouterCli(), "build"]) !== 0 || run(process.execPath, ["scripts/build-server.mjs"]) !== 0 || run(process.execPath, ["scripts/build-cli.mjs"]) !== 0) {
    console.log("build failed\n0 passed, 1 failed");
    process.exit(1);
  }
} else if (!existsSync("build/server/index.js")) {
  console.log("no build to test: run with TEST_PARTS including build, or `npm run build` first\n0 passed, 1 failed");
  process.exit(1);
}

let passed = 0;
let failed = 0;
// Named again just before the closing line, with the first lines of each error, so that a log's
// tail (often all that is kept of a CI run) says what failed and why.
const failures: string[] = [];

/**
 * The first lines of a test's error, without terminal colours, for the closing list: at most
 * `lines` lines of at most 200 characters each, indented under the test's name.
 */
function errorHead(message: string | undefined, lines = 6): string {
  if (!message) return "";
  // eslint-disable-next-line no-control-regex
  const plain = message.replace(/\u001b\[[0-9;]*m/g, "");
  // Stack frames of the test runner and of Node.js itself say nothing about the failure.
  const noise = (l: string) => l.trim() === "" || (/^\s*at /.test(l) && /node_modules|node:|<anonymous>/.test(l));
  const head = plain.split("\n").map((l) => l.trimEnd()).filter((l) => !noise(l)).slice(0, lines);
  return head.map((l) => `\n      ${l.length > 200 ? `${l.slice(0, 199)}…` : l}`).join("");
}

/** Runs the Vitest suites and adds their counts; a crashed or silent run counts as a failure. */
function runVitest(): void {
  console.log(`\n== unit and integration tests (database: ${engine}${shard ? `, part ${shard} of the files` : ""}) ==`);
  const json = `${out}/vitest-${engineTag}${shardMatch ? `-part${shardMatch[1]}of${shardMatch[2]}` : ""}.json`;
  rmSync(json, { force: true });
  const vitestExit = run(process.execPath, ["node_modules/vitest/vitest.mjs", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${json}`, ...(shard ? [`--shard=${shard}`] : [])]);
  if (!existsSync(json)) {
    failed += 1;
    console.log("vitest wrote no results");
    return;
  }
  const v = JSON.parse(readFileSync(json, "utf8")) as {
    numPassedTests: number;
    numFailedTests: number;
    testResults: { name: string; status: string; message?: string; assertionResults: { fullName: string; status: string; failureMessages?: string[] }[] }[];
  };
  passed += v.numPassedTests;
  failed += v.numFailedTests;
  for (const file of v.testResults) {
    if (file.status === "failed" && file.message) failures.push(`vitest ${file.name}:${errorHead(file.message)}`);
    for (const t of file.assertionResults) if (t.status === "failed") failures.push(`vitest ${file.name} > ${t.fullName}${errorHead(t.failureMessages?.[0])}`);
  }
  // A suite that failed to load counts as a failure even though it ran no test.
  failed += v.testResults.filter((f) => f.status === "failed" && f.message).length;
  // A crashed worker or an unhandled error fails the run without failing a test: count it.
  if (vitestExit !== 0 && v.numFailedTests === 0 && !v.testResults.some((f) => f.status === "failed")) {
    failed += 1;
    console.log(`vitest exited with code ${vitestExit} without a failing test (crashed worker or unhandled error): counted as 1 failure`);
  }
}

/** Runs the Playwright suite in Chromium and adds its counts (flaky counts as failed). */
function runE2e(): void {
  const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  console.log(`\n== end-to-end tests (Chromium at ${chromium}, database: ${engine}) ==`);
  if (process.env.TEST_SKIP_E2E === "1") {
    console.log("e2e not run: TEST_SKIP_E2E=1 (build, unit and integration suites only)");
    return;
  }
  if (!existsSync(chromium)) {
    const required = process.env.REQUIRE_E2E === "1";
    console.log(`e2e SKIPPED: no Chromium at ${chromium}. Install it with: apt-get install -y chromium${required ? " (REQUIRE_E2E=1: counted as a failure)" : ""}`);
    if (required) failed += 1;
    return;
  }
  const json = `${out}/playwright-${engineTag}.json`;
  rmSync(json, { force: true });
  if (!process.env.DATABASE_URL) rmSync(".data/e2e-pglite", { recursive: true, force: true });
  run(process.execPath, ["node_modules/@playwright/test/cli.js", "test"], { PLAYWRIGHT_JSON_OUTPUT_NAME: json, CHROMIUM_PATH: chromium });
  if (!existsSync(json)) {
    failed += 1;
    console.log("playwright wrote no results");
    return;
  }
  type Result = { status: string; error?: { message?: string } };
  type Spec = { title: string; ok: boolean; file: string; line: number; tests?: { results?: Result[] }[] };
  type Suite = { title: string; file?: string; specs?: Spec[]; suites?: Suite[] };
  // The first failed attempt's error (a timeout's message names the step that was waiting).
  const firstError = (spec: Spec) => spec.tests?.flatMap((t) => t.results ?? []).find((r) => r.error?.message)?.error?.message;
  const p = JSON.parse(readFileSync(json, "utf8")) as { stats: { expected: number; unexpected: number; flaky: number }; errors?: unknown[]; suites?: Suite[] };
  const walk = (suite: Suite, path: string[]): void => {
    for (const spec of suite.specs ?? []) if (!spec.ok) failures.push(`e2e ${spec.file}:${spec.line} > ${[...path, spec.title].join(" > ")}${errorHead(firstError(spec))}`);
    for (const child of suite.suites ?? []) walk(child, child.file ? path : [...path, child.title]);
  };
  for (const suite of p.suites ?? []) walk(suite, []);
  passed += p.stats.expected;
  failed += p.stats.unexpected + p.stats.flaky + (p.errors?.length ?? 0);
}

if (parts.has("vitest")) runVitest();
if (parts.has("e2e")) runE2e();

if (failures.length > 0) console.log(`\nfailed:\n${failures.map((f) => `  ${f.replace(process.cwd() + "/", "")}`).join("\n")}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);

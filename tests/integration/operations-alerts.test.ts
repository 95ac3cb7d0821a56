/**
 * Issue 55: the example alert rules (docs/operations/alerts.yml) are valid Prometheus rules and
 * fire on the series they are about (docs/operations/alerts.test.yml), and a real Prometheus on
 * loopback scrapes the metrics port during a short load (scripts/prometheus-drill.ts). Both need
 * Debian's prometheus package (promtool, prometheus); without it they skip and say so.
 */
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { prometheusBinary, runPrometheusDrill } from "../../scripts/prometheus-drill";

const hasPromtool = spawnSync("promtool", ["--version"], { stdio: "ignore" }).status === 0;
const hasPrometheus = prometheusBinary() !== null;
if (!hasPromtool) console.warn("SKIPPED: promtool is not installed (Debian: apt-get install prometheus); the alert rules were not checked");
if (!hasPrometheus) console.warn("SKIPPED: prometheus is not installed (Debian: apt-get install prometheus); the scrape drill did not run");

describe("operations: alerts and a real Prometheus", () => {
  it.skipIf(!hasPromtool)("docs/operations/alerts.yml passes `promtool check rules` and its unit tests (dead leads, delivery lag, 5xx ratio, p99, readiness, read replica)", () => {
    const check = spawnSync("promtool", ["check", "rules", "docs/operations/alerts.yml"], { encoding: "utf8" });
    expect(check.stdout + check.stderr).toContain("SUCCESS: 6 rules found");
    expect(check.status).toBe(0);
    const test = spawnSync("promtool", ["test", "rules", "alerts.test.yml"], { cwd: "docs/operations", encoding: "utf8" });
    expect(test.stdout + test.stderr).toContain("SUCCESS");
    expect(test.status).toBe(0);
  });

  it.skipIf(!hasPrometheus)("Prometheus scrapes the metrics port during a load and answers requests per second by route", { timeout: 600_000 }, async () => {
    const result = await runPrometheusDrill({ seconds: 5 });
    expect(result.scrapes).toBeGreaterThanOrEqual(3);
    expect(result.requestsPerSecondByRoute["/cars/:slug"]).toBeGreaterThan(0);
    expect(result.requestsPerSecondByRoute["/search"]).toBeGreaterThan(0);
    expect(result.maxLeadDeliveryLagSeconds).toBeGreaterThanOrEqual(0);
  });
});

/**
 * `npm start`'s process as a user runs it: starts, answers health checks over real HTTP, and on
 * SIGTERM stops taking traffic and exits cleanly (issue 2 item 1).
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ENGINE } from "./database";

describe(`server process (${ENGINE})`, () => {
  it("starts, reports ready, and exits 0 on SIGTERM", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "forecourt-start-"));
    const port = 3400 + Math.floor(Math.random() * 500);
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], {
      env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, SEED_DEMO: "0", LOG_LEVEL: "warn" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    const exited = new Promise<number | null>((ok) => child.on("exit", (code) => ok(code)));
    try {
      await new Promise<void>((ok, fail) => {
        const check = setInterval(() => {
          if (output.includes("Forecourt is running")) {
            clearInterval(check);
            ok();
          }
        }, 100);
        exited.then(() => {
          clearInterval(check);
          fail(new Error(`server exited early:\n${output}`));
        });
      });
      const health = await fetch(`http://127.0.0.1:${port}/healthz`);
      expect(health.status).toBe(200);
      const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
      expect(await ready.json()).toEqual({ status: "ready", database: ENGINE });
      child.kill("SIGTERM");
      expect(await exited).toBe(0);
      expect(output).toContain("SIGTERM received");
    } finally {
      child.kill("SIGKILL");
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

/**
 * Issue 16 defect 4: the documented start command (`npm start`) must stop cleanly when the npm
 * process itself is signalled (container runtimes signal the first process). Before the fix,
 * `npm start` ran `sh -c "tsx ..."`; the signal stopped npm and left the server serving.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ENGINE } from "./database";

describe(`npm start and signals (${ENGINE})`, () => {
  it.each(["SIGTERM", "SIGINT"] as const)("signalling the npm process with %s stops the server", { timeout: 180_000 }, async (signal) => {
    const dataDir = mkdtempSync(join(tmpdir(), "forecourt-npm-start-"));
    const port = 3900 + Math.floor(Math.random() * 90);
    const child = spawn("npm", ["start", "--silent"], {
      env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, SEED_DEMO: "0", LOG_LEVEL: "warn" },
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
          fail(new Error(`npm start exited early:\n${output}`));
        });
      });
      expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
      child.kill(signal);
      expect(await exited).toBe(0);
      expect(output).toContain(`${signal} received`);
      // Nothing is left serving on the port.
      await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
    } finally {
      child.kill("SIGKILL");
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

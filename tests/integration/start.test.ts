/**
 * `npm start`'s process as a user runs it: starts, answers health checks over real HTTP, and on
 * SIGTERM stops taking traffic and exits cleanly (issue 2 item 1).
 */
import { describe, expect, it } from "vitest";
import { ENGINE } from "./database";
import { startServerProcess } from "./server-process";

describe(`server process (${ENGINE})`, () => {
  it("starts, reports ready, and exits 0 on SIGTERM", async () => {
    const server = await startServerProcess(process.execPath, ["scripts/start.mjs"], 3400);
    const { child, port, exited } = server;
    try {
      const health = await fetch(`http://127.0.0.1:${port}/healthz`);
      expect(health.status).toBe(200);
      const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
      expect(await ready.json()).toEqual({ status: "ready", database: ENGINE });
      child.kill("SIGTERM");
      expect(await exited).toBe(0);
      expect(server.output()).toContain("SIGTERM received");
    } finally {
      server.cleanup();
    }
  });
});

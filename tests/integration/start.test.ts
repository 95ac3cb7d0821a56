/**
 * `npm start`'s process as a user runs it: starts, answers health checks over real HTTP, and on
 * SIGTERM stops taking traffic and exits cleanly (issue 2 item 1).
 */
import { describe, expect, it } from "vitest";
import { ENGINE } from "./database";
import { childPids } from "../../scripts/bench/server";
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

describe(`several server processes, WEB_CONCURRENCY (issue 15, ${ENGINE})`, () => {
  it.runIf(ENGINE === "postgres")("runs that many workers on PostgreSQL, replaces one that dies, and all exit on SIGTERM", async () => {
    const server = await startServerProcess(process.execPath, ["scripts/start.mjs"], 3500, { WEB_CONCURRENCY: "2" });
    const { child, port, exited } = server;
    try {
      expect(server.output()).toContain("2 processes");
      const workers = childPids(child.pid!);
      expect(workers).toHaveLength(2);
      for (let i = 0; i < 4; i++) expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
      process.kill(workers[0], "SIGKILL");
      await expect.poll(() => childPids(child.pid!).filter((pid) => pid !== workers[0]).length, { timeout: 15_000 }).toBe(2);
      await expect.poll(async () => (await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => null))?.status, { timeout: 15_000 }).toBe(200);
      child.kill("SIGTERM");
      expect(await exited).toBe(0);
      expect(childPids(child.pid!)).toEqual([]);
    } finally {
      server.cleanup();
    }
  });

  it.runIf(ENGINE === "pglite")("runs one process on the embedded database and says why", async () => {
    const server = await startServerProcess(process.execPath, ["scripts/start.mjs"], 3500, { WEB_CONCURRENCY: "2" });
    try {
      expect(server.output()).toContain("WEB_CONCURRENCY needs PostgreSQL");
      expect(childPids(server.child.pid!)).toEqual([]);
      expect((await fetch(`http://127.0.0.1:${server.port}/healthz`)).status).toBe(200);
    } finally {
      server.cleanup();
    }
  });
});

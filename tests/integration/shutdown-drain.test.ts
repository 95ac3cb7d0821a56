/**
 * Drain before shutdown (decision 220, SHUTDOWN_DRAIN_MS): a real `scripts/start.mjs` process,
 * signalled, first answers /readyz with 503 while it still serves everything else, then stops and
 * exits 0; a second signal ends the drain. Every request is a new connection (as a load balancer's
 * health check is), so a cluster's requests reach both workers. The default (0, stop at once) is
 * covered by start.test.ts and npm-start-signals.test.ts.
 */
import { request } from "node:http";
import { describe, expect, it } from "vitest";
import { ENGINE } from "./database";
import { childPids } from "../../scripts/bench/server";
import { startServerProcess } from "./server-process";

/** Ports 3800-3889 (no other test starts servers there). */
const PORT_BASE = 3800;
const PORTS = 90;

/** GET `path` on a new connection; resolves with the status and body. */
function get(port: number, path: string): Promise<{ status: number; body: string }> {
  return new Promise((ok, fail) => {
    const req = request({ host: "127.0.0.1", port, path, agent: false, headers: { host: "localhost" } }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => ok({ status: res.statusCode!, body }));
    });
    req.on("error", fail);
    req.end();
  });
}

/** How many worker processes (pino's pid) have logged a /readyz answer with `status`. */
function readyzAnswerers(output: string, status: number): number {
  const lines = output.split("\n").filter((line) => line.startsWith("{") && line.includes('"msg":"request"'));
  return new Set(lines.map((line) => JSON.parse(line)).filter((l) => l.path === "/readyz" && l.status === status).map((l) => l.pid)).size;
}

function start(env: Record<string, string>) {
  return startServerProcess(process.execPath, ["scripts/start.mjs"], PORT_BASE, { HOST: "127.0.0.1", ...env }, PORTS);
}

describe(`drain before shutdown, SHUTDOWN_DRAIN_MS (decision 220, ${ENGINE})`, () => {
  it("on SIGTERM answers /readyz 503 while /healthz still answers 200, then exits 0 when the drain ends", { timeout: 240_000 }, async () => {
    const server = await start({ SHUTDOWN_DRAIN_MS: "1500", LOG_LEVEL: "info" });
    const { child, port, exited } = server;
    try {
      expect((await get(port, "/readyz")).status).toBe(200);
      child.kill("SIGTERM");
      await expect.poll(async () => (await get(port, "/readyz")).status, { timeout: 30_000 }).toBe(503);
      expect((await get(port, "/healthz")).status).toBe(200);
      expect(await exited).toBe(0);
      const output = server.output();
      expect(output).toContain("SIGTERM received");
      // One info line on the app logger says the drain started, and for how long.
      expect(output).toMatch(/^\{"level":30,.*"drainMs":1500,"msg":"draining: \/readyz answers 503/m);
      // The drain ended on its own, and shutdown went on as without one.
      expect(output).not.toContain("ending the drain");
      expect(output).toContain('"msg":"stopped"');
      await expect(get(port, "/healthz")).rejects.toThrow();
    } finally {
      server.cleanup();
    }
  });

  it("keeps serving pages and files during a long drain; a second SIGTERM ends it and the process exits 0", { timeout: 240_000 }, async () => {
    const server = await start({ SHUTDOWN_DRAIN_MS: "120000" });
    const { child, port, exited } = server;
    try {
      child.kill("SIGTERM");
      await expect.poll(async () => (await get(port, "/readyz")).status, { timeout: 30_000 }).toBe(503);
      expect(JSON.parse((await get(port, "/readyz")).body)).toEqual({ status: "shutting down" });
      expect((await get(port, "/healthz")).status).toBe(200);
      expect((await get(port, "/brand/certified.svg")).status).toBe(200);
      // No site has this host: the page that says so is still rendered.
      const page = await get(port, "/");
      expect(page.status).toBe(404);
      expect(page.body).toContain("No dealer site at this address");
      child.kill("SIGTERM");
      // Were the second signal ignored, the drain would run its 2 minutes and end by itself: the line below would then fail.
      expect(await exited).toBe(0);
      expect(server.output()).toContain("SIGTERM received: ending the drain");
    } finally {
      server.cleanup();
    }
  });

  it("a SIGINT during a SIGTERM's drain ends it too", { timeout: 240_000 }, async () => {
    const server = await start({ SHUTDOWN_DRAIN_MS: "120000" });
    const { child, port, exited } = server;
    try {
      child.kill("SIGTERM");
      await expect.poll(async () => (await get(port, "/readyz")).status, { timeout: 30_000 }).toBe(503);
      child.kill("SIGINT");
      expect(await exited).toBe(0);
      expect(server.output()).toContain("SIGINT received: ending the drain");
    } finally {
      server.cleanup();
    }
  });

  it.runIf(ENGINE === "postgres")("in a cluster, every worker drains; a second SIGTERM to the primary ends the drain and all exit 0", { timeout: 240_000 }, async () => {
    const server = await start({ SHUTDOWN_DRAIN_MS: "120000", WEB_CONCURRENCY: "2", LOG_LEVEL: "info" });
    const { child, port, exited } = server;
    // New connections go to the workers in turn; their request log lines carry their pid.
    const askBoth = async (status: number) => {
      for (let i = 0; i < 4; i++) expect((await get(port, "/readyz")).status).toBe(status);
      return readyzAnswerers(server.output(), status);
    };
    try {
      expect(childPids(child.pid!)).toHaveLength(2);
      await expect.poll(() => askBoth(200), { timeout: 20_000, interval: 300 }).toBe(2);
      child.kill("SIGTERM");
      await expect.poll(async () => (await get(port, "/readyz")).status, { timeout: 30_000 }).toBe(503);
      await expect.poll(() => askBoth(503), { timeout: 20_000, interval: 300 }).toBe(2);
      for (let i = 0; i < 4; i++) expect((await get(port, "/healthz")).status).toBe(200);
      child.kill("SIGTERM");
      expect(await exited).toBe(0);
      expect(server.output()).toContain("SIGTERM received: ending the drain");
      expect(childPids(child.pid!)).toEqual([]);
    } finally {
      server.cleanup();
    }
  });

  it.runIf(ENGINE === "postgres")("in a cluster, the primary waits out a drain longer than its own 15 s allowance and exits 0", { timeout: 240_000 }, async () => {
    const server = await start({ SHUTDOWN_DRAIN_MS: "16000", WEB_CONCURRENCY: "2" });
    const { child, port, exited } = server;
    try {
      child.kill("SIGTERM");
      await expect.poll(async () => (await get(port, "/readyz")).status, { timeout: 30_000 }).toBe(503);
      expect(await exited).toBe(0);
      expect(server.output()).not.toContain("ending the drain");
    } finally {
      server.cleanup();
    }
  });
});

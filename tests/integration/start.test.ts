/**
 * `npm start`'s process as a user runs it: starts, answers health checks over real HTTP, and on
 * SIGTERM stops taking traffic and exits cleanly (issue 2 item 1).
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ENGINE } from "./database";
import { childPids, get } from "../../scripts/bench/server";
import { startServerProcess, testPort } from "./server-process";

describe(`server process (${ENGINE})`, () => {
  // Each test starts a server: 40 s or more on a busy 2-core machine, which the default 60 s
  // timeout counted against the test (the cluster test timed out at 60 s at load 15).
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
  }, 240_000);
});

/** The largest resident set a process has had so far (VmHWM), in MB (Linux). */
function peakRssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, "utf8").match(/^VmHWM:\s+(\d+) kB$/m);
  if (!line) throw new Error("no VmHWM in /proc status");
  return Number(line[1]) / 1024;
}

describe("first start on a new embedded database (issue 15 memory, decision 218)", () => {
  it.runIf(ENGINE === "pglite")("creates the database in a child process, so the server never holds initdb's memory; a later start does not", async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), "forecourt-first-start-")), "pglite");
    let firstPeakMb = Number.NaN;
    try {
      const first = await startServerProcess(process.execPath, ["scripts/start.mjs"], 3600, { DATA_DIR: dataDir });
      try {
        expect(first.output()).toContain(`First start: creating the embedded database in ${dataDir}...`);
        expect(existsSync(join(dataDir, "PG_VERSION"))).toBe(true);
        expect(await (await fetch(`http://127.0.0.1:${first.port}/readyz`)).json()).toEqual({ status: "ready", database: "pglite" });
        firstPeakMb = peakRssMb(first.child.pid!);
        first.child.kill("SIGTERM");
        expect(await first.exited).toBe(0);
      } finally {
        first.cleanup();
      }
      const second = await startServerProcess(process.execPath, ["scripts/start.mjs"], 3600, { DATA_DIR: dataDir });
      try {
        expect(second.output()).not.toContain("First start");
        expect((await fetch(`http://127.0.0.1:${second.port}/readyz`)).status).toBe(200);
        // Created in the server process, the database took its RSS about 400-700 MB above a later
        // start's (880 MB on Node.js 20, before the first migration). Created by the child, the
        // first start peaks where a later one does. Compared with the later start, not with a
        // fixed figure: Node.js 24 and 26 start 100-150 MB higher than 20 did for the same code.
        expect(firstPeakMb).toBeLessThan(peakRssMb(second.child.pid!) + 100);
        // A third `npm start` on the same folder is refused (two writers corrupt a PGlite folder),
        // with what to do instead of a stack; the running server carries on.
        const third = spawn(process.execPath, ["scripts/start.mjs"], { env: { ...process.env, NODE_ENV: "production", PORT: String(second.port + 1), DATA_DIR: dataDir, SEED_DEMO: "0" }, stdio: ["ignore", "pipe", "pipe"] });
        let thirdOutput = "";
        third.stdout!.on("data", (c: Buffer) => (thirdOutput += c.toString()));
        third.stderr!.on("data", (c: Buffer) => (thirdOutput += c.toString()));
        expect(await new Promise((ok) => third.on("exit", ok))).toBe(1);
        expect(thirdOutput).toContain(`The embedded database in ${dataDir} is in use by process`);
        expect(thirdOutput).not.toContain("    at ");
        expect((await fetch(`http://127.0.0.1:${second.port}/readyz`)).status).toBe(200);
      } finally {
        second.cleanup();
      }
    } finally {
      rmSync(join(dataDir, ".."), { recursive: true, force: true });
    }
  }, 240_000);
});

describe("first start on a PostgreSQL database without the demo sites (issue 15 memory, decision 218)", () => {
  it.runIf(ENGINE === "postgres")(
    "migrates and seeds in a child process, so the server starts small; a later start seeds nothing",
    async () => {
      const admin = new URL(process.env.DATABASE_URL!);
      const name = `forecourt_first_start_${process.pid}`;
      const url = new URL(admin);
      url.pathname = `/${name}`;
      const { Client } = await import("pg");
      const run = async (sql: string) => {
        const client = new Client({ connectionString: admin.href });
        await client.connect();
        try {
          await client.query(sql);
        } finally {
          await client.end();
        }
      };
      await run(`DROP DATABASE IF EXISTS ${name}`);
      await run(`CREATE DATABASE ${name}`);
      try {
        // LOG_LEVEL info: the seed's own log lines say which process ran it (below).
        const env = { DATABASE_URL: url.href, SEED_DEMO: "1", LOG_LEVEL: "info" };
        let firstPeakMb = Number.NaN;
        let firstPid = 0;
        const seededByPid = new Set<number>();
        const first = await startServerProcess(process.execPath, ["scripts/start.mjs"], 3700, env);
        try {
          expect(first.output()).toContain("First start on this PostgreSQL database: migrating and seeding the demo sites");
          const home = await get(first.port, "/", `perth-toyota.localhost:${first.port}`);
          expect(home.status).toBe(200);
          expect(home.body.toString("utf8")).toContain("Swan River Toyota");
          firstPeakMb = peakRssMb(first.child.pid!);
          firstPid = first.child.pid!;
          // pino's JSON lines: the seed's steps, and the process that wrote each.
          for (const line of first.output().split("\n")) {
            const entry = /^\{.*"pid":(\d+).*"msg":"(demo sites seeded|[a-z-]+: \d+ created)/.exec(line);
            if (entry) seededByPid.add(Number(entry[1]));
          }
          first.child.kill("SIGTERM");
          expect(await first.exited).toBe(0);
        } finally {
          first.cleanup();
        }
        const second = await startServerProcess(process.execPath, ["scripts/start.mjs"], 3700, env);
        try {
          expect(second.output()).not.toContain("First start");
          expect((await fetch(`http://127.0.0.1:${second.port}/readyz`)).status).toBe(200);
          expect((await get(second.port, "/", `perth-toyota.localhost:${second.port}`)).status).toBe(200);
          // Seeded in the server process, the 16,734 listings left it about 35-40 MB above a start
          // that seeds nothing (200 against 165 MB on Node.js 20). On Node.js 26 two starts of the
          // same tree peak 300-355 MB, 40-50 MB apart from run to run (a start-up peak 60 MB above
          // the resident set, set by when V8 collects), so memory cannot tell the two apart there.
          // Where the seed ran is asserted instead: its log lines carry the child's process id,
          // never the server's. The peak is still held to a later start's plus a margin that an
          // in-process seed of a larger data set would cross.
          expect(seededByPid.size).toBe(1);
          expect([...seededByPid][0]).not.toBe(firstPid);
          expect(firstPeakMb).toBeLessThan(peakRssMb(second.child.pid!) + 100);
        } finally {
          second.cleanup();
        }
        // Whoever waits for /healthz and then reads the site list (fresh-clone.sh, site-check) finds
        // every demo site: they are printed before the server answers (they used to follow it).
        const healthPort = testPort(3799);
        const third = spawn(process.execPath, ["scripts/start.mjs"], { env: { ...process.env, NODE_ENV: "production", ...env, PORT: String(healthPort), LOG_LEVEL: "warn" }, stdio: ["ignore", "pipe", "pipe"] });
        try {
          let printed = "";
          third.stdout!.on("data", (d) => (printed += d));
          let atFirstAnswer: string | null = null;
          // Bounded by a generous deadline, not a count of tries: a start on a busy CI machine
          // can take far longer than 5,000 quick polls.
          const deadline = Date.now() + 120_000;
          while (atFirstAnswer === null && Date.now() < deadline) {
            const health = await fetch(`http://127.0.0.1:${healthPort}/healthz`).catch(() => null);
            if (health?.status === 200) atFirstAnswer = printed;
            else await new Promise((ok) => setTimeout(ok, 2));
          }
          for (const slug of ["perth-toyota", "harbour-auto-group", "southern-cross-used", "sunshine-state-cars", "outback-caravans"]) expect(atFirstAnswer).toContain(`http://${slug}.localhost:${healthPort}`);
        } finally {
          third.kill("SIGKILL");
        }
      } finally {
        await run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      }
    },
    420_000,
  );
});

describe(`several server processes, WEB_CONCURRENCY (issue 15, ${ENGINE})`, () => {
  it.runIf(ENGINE === "postgres")("runs that many workers on PostgreSQL from a small primary, replaces one that dies, and all exit on SIGTERM", async () => {
    const server = await startServerProcess(process.execPath, ["scripts/start.mjs"], 3500, { WEB_CONCURRENCY: "2" });
    const { child, port, exited } = server;
    try {
      expect(server.output()).toContain("2 processes");
      const workers = childPids(child.pid!);
      expect(workers).toHaveLength(2);
      for (let i = 0; i < 4; i++) expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
      // Decision 223: the primary prepares the database in a child process and never loads the
      // app, React or the database driver (85-105 MB when it did); a worker that serves does.
      expect(peakRssMb(child.pid!)).toBeLessThan(70);
      expect(peakRssMb(workers[0])).toBeGreaterThan(90);
      process.kill(workers[0], "SIGKILL");
      await expect.poll(() => childPids(child.pid!).filter((pid) => pid !== workers[0]).length, { timeout: 15_000 }).toBe(2);
      await expect.poll(async () => (await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => null))?.status, { timeout: 15_000 }).toBe(200);
      child.kill("SIGTERM");
      expect(await exited).toBe(0);
      expect(childPids(child.pid!)).toEqual([]);
    } finally {
      server.cleanup();
    }
  }, 240_000);

  it.runIf(ENGINE === "pglite")("runs one process on the embedded database and says why", async () => {
    const server = await startServerProcess(process.execPath, ["scripts/start.mjs"], 3500, { WEB_CONCURRENCY: "2" });
    try {
      expect(server.output()).toContain("WEB_CONCURRENCY needs PostgreSQL");
      expect(childPids(server.child.pid!)).toEqual([]);
      expect((await fetch(`http://127.0.0.1:${server.port}/healthz`)).status).toBe(200);
    } finally {
      server.cleanup();
    }
  }, 240_000);
});

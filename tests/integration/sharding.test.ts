/**
 * Issue 54 item 3 "Sharding by host, with an existing engine": the set-up of
 * docs/operations/sharding/ (two-pools.sh and its haproxy.cfg) started as an operator starts it,
 * on loopback: two pools of one node each behind Debian's haproxy, sharing this PostgreSQL. Every
 * request for one host lands on the same pool, both pools get hosts, each pool's node holds the
 * read models of its own sites only (its /metrics), and when a pool stops only its hosts move.
 * Skips, saying so, without haproxy or PostgreSQL.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client";
import { createTestSite, openTestDatabase } from "./database";
import { testPort } from "./server-process";

const HAPROXY = process.env.HAPROXY ?? "/usr/sbin/haproxy";
const unavailable = !process.env.DATABASE_URL
  ? "needs DATABASE_URL (the pools share one PostgreSQL; PGlite serves one process)"
  : spawnSync(HAPROXY, ["-v"], { stdio: "ignore" }).status !== 0
    ? `haproxy is not installed (${HAPROXY}; apt-get install haproxy)`
    : null;

const FRONT = testPort(6536);
const POOL_NODE = { "pool-a": FRONT + 2, "pool-b": FRONT + 3 } as const;
const POOL_METRICS = { "pool-a": FRONT + 4, "pool-b": FRONT + 5 } as const;
type Pool = keyof typeof POOL_NODE;

/** GET through a port with a Host header (node:http: fetch cannot set Host). */
function get(port: number, host: string, path: string): Promise<{ status: number; pool: string | undefined; text: string }> {
  return new Promise((ok, fail) => {
    const req = httpRequest({ host: "127.0.0.1", port, path, headers: { host }, agent: false }, (res) => {
      let text = "";
      res.setEncoding("utf8").on("data", (c: string) => (text += c));
      res.on("end", () => ok({ status: res.statusCode ?? 0, pool: res.headers["x-forecourt-pool"] as string | undefined, text }));
    });
    req.on("error", fail);
    req.end();
  });
}

/** A node's gauge value from its /metrics (0 when the gauge is not there yet). */
async function gauge(pool: Pool, name: string): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${POOL_METRICS[pool]}/metrics`)).text();
  const line = text.split("\n").find((l) => l.startsWith(`${name} `));
  return line ? Number(line.split(" ")[1]) : 0;
}

async function until(what: string, check: () => Promise<boolean>, ms = 180_000): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe.skipIf(unavailable)(`sharding by host behind haproxy (issue 54 item 3)${unavailable ? ` -- skipped: ${unavailable}` : ""}`, () => {
  let direct: DatabaseHandle;
  let pools: ChildProcess;
  let output = "";
  const hosts: string[] = [];

  beforeAll(async () => {
    direct = await openTestDatabase();
    for (let i = 0; i < 12; i++) hosts.push(`${(await createTestSite(direct)).slug}.localhost`);
    pools = spawn("docs/operations/sharding/two-pools.sh", [], {
      env: { ...process.env, FRONT_PORT: String(FRONT), HAPROXY, SEED_DEMO: "0", LOG_LEVEL: "warn" },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    pools.stdout!.on("data", (d) => (output += d));
    pools.stderr!.on("data", (d) => (output += d));
    // Up when haproxy's checks see both pools' nodes ready.
    await until(`the two pools behind haproxy:\n${output}`, async () => {
      const csv = await (await fetch(`http://127.0.0.1:${FRONT + 1}/stats;csv`)).text();
      return ["pool-a", "pool-b"].every((pool) => csv.split("\n").some((row) => row.startsWith(`pools,${pool},`) && row.split(",")[17] === "UP"));
    });
  }, 300_000);

  afterAll(async () => {
    if (pools?.pid) {
      process.kill(-pools.pid, "SIGTERM");
      await new Promise((ok) => (pools.exitCode !== null ? ok(null) : pools.once("exit", ok)));
    }
    await direct?.close();
  }, 60_000);

  it("sends every request for a host to one pool, uses both pools, and each pool holds only its own sites' read models", async () => {
    const poolOf = new Map<string, string>();
    for (let round = 0; round < 3; round++) {
      for (const host of hosts) {
        const answer = await get(FRONT, host, "/search");
        expect(answer.status, host).toBe(200);
        expect(answer.text).toContain(`Test site ${host.replace(".localhost", "")}`);
        if (round === 0) poolOf.set(host, answer.pool!);
        else expect(answer.pool, host).toBe(poolOf.get(host));
      }
    }
    const perPool = (pool: Pool) => hosts.filter((h) => poolOf.get(h) === pool).length;
    expect(perPool("pool-a") + perPool("pool-b")).toBe(hosts.length);
    expect(perPool("pool-a")).toBeGreaterThan(0);
    expect(perPool("pool-b")).toBeGreaterThan(0);
    // The nodes served nothing else: each loaded the read models of the hosts routed to it.
    expect(await gauge("pool-a", "forecourt_search_read_model_sites")).toBe(perPool("pool-a"));
    expect(await gauge("pool-b", "forecourt_search_read_model_sites")).toBe(perPool("pool-b"));
  });

  it("when a pool's node stops, only its hosts move; the other pool's stay where they were", async () => {
    const before = new Map<string, string>();
    for (const host of hosts) before.set(host, (await get(FRONT, host, "/healthz")).pool!);
    // Stop pool B's node (SIGTERM: it drains and exits); haproxy's /readyz check takes it out.
    const poolB = processesWithEnv(`PORT=${POOL_NODE["pool-b"]}`);
    expect(poolB.length).toBeGreaterThan(0);
    for (const pid of poolB) process.kill(pid, "SIGTERM");
    await until("haproxy to send pool B's hosts to pool A", async () => {
      for (const host of hosts.filter((h) => before.get(h) === "pool-b")) if ((await get(FRONT, host, "/healthz")).pool !== "pool-a") return false;
      return true;
    }, 60_000);
    for (const host of hosts.filter((h) => before.get(h) === "pool-a")) expect((await get(FRONT, host, "/healthz")).pool, host).toBe("pool-a");
  });
});

/** Ids of this machine's processes whose environment has `entry` (e.g. `PORT=6539`). */
function processesWithEnv(entry: string): number[] {
  const pids: number[] = [];
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      if (readFileSync(`/proc/${name}/environ`, "latin1").split("\0").includes(entry)) pids.push(Number(name));
    } catch {
      // ended meanwhile, or not ours to read
    }
  }
  return pids;
}

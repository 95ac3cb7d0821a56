/**
 * Starts app-node.ts as a child process (one app node over DATABASE_URL on a free loopback port)
 * for multi-process tests (issue 10 reservations, issue 15 page cache). Not a test file itself.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createInterface } from "node:readline";
import { afterAll, beforeAll } from "vitest";
import type { DatabaseHandle } from "../../db/client";
import { openTestDatabase } from "./database";

/**
 * @returns the child process and the port it listens on, once it prints `{"port":N}`
 * @throws when the process exits before listening
 */
export function startAppNode(): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, ["--import", "tsx", "tests/integration/app-node.ts"], { env: { ...process.env, LOG_LEVEL: "silent" }, stdio: ["ignore", "pipe", "inherit"] });
  return new Promise((ok, fail) => {
    const lines = createInterface({ input: child.stdout! });
    lines.once("line", (line) => ok({ child, port: (JSON.parse(line) as { port: number }).port }));
    child.once("exit", (code) => fail(new Error(`app node exited with ${code}`)));
  });
}

/**
 * Registers beforeAll/afterAll for a describe block: a direct database handle and two app nodes
 * on the same PostgreSQL (DATABASE_URL). Read `.direct` and `.ports` inside tests.
 */
export function useTwoAppNodes(): { direct: DatabaseHandle; ports: number[] } {
  const state = { ports: [] as number[] } as { direct: DatabaseHandle; ports: number[] };
  const nodes: ChildProcess[] = [];
  beforeAll(async () => {
    state.direct = await openTestDatabase();
    for (const node of await Promise.all([startAppNode(), startAppNode()])) {
      nodes.push(node.child);
      state.ports.push(node.port);
    }
  }, 120_000);
  afterAll(async () => {
    for (const n of nodes) n.kill("SIGTERM");
    await state.direct?.close();
  });
  return state;
}

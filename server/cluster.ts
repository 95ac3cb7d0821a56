/**
 * Several server processes on one machine (issue 15 "Fast pages", docs/decisions/184): with
 * WEB_CONCURRENCY=N (N > 1) and PostgreSQL, `npm start` runs a primary process that migrates and
 * seeds once (in a child process of its own, decision 223), then forks N workers (node:cluster)
 * that share the port; the kernel-facing primary hands connections to workers in turn. Every worker is a full node as in DESIGN's scale section
 * (its own page cache, kept right by the database's stock and config versions); only worker 1 runs
 * the lead delivery and reservation workers. A worker that dies is replaced. SIGTERM or SIGINT is
 * passed to the workers, which drain for SHUTDOWN_DRAIN_MS (decision 220; a second signal is
 * passed on too and ends their drain) and finish their open requests; the primary exits 0 once all
 * have exited (1 after SHUTDOWN_DRAIN_MS + 15 s). The embedded PGlite database belongs to one
 * process, so without DATABASE_URL the server runs as a single process and says so.
 */
import cluster, { type Worker } from "node:cluster";
import type { Env } from "./env";
import { prepareDatabaseInChildProcess } from "./first-start";
import { onStopSignal, replaceStopSignal } from "./signals";

/** Environment variable naming a worker's number (1..N); unset in a single-process server. */
export const WORKER_NUMBER = "FORECOURT_WORKER";

/** How many server processes to run for `env`: WEB_CONCURRENCY on PostgreSQL, else 1. */
export function processCount(env: Pick<Env, "WEB_CONCURRENCY" | "DATABASE_URL">): number {
  return env.DATABASE_URL ? env.WEB_CONCURRENCY : 1;
}

/**
 * Runs the primary process: prepares the database (migrations, demo seed when SEED_DEMO) in a
 * short-lived child process (server/first-start.ts; so the primary never loads the database
 * driver or the app and stays small, decision 223), forks `count` workers (each runs this
 * process's entry, scripts/start.mjs, and so server/main.ts's `main` as a worker), replaces a worker that exits unexpectedly (no sooner than a second after it
 * started), and shuts down on SIGTERM/SIGINT. Resolves once the workers are forked.
 * @throws when the database cannot be opened or migrated
 */
export async function runPrimary(env: Env, count: number): Promise<void> {
  await prepareDatabaseInChildProcess();
  let stopping = false;
  const fork = (number: number): void => {
    const started = Date.now();
    const worker = cluster.fork({
      [WORKER_NUMBER]: String(number),
      SEED_DEMO: "0",
      LEAD_WORKER: number === 1 && env.LEAD_WORKER ? "1" : "0",
    });
    worker.on("exit", (code, signal) => {
      if (stopping) return;
      console.error(`worker ${number} exited (${signal ?? code}); starting another`);
      setTimeout(() => {
        if (!stopping) fork(number);
      }, Math.max(0, 1000 - (Date.now() - started)));
    });
  };
  for (let number = 1; number <= count; number++) fork(number);
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received`);
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w);
    // The workers drain first (decision 220), so the wait covers that too.
    const timer = setTimeout(() => process.exit(1), env.SHUTDOWN_DRAIN_MS + 15_000);
    timer.unref();
    Promise.all(workers.map((w) => new Promise<void>((ok) => (w.isDead() ? ok() : (w.once("exit", () => ok()), w.process.kill("SIGTERM")))))).then(() => process.exit(0));
    if (env.SHUTDOWN_DRAIN_MS === 0) return;
    // A second signal here (where an orchestrator sends it) is passed on: it ends the workers' drain.
    const again = (next: NodeJS.Signals) => {
      process.off(next === "SIGTERM" ? "SIGINT" : "SIGTERM", again);
      console.log(`${next} received: ending the drain`);
      for (const w of workers) if (!w.isDead()) w.process.kill("SIGTERM");
    };
    replaceStopSignal(stop, again);
  };
  onStopSignal(stop);
}

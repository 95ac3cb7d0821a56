/**
 * `npm start`'s entry (scripts/start.mjs imports its bundle, build/node/index.js): decides what
 * this process is, then loads only what that needs (issue 15 memory, decision 223).
 *
 * - The first-start child (FORECOURT_PREPARE_DATABASE, decision 218): prepares the database, exits.
 * - A cluster's primary (WEB_CONCURRENCY > 1 on PostgreSQL, server/cluster.ts): prepares the
 *   database in a child process, forks the workers and supervises them. It never loads the app,
 *   React or the database driver, so it stays near Node's own footprint (58 MB resident instead
 *   of 85-105 MB).
 * - A server (the only process, or a cluster's worker): server/index.ts's `startServer`.
 *
 * The server, the database preparation and the logger are dynamic imports: the bundle keeps them
 * in chunks of their own (scripts/build-server.mjs), loaded on first use.
 */
import cluster from "node:cluster";
import { processCount, runPrimary } from "./cluster";
import { loadEnv } from "./env";
import { offStopSignal, onStopSignal, replaceStopSignal } from "./signals";
import { isNewEmbeddedDatabase, PREPARE_DATABASE, prepareDatabaseInChildProcess } from "./first-start";

/**
 * Runs the server until SIGTERM or SIGINT: one process, or with WEB_CONCURRENCY > 1 on PostgreSQL
 * a cluster primary (server/cluster.ts) whose workers each run this same function. Resolves once
 * the server listens (or the primary has forked its workers, or the first-start child has
 * prepared the database).
 * @throws when the environment is invalid, the database cannot be prepared or opened, or the
 * build is missing
 */
export async function main(): Promise<void> {
  const env = loadEnv();
  // The first-start child (below): prepare the database, then let the process end. It logs its
  // steps as the server does (one JSON line each at LOG_LEVEL info).
  if (process.env[PREPARE_DATABASE]) {
    const [{ default: pino }, { prepareDatabase }] = await Promise.all([import("pino"), import("./prepare-database")]);
    const logger = pino({ level: env.LOG_LEVEL });
    return prepareDatabase(env, (line) => logger.info(line));
  }
  const count = processCount(env);
  if (env.WEB_CONCURRENCY > 1 && count === 1) console.warn("WEB_CONCURRENCY needs PostgreSQL (DATABASE_URL): the embedded database serves one process.");
  if (count > 1 && cluster.isPrimary) return runPrimary(env, count);
  // Decision 218: a new embedded database, or a PostgreSQL one without the demo sites, is created
  // and seeded in a child process, so the server's own memory does not keep what the seed touched.
  if (isNewEmbeddedDatabase(env)) {
    console.log(`First start: creating the embedded database in ${env.DATA_DIR}${env.SEED_DEMO ? " with the demo sites (about 20 s)" : ""}...`);
    await prepareDatabaseInChildProcess();
  } else if (await (await import("./prepare-database")).isUnseededPostgres(env)) {
    console.log("First start on this PostgreSQL database: migrating and seeding the demo sites (about 20 s)...");
    await prepareDatabaseInChildProcess();
  }
  // Traces (issue 55): the SDK must hook the HTTP server and database driver before they load;
  // without an OTLP endpoint its code is never loaded.
  const tracing = process.env.OTEL_EXPORTER_OTLP_ENDPOINT ? await (await import("./tracing")).startTracing() : null;
  const { startServer } = await import("./index");
  const running = await startServer();
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    console.log(`${signal} received`);
    if (stopping) return;
    stopping = true;
    const close = () => {
      const timer = setTimeout(() => process.exit(1), 10_000);
      timer.unref();
      running
        .close()
        .then(() => tracing?.shutdown())
        .then(
          () => process.exit(0),
          () => process.exit(1),
        );
    };
    if (env.SHUTDOWN_DRAIN_MS === 0) return close();
    // Decision 220: drain first (/readyz 503, requests still served); a second signal ends it.
    running.drain(env.SHUTDOWN_DRAIN_MS);
    const endDrain = (again?: NodeJS.Signals) => {
      if (again) console.log(`${again} received: ending the drain`);
      clearTimeout(drained);
      offStopSignal(endDrain);
      close();
    };
    const drained = setTimeout(endDrain, env.SHUTDOWN_DRAIN_MS);
    replaceStopSignal(stop, endDrain);
  };
  onStopSignal(stop);
}

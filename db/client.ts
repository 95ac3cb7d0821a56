/**
 * Opens the database: PostgreSQL when a URL is given (production, CI), otherwise the embedded
 * PGlite (Postgres compiled to WASM) stored in a folder, or in memory for tests.
 * Both speak the same SQL and run the same committed migrations (db/migrations).
 */
import { mkdirSync } from "node:fs";
import type { Logger } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { lockDataDir } from "./data-dir-lock";
import { enableNamedStatements } from "./pglite-named";
import { attachReplica, ReadReplica, type ReplicaOptions } from "./replica";
import * as schema from "./schema/index";

export type Schema = typeof schema;
/** Postgres shared_buffers of the embedded database (issue 15 memory; PostgreSQL's own default is 128MB). */
export const PGLITE_SHARED_BUFFERS = "32MB";

/** The Drizzle handle every service takes. Same API over PGlite and PostgreSQL. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  kind: "postgres" | "pglite";
  /** Runs raw SQL (used by migrations tooling and health checks). */
  ping(): Promise<void>;
  /**
   * The connection pool's state (PostgreSQL; for /metrics): connections open, checked out, and
   * queries waiting for one. The embedded database has one connection and no pool: undefined.
   */
  poolStats?(): { total: number; inUse: number; waiting: number };
  /**
   * The embedded database's whole data folder as a gzipped tarball, taken by the process that
   * holds it (consistent: PGlite runs one query at a time). PostgreSQL: undefined (pg_dump).
   */
  snapshot?(): Promise<Blob>;
  /** The streaming replica lag-tolerant reads may use (`replicaUrl`; db/replica.ts), when one is configured. */
  replica?: ReadReplica;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** postgres://... ; when set, PostgreSQL is used. */
  url?: string;
  /** Folder for the embedded PGlite database; omitted means in-memory. */
  dataDir?: string;
  /** Pool size for PostgreSQL (default 10). */
  poolSize?: number;
  /** A snapshot ({@link DatabaseHandle.snapshot}) to create the embedded database from (restore). */
  loadDataDir?: Blob;
  /**
   * PostgreSQL: keep Drizzle's named prepared statements (`.prepare(name)`) as named statements
   * on the connection (default true). False sends them unnamed (parsed on every execution), for a
   * transaction-mode pooler that does not track prepared statements (pgbouncer before 1.21, or
   * with `max_prepared_statements = 0`): there the next execution can reach another server
   * connection, which has never seen the statement.
   */
  namedStatements?: boolean;
  /**
   * PostgreSQL: `max_parallel_workers_per_gather` set on each of the pool's new connections (an
   * integer 0-64; undefined keeps the server's setting). Behind a transaction-mode pooler it
   * reaches only the server connections those set-up statements ran on.
   */
  parallelWorkers?: number;
  /** postgres://... of a streaming replica for lag-tolerant reads (db/replica.ts); PostgreSQL only. */
  replicaUrl?: string;
  /** How the replica is used and reported (db/replica.ts). */
  replicaOptions?: ReplicaOptions;
  /** Told every statement the primary handle sends, with its parameters (Drizzle's logger; tests that count queries). */
  logger?: Logger;
}

/**
 * Opens PostgreSQL (`url`) or PGlite (`dataDir`, or memory). A PGlite data folder is locked for
 * this process until `close()` (db/data-dir-lock.ts).
 * @throws when PostgreSQL cannot be reached on first query (the caller decides whether to retry).
 * @throws DataDirLockedError when another live process holds the PGlite data folder.
 */
export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<DatabaseHandle> {
  if (options.url) {
    const { default: pg } = await import("pg");
    const { drizzle } = await import("drizzle-orm/node-postgres");
    const pool = postgresPool(pg, options.url, { max: options.poolSize ?? 10, connectionTimeoutMillis: 10_000, namedStatements: options.namedStatements ?? true, parallelWorkers: options.parallelWorkers });
    const db = drizzle(pool, { schema, logger: options.logger }) as unknown as Database;
    let replicaPool: InstanceType<typeof pg.Pool> | null = null;
    let replica: ReadReplica | undefined;
    if (options.replicaUrl) {
      // A replica that is down or unreachable must not hold a page for long: reads fall back to
      // the primary once connecting (2 s) or a query (10 s) takes too long.
      replicaPool = postgresPool(pg, options.replicaUrl, { max: options.poolSize ?? 10, connectionTimeoutMillis: 2_000, queryTimeout: 10_000, namedStatements: options.namedStatements ?? true, parallelWorkers: options.parallelWorkers });
      replica = new ReadReplica(drizzle(replicaPool, { schema }) as unknown as Database, options.replicaOptions);
      attachReplica(db, replica);
    }
    return {
      db,
      kind: "postgres",
      ping: async () => {
        await pool.query("select 1");
      },
      poolStats: () => ({ total: pool.totalCount, inUse: pool.totalCount - pool.idleCount, waiting: pool.waitingCount }),
      replica,
      close: async () => {
        await replicaPool?.end();
        await pool.end();
      },
    };
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const { drizzle } = await import("drizzle-orm/pglite");
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const releaseLock = options.dataDir ? await lockDataDir(options.dataDir) : async () => {};
  // Issue 15 memory: the embedded database's buffer pool lives in this process's memory (WASM),
  // so it is kept to PGLITE_SHARED_BUFFERS instead of Postgres's 128 MB; the files it reads stay
  // in the operating system's page cache.
  // pg_trgm is compiled into PostgreSQL's contrib; the embedded build loads it as an extension
  // bundle, so a migration's `CREATE EXTENSION pg_trgm` works on both engines.
  const pgliteOptions = { startParams: [...PGlite.defaultStartParams, "-c", `shared_buffers=${PGLITE_SHARED_BUFFERS}`], loadDataDir: options.loadDataDir, extensions: { pg_trgm } };
  const client = options.dataDir ? new PGlite(options.dataDir, pgliteOptions) : new PGlite(pgliteOptions);
  try {
    await client.waitReady;
  } catch (error) {
    await releaseLock();
    throw error;
  }
  const db = drizzle(client, { schema, logger: options.logger }) as unknown as Database;
  // Issue 15: `.prepare(name)` keeps a named statement here as it does on PostgreSQL (decision 217).
  enableNamedStatements(db, client);
  return {
    db,
    kind: "pglite",
    ping: async () => {
      await client.query("select 1");
    },
    snapshot: () => client.dumpDataDir("gzip"),
    close: async () => {
      try {
        await client.close();
      } finally {
        await releaseLock();
      }
    },
  };
}

type PgModule = typeof import("pg").default;

/** A node-postgres pool that never crashes the process on a dropped connection; see openDatabase. */
function postgresPool(pg: PgModule, url: string, options: { max: number; connectionTimeoutMillis: number; queryTimeout?: number; namedStatements: boolean; parallelWorkers?: number }) {
  const parallelWorkers = options.parallelWorkers;
  if (parallelWorkers !== undefined && !(Number.isInteger(parallelWorkers) && parallelWorkers >= 0 && parallelWorkers <= 64)) throw new RangeError(`parallelWorkers must be an integer 0-64; got ${parallelWorkers}`);
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max,
    connectionTimeoutMillis: options.connectionTimeoutMillis,
    idleTimeoutMillis: 30_000,
    query_timeout: options.queryTimeout,
    // node-postgres's documented pipeline mode: statements sent together on one connection (the
    // importer's look-ups behind its writes, in one transaction) go to the server at once, each
    // with its own Sync, instead of waiting in the client's internal queue, which pg 8.19 deprecated
    // with a warning and pg 9 removes. A statement still waits for nothing when sent alone.
    pipeline: true,
    // The pool's documented `Client` option: the same client, with statement names dropped.
    Client: options.namedStatements ? pg.Client : unnamedStatementClient(pg),
  });
  // node-postgres (docs/decisions/160): a connection lost mid-transaction fails that
  // transaction's queries with an error the caller can catch; it never crashes the process.
  // An idle client's error is handled by the pool, but a checked-out client (inside a
  // transaction) has no listener: without this, a dropped socket emits an unhandled 'error'
  // and ends the process. The failed query rejects; the pool discards the broken client.
  pool.on("connect", (client) => {
    client.on("error", () => {});
    // node-postgres's documented place for a connection's set-up: the client runs its queries in
    // order, so this one precedes the query the connection was opened for. A failure leaves the
    // server's setting (a planner choice, never a wrong answer).
    if (parallelWorkers !== undefined) client.query(`set max_parallel_workers_per_gather = ${parallelWorkers}`).catch(() => {});
  });
  pool.on("error", () => {});
  return pool;
}

/** A pg Client that sends every query as an unnamed statement (see OpenDatabaseOptions.namedStatements). */
function unnamedStatementClient(pg: PgModule): typeof pg.Client {
  return class UnnamedStatementClient extends pg.Client {
    // Drizzle passes a plain config object ({ name, text, values, types }); only its name goes.
    query(config: unknown, ...rest: unknown[]): never {
      const unnamed = config && typeof config === "object" && "name" in config && !("submit" in config) ? { ...(config as object), name: undefined } : config;
      return (super.query as (...args: unknown[]) => never)(unnamed, ...rest);
    }
  } as typeof pg.Client;
}

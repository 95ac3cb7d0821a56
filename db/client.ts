/**
 * Opens the database: PostgreSQL when a URL is given (production, CI), otherwise the embedded
 * PGlite (Postgres compiled to WASM) stored in a folder, or in memory for tests.
 * Both speak the same SQL and run the same committed migrations (db/migrations).
 */
import { mkdirSync } from "node:fs";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { enableNamedStatements } from "./pglite-named";
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
}

/**
 * Opens PostgreSQL (`url`) or PGlite (`dataDir`, or memory).
 * @throws when PostgreSQL cannot be reached on first query (the caller decides whether to retry).
 */
export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<DatabaseHandle> {
  if (options.url) {
    // node-postgres (docs/decisions/160): a connection lost mid-transaction fails that
    // transaction's queries with an error the caller can catch; it never crashes the process.
    const { default: pg } = await import("pg");
    const { drizzle } = await import("drizzle-orm/node-postgres");
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: 10_000,
      idleTimeoutMillis: 30_000,
    });
    // An idle client's error is handled by the pool, but a checked-out client (inside a
    // transaction) has no listener: without this, a dropped socket emits an unhandled 'error'
    // and ends the process. The failed query rejects; the pool discards the broken client.
    pool.on("connect", (client) => {
      client.on("error", () => {});
    });
    pool.on("error", () => {});
    const db = drizzle(pool, { schema }) as unknown as Database;
    return {
      db,
      kind: "postgres",
      ping: async () => {
        await pool.query("select 1");
      },
      poolStats: () => ({ total: pool.totalCount, inUse: pool.totalCount - pool.idleCount, waiting: pool.waitingCount }),
      close: () => pool.end(),
    };
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  // Issue 15 memory: the embedded database's buffer pool lives in this process's memory (WASM),
  // so it is kept to PGLITE_SHARED_BUFFERS instead of Postgres's 128 MB; the files it reads stay
  // in the operating system's page cache.
  const pgliteOptions = { startParams: [...PGlite.defaultStartParams, "-c", `shared_buffers=${PGLITE_SHARED_BUFFERS}`], loadDataDir: options.loadDataDir };
  const client = options.dataDir ? new PGlite(options.dataDir, pgliteOptions) : new PGlite(pgliteOptions);
  await client.waitReady;
  const db = drizzle(client, { schema }) as unknown as Database;
  // Issue 15: `.prepare(name)` keeps a named statement here as it does on PostgreSQL (decision 217).
  enableNamedStatements(db, client);
  return {
    db,
    kind: "pglite",
    ping: async () => {
      await client.query("select 1");
    },
    snapshot: () => client.dumpDataDir("gzip"),
    close: () => client.close(),
  };
}

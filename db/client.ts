/**
 * Opens the database: PostgreSQL when a URL is given (production, CI), otherwise the embedded
 * PGlite (Postgres compiled to WASM) stored in a folder, or in memory for tests.
 * Both speak the same SQL and run the same committed migrations (db/migrations).
 */
import { mkdirSync } from "node:fs";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import * as schema from "./schema/index";

export type Schema = typeof schema;
/** The Drizzle handle every service takes. Same API over PGlite and PostgreSQL. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  kind: "postgres" | "pglite";
  /** Runs raw SQL (used by migrations tooling and health checks). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** postgres://... ; when set, PostgreSQL is used. */
  url?: string;
  /** Folder for the embedded PGlite database; omitted means in-memory. */
  dataDir?: string;
  /** Pool size for PostgreSQL (default 10). */
  poolSize?: number;
}

/**
 * Opens PostgreSQL (`url`) or PGlite (`dataDir`, or memory).
 * @throws when PostgreSQL cannot be reached on first query (the caller decides whether to retry).
 */
export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<DatabaseHandle> {
  if (options.url) {
    const { default: postgres } = await import("postgres");
    const { drizzle } = await import("drizzle-orm/postgres-js");
    const client = postgres(options.url, {
      max: options.poolSize ?? 10,
      onnotice: () => {},
      connect_timeout: 10,
    });
    const db = drizzle(client, { schema }) as unknown as Database;
    return {
      db,
      kind: "postgres",
      ping: async () => {
        await client`select 1`;
      },
      close: () => client.end({ timeout: 5 }),
    };
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = options.dataDir ? new PGlite(options.dataDir) : new PGlite();
  await client.waitReady;
  const db = drizzle(client, { schema }) as unknown as Database;
  return {
    db,
    kind: "pglite",
    ping: async () => {
      await client.query("select 1");
    },
    close: () => client.close(),
  };
}

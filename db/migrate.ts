/** Applies the committed SQL migrations (db/migrations) to PGlite or PostgreSQL. */
import { sql } from "drizzle-orm";
import type { DatabaseHandle } from "./client";
import { projectFile } from "./project-file";

export const MIGRATIONS_FOLDER = projectFile("db/migrations", import.meta.url);

/**
 * Brings the schema up to date. Idempotent: applied migrations are recorded by Drizzle. Safe
 * behind a transaction-mode pooler; on PostgreSQL it uses two of the pool's connections at once.
 * @throws when a migration fails (the database is left at the last applied migration).
 */
export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  if (handle.kind === "postgres") {
    const { migrate } = await import("drizzle-orm/node-postgres/migrator");
    // Serialise concurrent migrators (several app nodes or test workers starting at once). The
    // lock is a transaction's (pg_advisory_xact_lock), held open on one pooled connection while the
    // migrator works on others: a session lock would stay on whichever server connection a
    // transaction-mode pooler (pgbouncer) lent for the `lock` statement, and the unlock would
    // reach another one, leaving the next start waiting forever. Needs a pool of 2 or more.
    await handle.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(727274)`);
      await migrate(handle.db as never, { migrationsFolder: MIGRATIONS_FOLDER });
    });
  } else {
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    await migrate(handle.db as never, { migrationsFolder: MIGRATIONS_FOLDER });
  }
}

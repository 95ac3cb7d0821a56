/** Applies the committed SQL migrations (db/migrations) to PGlite or PostgreSQL. */
import { sql } from "drizzle-orm";
import type { DatabaseHandle } from "./client";
import { projectFile } from "./project-file";

export const MIGRATIONS_FOLDER = projectFile("db/migrations", import.meta.url);

/**
 * Brings the schema up to date. Idempotent: applied migrations are recorded by Drizzle.
 * @throws when a migration fails (the database is left at the last applied migration).
 */
export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  if (handle.kind === "postgres") {
    const { migrate } = await import("drizzle-orm/node-postgres/migrator");
    // Serialise concurrent migrators (several app nodes or test workers starting at once).
    await handle.db.execute(sql`select pg_advisory_lock(727274)`);
    try {
      await migrate(handle.db as never, { migrationsFolder: MIGRATIONS_FOLDER });
    } finally {
      await handle.db.execute(sql`select pg_advisory_unlock(727274)`);
    }
  } else {
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    await migrate(handle.db as never, { migrationsFolder: MIGRATIONS_FOLDER });
  }
}

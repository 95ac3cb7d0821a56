/**
 * Preparing the database (decisions 218 and 223): migrations and the demo seed, and whether a
 * PostgreSQL database still needs the demo sites. Loaded only by a process that prepares or
 * serves (server/main.ts imports it on demand): it brings the database driver, the migrator and
 * the seed (with its CSV reader), which a cluster's primary does without.
 */
import { openDatabase } from "../db/client";
import { migrateDatabase } from "../db/migrate";
import { demoSitesSeeded, seedDemoSites } from "../db/seed/seed";
import type { Env } from "./env";

/**
 * Whether a PostgreSQL database (DATABASE_URL) still needs the demo sites seeded: SEED_DEMO is on
 * and the demo sites or their stock are missing (or the tables are not there yet, before the
 * first migration). Opens and closes its own connection. False without DATABASE_URL or SEED_DEMO.
 * @throws when the database cannot be reached
 */
export async function isUnseededPostgres(env: Pick<Env, "DATABASE_URL" | "SEED_DEMO"> & Partial<Pick<Env, "DATABASE_NAMED_STATEMENTS">>): Promise<boolean> {
  if (!env.DATABASE_URL || !env.SEED_DEMO) return false;
  const database = await openDatabase({ url: env.DATABASE_URL, namedStatements: env.DATABASE_NAMED_STATEMENTS });
  try {
    return !(await demoSitesSeeded(database));
  } catch (error) {
    // 42P01 undefined_table: a database that was never migrated.
    if ((error as { code?: string; cause?: { code?: string } }).code === "42P01" || (error as { cause?: { code?: string } }).cause?.code === "42P01") return true;
    throw error;
  } finally {
    await database.close();
  }
}

/**
 * Opens the configured database (PostgreSQL at DATABASE_URL, else PGlite in DATA_DIR), runs the
 * migrations, seeds the demo sites when SEED_DEMO is on, and closes it. Run by the first-start child
 * process (server/first-start.ts), which a new database and a cluster's primary start.
 * @throws when the database cannot be opened, migrated or seeded
 */
export async function prepareDatabase(env: Pick<Env, "DATABASE_URL" | "DATA_DIR" | "SEED_DEMO"> & Partial<Pick<Env, "DATABASE_NAMED_STATEMENTS">>, log: (line: string) => void = () => {}): Promise<void> {
  const database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATABASE_URL ? undefined : env.DATA_DIR, namedStatements: env.DATABASE_NAMED_STATEMENTS });
  log("database opened");
  try {
    await migrateDatabase(database);
    if (env.SEED_DEMO) {
      const report = await seedDemoSites(database, { log });
      if (!report.skipped) log("demo sites seeded");
    }
  } finally {
    await database.close();
  }
}

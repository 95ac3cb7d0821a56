/**
 * The database's first start (issue 15 "Fast pages", memory; decision 218).
 *
 * Creating a new embedded database runs Postgres's initdb inside this process (PGlite loads its
 * WASM data bundle and a second WASM instance for it): RSS rose to about 880 MB before the first
 * migration, and the serving process then kept about 440-470 MB where a restart on the same folder
 * sits at about 290 MB, because the memory initdb and the demo seed had touched was not given back.
 * So when the embedded database's folder is new, `npm start` first prepares it (initdb, migrations,
 * the demo seed) in a short-lived child process of the same entry, and the server opens the
 * prepared folder. The same goes for a PostgreSQL database without the demo sites when SEED_DEMO is
 * on: seeding them in the server process (16,734 listings parsed and imported) left it about 70 MB
 * larger at start and over the 300 MB target under load (318 against 280 MB after a restart,
 * `bench:http` uncached). A database prepared before starts as it did.
 */
import { fork } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { openDatabase } from "../db/client";
import { migrateDatabase } from "../db/migrate";
import { demoSitesSeeded, seedDemoSites } from "../db/seed/seed";
import type { Env } from "./env";

/** Environment variable that makes the entry only prepare the database, then exit (0 on success). */
export const PREPARE_DATABASE = "FORECOURT_PREPARE_DATABASE";

/**
 * Whether this start will create the embedded database: no DATABASE_URL, and DATA_DIR holds no
 * Postgres cluster yet (no `PG_VERSION` file; the folder may be missing or empty).
 */
export function isNewEmbeddedDatabase(env: Pick<Env, "DATABASE_URL" | "DATA_DIR">): boolean {
  return !env.DATABASE_URL && !existsSync(join(env.DATA_DIR, "PG_VERSION"));
}

/**
 * Whether a PostgreSQL database (DATABASE_URL) still needs the demo sites seeded: SEED_DEMO is on
 * and the demo sites or their stock are missing (or the tables are not there yet, before the
 * first migration). Opens and closes its own connection. False without DATABASE_URL or SEED_DEMO.
 * @throws when the database cannot be reached
 */
export async function isUnseededPostgres(env: Pick<Env, "DATABASE_URL" | "SEED_DEMO">): Promise<boolean> {
  if (!env.DATABASE_URL || !env.SEED_DEMO) return false;
  const database = await openDatabase({ url: env.DATABASE_URL });
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
 * migrations, seeds the demo sites when SEED_DEMO is on, and closes it. Used by a cluster's primary
 * (server/cluster.ts) and by the first-start child process.
 * @throws when the database cannot be opened, migrated or seeded
 */
export async function prepareDatabase(env: Pick<Env, "DATABASE_URL" | "DATA_DIR" | "SEED_DEMO">, log: (line: string) => void = () => {}): Promise<void> {
  const database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATABASE_URL ? undefined : env.DATA_DIR });
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

/**
 * Runs this process's entry again (`process.argv`) as a child with {@link PREPARE_DATABASE} set, so
 * it prepares the database and exits; its output goes to this process's. CPU-profile flags are not
 * passed on (bench:profile profiles the server, not the preparation).
 * @throws when the child exits with a non-zero code or a signal
 */
export async function prepareDatabaseInChildProcess(): Promise<void> {
  const child = fork(process.argv[1], process.argv.slice(2), {
    env: { ...process.env, [PREPARE_DATABASE]: "1" },
    execArgv: process.execArgv.filter((arg) => !arg.startsWith("--cpu-prof")),
    stdio: "inherit",
  });
  const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (exitCode, exitSignal) => resolve([exitCode, exitSignal]));
  });
  if (code !== 0) throw new Error(`preparing the database failed (child process exited with ${signal ?? code})`);
}

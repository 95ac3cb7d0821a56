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
 *
 * This module only decides and forks; the preparation itself (database driver, migrations, seed)
 * is server/prepare-database.ts, which the entry (server/main.ts) loads where it runs, so a
 * cluster's primary never loads it (decision 223).
 */
import { fork } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
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
 * Runs this process's entry again (`process.argv`) as a child with {@link PREPARE_DATABASE} set, so
 * it prepares the database (server/prepare-database.ts) and exits; its output goes to this
 * process's. CPU-profile flags are not passed on (bench:profile profiles the server, not the
 * preparation).
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

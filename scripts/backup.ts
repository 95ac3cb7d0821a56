/**
 * `npm run backup` and `npm run restore -- FILE` (issue 55; docs/operations/README.md "Backups and
 * restore").
 *
 * - PostgreSQL (DATABASE_URL): `pg_dump -Fc` into BACKUP_DIR (default .data/backups) as
 *   `forecourt-<UTC time>.dump`; restore runs `pg_restore --no-owner` into DATABASE_URL, which
 *   must name a new, empty database.
 * - Embedded PGlite (DATA_DIR): a gzipped tarball of the data folder, `forecourt-<UTC time>.tar.gz`.
 *   The folder belongs to the server while it runs, so a running server is asked for it (POST
 *   /backup on its metrics port, METRICS_PORT, loopback): it takes the snapshot between queries.
 *   With no server running, this process opens the folder and takes it. Restore creates DATA_DIR
 *   (which must not exist yet) from the tarball.
 *
 * Uploaded files: none are kept on the app's disk (photos are URLs from the stock feed); the lead
 * file outbox (LEAD_OUTBOX_DIR, when SMTP_URL is unset) holds copies of sent emails only.
 * @throws (exits non-zero) when pg_dump/pg_restore fail, the target is not empty, or no backup file is given
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

/** `forecourt-20261129T034500Z` for `now`. */
function stamp(now = new Date()): string {
  return `forecourt-${now.toISOString().replace(/[-:]/g, "").replace(/\.\d+Z$/, "Z")}`;
}

/**
 * Takes a backup of the configured database.
 * @param env DATABASE_URL, DATA_DIR, BACKUP_DIR, METRICS_PORT, METRICS_TOKEN
 * @returns the backup file's path
 */
export async function backupDatabase(env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const dir = resolve(env.BACKUP_DIR ?? ".data/backups");
  mkdirSync(dir, { recursive: true });
  if (env.DATABASE_URL) {
    const file = join(dir, `${stamp()}.dump`);
    execFileSync("pg_dump", ["-Fc", "--no-owner", "-f", file, env.DATABASE_URL], { stdio: ["ignore", "inherit", "inherit"] });
    return file;
  }
  const file = join(dir, `${stamp()}.tar.gz`);
  if (env.METRICS_PORT) {
    // A running server holds the folder: it takes the snapshot itself.
    try {
      const response = await fetch(`http://127.0.0.1:${env.METRICS_PORT}/backup`, { method: "POST", headers: env.METRICS_TOKEN ? { authorization: `Bearer ${env.METRICS_TOKEN}` } : {} });
      if (response.ok) {
        writeFileSync(file, Buffer.from(await response.arrayBuffer()));
        return file;
      }
      throw new Error(`the server answered ${response.status} to POST /backup`);
    } catch (error) {
      if (!(error instanceof TypeError)) throw error; // TypeError: nothing listens there, so no server runs
    }
  }
  const { openDatabase } = await import("../db/client");
  const handle = await openDatabase({ dataDir: env.DATA_DIR ?? ".data/pglite" });
  try {
    writeFileSync(file, Buffer.from(await (await handle.snapshot!()).arrayBuffer()));
  } finally {
    await handle.close();
  }
  return file;
}

/**
 * Restores `file` (from {@link backupDatabase}) into DATABASE_URL (an empty database) or into a new
 * DATA_DIR folder.
 * @throws when DATA_DIR already exists, or pg_restore fails
 */
export async function restoreDatabase(file: string, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  if (!existsSync(file)) throw new Error(`no backup file ${file}`);
  if (env.DATABASE_URL) {
    execFileSync("pg_restore", ["--no-owner", "--exit-on-error", "-d", env.DATABASE_URL, file], { stdio: ["ignore", "inherit", "inherit"] });
    return;
  }
  const dataDir = env.DATA_DIR ?? ".data/pglite";
  if (existsSync(dataDir)) throw new Error(`${dataDir} exists: restore into a new DATA_DIR (move the old one away first)`);
  const { openDatabase } = await import("../db/client");
  const handle = await openDatabase({ dataDir, loadDataDir: new Blob([readFileSync(file)]) });
  await handle.ping();
  await handle.close();
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const [command, file] = process.argv.slice(2);
  try {
    if (command === "restore") {
      if (!file) throw new Error("usage: npm run restore -- FILE");
      await restoreDatabase(resolve(file));
      console.log(`restored ${file} into ${process.env.DATABASE_URL ? "DATABASE_URL" : (process.env.DATA_DIR ?? ".data/pglite")}`);
    } else {
      console.log(await backupDatabase());
    }
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}

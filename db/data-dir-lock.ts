/**
 * One process at a time on an embedded database folder. PGlite takes no lock of its own on a
 * Node data folder (upstream: electric-sql/pglite#1106, #892): a second process that opens the same
 * DATA_DIR succeeds, writes beside the first and leaves the folder unreadable. `npm start` twice,
 * or `npm run import` beside a running server, is enough. So every open of a data folder holds a
 * lock beside it, taken with proper-lockfile (a lock directory whose time stamp the holder renews,
 * released on close and on process exit), with the holder's process id beside it so that a
 * crashed holder (SIGKILL, out of memory) is recognised at once and a restart is not held up.
 */
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import lockfile from "proper-lockfile";

/** A holder whose renewals stopped this long ago counts as gone even if its process id is alive. */
export const DATA_DIR_LOCK_STALE_MS = 30_000;

/** Folders this process holds (a second open in the same process is refused too). */
const held = new Set<string>();

/** Thrown when another live process holds the data folder. */
export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    holder: number | null,
  ) {
    super(
      `The embedded database in ${dataDir} is in use by ${holder ? `process ${holder}` : "another process"} (lock ${dataDir}.lock). ` +
        "Stop that process first (another `npm start`, or a script such as `npm run import`), or set DATA_DIR to another folder. " +
        "Commands such as `npm run staff` and `npm run backup` reach a running server instead of opening the folder.",
    );
    this.name = "DataDirLockedError";
  }
}

/**
 * Takes the lock of an embedded database folder. A lock whose holder process has ended is taken
 * over at once; one left without a process id is waited out until stale.
 * @param dataDir the PGlite data folder (it need not exist; its parent must)
 * @param options.staleMs how long a holder's renewals may stop before its lock counts as stale (ms;
 *   default {@link DATA_DIR_LOCK_STALE_MS}; holders renew every fifth of it, at most every 5 s)
 * @returns a release function (idempotent)
 * @throws DataDirLockedError when a live process (this one included) holds it
 */
export async function lockDataDir(dataDir: string, options: { staleMs?: number } = {}): Promise<() => Promise<void>> {
  const dir = resolve(dataDir);
  const lockPath = `${dir}.lock`;
  const pidPath = `${dir}.lock.pid`;
  const stale = options.staleMs ?? DATA_DIR_LOCK_STALE_MS;
  const take = (retries: number) =>
    lockfile.lock(dir, {
      realpath: false,
      lockfilePath: lockPath,
      stale,
      update: Math.min(5_000, stale / 5),
      retries: { retries, factor: 1, minTimeout: 1_000, maxTimeout: 1_000 },
      // The lock was taken over: this process's event loop stood still for longer than the stale
      // time and another process took the folder. Carrying on would corrupt it.
      onCompromised: (error) => {
        process.stderr.write(`Lost the lock of ${dir} (${error.message}); stopping so two processes never write the embedded database.\n`);
        process.exit(70);
      },
    });
  if (held.has(dir)) throw new DataDirLockedError(dir, process.pid);
  let release: () => Promise<void>;
  try {
    try {
      release = await take(0);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ELOCKED") throw error;
      const holder = holderOf(pidPath);
      if (holder !== null && holder !== process.pid && isAlive(holder)) throw new DataDirLockedError(dir, holder);
      if (holder !== null) rmSync(lockPath, { recursive: true, force: true }); // its holder has ended
      release = await take(holder === null ? Math.ceil(stale / 1000) + 5 : 0);
    }
  } catch (error) {
    if (error instanceof DataDirLockedError) throw error;
    if ((error as NodeJS.ErrnoException).code === "ELOCKED") throw new DataDirLockedError(dir, holderOf(pidPath));
    if ((error as NodeJS.ErrnoException).code === "ENOENT") throw new Error(`Cannot lock ${dir}: its parent folder ${dirname(dir)} does not exist.`);
    throw error;
  }
  writeFileSync(pidPath, String(process.pid));
  held.add(dir);
  let released = false;
  return async () => {
    if (released) return;
    released = true;
    held.delete(dir);
    rmSync(pidPath, { force: true });
    await release().catch(() => {});
  };
}

/** The process id written beside a lock, or null. */
function holderOf(pidPath: string): number | null {
  try {
    const pid = Number(readFileSync(pidPath, "utf8").trim());
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/** Whether a process with this id runs on this machine (EPERM: it runs as another user). */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Real PostgreSQL clusters, pgbouncer and haproxy started by the operations tests (issue 55) as
 * their own child processes on loopback, from Debian's packages. Not a test file itself.
 *
 * PostgreSQL and pgbouncer refuse to run as root: when the tests run as root (CI, this machine),
 * the children run as the packages' `postgres` user, in folders it owns.
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** Debian's PostgreSQL server binaries (the newest version installed), or null. */
export function postgresBinDir(): string | null {
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => /^\d+$/.test(v))
    .sort((a, b) => Number(b) - Number(a));
  for (const version of versions) {
    const dir = join(root, version, "bin");
    if (["initdb", "postgres", "pg_basebackup"].every((bin) => existsSync(join(dir, bin)))) return dir;
  }
  return null;
}

/** The uid and gid children run as: the `postgres` user when we are root, else ourselves (null). */
export function serviceUser(): { uid: number; gid: number } | null | "missing" {
  if (process.getuid?.() !== 0) return null;
  try {
    const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
    const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim());
    return { uid, gid };
  } catch {
    return "missing";
  }
}

/** Why the PostgreSQL-cluster tests cannot run here, or null when they can. */
export function postgresClusterUnavailable(): string | null {
  if (!postgresBinDir()) return "Debian's PostgreSQL server binaries (/usr/lib/postgresql/N/bin: initdb, postgres, pg_basebackup) are not installed";
  if (serviceUser() === "missing") return "running as root and there is no `postgres` user to run PostgreSQL as";
  return null;
}

/** A new temporary folder the service user owns. */
export function serviceTempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const user = serviceUser();
  if (user && user !== "missing") chownSync(dir, user.uid, user.gid);
  return dir;
}

function asService(): { uid?: number; gid?: number } {
  const user = serviceUser();
  return user && user !== "missing" ? user : {};
}

/** Runs a command to completion as the service user. @throws with its output when it fails */
export function runAsService(command: string, args: string[], env: Record<string, string> = {}): string {
  return execFileSync(command, args, { ...asService(), env: { ...process.env, ...env }, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
}

export interface ServiceProcess {
  child: ChildProcess;
  /** Everything printed so far. */
  output(): string;
  /** Resolves when the process has exited. */
  exited: Promise<void>;
  /** Sends `signal` (default SIGTERM) and waits for the exit. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** Starts a long-running command as the service user. */
export function spawnAsService(command: string, args: string[], env: Record<string, string> = {}): ServiceProcess {
  const child = spawn(command, args, { ...asService(), env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  const exited = new Promise<void>((ok) => child.once("exit", () => ok()));
  return {
    child,
    output: () => output,
    exited,
    async stop(signal = "SIGTERM") {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}

/** Resolves once `port` on 127.0.0.1 accepts a connection. @throws after `timeoutMs` (default 60 s) */
export async function waitForPort(port: number, timeoutMs = 60_000, process?: ServiceProcess): Promise<void> {
  const started = Date.now();
  for (;;) {
    const open = await new Promise<boolean>((ok) => {
      const socket = connect({ host: "127.0.0.1", port }, () => {
        socket.destroy();
        ok(true);
      });
      socket.on("error", () => ok(false));
    });
    if (open) return;
    if (process && process.child.exitCode !== null) throw new Error(`process exited before listening on ${port}:\n${process.output()}`);
    if (Date.now() - started > timeoutMs) throw new Error(`nothing listens on 127.0.0.1:${port} after ${timeoutMs} ms${process ? `:\n${process.output()}` : ""}`);
    await new Promise((ok) => setTimeout(ok, 100));
  }
}

/** A PostgreSQL server on loopback started from a data folder, as this test's child process. */
export interface PostgresServer {
  port: number;
  dataDir: string;
  url(database?: string): string;
  process: ServiceProcess;
  /** Immediate shutdown (SIGQUIT: no checkpoint, as a crash), then waits for the exit. */
  crash(): Promise<void>;
  /** Fast shutdown (SIGINT), then waits for the exit. */
  stop(): Promise<void>;
}

/** Starts `postgres -D dataDir` on 127.0.0.1:`port` (socket in the data folder's parent). */
export async function startPostgres(dataDir: string, port: number, settings: Record<string, string> = {}): Promise<PostgresServer> {
  const bin = postgresBinDir()!;
  const socketDir = join(dataDir, "..");
  const args = ["-D", dataDir, "-p", String(port), "-k", socketDir, "-c", "listen_addresses=127.0.0.1"];
  for (const [key, value] of Object.entries(settings)) args.push("-c", `${key}=${value}`);
  const server = spawnAsService(join(bin, "postgres"), args);
  await waitForPort(port, 60_000, server);
  const url = (database = "postgres") => `postgres://postgres@127.0.0.1:${port}/${database}`;
  // Accepting TCP is not accepting queries (recovery, start-up): wait for `pg_isready`.
  const started = Date.now();
  while (Date.now() - started < 60_000) {
    try {
      execFileSync(join(bin, "pg_isready"), ["-h", "127.0.0.1", "-p", String(port), "-U", "postgres"], { stdio: "ignore" });
      break;
    } catch {
      await new Promise((ok) => setTimeout(ok, 200));
    }
  }
  return {
    port,
    dataDir,
    url,
    process: server,
    crash: () => server.stop("SIGQUIT"),
    stop: () => server.stop("SIGINT"),
  };
}

/** `initdb` of a new cluster (trust auth for local and loopback connections, replication included). */
export function initCluster(dataDir: string): void {
  runAsService(join(postgresBinDir()!, "initdb"), ["-D", dataDir, "-U", "postgres", "--auth=trust", "--no-sync", "-E", "UTF8", "--locale=C"]);
}

/** `pg_basebackup` of `primary` into `dataDir`, set up as its streaming standby (-R). */
export function baseBackup(primaryPort: number, dataDir: string): void {
  runAsService(join(postgresBinDir()!, "pg_basebackup"), ["-h", "127.0.0.1", "-p", String(primaryPort), "-U", "postgres", "-D", dataDir, "-R", "-X", "stream", "-c", "fast", "--no-sync"]);
}

/** Removes a folder made by {@link serviceTempDir}. */
export function removeDir(dir: string | undefined): void {
  if (dir) rmSync(dir, { recursive: true, force: true });
}

/** The installed pgbouncer's version ([major, minor]), or null when it is not installed. */
export function pgbouncerVersion(binary = "/usr/sbin/pgbouncer"): [number, number] | null {
  if (!existsSync(binary)) return null;
  const match = /PgBouncer (\d+)\.(\d+)/.exec(execFileSync(binary, ["--version"], { encoding: "utf8" }));
  return match ? [Number(match[1]), Number(match[2])] : null;
}

/** True when pgbouncer tracks protocol-level prepared statements in transaction mode (1.21 and later). */
export function pgbouncerKeepsPreparedStatements(version: [number, number]): boolean {
  return version[0] > 1 || (version[0] === 1 && version[1] >= 21);
}

/**
 * A real server process for the start-up and signal tests: spawned with its own port and an
 * embedded database folder of its own (no demo seed), resolved once it prints "Forecourt is
 * running".
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { inject } from "vitest";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createServer as createNetServer, type AddressInfo } from "node:net";

/** The Fetch standard's bad ports from 3000 up (fetch() rejects them); the test port ranges lie there. */
const FETCH_BAD_PORTS = new Set([3659, 4045, 4190, 5060, 5061, 6000, 6566, 6665, 6666, 6667, 6668, 6669, 6679, 6697, 10080]);

/** The largest TEST_PORT_OFFSET: the highest fixed test port (6541) plus it stays below Linux's ephemeral range (32768 up). */
const MAX_PORT_OFFSET = 20_000;

/**
 * `port` moved by TEST_PORT_OFFSET (default 0): the ports tests listen on where they cannot take
 * any free one (servers started in another process, haproxy, pgbouncer and PostgreSQL settings).
 * Two Vitest runs at once (CI runs the oldest Node.js line's suite beside another) each get an
 * offset of their own, so their servers never meet on a port.
 * @throws when TEST_PORT_OFFSET is not a whole number from 0 to 20,000
 */
export function testPort(port: number): number {
  const raw = process.env.TEST_PORT_OFFSET ?? "0";
  const offset = Number(raw);
  if (!/^\d+$/.test(raw) || offset > MAX_PORT_OFFSET) throw new Error(`TEST_PORT_OFFSET must be a whole number from 0 to ${MAX_PORT_OFFSET}; got "${raw}"`);
  return port + offset;
}

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  /** The process's DATA_DIR: the one `env` named, or the temp folder made for it. */
  dataDir: string;
  /** Everything the process printed so far (stdout and stderr). */
  output: () => string;
  /** Resolves with the exit code when the process ends. */
  exited: Promise<number | null>;
  /** Kills whatever is left and removes the database folder. */
  cleanup: () => void;
}

/**
 * Spawns `command args` with PORT (one of `ports` from `portBase` moved by {@link testPort}, default 90), DATA_DIR (a new
 * temp folder holding the run's migrated embedded database, unless `env` names one), NODE_ENV=production, SEED_DEMO=0 and LOG_LEVEL=warn plus `env`, and waits until the server says it is
 * running.
 * @throws when the process exits before that (the message holds its output).
 */
export async function startServerProcess(command: string, args: string[], portBase: number, env: Record<string, string> = {}, ports = 90): Promise<ServerProcess> {
  const dataDir = mkdtempSync(join(tmpdir(), "forecourt-process-"));
  // Unless a test names its own folder (start.test.ts's first-start tests do), the folder holds
  // the run's migrated database, as on every start after a user's first: creating and migrating it
  // took 10 s or more of each server test here, and the first start has tests of its own.
  const snapshot = process.env.DATABASE_URL || "DATA_DIR" in env ? "" : inject("pgliteSnapshotPath");
  if (snapshot) execFileSync("tar", ["-xzf", snapshot, "-C", dataDir], { stdio: ["ignore", "ignore", "pipe"] });
  // fetch() refuses the Fetch standard's "bad ports" (3659 lies in the 3600 range tests use):
  // a draw of one failed with "bad port" before the server was even asked.
  const base = testPort(portBase);
  let port = base + Math.floor(Math.random() * ports);
  while (FETCH_BAD_PORTS.has(port)) port = base + Math.floor(Math.random() * ports);
  const child = spawn(command, args, {
    // NODE_ENV as a user's `npm start` has it: Vitest sets "test", which made the server load
    // React's development build (several times slower to render) and, on a rebuild, build one.
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), DATA_DIR: dataDir, SEED_DEMO: "0", LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  const exited = new Promise<number | null>((ok) => child.on("exit", (code) => ok(code)));
  const cleanup = () => {
    child.kill("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await new Promise<void>((ok, fail) => {
      const check = setInterval(() => {
        if (output.includes("Forecourt is running")) {
          clearInterval(check);
          ok();
        }
      }, 100);
      exited.then(() => {
        clearInterval(check);
        fail(new Error(`${command} ${args.join(" ")} exited early:\n${output}`));
      });
    });
  } catch (error) {
    cleanup();
    throw error;
  }
  return { child, port, dataDir: env.DATA_DIR ?? dataDir, output: () => output, exited, cleanup };
}

/**
 * A loopback port nothing listens on now, chosen by the operating system (for a second listener of
 * a server, e.g. METRICS_PORT). A port computed from a range can be a service's own: 3306 is
 * MariaDB's on the CI machine.
 */
export async function freeLoopbackPort(): Promise<number> {
  const server = createNetServer();
  await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((ok) => server.close(() => ok()));
  return port;
}


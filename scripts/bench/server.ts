/**
 * Process helpers for the benchmark scripts (issue 15 "Fast pages"): build a checkout when it has
 * no build, start its production server as a direct node child (so the child's pid is the server's
 * and /proc/<pid>/status gives its memory), send requests with a chosen Host header, and stop the
 * server with a signal so it shuts down cleanly (and `--cpu-prof` writes its profile).
 */
import { execFile, execFileSync, spawn, type ChildProcess } from "node:child_process";
import { existsSync, openSync, readdirSync, readFileSync } from "node:fs";
import { request } from "node:http";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { reactRouterCli } from "../react-router-cli.mjs";

/** Headers a browser sends for a page (issue 15: browser-like Accept-Encoding). */
export const BROWSER_HEADERS = {
  accept: "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8",
  "accept-encoding": "gzip, br",
  "accept-language": "en-AU,en;q=0.9",
  "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36 forecourt-bench",
} as const;

/** The checkout to benchmark: BENCH_APP_DIR, else the current directory (absolute path). */
export function appDir(): string {
  return resolve(process.env.BENCH_APP_DIR ?? ".");
}

/**
 * Runs `react-router build` in `dir` when it has no `build/server/index.js` (output inherited to
 * stderr). @throws when the build fails.
 */
export function ensureBuild(dir: string): void {
  if (existsSync(join(dir, "build/server/index.js"))) return;
  console.error(`building ${dir} (no build yet)...`);
  execFileSync(process.execPath, [reactRouterCli(dir), "build"], { cwd: dir, stdio: ["ignore", "ignore", "inherit"] });
}

/** Resident memory of process `pid` in MB (VmRSS), or NaN once it has exited. */
function rssOf(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return m ? Number(m[1]) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

/** Kernel clock ticks per second (USER_HZ), the unit of /proc/<pid>/stat's CPU times. */
const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/**
 * The fields of `/proc/<pid>/stat` (with `thread`, `/proc/<pid>/task/<thread>/stat`) after the command name (state first, so field n of proc(5) is
 * at index n - 3), or null once the process has exited. The name is cut at its last ") ", as it
 * may itself hold one.
 */
function statFields(pid: number | string, thread?: number): string[] | null {
  try {
    const stat = readFileSync(thread === undefined ? `/proc/${pid}/stat` : `/proc/${pid}/task/${thread}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(") ") + 2).split(" ");
  } catch {
    return null;
  }
}

/**
 * CPU time (user + system, ms) process `pid` has used so far, or NaN once it has exited. With
 * `thread`, that thread's only: `pid` itself is the main thread, the one that runs JavaScript and
 * so bounds a process's requests per second (libuv's thread pool, the compression worker and
 * V8's helper threads are left out).
 */
function cpuMsOf(pid: number, thread?: number): number {
  const fields = statFields(pid, thread);
  // utime and stime are proc(5)'s fields 14 and 15.
  return fields ? ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS : NaN;
}

/** Pids of the processes whose parent is `pid` (Linux /proc): a cluster's workers. */
export function childPids(pid: number): number[] {
  return readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .filter((name) => Number(statFields(name)?.[1]) === pid)
    .map(Number);
}

/** A running production server. */
export interface BenchServer {
  child: ChildProcess;
  /** The server process's pid (node itself, not a shell or npm). */
  pid: number;
  port: number;
  /** Resident memory of the server in MB (VmRSS; a cluster's primary and workers summed), or NaN once it has exited. */
  rssMb(): number;
  /**
   * CPU time the server has used so far, in ms (user + system from /proc, 10 ms resolution; a
   * cluster's primary and workers summed), or NaN once it has exited. Differences over a load
   * give CPU per request, which a busy shared machine disturbs less than requests per second.
   */
  cpuMs(): number;
  /** As {@link BenchServer.cpuMs}, for the main threads only (a cluster's summed): the JavaScript event loops, which bound requests per second. */
  mainThreadCpuMs(): number;
  /** Sends `signal` (default SIGTERM) and waits for the process to exit (kills it after 20 s). */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * Starts `[wrapper] node [nodeArgs] scripts/start.mjs` (older checkouts: `--import tsx scripts/start.ts`) in `dir` with NODE_ENV=production,
 * LOG_LEVEL=warn, SEED_DEMO=1, HOST=127.0.0.1, PORT=`port`, on PostgreSQL when DATABASE_URL is set
 * and otherwise on PGlite in `<dir>/.data/bench-pglite` (BENCH_DATA_DIR overrides), plus `env`.
 * Resolves once GET /healthz answers 200 (seeding a fresh database takes a minute or two).
 * `wrapper` is a command that execs node in the same process (e.g. `valgrind --tool=callgrind`),
 * so `pid` stays the server's.
 * @throws when the process exits first or is not healthy within `readyWithinMs` (default 10 minutes).
 */
export async function startServer(opts: { dir: string; port: number; env?: Record<string, string>; nodeArgs?: string[]; wrapper?: string[]; readyWithinMs?: number }): Promise<BenchServer> {
  // A server left on the port (an earlier run's) would answer the health check below while this
  // one fails to listen, and the benchmark would measure the wrong build.
  const taken = await get(opts.port, "/healthz", "localhost").then(
    () => true,
    () => false,
  );
  if (taken) throw new Error(`port ${opts.port} already has a server: stop it (ss -ltnp | grep :${opts.port}) or choose another BENCH_PORT`);
  // scripts/start.mjs (plain Node, bundled server) since decision 184; older checkouts ran scripts/start.ts under tsx.
  const entry = existsSync(join(opts.dir, "scripts/start.mjs")) ? ["scripts/start.mjs"] : ["--import", "tsx", "scripts/start.ts"];
  // BENCH_SERVER_NODE_ARGS: Node flags for the server alone (an A/B of a V8 setting), not the driver.
  const extra = process.env.BENCH_SERVER_NODE_ARGS?.split(/\s+/).filter(Boolean) ?? [];
  const command = [...(opts.wrapper ?? []), process.execPath, ...extra, ...(opts.nodeArgs ?? []), ...entry];
  // BENCH_SERVER_STDOUT: a file for the server's standard output (V8's --trace-gc lines go there).
  const stdout = process.env.BENCH_SERVER_STDOUT ? openSync(process.env.BENCH_SERVER_STDOUT, "a") : "ignore";
  const child = spawn(command[0], command.slice(1), {
    cwd: opts.dir,
    env: {
      ...process.env,
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      SEED_DEMO: "1",
      HOST: "127.0.0.1",
      PORT: String(opts.port),
      DATABASE_URL: process.env.DATABASE_URL ?? "",
      DATA_DIR: process.env.BENCH_DATA_DIR ?? ".data/bench-pglite",
      ...opts.env,
    },
    stdio: ["ignore", stdout, "inherit"],
  });
  let exited = false;
  const exit = new Promise<void>((ok) => child.once("exit", () => ((exited = true), ok())));
  const server: BenchServer = {
    child,
    pid: child.pid!,
    port: opts.port,
    rssMb() {
      // With WEB_CONCURRENCY > 1 the server is a cluster: the primary plus its workers.
      return [child.pid!, ...childPids(child.pid!)].reduce((sum, pid) => sum + rssOf(pid), 0);
    },
    cpuMs() {
      return [child.pid!, ...childPids(child.pid!)].reduce((sum, pid) => sum + cpuMsOf(pid), 0);
    },
    mainThreadCpuMs() {
      return [child.pid!, ...childPids(child.pid!)].reduce((sum, pid) => sum + cpuMsOf(pid, pid), 0);
    },
    async stop(signal = "SIGTERM") {
      if (exited) return;
      child.kill(signal);
      const timer = setTimeout(() => child.kill("SIGKILL"), 20_000);
      await exit;
      clearTimeout(timer);
    },
  };
  const deadline = Date.now() + (opts.readyWithinMs ?? 600_000);
  while (Date.now() < deadline) {
    if (exited) throw new Error(`server in ${opts.dir} exited before it was healthy (code ${child.exitCode}, signal ${child.signalCode})`);
    try {
      if ((await get(opts.port, "/healthz", "localhost")).status === 200) return server;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  await server.stop("SIGKILL");
  throw new Error(`server was not healthy within ${Math.round((opts.readyWithinMs ?? 600_000) / 60_000)} minutes`);
}

/**
 * Runs `work` while sampling `server`'s resident memory (VmRSS, MB) every 250 ms and once at its
 * end, into `samples` (NaN samples, from a server that exited, are left out).
 * @returns what `work` returns
 */
export async function withRssSamples<T>(server: BenchServer, samples: number[], work: () => Promise<T>): Promise<T> {
  const sample = () => {
    const mb = server.rssMb();
    if (!Number.isNaN(mb)) samples.push(mb);
  };
  const timer = setInterval(sample, 250);
  try {
    return await work();
  } finally {
    clearInterval(timer);
    sample();
  }
}

/** One raw HTTP response: status, headers and the body bytes exactly as sent (still compressed). */
export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/**
 * GET `path` from 127.0.0.1:`port` with Host `host` (fetch() cannot set Host; the site is chosen
 * by it) and `headers` (default: none besides Host). The body is not decompressed.
 * @throws on connection errors.
 */
export function get(port: number, path: string, host: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return new Promise((ok, fail) => {
    const req = request({ host: "127.0.0.1", port, path, headers: { ...headers, host } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => ok({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", fail);
    });
    req.on("error", fail);
    req.end();
  });
}

/** Free TCP port promise-free helper: BENCH_PORT or `fallback`. */
export function benchPort(fallback: number): number {
  return Number(process.env.BENCH_PORT ?? fallback);
}

/** The console's host name for bench requests. */
export const CONSOLE_HOST = "console.localhost";
const execFileAsync = promisify(execFile);

/**
 * A console session cookie (`fc_staff=…`) for `email` as a site manager of `site`: `npm run staff`
 * (through the running server's admin socket) adds them, or prints a new link when an earlier run
 * added them, and the link's answer carries the session.
 * @param env the environment `scripts/staff.ts` runs with (PORT, and DATA_DIR for PGlite; default
 *   BENCH_DATA_DIR or .data/bench-pglite)
 * @throws when the link answers without a session
 */
export async function consoleSession(port: number, dir: string, email: string, site: string, env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: process.env.BENCH_DATA_DIR ?? ".data/bench-pglite", PORT: String(port) }): Promise<string> {
  // Asynchronously: a blocked event loop would miss the server closing an idle keep-alive socket,
  // and the next request would be sent on it (ECONNRESET).
  const staff = async (args: string[]) => (await execFileAsync(process.execPath, ["--import", "tsx", "scripts/staff.ts", ...args], { cwd: dir, env, encoding: "utf8" })).stdout;
  let out: string;
  try {
    out = await staff(["add", email, "--role", "site-manager", "--site", site]);
  } catch {
    out = await staff(["link", email]); // added by an earlier run
  }
  const link = new URL(/https?:\/\/\S+/.exec(out)?.[0] ?? "");
  const signIn = await get(port, `${link.pathname}${link.search}`, CONSOLE_HOST);
  const cookies = ([] as string[]).concat(signIn.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]);
  if (!cookies.some((c) => c.startsWith("fc_staff="))) throw new Error(`the console sign-in link answered ${signIn.status} without a session`);
  // The session cookie and any other the console set with it (its signed session cache).
  return cookies.filter((c) => c.startsWith("fc_staff") && !c.endsWith("=")).join("; ");
}

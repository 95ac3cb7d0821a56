/**
 * A closed-loop HTTP load for the benchmarks: `connections` connections each sending the next
 * request as soon as the last answer arrives, for `seconds`, from one of two generators:
 * - `autocannon` (default): in this Node.js process, as the benchmarks always ran;
 * - `wrk` (BENCH_LOAD=wrk; Debian's package): a C program in a process of its own, which costs
 *   the 2-core machine a fraction of autocannon's CPU per request, so the server and PostgreSQL
 *   compete less with the load itself for the cores.
 *
 * Besides latency and throughput it reports where the machine's CPU went per request: the load
 * generator's and PostgreSQL's (every `postgres` process's user + system time, from /proc), so a
 * table can say whether the 2 cores were full.
 */
// @ts-expect-error autocannon ships no type declarations
import autocannon from "autocannon";
import { execFile } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

const execFileAsync = promisify(execFile);

/** Clock ticks per second of /proc's CPU times (USER_HZ; 100 on Linux for x86_64). */
const TICKS_PER_SECOND = 100;

export type LoadGenerator = "autocannon" | "wrk";

/** What one load measured. Latencies in ms; CPU in ms per request. */
export interface LoadResult {
  generator: LoadGenerator;
  /** Requests answered. */
  total: number;
  /** Requests per second over the load. */
  reqsPerSecond: number;
  min: number;
  p50: number;
  p99: number;
  max: number;
  /** Answers that were not a success: non-2xx (autocannon), other than 200 (wrk). */
  non2xx: number;
  /** The load generator's own CPU time per request (ms). */
  generatorCpuMs: number;
  /** Every PostgreSQL process's CPU time per request (ms); 0 where none runs on this machine. */
  postgresCpuMs: number;
}

/** The generator BENCH_LOAD names (default autocannon). @throws on any other value */
export function loadGenerator(): LoadGenerator {
  const name = process.env.BENCH_LOAD ?? "autocannon";
  if (name !== "autocannon" && name !== "wrk") throw new Error(`BENCH_LOAD must be autocannon or wrk; got "${name}"`);
  return name;
}

/** User + system CPU time (ms) of every process named `postgres` on this machine, from /proc. */
function postgresCpuMs(): number {
  let ticks = 0;
  for (const pid of readdirSync("/proc")) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const close = stat.lastIndexOf(")");
      if (stat.slice(stat.indexOf("(") + 1, close) !== "postgres") continue;
      const fields = stat.slice(close + 2).split(" ");
      ticks += Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15 of stat)
    } catch {
      // The process ended while the list was read.
    }
  }
  return (ticks * 1000) / TICKS_PER_SECOND;
}

/** CPU time (ms) of this process's children that have ended and been waited for, from /proc. */
function endedChildrenCpuMs(): number {
  const stat = readFileSync("/proc/self/stat", "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return ((Number(fields[13]) + Number(fields[14])) * 1000) / TICKS_PER_SECOND; // cutime, cstime
}

const WRK_REPORT = fileURLToPath(new URL("./wrk-report.lua", import.meta.url));

/**
 * Loads `url` with `headers` from `connections` connections for `seconds`.
 * @param options.generator default {@link loadGenerator}()
 * @throws when wrk is wanted and cannot run (`apt-get install wrk`), or its report is unreadable
 */
export async function runLoad(options: { url: string; headers: Record<string, string>; connections: number; seconds: number; generator?: LoadGenerator }): Promise<LoadResult> {
  const generator = options.generator ?? loadGenerator();
  const pgBefore = postgresCpuMs();
  if (generator === "autocannon") {
    const cpuBefore = process.cpuUsage();
    const r = await autocannon({ url: options.url, headers: options.headers, connections: options.connections, duration: options.seconds });
    const cpu = process.cpuUsage(cpuBefore);
    const total = Math.max(1, r.requests.total);
    return {
      generator,
      total: r.requests.total,
      reqsPerSecond: r.requests.average,
      min: r.latency.min,
      p50: r.latency.p50,
      p99: r.latency.p99,
      max: r.latency.max,
      non2xx: r.non2xx,
      generatorCpuMs: (cpu.user + cpu.system) / 1000 / total,
      postgresCpuMs: (postgresCpuMs() - pgBefore) / total,
    };
  }
  // wrk replaces its own Host header only for one spelt "Host"; any other spelling adds a second,
  // which the server answers with 400.
  const headerArgs = Object.entries(options.headers).flatMap(([name, value]) => ["-H", `${name.toLowerCase() === "host" ? "Host" : name}: ${value}`]);
  // One thread: a few hundred requests a second need no more, and a second would take a core's share.
  const args = ["-t", "1", "-c", String(options.connections), "-d", `${options.seconds}s`, "--timeout", "30s", "-s", WRK_REPORT, ...headerArgs, options.url];
  const childrenBefore = endedChildrenCpuMs();
  const { stdout } = await execFileAsync("wrk", args, { maxBuffer: 1 << 20 });
  const line = stdout.split("\n").find((l) => l.startsWith("{\"requests\""));
  if (!line) throw new Error(`wrk printed no report:\n${stdout}`);
  const report = JSON.parse(line) as { requests: number; durationUs: number; non200: number; socketErrors: number; minUs: number; p50Us: number; p99Us: number; maxUs: number };
  if (report.socketErrors > 0) throw new Error(`wrk saw ${report.socketErrors} socket errors or timeouts`);
  const total = Math.max(1, report.requests);
  return {
    generator,
    total: report.requests,
    reqsPerSecond: report.requests / (report.durationUs / 1e6),
    min: report.minUs / 1000,
    p50: report.p50Us / 1000,
    p99: report.p99Us / 1000,
    max: report.maxUs / 1000,
    non2xx: report.non200,
    generatorCpuMs: (endedChildrenCpuMs() - childrenBefore) / total,
    postgresCpuMs: (postgresCpuMs() - pgBefore) / total,
  };
}

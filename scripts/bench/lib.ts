/**
 * Pure helpers shared by the benchmark scripts (issue 15 "Fast pages"): summary statistics over
 * repeated runs, link discovery in rendered HTML, and CPU profile aggregation. No I/O here, so
 * scripts/bench/lib.test.ts can check them directly.
 */

/** Minimum, median and maximum of a set of runs. */
export interface Spread {
  min: number;
  median: number;
  max: number;
}

/**
 * Min / median / max of `values` (any unit; the median of an even count is the mean of the two
 * middle values). Issue 15 asks for min / median / max of three runs.
 * @throws RangeError when `values` is empty.
 */
export function spread(values: readonly number[]): Spread {
  if (values.length === 0) throw new RangeError("spread() of no values");
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  return { min: sorted[0], median, max: sorted[sorted.length - 1] };
}

/**
 * Formats a spread as "min / median / max" with `digits` decimals, or just the value when all
 * three are equal after rounding (a single run).
 */
export function formatSpread(s: Spread, digits = 0): string {
  const f = (n: number) => n.toLocaleString("en-AU", { minimumFractionDigits: digits, maximumFractionDigits: digits });
  const parts = [f(s.min), f(s.median), f(s.max)];
  return parts[0] === parts[2] ? parts[1] : parts.join(" / ");
}

/**
 * The first site-relative link in `html` whose path matches `pattern` (a regular expression over
 * the href value, e.g. `^/cars/[^/?#]+$`), decoded from HTML (`&amp;`), or null when none does.
 * Used to find a real VDP and location page on a demo site (issue 15 bench:http).
 */
export function firstLink(html: string, pattern: RegExp): string | null {
  for (const m of html.matchAll(/href="([^"]*)"/g)) {
    const href = m[1].replaceAll("&amp;", "&");
    if (href.startsWith("/") && pattern.test(href)) return href;
  }
  return null;
}

/** One node of a V8 `.cpuprofile` (the fields used here). */
export interface CpuProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber?: number };
}

/** A V8 `.cpuprofile` as written by `node --cpu-prof` (the fields used here). */
export interface CpuProfile {
  nodes: CpuProfileNode[];
  samples: number[];
  /** Microseconds between consecutive samples (the first is relative to `startTime`). */
  timeDeltas: number[];
  /** Monotonic clock in microseconds (the clock of `process.hrtime`), when sampling began. */
  startTime?: number;
}

/** Self time of one function or one package, in milliseconds and as a share of the non-idle total. */
export interface SelfTime {
  name: string;
  ms: number;
  share: number;
}

/**
 * Which bucket a profile frame's time belongs to: "GC", "(program)" (native / VM time outside
 * JavaScript), "node:internal" (Node's own modules), "wasm" (WebAssembly: PGlite here),
 * "node_modules/<pkg>" (scoped names kept whole), "(native)" for frames without a URL (V8
 * builtins, native bindings), "app" for any other file, or null for time that is not work ("(idle)", "(root)").
 */
export function packageOf(frame: CpuProfileNode["callFrame"]): string | null {
  const { functionName, url } = frame;
  if (functionName === "(idle)" || functionName === "(root)") return null;
  if (functionName === "(garbage collector)") return "GC";
  if (functionName === "(program)") return "(program)";
  if (url.startsWith("node:")) return "node:internal";
  // WebAssembly has no package in its URL; in this app it is PGlite's PostgreSQL.
  if (url.startsWith("wasm://")) return "wasm";
  const at = url.lastIndexOf("/node_modules/");
  if (at >= 0) {
    const parts = url.slice(at + "/node_modules/".length).split("/");
    return `node_modules/${parts[0].startsWith("@") ? `${parts[0]}/${parts[1]}` : parts[0]}`;
  }
  if (url === "") return "(native)";
  return "app";
}

/**
 * Self time per function (`name` = "functionName file:line", line 1-based, `stripPrefix` removed
 * from file URLs) and per package (see packageOf), both sorted by time, descending, with idle
 * time excluded. A sample's duration is the time until the next sample (the last one gets the
 * mean interval), as Chrome DevTools counts it. With `window` (microseconds on the profile's
 * monotonic clock, the same as `process.hrtime.bigint() / 1000n` on the same machine) only samples
 * taken within [from, to] count, so start-up can be left out.
 */
export function aggregateProfile(
  profile: CpuProfile,
  stripPrefix = "",
  window?: { from: number; to: number },
): { total: number; functions: SelfTime[]; packages: SelfTime[] } {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfUs = new Map<number, number>();
  const n = profile.samples.length;
  const mean = n > 1 ? profile.timeDeltas.slice(1).reduce((a, b) => a + b, 0) / (n - 1) : 0;
  let at = profile.startTime ?? 0;
  for (let i = 0; i < n; i++) {
    at += profile.timeDeltas[i];
    if (window && (at < window.from || at > window.to)) continue;
    const us = i + 1 < n ? profile.timeDeltas[i + 1] : mean;
    selfUs.set(profile.samples[i], (selfUs.get(profile.samples[i]) ?? 0) + Math.max(0, us));
  }
  const functions = new Map<string, number>();
  const packages = new Map<string, number>();
  let total = 0;
  for (const [id, us] of selfUs) {
    const frame = byId.get(id)?.callFrame;
    if (!frame) continue;
    const pkg = packageOf(frame);
    if (pkg === null) continue;
    total += us;
    const file = frame.url.startsWith(stripPrefix) ? frame.url.slice(stripPrefix.length) : frame.url;
    const name = `${frame.functionName || "(anonymous)"}${file ? ` ${file}:${frame.lineNumber + 1}` : ""}`;
    functions.set(name, (functions.get(name) ?? 0) + us);
    packages.set(pkg, (packages.get(pkg) ?? 0) + us);
  }
  const rows = (m: Map<string, number>): SelfTime[] =>
    [...m].map(([name, us]) => ({ name, ms: us / 1000, share: total ? us / total : 0 })).sort((a, b) => b.ms - a.ms);
  return { total: total / 1000, functions: rows(functions), packages: rows(packages) };
}

/** Instructions a process under callgrind has executed so far: all its threads, and the main one. */
export interface InstructionCounts {
  /** Every thread's (the JavaScript thread, V8's compiler and GC helpers, libuv's thread pool). */
  total: number;
  /** Thread 1's: the JavaScript event loop, which bounds one process's requests per second. */
  main: number;
}

/**
 * Reads `callgrind_control -e Ir <pid>`'s per-thread table (`Th 1  5,360,534,966`, `Th10  814,004`)
 * into totals. Counts are instructions executed since the process started or since the last
 * `callgrind_control -z`, whatever the machine's load.
 * @throws Error when the text holds no thread line (the process is gone or not under callgrind)
 */
export function parseCallgrindCounts(text: string): InstructionCounts {
  let total = 0;
  let main = 0;
  let threads = 0;
  for (const m of text.matchAll(/^\s*Th\s*(\d+)\s+([\d,]+)\s*$/gm)) {
    const count = Number(m[2].replaceAll(",", ""));
    total += count;
    if (m[1] === "1") main = count;
    threads++;
  }
  if (threads === 0) throw new Error(`no callgrind thread counts in: ${text.slice(0, 200)}`);
  return { total, main };
}

/**
 * Preloaded into a benchmark's child process (`node --import ./scripts/bench/peak-rss.mjs`):
 * at exit, writes the process's peak resident set size (VmHWM, in kB, from /proc/self/status)
 * and its CPU time (user + system, ms) to the file PEAK_RSS_FILE names, as "<kB> <ms>", so the
 * parent reads the peak the child itself saw (CPU time shows the work apart from waiting on a
 * shared machine).
 */
import { readFileSync, writeFileSync } from "node:fs";

process.on("exit", () => {
  const file = process.env.PEAK_RSS_FILE;
  if (!file) return;
  const hwm = /VmHWM:\s+(\d+) kB/.exec(readFileSync("/proc/self/status", "utf8"));
  const cpu = process.cpuUsage();
  writeFileSync(file, `${hwm ? hwm[1] : "0"} ${Math.round((cpu.user + cpu.system) / 1000)}`);
});

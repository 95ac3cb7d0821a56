// JS CPU profile of a page load at 4x slowdown; prints self time by function and by script.
import { chromium } from "playwright";
const [host, path, port] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--host-resolver-rules=MAP *.localhost 127.0.0.1"] });
const agg = new Map(), byUrl = new Map();
let total = 0;
for (let run = 0; run < 3; run++) {
  const ctx = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await ctx.newPage();
  const cdp = await ctx.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  await cdp.send("Profiler.enable");
  await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
  await cdp.send("Profiler.start");
  await page.goto(`http://${host}.localhost:${port}${path}`, { waitUntil: "load" });
  await page.waitForTimeout(2500);
  const { profile } = await cdp.send("Profiler.stop");
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const dt = new Map();
  for (let i = 0; i < profile.samples.length; i++) dt.set(profile.samples[i], (dt.get(profile.samples[i]) || 0) + (profile.timeDeltas[i] || 0));
  for (const [id, us] of dt) {
    const n = byId.get(id); const f = n.callFrame;
    if (["(idle)", "(program)"].includes(f.functionName)) continue;
    const url = (f.url || "").replace(/^.*\/assets\//, "");
    const key = `${f.functionName || "(anon)"} ${url}:${f.lineNumber}:${f.columnNumber}`;
    agg.set(key, (agg.get(key) || 0) + us / 1000 / 3);
    byUrl.set(url || f.functionName, (byUrl.get(url || f.functionName) || 0) + us / 1000 / 3);
    total += us / 1000 / 3;
  }
  await ctx.close();
}
await browser.close();
console.log(`total non-idle JS-sampled ${total.toFixed(0)} ms (mean of 3)`);
for (const [k, v] of [...byUrl].sort((a, b) => b[1] - a[1]).slice(0, 14)) console.log(`  ${v.toFixed(1).padStart(7)} ${k}`);
console.log("-- functions");
for (const [k, v] of [...agg].sort((a, b) => b[1] - a[1]).slice(0, 30)) console.log(`  ${v.toFixed(1).padStart(7)} ${k}`);

import { describe, expect, it } from "vitest";
import { aggregateProfile, firstLink, formatSpread, packageOf, parseCallgrindCounts, spread, type CpuProfile } from "./lib";

describe("spread (issue 15: min / median / max of runs)", () => {
  it("takes the middle value of an odd count and the mean of the two middle values of an even count", () => {
    expect(spread([30, 10, 20])).toEqual({ min: 10, median: 20, max: 30 });
    expect(spread([4, 1, 3, 2])).toEqual({ min: 1, median: 2.5, max: 4 });
    expect(spread([7])).toEqual({ min: 7, median: 7, max: 7 });
  });
  it("refuses an empty list", () => {
    expect(() => spread([])).toThrow(RangeError);
  });
  it("formats as min / median / max, or one value when they agree", () => {
    expect(formatSpread({ min: 1200.4, median: 1500, max: 1800.6 })).toBe("1,200 / 1,500 / 1,801");
    expect(formatSpread({ min: 5, median: 5, max: 5 })).toBe("5");
    expect(formatSpread({ min: 0.5, median: 0.55, max: 0.6 }, 2)).toBe("0.50 / 0.55 / 0.60");
  });
});

describe("firstLink", () => {
  const html = `<a href="https://x.example/cars/a">x</a><a href="/cars/b/checkout">c</a><a href="/search?make=Toyota&amp;body=SUV">s</a><a href="/cars/2020-toyota-rav4-1">v</a>`;
  it("returns the first site-relative href matching the pattern, HTML-decoded", () => {
    expect(firstLink(html, /^\/cars\/[^/?#]+$/)).toBe("/cars/2020-toyota-rav4-1");
    expect(firstLink(html, /^\/search\?/)).toBe("/search?make=Toyota&body=SUV");
    expect(firstLink(html, /^\/our-location\//)).toBeNull();
  });
});

describe("packageOf", () => {
  const frame = (functionName: string, url: string) => ({ functionName, url, lineNumber: 0 });
  it("buckets frames by where their code lives", () => {
    expect(packageOf(frame("render", "file:///srv/app/node_modules/react-dom/lib/server.js"))).toBe("node_modules/react-dom");
    expect(packageOf(frame("x", "file:///srv/app/node_modules/@hono/node-server/dist/index.mjs"))).toBe("node_modules/@hono/node-server");
    expect(packageOf(frame("x", "file:///srv/app/node_modules/a/node_modules/b/i.js"))).toBe("node_modules/b");
    expect(packageOf(frame("writeGeneric", "node:internal/stream_base_commons"))).toBe("node:internal");
    expect(packageOf(frame("loader", "file:///srv/app/build/server/index.js"))).toBe("app");
    expect(packageOf(frame("(garbage collector)", ""))).toBe("GC");
    expect(packageOf(frame("(program)", ""))).toBe("(program)");
    expect(packageOf(frame("wasm-function[730]", "wasm://wasm/022a9842"))).toBe("wasm");
    expect(packageOf(frame("fstat", ""))).toBe("(native)");
    expect(packageOf(frame("(idle)", ""))).toBeNull();
    expect(packageOf(frame("(root)", ""))).toBeNull();
  });
});

describe("aggregateProfile", () => {
  // root -> a (app) -> b (react-dom); plus idle and GC. Sample durations are the next delta.
  const profile: CpuProfile = {
    nodes: [
      { id: 1, callFrame: { functionName: "(root)", url: "", lineNumber: -1 } },
      { id: 2, callFrame: { functionName: "loader", url: "file:///srv/app/build/server/index.js", lineNumber: 9 } },
      { id: 3, callFrame: { functionName: "renderToPipeableStream", url: "file:///srv/app/node_modules/react-dom/lib/s.js", lineNumber: 99 } },
      { id: 4, callFrame: { functionName: "(idle)", url: "", lineNumber: -1 } },
      { id: 5, callFrame: { functionName: "(garbage collector)", url: "", lineNumber: -1 } },
    ],
    samples: [2, 3, 3, 4, 5, 2],
    timeDeltas: [0, 1000, 3000, 2000, 50_000, 4000],
  };
  const r = aggregateProfile(profile, "file:///srv/app/");

  it("sums self time per function with file:line (1-based), idle excluded, sorted descending", () => {
    // loader: 1000 (first sample) + mean interval of the last sample (12,000) = 13 ms.
    expect(r.functions.map((f) => [f.name, f.ms])).toEqual([
      ["loader build/server/index.js:10", 13],
      ["renderToPipeableStream node_modules/react-dom/lib/s.js:100", 5],
      ["(garbage collector)", 4],
    ]);
    expect(r.total).toBe(22);
  });
  it("sums self time per package with shares of the non-idle total", () => {
    expect(r.packages.map((p) => [p.name, p.ms])).toEqual([
      ["app", 13],
      ["node_modules/react-dom", 5],
      ["GC", 4],
    ]);
    expect(r.packages.reduce((a, p) => a + p.share, 0)).toBeCloseTo(1);
  });
  it("counts only samples inside a window on the profile's clock", () => {
    // Sample times: 100 + cumulative deltas = 100, 1100, 4100, 6100, 56100, 60100.
    const w = aggregateProfile({ ...profile, startTime: 100 }, "file:///srv/app/", { from: 1000, to: 5000 });
    expect(w.functions.map((f) => [f.name, f.ms])).toEqual([["renderToPipeableStream node_modules/react-dom/lib/s.js:100", 5]]);
    expect(w.total).toBe(5);
  });
});

describe("parseCallgrindCounts", () => {
  it("sums every thread's instructions and keeps the main thread's apart", () => {
    const text = ["PID 14495: node scripts/start.mjs", "sending command status internal to pid 14495", "", "  Totals:           Ir ", "   Th 1  5,360,534,966 ", "   Th 2         15,525 ", "   Th 3    877,552,035 ", "   Th10        814,004 "].join("\n");
    expect(parseCallgrindCounts(text)).toEqual({ total: 5_360_534_966 + 15_525 + 877_552_035 + 814_004, main: 5_360_534_966 });
  });
  it("refuses output without thread counts (the process is not under callgrind)", () => {
    expect(() => parseCallgrindCounts("PID 1: node\nerror opening shared memory file")).toThrow(/no callgrind thread counts/);
  });
});

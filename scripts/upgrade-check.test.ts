import { describe, expect, it } from "vitest";
import { newestWithin, pinnedVersion, planUpgrades, respectPeers, withinCaret } from "./upgrade-check";

describe("upgrade-check plan (issue 53: newest release within the current major)", () => {
  it("reads a pinned version with or without ^ or ~, and refuses ranges it cannot pin", () => {
    expect(pinnedVersion("1.21.1")).toBe("1.21.1");
    expect(pinnedVersion("^5.3.2")).toBe("5.3.2");
    expect(() => pinnedVersion(">=1 <3")).toThrow(/not a pinned version/);
  });

  it("stays within the major (within the minor for 0.x) and never picks a prerelease or an older version", () => {
    expect(withinCaret("1.2.3", "1.9.0")).toBe(true);
    expect(withinCaret("1.2.3", "2.0.0")).toBe(false);
    expect(withinCaret("1.2.3", "1.2.2")).toBe(false);
    expect(withinCaret("0.45.4", "0.45.9")).toBe(true);
    expect(withinCaret("0.45.4", "0.46.0")).toBe(false);
    expect(newestWithin("7.18.4", ["7.18.4", "7.19.0-pre.1", "7.19.1", "8.5.3"])).toBe("7.19.1");
    expect(newestWithin("1.0.0", ["0.9.0"])).toBe("1.0.0");
  });

  it("moves a family that pins its own peers to the newest version all its members have", () => {
    const published: Record<string, string[]> = {
      "react-router": ["8.4.0", "8.5.1", "8.5.3"],
      "@react-router/node": ["8.4.0", "8.5.1"],
      "@react-router/dev": ["8.4.0"],
      zod: ["4.6.7", "4.7.0", "5.0.0"],
    };
    const plan = planUpgrades({ "react-router": "8.4.0", "@react-router/node": "8.4.0", "@react-router/dev": "8.4.0", zod: "4.6.7" }, (n) => published[n]);
    expect(plan).toEqual({ "react-router": "8.4.0", "@react-router/node": "8.4.0", "@react-router/dev": "8.4.0", zod: "4.7.0" });
  });

  it("holds a peer back to the newest version another target's peer range accepts, or keeps the asking package", () => {
    const published: Record<string, string[]> = { "@opentelemetry/api": ["1.9.1", "1.10.0"], "@opentelemetry/sdk-node": ["0.223.0"], a: ["1.0.0", "1.1.0"], b: ["2.0.0", "2.1.0"] };
    const peers: Record<string, Record<string, string>> = {
      "@opentelemetry/sdk-node@0.223.0": { "@opentelemetry/api": ">=1.3.0 <1.10.0" },
      "a@1.1.0": { b: "^3.0.0" },
    };
    const current = { "@opentelemetry/api": "1.9.1", "@opentelemetry/sdk-node": "0.223.0", a: "1.0.0", b: "2.0.0" };
    const { target, held } = respectPeers({ "@opentelemetry/api": "1.10.0", "@opentelemetry/sdk-node": "0.223.0", a: "1.1.0", b: "2.1.0" }, current, (n) => published[n], (n, v) => peers[`${n}@${v}`] ?? {});
    // api goes back to the newest the SDK accepts; a@1.1.0 wants a major of b we do not move to, so a stays.
    expect(target).toEqual({ "@opentelemetry/api": "1.9.1", "@opentelemetry/sdk-node": "0.223.0", a: "1.0.0", b: "2.1.0" });
    expect(held).toHaveLength(2);
  });
});

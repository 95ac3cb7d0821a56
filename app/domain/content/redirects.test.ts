import { describe, expect, it } from "vitest";
import { normaliseSitePath, redirectLoop, scheduledRedirectProblem, withRedirectChanges } from "./redirects";

describe("normaliseSitePath", () => {
  it("drops the query, fragment and trailing slash and lower-cases", () => {
    expect(normaliseSitePath("/Pages/Old-Page/?utm=1#top")).toBe("/pages/old-page");
    expect(normaliseSitePath("/")).toBe("/");
  });
  it("refuses what is not a path of this site", () => {
    for (const bad of ["https://example.com/a", "//evil.test/a", "pages/a", "/a b", "/a/../b", ""]) expect(normaliseSitePath(bad)).toBeNull();
  });
});

describe("redirectLoop (issue 50: a redirect loop cannot be saved)", () => {
  it("finds a direct loop A -> A", () => {
    expect(redirectLoop([], { from: "/a", to: "/a/" })).toEqual(["/a", "/a"]);
  });
  it("finds a two-hop loop A -> B -> A", () => {
    expect(redirectLoop([{ from: "/b", to: "/a" }], { from: "/a", to: "/b" })).toEqual(["/a", "/b", "/a"]);
  });
  it("finds a multi-hop loop A -> B -> C -> A", () => {
    const rules = [
      { from: "/b", to: "/c" },
      { from: "/c", to: "/a?x=1" },
    ];
    expect(redirectLoop(rules, { from: "/a", to: "/b" })).toEqual(["/a", "/b", "/c", "/a"]);
  });
  it("accepts a chain that ends at a page or another site", () => {
    expect(redirectLoop([{ from: "/b", to: "/c" }], { from: "/a", to: "/b" })).toBeNull();
    expect(redirectLoop([{ from: "/b", to: "https://example.com/a" }], { from: "/a", to: "/b" })).toBeNull();
  });
  it("a changed redirect replaces its old target: B -> A becomes B -> C, so A -> B is no loop", () => {
    expect(redirectLoop([{ from: "/a", to: "/b" }], { from: "/b", to: "/c" })).toBeNull();
    expect(redirectLoop([{ from: "/a", to: "/b" }, { from: "/b", to: "/a" }], { from: "/b", to: "/c" })).toBeNull();
  });
});

describe("withRedirectChanges (a preview as of a moment, issue 50 item 7)", () => {
  it("adds, replaces and removes in order, leaving out a change that cannot apply as the scheduler does", () => {
    const out = withRedirectChanges([{ from: "/a", to: "/b" }], [
      { action: "add", from: "/c", to: "/d" },
      { action: "add", from: "/a", to: "/e" },
      { action: "remove", from: "/c" },
      { action: "remove", from: "/nowhere" },
      { action: "add", from: "/e", to: "/a" },
    ]);
    expect(out).toEqual([{ from: "/a", to: "/e" }]);
  });
});

describe("scheduledRedirectProblem (a scheduled redirect is checked against the redirects as they will be then)", () => {
  const day = 86_400_000;
  it("refuses an add that closes a loop with a redirect added by a change due earlier, not with one due later", () => {
    const pending = [{ action: "add" as const, from: "/b", to: "/a", runAt: 1 * day }];
    expect(scheduledRedirectProblem([], pending, { action: "add", from: "/a", to: "/b" }, 2 * day)).toEqual({ kind: "loop", loop: ["/a", "/b", "/a"] });
  });
  it("accepts an add whose loop a change due earlier removes", () => {
    const pending = [{ action: "remove" as const, from: "/b", runAt: 1 * day }];
    expect(scheduledRedirectProblem([{ from: "/b", to: "/a" }], pending, { action: "add", from: "/a", to: "/b" }, 2 * day)).toBeNull();
    expect(scheduledRedirectProblem([{ from: "/b", to: "/a" }], pending, { action: "add", from: "/a", to: "/b" }, 0.5 * day)).toEqual({ kind: "loop", loop: ["/a", "/b", "/a"] });
  });
  it("refuses an add that would stop a later pending add from applying, naming it", () => {
    const later = { action: "add" as const, from: "/b", to: "/a", runAt: 3 * day };
    expect(scheduledRedirectProblem([], [later], { action: "add", from: "/a", to: "/b" }, 2 * day)).toEqual({ kind: "later", change: later, problem: { kind: "loop", loop: ["/b", "/a", "/b"] } });
  });
  it("refuses removing a redirect that will not exist then, and accepts removing one a change due earlier adds", () => {
    expect(scheduledRedirectProblem([], [], { action: "remove", from: "/a" }, day)).toEqual({ kind: "missing" });
    expect(scheduledRedirectProblem([], [{ action: "add", from: "/a", to: "/b", runAt: day }], { action: "remove", from: "/a" }, 2 * day)).toBeNull();
  });
});

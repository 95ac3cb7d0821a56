import { describe, expect, it } from "vitest";
import { normaliseSitePath, redirectLoop } from "./redirects";

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

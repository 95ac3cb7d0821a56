/** Sign-in redirect validation: spec 2.1 (/sign-in?type&redirect&back) and spec 4 "Gated routes" (target and return path). */
import { describe, expect, it } from "vitest";
import { parseSignInType, safeRedirectPath, signInHref } from "./redirect";

describe("safeRedirectPath (spec 2.1 redirect/back: same-site paths only)", () => {
  it.each(["/", "/my-garage", "/cars/2020-mazda-cx-5-abc?tab=finance#specs", "/search?make=Toyota&make=Mazda", "/garage", "/%0a/evil"])("keeps %s", (path) => {
    expect(safeRedirectPath(path)).toBe(path);
  });

  it.each([
    ["//evil.example", "protocol-relative"],
    ["//evil.example/path", "protocol-relative with a path"],
    ["https://evil.example/", "absolute"],
    ["http:/evil.example", "scheme with one slash"],
    ["javascript:alert(1)", "javascript URL"],
    ["/\\evil.example", "backslash read as a slash by browsers"],
    ["\\\\evil.example", "double backslash"],
    ["/\t/evil.example", "tab between slashes (stripped by URL parsers)"],
    ["evil.example", "relative without a slash"],
    ["", "empty"],
    [`/${"a".repeat(2001)}`, "over 2,000 characters"],
  ])("refuses %s (%s)", (value) => {
    expect(safeRedirectPath(value)).toBe("/");
  });

  it("uses the fallback given", () => {
    expect(safeRedirectPath("//evil", "/my-garage")).toBe("/my-garage");
    expect(safeRedirectPath(null, "/x")).toBe("/x");
  });
});

describe("parseSignInType (spec 2.1 'Types include watchlist')", () => {
  it("knows watchlist and reads anything else as account", () => {
    expect(parseSignInType("watchlist")).toBe("watchlist");
    expect(parseSignInType("<script>")).toBe("account");
    expect(parseSignInType(null)).toBe("account");
  });
});

describe("signInHref (spec 4: sign-in with the target and return path)", () => {
  it("builds /sign-in?type&redirect&back(&car_id)", () => {
    expect(signInHref({ type: "watchlist", redirect: "/cars/x", back: "/search", carId: 7 })).toBe("/sign-in?type=watchlist&redirect=%2Fcars%2Fx&back=%2Fsearch&car_id=7");
  });
  it("never carries an unsafe path", () => {
    expect(signInHref({ type: "garage", redirect: "https://evil", back: "//evil" })).toBe("/sign-in?type=garage&redirect=%2F&back=%2F");
  });
  it("checks each call's own paths, however the calls alternate (the last pair is remembered)", () => {
    const calls = [
      [{ type: "watchlist", redirect: "/search?make=Toyota", back: "/search?make=Toyota", carId: 1 }, "/sign-in?type=watchlist&redirect=%2Fsearch%3Fmake%3DToyota&back=%2Fsearch%3Fmake%3DToyota&car_id=1"],
      [{ type: "watchlist", redirect: "/search?make=Toyota", back: "/search?make=Toyota", carId: 2 }, "/sign-in?type=watchlist&redirect=%2Fsearch%3Fmake%3DToyota&back=%2Fsearch%3Fmake%3DToyota&car_id=2"],
      [{ type: "watchlist", redirect: "//evil", back: "/search?make=Toyota", carId: 2 }, "/sign-in?type=watchlist&redirect=%2F&back=%2Fsearch%3Fmake%3DToyota&car_id=2"],
      [{ type: "watchlist", redirect: "//evil", back: null, carId: 2 }, "/sign-in?type=watchlist&redirect=%2F&back=%2F&car_id=2"],
      [{ type: "account", redirect: "/a", back: undefined }, "/sign-in?type=account&redirect=%2Fa&back=%2Fa"],
      [{ type: "account", redirect: "/a", back: "/\\evil" }, "/sign-in?type=account&redirect=%2Fa&back=%2Fa"],
    ] as const;
    for (const [options, href] of [...calls, ...[...calls].reverse()]) expect(signInHref(options)).toBe(href);
  });
});

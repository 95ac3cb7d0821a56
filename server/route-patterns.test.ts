/**
 * Issue 55 metrics and traces: the route-pattern label (server/metrics.ts routePatterns) ranks only
 * the routes that could match a path, over a flat copy of the route table, so a request pays tens
 * of microseconds instead of milliseconds. It must still give React Router's own answer: checked
 * here against matchRoutes over the production build's nested route tree for every route pattern
 * and for paths no route names.
 */
import { matchRoutes } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import type { ServerBuild } from "react-router";
import { loadBuild } from "../tests/integration/app-harness";
import { flatRoutes, routePatterns, routeTree } from "./metrics";

let build: ServerBuild;
beforeAll(async () => {
  build = await loadBuild();
}, 300_000);

/** The label as React Router's matchRoutes over the nested tree gives it (the straightforward way). */
function reference(tree: ReturnType<typeof routeTree>, page: string): string {
  const matches = matchRoutes(tree, page);
  return matches?.length
    ? `/${matches
        .map((m) => m.route.path ?? "")
        .filter(Boolean)
        .join("/")}`.replace(/\/+/g, "/")
    : "*";
}

describe("route pattern labels (issue 55 metrics; spec 2.1 routes)", () => {
  it("match React Router's answer for every route and for unknown, odd and data paths", () => {
    const tree = routeTree(build);
    const patterns = flatRoutes(tree).map((r) => r.path!);
    expect(patterns).toContain("/cars/:slug");
    const paths = new Set<string>(["/", "", "/nope", "/CARS/ABC", "/cars/abc/", "/cars/abc/nope", "/cars/a/b/c/d", "/search/", "/a/accessories", "/pages/a/b/c", "/%20x", "/sitemaps/cars-1.xml"]);
    for (const pattern of patterns) {
      const path = pattern.replace(/:[\w-]+/g, "value-1").replace(/\*$/, "some/deep/path");
      paths.add(path);
      paths.add(`${path}/`);
      paths.add(path.toUpperCase());
      paths.add(`${path}/extra`);
    }
    const routeOf = routePatterns(build);
    for (const path of paths) {
      const page = path || "/";
      const expected = reference(tree, page);
      const label = expected === "/*" && /\.[a-z0-9]+$/i.test(page) ? "static" : expected;
      expect(`${path} -> ${routeOf(path || "/", 200)}`).toBe(`${path} -> ${label}`);
      // Asked again (the kept answer) and as a data request.
      expect(routeOf(path || "/", 200)).toBe(label);
      if (path && path !== "/") expect(routeOf(`${path}.data`, 200)).toBe(`${reference(tree, path)}.data`);
    }
  });
});

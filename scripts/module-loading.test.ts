/**
 * What a process loads at start: every server, worker and test file pays for each module it
 * imports from node_modules. Node reads a package's `exports` map for each of its files, and
 * date-fns's map is 200 KB: its index (304 files) took 1.3-1.5 s to import on the 2-core machine,
 * on Node 22 and 26 alike. The functions we use are imported by their own paths, and the server
 * build bundles them.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

describe("module loading", () => {
  it("no source file imports date-fns's index: each function comes from its own path (date-fns/format)", () => {
    // Read from the folders rather than git: CI's oldest-Node.js run works in a copy without .git.
    const sources = ["app", "server", "db", "scripts", "tests"].flatMap((dir) =>
      readdirSync(dir, { recursive: true, encoding: "utf8" })
        .filter((name) => /\.(ts|tsx|mjs)$/.test(name))
        .map((name) => join(dir, name)),
    );
    expect(sources).toContain(join("app", "domain", "display", "rego.ts"));
    const barrel = new RegExp(["from ", "import\\("].map((p) => `${p}"date-fns"`).join("|"));
    expect(sources.filter((file) => barrel.test(readFileSync(file, "utf8")))).toEqual([]);
  });

  it.skipIf(!existsSync("build/server/index.js"))("the server build bundles date-fns instead of importing it from node_modules", () => {
    const bundle = readFileSync("build/server/index.js", "utf8");
    // The bundle's imports are statements at the start of a line (a bundled library's comments
    // may name date-fns in text).
    expect(bundle).not.toMatch(/^import\b[^\n]*from\s*"date-fns[/"]/m);
    expect(bundle).toMatch(/^import\b[^\n]*from\s*"react-router"/m);
  });
});

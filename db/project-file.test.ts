import { existsSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { projectFile } from "./project-file";

describe("projectFile (decision 184: the same module runs from source and bundled)", () => {
  it("finds a repository file from a module in any folder below the root", () => {
    const fromSource = projectFile("db/migrations", import.meta.url);
    const fromBundle = projectFile("db/migrations", pathToFileURL(resolve("build/node/index.js")));
    expect(fromSource).toBe(resolve("db/migrations"));
    expect(fromBundle).toBe(resolve("db/migrations"));
    expect(existsSync(projectFile("data/au_postcodes.csv", import.meta.url))).toBe(true);
  });

  it("throws naming the file when no folder above holds it", () => {
    expect(() => projectFile("no/such/file.csv", import.meta.url)).toThrow(/no\/such\/file\.csv not found above/);
  });
});

/**
 * Files the project reads at run time (migrations, the demo data, the ADF DTD, the postcode
 * table), found by their path from the repository root. The same module runs from source (db/,
 * app/) and bundled into the builds (build/server by Vite, build/node by scripts/build-server.mjs;
 * docs/decisions/184), so a path relative to the module would differ between the two.
 */
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The absolute path of `relative` (a path from the repository root, e.g. "db/migrations"), found by
 * walking up at most 6 folders from the calling module (`from`: its `import.meta.url`).
 * @throws Error when no folder above the module holds it
 */
export function projectFile(relative: string, from: string | URL): string {
  let dir = dirname(fileURLToPath(from));
  for (let i = 0; i < 6; i++) {
    const candidate = join(dir, relative);
    if (existsSync(candidate)) return candidate;
    dir = dirname(dir);
  }
  throw new Error(`${relative} not found above ${fileURLToPath(from)}`);
}

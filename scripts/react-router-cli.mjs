/**
 * The React Router CLI's entry file (`react-router build`), read from @react-router/dev's
 * package.json `bin` field, so callers run it with the current Node.js (`process.execPath`)
 * whatever file name a release gives it (7.x shipped bin.js, 8.x bin.cjs).
 */
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";

/**
 * @param {string} [dir] the app's directory (default: the working directory)
 * @returns {string} the CLI file's path, e.g. "<dir>/node_modules/@react-router/dev/bin.cjs"
 * @throws Error when @react-router/dev is not installed in `dir`
 */
export function reactRouterCli(dir = process.cwd()) {
  const manifest = join(dir, "node_modules", "@react-router", "dev", "package.json");
  const { bin } = JSON.parse(readFileSync(manifest, "utf8"));
  return join(dirname(manifest), typeof bin === "string" ? bin : bin["react-router"]);
}

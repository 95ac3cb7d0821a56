/**
 * `npm run upgrade-check` (issue 53, decision 285): the upgrade drill. In a temporary copy of the
 * repository it installs the newest release within the current major of every direct dependency,
 * builds, runs the unit and integration suites (Vitest) and a smoke test of every demo site, then
 * prints what changed and what failed. Not part of `npm test`: it needs the npm registry.
 *
 * "Within the current major" is npm's caret range of the pinned version (`^1.21.1`: newest 1.x;
 * `^0.45.4`: newest 0.45.x). Packages released together, whose peers pin one another exactly
 * (React Router's packages, React and React DOM, ...), move as one family: to the newest version
 * that every member has within its major, so the set installs as published.
 *
 * The copy gets exact pins (`npm i -E` style) and a new lockfile; the repository is not touched.
 * Smoke test: the production server on a fresh embedded database (seeded with the demo sites);
 * for each demo site GET `/`, `/search` and the first car page linked from the search page, each
 * must answer 200 with a whole HTML document.
 *
 * Environment: UPGRADE_CHECK_PORT (default 3269), UPGRADE_CHECK_KEEP=1 keeps the temporary copy,
 * UPGRADE_CHECK_SKIP_TESTS=1 skips the Vitest suites (the smoke test still runs).
 * Exit status: 0 when the install, build, suites and smoke test all pass, 1 otherwise.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import semver from "semver";
import { DEMO_SITES } from "../db/seed/demo-sites";
import { firstLink } from "./bench/lib";
import { get, startServer } from "./bench/server";

/** Packages whose releases share version numbers and pin one another: they move together. */
export const FAMILIES: readonly (readonly string[])[] = [
  ["react-router", "@react-router/node", "@react-router/dev", "@react-router/serve"],
  ["react", "react-dom"],
  ["@types/react", "@types/react-dom"],
  ["@conform-to/react", "@conform-to/zod"],
  ["tailwindcss", "@tailwindcss/vite"],
];

/**
 * The version a range starts from: "1.2.3" for "1.2.3", "^1.2.3" or "~1.2.3".
 * @throws Error for a range that is not a plain version with an optional ^ or ~
 */
export function pinnedVersion(range: string): string {
  const m = /^[\^~]?(\d+\.\d+\.\d+(?:-[\w.]+)?)$/.exec(range.trim());
  if (!m) throw new Error(`not a pinned version: ${range}`);
  return m[1];
}

/** [major, minor, patch] of a release version; prereleases are never chosen. */
function parts(version: string): [number, number, number] | null {
  const m = /^(\d+)\.(\d+)\.(\d+)$/.exec(version);
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : null;
}

/**
 * Whether `candidate` satisfies the caret range of `current` (same major; for 0.x the same minor;
 * not below `current`). Prereleases never do.
 */
export function withinCaret(current: string, candidate: string): boolean {
  const a = parts(current);
  const b = parts(candidate);
  if (!a || !b) return false;
  if (a[0] !== b[0]) return false;
  if (a[0] === 0 && a[1] !== b[1]) return false;
  return compare(b, a) >= 0;
}

function compare(a: [number, number, number], b: [number, number, number]): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}

/**
 * The newest version in `available` within the caret range of `current` (current itself when
 * none is newer).
 */
export function newestWithin(current: string, available: readonly string[]): string {
  let best = current;
  for (const v of available) if (withinCaret(current, v) && compare(parts(v)!, parts(best)!) > 0) best = v;
  return best;
}

/**
 * Target versions for every direct dependency: the newest within its major, and for a family the
 * newest version that each member present has within its own caret range (members keep their
 * current version when they share none).
 * @param current name -> pinned version; `versionsOf` name -> every published version
 */
export function planUpgrades(current: Record<string, string>, versionsOf: (name: string) => readonly string[]): Record<string, string> {
  const target: Record<string, string> = {};
  for (const [name, version] of Object.entries(current)) target[name] = newestWithin(version, versionsOf(name));
  for (const family of FAMILIES) {
    const members = family.filter((name) => name in current);
    if (members.length < 2) continue;
    const common = versionsOf(members[0]).filter((v) => members.every((m) => withinCaret(current[m], v) && versionsOf(m).includes(v)));
    const best = common.reduce<string | null>((b, v) => (b === null || compare(parts(v)!, parts(b)!) > 0 ? v : b), null);
    for (const m of members) target[m] = best ?? current[m];
  }
  return target;
}

/**
 * Holds back targets that another target's peer dependency ranges exclude (the OpenTelemetry
 * packages: `@opentelemetry/sdk-node` 0.223.0 accepts `@opentelemetry/api` below 1.10.0 only).
 * For each excluded peer it takes the newest version within the peer's own caret range that the
 * range accepts; when there is none, the package that asks is kept at its current version. Runs
 * until nothing changes.
 * @param target name -> planned version (changed in place and returned)
 * @param current name -> pinned version
 * @param peersOf name, version -> that release's peerDependencies ({} when none)
 * @returns the adjusted plan and, per held-back package, why
 */
export function respectPeers(
  target: Record<string, string>,
  current: Record<string, string>,
  versionsOf: (name: string) => readonly string[],
  peersOf: (name: string, version: string) => Record<string, string>,
): { target: Record<string, string>; held: string[] } {
  const held: string[] = [];
  for (let round = 0; round < 20; round++) {
    let changed = false;
    for (const [name, version] of Object.entries(target)) {
      for (const [peer, range] of Object.entries(peersOf(name, version))) {
        if (!(peer in target) || semver.satisfies(target[peer], range)) continue;
        const accepted = versionsOf(peer).filter((v) => withinCaret(current[peer], v) && semver.satisfies(v, range));
        const best = semver.maxSatisfying(accepted, "*");
        if (best) {
          held.push(`${peer} ${target[peer]} -> ${best}: ${name}@${version} accepts ${range}`);
          target[peer] = best;
        } else {
          held.push(`${name} kept at ${current[name]}: ${name}@${version} needs ${peer} ${range}`);
          target[name] = current[name];
        }
        changed = true;
        break;
      }
    }
    if (!changed) break;
  }
  return { target, held };
}

function peersFromRegistry(name: string, version: string, cwd: string): Record<string, string> {
  const out = execFileSync("npm", ["view", `${name}@${version}`, "peerDependencies", "--json"], { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  return out ? (JSON.parse(out) as Record<string, string>) : {};
}

function versionsFromRegistry(name: string, cwd: string): string[] {
  const out = execFileSync("npm", ["view", name, "versions", "--json"], { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
  const parsed: unknown = JSON.parse(out);
  return Array.isArray(parsed) ? (parsed as string[]) : [String(parsed)];
}

function step(name: string, cwd: string, cmd: string, args: string[], env: Record<string, string> = {}): boolean {
  console.log(`\n== ${name}: ${cmd} ${args.join(" ")} ==`);
  const status = spawnSync(cmd, args, { cwd, stdio: "inherit", env: { ...process.env, ...env } }).status;
  console.log(`== ${name}: ${status === 0 ? "ok" : `FAILED (exit ${status})`} ==`);
  return status === 0;
}

async function smokeTest(dir: string, port: number): Promise<string[]> {
  const failures: string[] = [];
  const server = await startServer({ dir, port, env: { DATA_DIR: ".data/upgrade-check", PAGE_CACHE: "off" } });
  try {
    for (const site of DEMO_SITES) {
      const host = `${site.slug}.localhost`;
      const check = async (path: string): Promise<string | null> => {
        const res = await get(port, path, host);
        const html = res.body.toString("utf8");
        const ok = res.status === 200 && html.includes("</html>");
        console.log(`  ${ok ? "ok  " : "FAIL"} ${site.slug}${path} ${res.status}`);
        if (!ok) failures.push(`${site.slug}${path}: ${res.status}`);
        return ok ? html : null;
      };
      await check("/");
      const search = await check("/search");
      const car = search ? firstLink(search, /^\/cars\/[^/?#]+$/) : null;
      if (car) await check(car);
      else if (search) {
        failures.push(`${site.slug}: no car link on /search`);
        console.log(`  FAIL ${site.slug}: no car link on /search`);
      }
    }
  } finally {
    await server.stop();
  }
  return failures;
}

async function main(): Promise<number> {
  const repo = resolve(".");
  const dir = mkdtempSync(join(tmpdir(), "forecourt-upgrade-check-"));
  console.log(`upgrade-check in ${dir} on Node ${process.version}`);
  const files = execFileSync("git", ["ls-files", "-z"], { cwd: repo, encoding: "utf8" }).split("\0").filter(Boolean);
  for (const f of files) cpSync(join(repo, f), join(dir, f), { recursive: true });

  const pkgPath = join(dir, "package.json");
  const pkg = JSON.parse(readFileSync(pkgPath, "utf8")) as { dependencies?: Record<string, string>; devDependencies?: Record<string, string> };
  const current: Record<string, string> = {};
  for (const deps of [pkg.dependencies ?? {}, pkg.devDependencies ?? {}]) for (const [n, r] of Object.entries(deps)) current[n] = pinnedVersion(r);
  const cache = new Map<string, string[]>();
  const versionsOf = (name: string) => {
    if (!cache.has(name)) cache.set(name, versionsFromRegistry(name, dir));
    return cache.get(name)!;
  };
  const peerCache = new Map<string, Record<string, string>>();
  const peersOf = (name: string, version: string) => {
    const key = `${name}@${version}`;
    if (!peerCache.has(key)) peerCache.set(key, peersFromRegistry(name, version, dir));
    return peerCache.get(key)!;
  };
  const { target, held } = respectPeers(planUpgrades(current, versionsOf), current, versionsOf, peersOf);
  if (held.length) console.log(`\n== held back by peer dependency ranges ==\n${held.map((h) => `  ${h}`).join("\n")}`);
  const changed = Object.keys(current).filter((n) => target[n] !== current[n]).sort();
  console.log(`\n== what changed (${changed.length} of ${Object.keys(current).length} direct dependencies) ==`);
  for (const n of changed) console.log(`  ${n.padEnd(40)} ${current[n].padEnd(10)} -> ${target[n]}`);
  for (const deps of [pkg.dependencies ?? {}, pkg.devDependencies ?? {}]) for (const n of Object.keys(deps)) deps[n] = target[n];
  writeFileSync(pkgPath, `${JSON.stringify(pkg, null, 2)}\n`);

  const failed: string[] = [];
  // A fresh resolution within the new pins (the old lockfile would hold transitive versions back).
  rmSync(join(dir, "package-lock.json"), { force: true });
  if (!step("install", dir, "npm", ["install", "--no-audit", "--no-fund"])) failed.push("install");
  else if (!step("build", dir, "npm", ["run", "build"])) failed.push("build");
  else {
    if (process.env.UPGRADE_CHECK_SKIP_TESTS !== "1" && !step("unit and integration suites (PGlite)", dir, "npx", ["vitest", "run"], { DATABASE_URL: "" })) failed.push("unit and integration suites");
    console.log("\n== smoke test of every demo site ==");
    try {
      const smoke = await smokeTest(dir, Number(process.env.UPGRADE_CHECK_PORT ?? 3269));
      if (smoke.length) failed.push(`smoke test: ${smoke.join("; ")}`);
    } catch (error) {
      failed.push(`smoke test: ${(error as Error).message}`);
    }
  }
  if (process.env.UPGRADE_CHECK_KEEP !== "1") rmSync(dir, { recursive: true, force: true });
  console.log(`\n== upgrade-check: ${changed.length} upgraded, ${failed.length} failed ==`);
  for (const f of failed) console.log(`  FAILED ${f}`);
  return failed.length ? 1 : 0;
}

if (process.argv[1] && resolve(process.argv[1]) === resolve("scripts/upgrade-check.ts")) {
  process.exit(await main());
}

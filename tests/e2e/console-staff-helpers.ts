/** What console specs share: the console's origin, a sign-in link from `npm run staff`, and axe. */
import { execFileSync } from "node:child_process";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 3199);
export const CONSOLE = `http://console.localhost:${port}`;

/**
 * `npm run staff -- add EMAIL --role ROLE --site SLUG` against the running e2e server (through its
 * admin socket): the one-time sign-in link it prints.
 * @throws when it prints no link
 */
export function staffSignInLink(email: string, role: string, site: string): string {
  const out = execFileSync(process.execPath, ["--import", "tsx", "scripts/staff.ts", "add", email, "--role", role, "--site", site], {
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR ?? ".data/e2e-pglite", PORT: String(port) },
    encoding: "utf8",
  });
  const link = /https?:\/\/\S+/.exec(out)?.[0];
  if (!link) throw new Error(`npm run staff printed no link: ${out}`);
  return link;
}

/** axe on the page as it is: no violations. */
export async function expectAxeClean(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

/** Helpers of the console specs: a site manager's sign-in link from `npm run staff`, and axe. */
import { execFileSync } from "node:child_process";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 3199);
/** The console's origin for the e2e server. */
export const CONSOLE = `http://console.localhost:${port}`;

/**
 * `npm run staff -- add EMAIL --role site-manager --site SLUG` (it reaches the running server
 * through its admin socket): the one-time sign-in link it prints.
 */
export function siteManagerSignInLink(site: string, email: string): string {
  const out = execFileSync(process.execPath, ["--import", "tsx", "scripts/staff.ts", "add", email, "--role", "site-manager", "--site", site], {
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR ?? ".data/e2e-pglite", PORT: String(port) },
    encoding: "utf8",
  });
  const link = /https?:\/\/\S+/.exec(out)?.[0];
  if (!link) throw new Error(`npm run staff printed no link: ${out}`);
  return link;
}

/** axe finds nothing on the page (the URL names the page in a failure). */
export async function expectAxeClean(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`), page.url()).toEqual([]);
}

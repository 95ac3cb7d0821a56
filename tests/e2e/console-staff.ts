/**
 * Helpers for console e2e specs: a staff member's one-time sign-in link from `npm run staff`
 * (which reaches the running server through its admin socket), and an axe check of a page.
 */
import { execFileSync } from "node:child_process";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 3199);

/** The console's origin in e2e runs. */
export const CONSOLE = `http://console.localhost:${port}`;

/**
 * `npm run staff -- add EMAIL --role ROLE --site SLUG`: the one-time sign-in link it prints.
 * @throws when the command prints no link
 */
export function staffSignInLink(email: string, site: string, role = "site-manager"): string {
  const out = execFileSync(process.execPath, ["--import", "tsx", "scripts/staff.ts", "add", email, "--role", role, "--site", site], {
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR ?? ".data/e2e-pglite", PORT: String(port) },
    encoding: "utf8",
  });
  const link = /https?:\/\/\S+/.exec(out)?.[0];
  if (!link) throw new Error(`npm run staff printed no link: ${out}`);
  return link;
}

/** Expects no axe violations on the page as it is now. */
export async function expectAxeClean(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

/**
 * What the console specs share: the console's origin, a staff member's one-time sign-in link from
 * `npm run staff` (which reaches the running e2e server through its admin socket), and axe on a
 * console page. Not a spec itself.
 */
import { execFileSync } from "node:child_process";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 3199);
/** The console's origin in the e2e server. */
export const CONSOLE = `http://console.localhost:${port}`;

/**
 * `npm run staff -- add EMAIL --role ROLE --site SLUG [--location L ...]`: the one-time sign-in
 * link it prints.
 * @param role as the command takes it, e.g. "site-manager", "content-editor", "sales"
 * @param locations the location slugs a sales member is assigned
 * @throws when the command prints no link
 */
export function staffSignInLink(email: string, role: string, site: string, locations: readonly string[] = []): string {
  return staffCommandLink(["add", email, "--role", role, "--site", site, ...locations.flatMap((l) => ["--location", l])]);
}

/** `npm run staff -- add EMAIL --role platform-operator --platform`: the operator's one-time sign-in link. */
export function operatorSignInLink(email: string): string {
  return staffCommandLink(["add", email, "--role", "platform-operator", "--platform"]);
}

/** `npm run staff -- link EMAIL`: a new one-time sign-in link for an existing member. */
export function memberSignInLink(email: string): string {
  return staffCommandLink(["link", email]);
}

function staffCommandLink(args: string[]): string {
  const out = execFileSync(process.execPath, ["--import", "tsx", "scripts/staff.ts", ...args], {
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR ?? ".data/e2e-pglite", PORT: String(port) },
    encoding: "utf8",
  });
  const link = /https?:\/\/\S+/.exec(out)?.[0];
  if (!link) throw new Error(`npm run staff printed no link: ${out}`);
  return link;
}

/**
 * Makes `page`'s requests come from a client address of its own (X-Forwarded-For; the e2e server
 * trusts it, as behind a proxy): better-auth limits link sign-ins to 10 a minute per address.
 */
export async function useOwnAddress(page: Page): Promise<void> {
  const octet = () => Math.floor(Math.random() * 250) + 1;
  await page.setExtraHTTPHeaders({ "x-forwarded-for": `10.${octet()}.${octet()}.${octet()}` });
}

/**
 * Opens a one-time sign-in link in `page` from a client address of its own. better-auth allows 10
 * link sign-ins a minute from one address, and the console specs together sign in more often than
 * that from 127.0.0.1; the e2e server trusts X-Forwarded-For (TRUST_PROXY), as behind a proxy.
 */
export async function signInWithLink(page: Page, link: string): Promise<void> {
  await useOwnAddress(page);
  await page.goto(link);
}

/** No axe violations on the page as it is now (each listed with its elements when there are). */
export async function expectAxeClean(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`), page.url()).toEqual([]);
}

/**
 * The dealer console's onboarding in Chromium (issue 48 "Must show" steps 1 and 2; decisions
 * 280-282): an operator onboards a new dealer group and a site from a template, sets its host and
 * invites a group admin; the admin accepts the e-mailed invitation (read from the file outbox),
 * registers a passkey on Chromium's virtual authenticator, signs out, signs in again with the
 * passkey and invites a site manager. Every new console page is checked with axe.
 *
 * Plain @playwright/test: console pages are server-rendered forms that never hydrate.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { E2E_BASE } from "../../playwright.config";
import { expectAxeClean } from "./console-staff";

const CONSOLE = E2E_BASE("console");
const OUTBOX = process.env.LEAD_OUTBOX_DIR ?? ".data/outbox";
const OPERATOR = "platform-operator@demo.forecourt.localhost";

/** The newest outbox e-mail to `to` whose text matches `pattern`, decoded (quoted-printable). */
function newestMail(to: string, pattern: RegExp): string | null {
  if (!existsSync(OUTBOX)) return null;
  const files = readdirSync(OUTBOX).sort().reverse();
  for (const file of files) {
    const raw = readFileSync(join(OUTBOX, file), "utf8");
    if (!raw.includes(`To: ${to}`)) continue;
    const text = raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    if (pattern.test(text)) return text;
  }
  return null;
}

async function waitForMail(to: string, pattern: RegExp, after: Set<string>): Promise<string> {
  let found = "";
  await expect(async () => {
    const text = newestMail(to, pattern);
    expect(text && !after.has(text)).toBeTruthy();
    found = text!;
  }).toPass({ timeout: 20_000 });
  return found;
}

function mailsTo(to: string): Set<string> {
  const seen = new Set<string>();
  const text = newestMail(to, /./);
  if (text) seen.add(text);
  return seen;
}

async function signInWithCode(page: Page, email: string) {
  const before = mailsTo(email);
  await page.goto(`${CONSOLE}/sign-in`);
  await page.getByLabel("Work e-mail").fill(email);
  await page.getByRole("button", { name: "E-mail me a code" }).click();
  const mail = await waitForMail(email, /sign-in code/, before);
  const code = /\b(\d{6})\b/.exec(mail)![1];
  await page.getByLabel("6-digit code from the e-mail").fill(code);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByRole("heading", { name: "My sites" })).toBeVisible();
}

test("issue 48 must-show 1-2: an operator onboards a group and site and invites its admin, who signs in with a passkey and invites a site manager", async ({ page, browser, request }) => {
  test.setTimeout(180_000);
  const stamp = Date.now().toString(36);
  const groupName = `Smith Motor Group ${stamp}`;
  const groupSlug = `smith-${stamp}`;
  const siteName = `Smith Motors Parramatta ${stamp}`;
  const siteSlug = `smith-parramatta-${stamp}`;
  const host = `www.smith-${stamp}.com.au`;
  const admin = `admin-${stamp}@smithmotors.test`;
  const manager = `manager-${stamp}@smithmotors.test`;

  // 1. The operator signs in with an e-mailed code and onboards the group and the site.
  await signInWithCode(page, OPERATOR);
  await page.goto(`${CONSOLE}/platform`);
  await expectAxeClean(page);
  const groupForm = page.locator("form", { has: page.getByRole("button", { name: "Create dealer group" }) });
  await groupForm.getByLabel("Group name").fill(groupName);
  await groupForm.getByLabel("Group slug").fill(groupSlug);
  await groupForm.getByRole("button", { name: "Create dealer group" }).click();
  await expect(page.getByRole("status")).toContainText(`Dealer group ${groupName} created.`);

  const siteForm = page.locator("form", { has: page.getByRole("button", { name: "Create site" }) });
  await siteForm.getByLabel("Dealer group").selectOption(groupSlug);
  await siteForm.getByLabel("Site name").fill(siteName);
  await siteForm.getByLabel("Site slug").fill(siteSlug);
  await siteForm.getByLabel("Start from").selectOption("perth-toyota");
  await siteForm.getByRole("button", { name: "Create site" }).click();
  await expect(page.getByRole("heading", { name: `${siteName}: hosts and archiving` })).toBeVisible();
  await expectAxeClean(page);

  // A host another site already answers on is refused, naming it; then the new host is saved.
  await page.getByLabel("Hosts", { exact: true }).fill("perth-toyota.localhost");
  await page.getByRole("button", { name: "Save hosts" }).click();
  await expect(page.getByText("perth-toyota.localhost is already used by")).toBeVisible();
  await page.getByLabel("Hosts", { exact: true }).fill(host);
  await page.getByRole("button", { name: "Save hosts" }).click();
  await expect(page.getByRole("status")).toContainText("Hosts saved");

  // The new site answers at once on its host and its {slug}.localhost, with its name and empty stock.
  const port = new URL(CONSOLE).port;
  const byHost = await request.get(`http://127.0.0.1:${port}/`, { headers: { host } });
  expect(byHost.status()).toBe(200);
  expect(await byHost.text()).toContain(siteName);
  await page.goto(`${E2E_BASE(siteSlug)}/search`);
  await expect(page.locator("body")).toContainText(siteName);

  // The operator invites the group admin on the group's staff page.
  await page.goto(`${CONSOLE}/groups/${groupSlug}/staff`);
  await expectAxeClean(page);
  const adminMails = mailsTo(admin);
  await page.getByLabel("Work e-mail").fill(admin);
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByRole("status")).toContainText(`Invitation sent to ${admin}`);

  // 2. The admin, in a browser of their own, accepts the invitation from the outbox.
  const invitation = await waitForMail(admin, /\/invitations\//, adminMails);
  const link = /http:\/\/\S+\/invitations\/[A-Za-z0-9_-]+/.exec(invitation)![0];
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  const cdp = await adminContext.newCDPSession(adminPage);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", { options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true } });
  await adminPage.goto(link);
  await expect(adminPage.getByText(`is invited to ${groupName} as group admin`)).toBeVisible();
  await expectAxeClean(adminPage);
  await adminPage.getByRole("button", { name: "Accept and sign in" }).click();
  await expect(adminPage.getByRole("heading", { name: "My sites" })).toBeVisible();
  await expect(adminPage.getByRole("link", { name: siteName })).toBeVisible();

  // The admin registers a passkey on the virtual authenticator.
  await adminPage.goto(`${CONSOLE}/account`);
  await adminPage.getByLabel("Name for the new passkey (optional)").fill("Test laptop");
  await adminPage.getByRole("button", { name: "Add a passkey" }).click();
  await expect(adminPage.getByText("Passkey added.")).toBeVisible();
  await expect(adminPage.getByText("Test laptop (added")).toBeVisible();
  await expectAxeClean(adminPage);
  const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0].rpId).toBe("console.localhost");

  // Signs out, and signs in again with the passkey (no e-mail this time).
  await adminPage.goto(`${CONSOLE}/sign-out`);
  await adminPage.getByRole("button", { name: "Sign out of this browser" }).click();
  await expect(adminPage.getByRole("heading", { name: "Staff sign-in" })).toBeVisible();
  const codeMails = mailsTo(admin);
  await adminPage.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(adminPage.getByRole("heading", { name: "My sites" })).toBeVisible();
  expect(mailsTo(admin)).toEqual(codeMails);

  // The admin invites a site manager on the new site's staff page.
  await adminPage.goto(`${CONSOLE}/sites/${siteSlug}/staff`);
  await expectAxeClean(adminPage);
  const managerMails = mailsTo(manager);
  await adminPage.getByLabel("Work e-mail").fill(manager);
  await adminPage.getByLabel("Role", { exact: true }).selectOption("site_manager");
  await adminPage.getByRole("button", { name: "Send invitation" }).click();
  await expect(adminPage.getByRole("status")).toContainText(`Invitation sent to ${manager}`);
  await expect(adminPage.getByText(`${manager}, site manager`)).toBeVisible();
  const managerInvitation = await waitForMail(manager, /\/invitations\//, managerMails);
  expect(managerInvitation).toContain(`invited you to ${siteName} as site manager`);
  await adminContext.close();
});

/**
 * Issue 48 "Must show", as one story in Chromium (ASVS 4.3.1 included):
 * 1. An operator (added with `npm run staff`, signed in by a one-time link) is sent to add a passkey
 *    before any platform page, adds one on Chromium's virtual authenticator and confirms with it;
 *    a post made after an e-mail sign-in is held and goes ahead, as typed, after the passkey; then
 *    onboards a dealer group and a site from a template, sets its host (a taken host is
 *    refused), and invites a group admin.
 * 2. The admin accepts the e-mailed invitation, adds a passkey, signs out, signs in again with the
 *    passkey and invites a site manager.
 * 3. The manager accepts, loads one car without a price (a feed), changes the no-price text and a
 *    phone override, meets a validation error that keeps what was typed, previews the draft on the
 *    site's own host, and publishes.
 * 4. The public site shows the change on the next request; with DATABASE_URL, also on a second app
 *    process started on the same PostgreSQL. On PGlite that part is skipped (the embedded
 *    database is held by one process), and says so in the test's annotations.
 * 5. The manager rolls back (the public site returns to the old values); on PostgreSQL with a
 *    sign-in made 15 minutes old first, so the rollback is confirmed with an e-mailed code (no
 *    JavaScript needed). The site's audit view lists every step; it exports as CSV.
 * axe on each new console page. Plain @playwright/test: console pages are server-rendered forms.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import pg from "pg";
import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { E2E_BASE } from "../../playwright.config";
import { CONSOLE, expectAxeClean, memberSignInLink, operatorSignInLink, signInWithLink, useOwnAddress } from "./console-staff";

const OUTBOX = process.env.LEAD_OUTBOX_DIR ?? ".data/outbox";
const PORT = Number(new URL(CONSOLE).port);
/** The second app process (PostgreSQL only): the next port of the e2e range. */
const SECOND_PORT = PORT + 1;

/** The newest outbox e-mail to `to` whose text matches `pattern`, decoded (quoted-printable). */
function newestMail(to: string, pattern: RegExp): string | null {
  if (!existsSync(OUTBOX)) return null;
  for (const file of readdirSync(OUTBOX).sort().reverse()) {
    const raw = readFileSync(join(OUTBOX, file), "utf8");
    if (!raw.includes(`To: ${to}`)) continue;
    const text = raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    if (pattern.test(text)) return text;
  }
  return null;
}

/** Waits for an invitation e-mail to `to` and returns its link. */
async function invitationLink(to: string): Promise<string> {
  let link = "";
  await expect(async () => {
    const text = newestMail(to, /\/invitations\//);
    expect(text).toBeTruthy();
    link = /http:\/\/\S+\/invitations\/[A-Za-z0-9_-]+/.exec(text!)![0];
  }).toPass({ timeout: 30_000 });
  return link;
}

/** A browser of its own for one member, with a virtual passkey authenticator and a client address of its own. */
async function memberBrowser(browser: Browser): Promise<{ context: BrowserContext; page: Page; credentials: () => Promise<{ rpId?: string }[]> }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await useOwnAddress(page);
  const cdp = await context.newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", { options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true } });
  return { context, page, credentials: async () => (await cdp.send("WebAuthn.getCredentials", { authenticatorId })).credentials };
}

/** Adds a passkey on /account (the page must be open). */
async function addPasskey(page: Page, name: string): Promise<void> {
  await page.getByLabel("Name for the new passkey (optional)").fill(name);
  await page.getByRole("button", { name: "Add a passkey" }).click();
  await expect(page.getByText("Passkey added.")).toBeVisible();
  await expect(page.getByText(`${name} (added`)).toBeVisible();
}

/** What a shopper sees on the car's page on `origin` (a fresh context: no staff or preview cookie). */
async function shopperVdp(browser: Browser, url: string): Promise<{ price: string; phone: string; banner: number }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(url);
  const result = { price: (await page.getByTestId("vdp-price").textContent()) ?? "", phone: (await page.locator("#call-dealer").getByTestId("dealer-phone").textContent()) ?? "", banner: await page.getByRole("region", { name: "Preview" }).count() };
  await context.close();
  return result;
}

/** Moves the sign-in of every session of `email` `minutes` into the past (PostgreSQL, shared with the server). */
async function ageSignIn(databaseUrl: string, email: string, minutes: number): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const result = await client.query("update staff_sessions set created_at = now() - make_interval(mins => $2) where user_id = (select id from staff_users where email = $1)", [email, minutes]);
    expect(result.rowCount).toBeGreaterThan(0);
  } finally {
    await client.end();
  }
}

/** Starts a second app process on the same PostgreSQL and waits for it to answer. @throws with its error output when it does not */
async function startSecondProcess(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["scripts/start.mjs"], {
    env: { ...process.env, PORT: String(SECOND_PORT), DATA_DIR: `${process.env.E2E_DATA_DIR ?? ".data/e2e-pglite"}-second`, LOG_LEVEL: "warn", TRUST_PROXY: "1", SEED_DEMO: "0" },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let errors = "";
  child.stderr!.on("data", (chunk: Buffer) => {
    errors = (errors + chunk.toString("utf8")).slice(-4000);
  });
  try {
    await expect(async () => {
      expect(child.exitCode, errors).toBeNull();
      const response = await fetch(`http://127.0.0.1:${SECOND_PORT}/healthz`);
      expect(response.status).toBe(200);
    }).toPass({ timeout: 180_000 });
  } catch (error) {
    child.kill("SIGTERM");
    throw new Error(`the second app process did not start: ${errors || (error as Error).message}`);
  }
  return child;
}

test("issue 48 must-show: onboard, invite, passkeys, edit, validate, preview, publish (two processes on PostgreSQL), roll back, audit", async ({ browser }) => {
  test.setTimeout(420_000);
  const stamp = Date.now().toString(36);
  const groupName = `Smith Motor Group ${stamp}`;
  const groupSlug = `smith-${stamp}`;
  const siteName = `Smith Motors Parramatta ${stamp}`;
  const siteSlug = `smith-parramatta-${stamp}`;
  const host = `www.smith-${stamp}.com.au`;
  const operatorEmail = `operator-${stamp}@forecourt.test`;
  const admin = `admin-${stamp}@smithmotors.test`;
  const manager = `manager-${stamp}@smithmotors.test`;
  const second = process.env.DATABASE_URL ? startSecondProcess() : null;
  // Awaited at step 4; until then a failure to start must not surface as an unhandled rejection.
  second?.catch(() => undefined);
  if (!second) {
    const why = "step 4 on a second app process and the rollback's code step-up are skipped: they need DATABASE_URL (PGlite is held by one process); every other step runs";
    test.info().annotations.push({ type: "skipped part", description: why });
    console.log(`console-story: ${why}`);
  }

  try {
    // 1. The operator signs in by link; platform pages need a passkey first (ASVS 4.3.1).
    const op = await memberBrowser(browser);
    await signInWithLink(op.page, operatorSignInLink(operatorEmail));
    await op.page.goto(`${CONSOLE}/platform`);
    await expect(op.page).toHaveURL(/\/account\?passkey=required&next=%2Fplatform/);
    await expect(op.page.getByRole("region", { name: "Platform work needs a passkey" })).toBeVisible();
    await expectAxeClean(op.page);
    await addPasskey(op.page, "Operator laptop");
    await op.page.getByRole("button", { name: "Confirm with my passkey" }).click();
    await expect(op.page.getByRole("heading", { level: 1, name: /Platform/ })).toBeVisible();
    expect((await op.credentials())[0]?.rpId).toBe("console.localhost");
    await expectAxeClean(op.page);

    // The group form is filled; meanwhile this browser signs in again by e-mail link (the passkey
    // session ends). The post is held on "Confirm it's you" with the typed values, and goes ahead
    // after the passkey (ASVS 4.3.1, 4.3.3).
    const groupForm = op.page.locator("form", { has: op.page.getByRole("button", { name: "Create dealer group" }) });
    await groupForm.getByLabel("Group name").fill(groupName);
    await groupForm.getByLabel("Group slug").fill(groupSlug);
    const elsewhere = await op.context.newPage();
    await useOwnAddress(elsewhere);
    await elsewhere.goto(memberSignInLink(operatorEmail));
    await expect(elsewhere.getByRole("heading", { name: "My sites" })).toBeVisible();
    await elsewhere.close();
    await groupForm.getByRole("button", { name: "Create dealer group" }).click();
    await expect(op.page.getByRole("heading", { level: 1, name: "Confirm it's you" })).toBeVisible();
    await expect(op.page.getByText("Platform operators confirm with a passkey")).toBeVisible();
    await expect(op.page.getByRole("button", { name: "E-mail me a code" })).toHaveCount(0);
    await expectAxeClean(op.page);
    await op.page.getByRole("button", { name: "Confirm with a passkey" }).click();
    await expect(op.page.getByRole("status")).toContainText(`Dealer group ${groupName} created.`);
    const siteForm = op.page.locator("form", { has: op.page.getByRole("button", { name: "Create site" }) });
    await siteForm.getByLabel("Dealer group").selectOption(groupSlug);
    await siteForm.getByLabel("Site name").fill(siteName);
    await siteForm.getByLabel("Site slug").fill(siteSlug);
    await siteForm.getByLabel("Start from").selectOption("perth-toyota");
    await siteForm.getByRole("button", { name: "Create site" }).click();
    await expect(op.page.getByRole("heading", { name: `${siteName}: hosts and archiving` })).toBeVisible();
    await expectAxeClean(op.page);
    await op.page.getByLabel("Hosts", { exact: true }).fill("perth-toyota.localhost");
    await op.page.getByRole("button", { name: "Save hosts" }).click();
    await expect(op.page.getByText("perth-toyota.localhost is already used by")).toBeVisible();
    await op.page.getByLabel("Hosts", { exact: true }).fill(host);
    await op.page.getByRole("button", { name: "Save hosts" }).click();
    await expect(op.page.getByRole("status")).toContainText("Hosts saved");
    // The new site answers at once on its host with its name.
    const byHost = await op.page.request.get(`http://127.0.0.1:${PORT}/`, { headers: { host } });
    expect(byHost.status()).toBe(200);
    expect(await byHost.text()).toContain(siteName);

    await op.page.goto(`${CONSOLE}/groups/${groupSlug}/staff`);
    await expectAxeClean(op.page);
    await op.page.getByLabel("Work e-mail").fill(admin);
    await op.page.getByRole("button", { name: "Send invitation" }).click();
    await expect(op.page.getByRole("status")).toContainText(`Invitation sent to ${admin}`);
    await op.context.close();

    // 2. The group admin accepts, adds a passkey, signs in again with it, and invites a site manager.
    const ad = await memberBrowser(browser);
    await ad.page.goto(await invitationLink(admin));
    await expect(ad.page.getByText(`is invited to ${groupName} as group admin`)).toBeVisible();
    await expectAxeClean(ad.page);
    await ad.page.getByRole("button", { name: "Accept and sign in" }).click();
    await expect(ad.page.getByRole("link", { name: siteName })).toBeVisible();
    await ad.page.goto(`${CONSOLE}/account`);
    await addPasskey(ad.page, "Admin laptop");
    await expectAxeClean(ad.page);
    await ad.page.goto(`${CONSOLE}/sign-out`);
    await ad.page.getByRole("button", { name: "Sign out of this browser" }).click();
    await expect(ad.page.getByRole("heading", { name: "Staff sign-in" })).toBeVisible();
    await ad.page.getByRole("button", { name: "Sign in with a passkey" }).click();
    await expect(ad.page.getByRole("heading", { name: "My sites" })).toBeVisible();
    await ad.page.goto(`${CONSOLE}/sites/${siteSlug}/staff`);
    await expectAxeClean(ad.page);
    await ad.page.getByLabel("Work e-mail").fill(manager);
    await ad.page.getByLabel("Role", { exact: true }).selectOption("site_manager");
    await ad.page.getByRole("button", { name: "Send invitation" }).click();
    await expect(ad.page.getByRole("status")).toContainText(`Invitation sent to ${manager}`);
    await ad.context.close();

    // 3. The manager accepts, and loads one car without a price (the site starts with no stock).
    const mg = await memberBrowser(browser);
    const page = mg.page;
    await page.goto(await invitationLink(manager));
    await page.getByRole("button", { name: "Accept and sign in" }).click();
    await expect(page.getByRole("link", { name: siteName })).toBeVisible();
    await page.goto(`${CONSOLE}/sites/${siteSlug}/feeds`);
    const csv = ["stock_number,car_type,make,model,badge,year,price,km,body,fuel,transmission,colour,listing_suburb,listing_state", `STORY-${stamp},used,Kia,Picanto,S,2019,,41000,Hatch,Unleaded,Automatic,Red,Parramatta,NSW`].join("\n");
    await page.getByLabel("Feed file").setInputFiles({ name: "first-car.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
    await page.getByRole("button", { name: "Dry run" }).click();
    await page.getByRole("button", { name: "Apply this feed" }).click();
    await expect(page.getByRole("status")).toContainText("Feed applied: 1 created");
    const search = await browser.newPage();
    await search.goto(`${E2E_BASE(siteSlug)}/search`);
    const carPath = new URL((await search.locator('a[href*="/cars/"]').first().getAttribute("href"))!, E2E_BASE(siteSlug)).pathname;
    await search.close();
    const vdp = (port: number) => `http://${siteSlug}.localhost:${port}${carPath}`;
    const before = await shopperVdp(browser, vdp(PORT));
    const noPriceText = `Ring Smith Motors for today's price ${stamp}`;
    expect(before.price).not.toContain(noPriceText);

    await page.goto(`${CONSOLE}/sites/${siteSlug}/settings`);
    await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
    await expectAxeClean(page);
    await page.getByLabel("No price text", { exact: true }).fill(noPriceText);
    await page.getByLabel("Override", { exact: true }).fill("0400 111 222");
    await page.getByLabel("Primary", { exact: true }).fill("navy");
    await page.getByRole("button", { name: "Save draft" }).click();
    await expect(page.getByRole("alert").first()).toContainText("Not saved");
    await expect(page.locator('[id="f-theme.primary-error"]')).toContainText("a colour like #1a2b3c");
    await expect(page.getByLabel("No price text", { exact: true })).toHaveValue(noPriceText);
    await expect(page.getByLabel("Override", { exact: true })).toHaveValue("0400 111 222");
    await expectAxeClean(page);
    await page.getByLabel("Primary", { exact: true }).fill("");
    await page.getByRole("button", { name: "Save draft" }).click();
    await expect(page.getByRole("status")).toContainText("Draft saved");
    expect((await shopperVdp(browser, vdp(PORT))).price).not.toContain(noPriceText);

    // The preview: the real site on its own host with the draft, marked; shoppers never see it.
    await page.getByRole("link", { name: "Preview the draft" }).click();
    await page.goto((await page.getByRole("link", { name: /^Open the preview of/ }).getAttribute("href"))!);
    await page.goto(vdp(PORT));
    await expect(page.getByRole("region", { name: "Preview" })).toContainText("Preview of unpublished settings");
    await expect(page.getByTestId("vdp-price")).toHaveText(noPriceText);
    const duringPreview = await shopperVdp(browser, vdp(PORT));
    expect(duringPreview.price).not.toContain(noPriceText);
    expect(duringPreview.banner).toBe(0);

    await page.goto(`${CONSOLE}/sites/${siteSlug}/settings`);
    await page.getByRole("button", { name: "Publish the draft" }).click();
    await expect(page.getByRole("status")).toContainText(/Published as version \d+/);

    // 4. The next request shows it, on this process and (PostgreSQL) on the second one.
    if (second) await second;
    const ports = second ? [PORT, SECOND_PORT] : [PORT];
    for (const port of ports) {
      const published = await shopperVdp(browser, vdp(port));
      expect(published.price, `port ${port}`).toBe(noPriceText);
      expect(published.phone, `port ${port}`).toContain("0400");
    }

    // 5. The diff, the rollback (a new version), and the public site back as it was everywhere.
    await page.goto(`${CONSOLE}/sites/${siteSlug}/settings/versions`);
    await page.getByRole("link", { name: /^Changes in version/ }).first().click();
    await expect(page.getByRole("table").last()).toContainText("display.noPriceText");
    if (process.env.DATABASE_URL) {
      // PostgreSQL: the manager's sign-in is made 15 minutes old (the test reaches the shared
      // database; PGlite is held by the server), so the rollback asks to confirm. The e-mailed code
      // works without JavaScript: the server answers 307 and Chromium posts the same form again.
      await ageSignIn(process.env.DATABASE_URL, manager, 15);
      await page.getByRole("button", { name: /^Roll back to version/ }).first().click();
      await expect(page.getByRole("heading", { level: 1, name: "Confirm it's you" })).toBeVisible();
      await expect(page.getByText("This change needs a recent sign-in")).toBeVisible();
      await expectAxeClean(page);
      const codesBefore = newestMail(manager, /sign-in code/);
      await page.getByRole("button", { name: "E-mail me a code" }).click();
      let code = "";
      await expect(async () => {
        const mail = newestMail(manager, /sign-in code/);
        expect(mail && mail !== codesBefore).toBeTruthy();
        code = /\b(\d{6})\b/.exec(mail!)![1];
      }).toPass({ timeout: 30_000 });
      await page.getByLabel("6-digit code from the e-mail").fill(code);
      await page.getByRole("button", { name: "Confirm and carry on" }).click();
    } else {
      test.info().annotations.push({ type: "skipped part", description: "the rollback's step-up after an old sign-in: needs DATABASE_URL to age the session (tests/integration/console-step-up.test.ts covers it on both engines)" });
      await page.getByRole("button", { name: /^Roll back to version/ }).first().click();
    }
    await expect(page.getByRole("status")).toContainText(/Rolled back: published as version \d+/);
    for (const port of ports) {
      const rolledBack = await shopperVdp(browser, vdp(port));
      expect(rolledBack.price, `port ${port}`).toBe(before.price);
      expect(rolledBack.phone, `port ${port}`).toBe(before.phone);
    }

    await page.goto(`${CONSOLE}/sites/${siteSlug}/audit`);
    const trail = page.getByRole("table");
    for (const step of ["site.create", "site.hosts", "staff.invite", "staff.invite-accepted", "settings.draft-save", "settings.preview", "settings.publish", "settings.rollback"]) await expect(trail).toContainText(step);
    for (const who of [operatorEmail, admin, manager]) await expect(trail).toContainText(who);
    await expect(trail).toContainText(JSON.stringify(noPriceText));
    await expectAxeClean(page);
    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Export as CSV" }).click();
    expect((await download).suggestedFilename()).toBe(`audit-${siteSlug}.csv`);
    await mg.context.close();
  } finally {
    if (second) (await second.catch(() => null))?.kill("SIGTERM");
  }
});

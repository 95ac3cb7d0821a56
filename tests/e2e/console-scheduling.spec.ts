/**
 * Issue 50 item 7 in Chromium, for a kind other than offers: an editor saves a new page and
 * schedules its publication for tomorrow 9:00 in the site's time zone; shoppers get 404 until
 * the scheduler runs past that moment (the test clock hook), then the page. The console is
 * server-rendered without the client router, so this spec uses Playwright's own `test`.
 */
import { expect, test } from "@playwright/test";
import { E2E_BASE } from "../../playwright.config";
import { DEMO_SITES } from "../../db/seed/demo-sites";
import { SiteConfigSchema } from "../../app/sites/site-config";
import { CONSOLE, expectAxeClean, signInWithLink, staffSignInLink } from "./console-staff";

const SITE = "sunshine-state-cars";
const ZONE = SiteConfigSchema.parse(DEMO_SITES.find((s) => s.slug === SITE)!.config ?? {}).timeZone;
const STAMP = Date.now() % 1_000_000;
const SLUG = `pages/e2e-scheduled-${STAMP}`;
const TITLE = `Holiday trading ${STAMP}`;

test("issue 50: a page scheduled for tomorrow 9:00 stays 404 for shoppers until the scheduler passes that moment", async ({ page, request }) => {
  test.setTimeout(120_000);
  const tomorrow = new Intl.DateTimeFormat("en-CA", { timeZone: ZONE, year: "numeric", month: "2-digit", day: "2-digit" }).format(Date.now() + 86_400_000);
  await signInWithLink(page, staffSignInLink(`e2e-schedule-${STAMP}@dealer.test`, "content-editor", SITE));
  await page.goto(`${CONSOLE}/sites/${SITE}/pages/edit`);
  await page.getByLabel("Address (after the site's domain)").fill(SLUG);
  await page.getByLabel("Title", { exact: true }).fill(TITLE);
  await page.getByLabel("Body (Markdown)").fill("Open **late** over the holidays.");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("status")).toHaveText("Saved.");

  await page.getByLabel("Change", { exact: true }).selectOption("publish");
  await page.getByLabel(`Apply at (site time, ${ZONE})`).fill(`${tomorrow}T09:00`);
  await page.getByRole("button", { name: "Schedule", exact: true }).click();
  await expect(page.getByRole("status")).toContainText("Scheduled.");
  await expect(page.getByRole("region", { name: "Scheduled changes" })).toContainText(/Publishes at \w{3} \d{1,2} \w{3} \d{4}, 9:00 am/);
  await expectAxeClean(page);

  const url = new URL(E2E_BASE(SITE));
  const shopper = () => request.get(`http://127.0.0.1:${url.port}/${SLUG}`, { maxRedirects: 0, headers: { host: url.host } });
  expect((await shopper()).status()).toBe(404);
  const run = await request.post(`http://127.0.0.1:${url.port}/__test/scheduled-changes/run`, { form: { now: new Date(Date.now() + 2 * 86_400_000).toISOString() }, headers: { host: url.host, origin: url.origin } });
  expect(run.status()).toBe(200);
  expect(((await run.json()) as { applied: number }).applied).toBeGreaterThanOrEqual(1);
  const published = await shopper();
  expect(published.status()).toBe(200);
  expect(await published.text()).toContain(TITLE);
});

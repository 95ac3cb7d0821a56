/**
 * Decision 206 (issue 15 TBT): in the browser the app's plain `<Link>`s are anchors with no React
 * Router hooks, and one listener on `window` navigates their clicks in the app, as React Router's
 * `<Link>` would. These tests click real links in Chromium and tell a client navigation (the same
 * document: a mark set on `window` survives) from a document load (the mark is gone).
 */
import { expect, test, type Page } from "./fixtures";
import { E2E_BASE } from "../../playwright.config";

const mark = (page: Page) => page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
const sameDocument = (page: Page) => page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);
const historyLength = (page: Page) => page.evaluate(() => window.history.length);

test("a plain link navigates in the app and adds a history entry; Back returns in the same document", async ({ page }) => {
  await page.goto(`${E2E_BASE("perth-toyota")}/our-location`);
  await mark(page);
  const before = await historyLength(page);
  await page.getByRole("link", { name: "View Location Details: Swan River Toyota Midland" }).click();
  await expect(page).toHaveURL(/\/our-location\/midland$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Midland");
  expect(await sameDocument(page)).toBe(true);
  expect(await historyLength(page)).toBe(before + 1);
  await page.goBack();
  await expect(page).toHaveURL(/\/our-location$/);
  await expect(page.getByRole("link", { name: "View Location Details: Swan River Toyota Midland" })).toBeVisible();
  expect(await sameDocument(page)).toBe(true);
});

test("a Ctrl or Cmd click on a plain link is left to the browser: a new tab, this page stays", async ({ page, context }) => {
  await page.goto(`${E2E_BASE("perth-toyota")}/our-location`);
  await mark(page);
  const [tab] = await Promise.all([
    context.waitForEvent("page"),
    page.getByRole("link", { name: "View Location Details: Swan River Toyota Midland" }).click({ modifiers: ["ControlOrMeta"] }),
  ]);
  await tab.waitForLoadState("domcontentloaded");
  expect(new URL(tab.url()).pathname).toBe("/our-location/midland");
  expect(new URL(page.url()).pathname).toBe("/our-location");
  expect(await sameDocument(page)).toBe(true);
  await tab.close();
});

test("a document-loading link (reloadDocument, a relative `?` link) loads a new document, not a client navigation", async ({ page }) => {
  const digits = String(Date.now() % 1_000_000).padStart(6, "0");
  await page.goto(`${E2E_BASE("harbour-auto-group")}/sign-in`);
  await page.getByLabel("Mobile number").fill(`0413 ${digits.slice(0, 3)} ${digits.slice(3)}`);
  await page.getByRole("button", { name: "Text me a code" }).click();
  await expect(page.getByTestId("code-sent")).toBeVisible();
  // The code step's "Use a different number" link is React Router's `<Link reloadDocument>`.
  await mark(page);
  const load = page.waitForEvent("load");
  await page.getByRole("link", { name: "Use a different number or get a new code" }).click();
  await load;
  await expect(page.getByLabel("Mobile number")).toBeVisible();
  expect(await sameDocument(page)).toBe(false);
});

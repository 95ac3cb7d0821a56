/**
 * Issue 52 item 1: the full-spec demo feed (data/demo-full-spec.csv, imported by the seed through
 * the feed parser into the embedded database as DEMO-SPEC-1) shows every new spec 3 field on the
 * VDP with its unit (spec 2.4 specification list and key information, spec 9 units).
 */
import { expect, test } from "./fixtures";
import { E2E_BASE } from "../../playwright.config";
import { FULL_SPEC_KEY_INFO, FULL_SPEC_SPECS } from "../feed-fidelity-expected";

const HARBOUR = E2E_BASE("harbour-auto-group");
const FULL_SPEC = "2023-kia-sportage-sx-demo-spec-1";

test("full-spec feed car: each new field with its unit on the VDP", async ({ page }) => {
  await page.goto(`${HARBOUR}/cars/${FULL_SPEC}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("2023 Kia Sportage SX+ NQ5");
  const specList = page.getByTestId("spec-list");
  await page.getByRole("button", { name: "Show more" }).first().click();
  const specs = Object.fromEntries(
    await specList.locator("div").evaluateAll((rows) => rows.map((r) => [r.querySelector("dt")?.textContent ?? "", r.querySelector("dd")?.textContent ?? ""])),
  );
  expect(specs).toMatchObject(FULL_SPEC_SPECS);
  const keyInfo = Object.fromEntries(
    await page.getByTestId("key-info").locator("div").evaluateAll((rows) => rows.map((r) => [r.querySelector("dt")?.textContent ?? "", r.querySelector("dd")?.textContent ?? ""])),
  );
  expect(keyInfo).toMatchObject(FULL_SPEC_KEY_INFO);
  await page.getByRole("tab", { name: "What's Included" }).click();
  await expect(page.getByRole("tabpanel")).toContainText("Autonomous emergency braking");
  await expect(page.getByRole("tab", { name: "Dealer Comments" })).toBeVisible();
});

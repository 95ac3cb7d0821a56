/**
 * Phone sign-in in e2e tests (issue 9): a fresh mobile number per sign-in, its code read from the
 * offline SMS adapter's outbox. Shared by the specs that need a signed-in shopper.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, type Page } from "./fixtures";

const OUTBOX = process.env.SMS_OUTBOX_DIR ?? ".data/sms-outbox";
let counter = 0;

/** A fresh mobile number per sign-in: "0412 xxx xxx" and its E.164 form. */
function freshMobile(): { typed: string; e164: string } {
  const digits = String((Date.now() + counter++ * 7919) % 1_000_000).padStart(6, "0");
  return { typed: `0412 ${digits.slice(0, 3)} ${digits.slice(3)}`, e164: `+61412${digits}` };
}

/** The code of the newest outbox text to `e164` (the offline SMS adapter's files). */
function codeFor(e164: string): string | null {
  let files: string[] = [];
  try {
    files = readdirSync(OUTBOX);
  } catch {
    return null;
  }
  const texts = files
    .map((f) => JSON.parse(readFileSync(join(OUTBOX, f), "utf8")) as { to: string; code: string; body: string; sentAt: string })
    .filter((t) => t.to === e164)
    .sort((a, b) => a.sentAt.localeCompare(b.sentAt));
  return texts.at(-1)?.code ?? null;
}

/** On the sign-in page: enters a fresh number, reads the texted code, enters it. */
export async function signInOnPage(page: Page): Promise<string> {
  const mobile = freshMobile();
  await page.getByLabel("Mobile number").fill(mobile.typed);
  await page.getByRole("button", { name: "Text me a code" }).click();
  await expect(page.getByTestId("code-sent")).toContainText("We sent a code to 0412 *** ");
  let code: string | null = null;
  // Polled with the suite's expect bound (playwright.config.ts), meant for a busy machine.
  await expect.poll(() => (code = codeFor(mobile.e164))).toMatch(/^\d{6}$/);
  await page.getByLabel("6-digit code").fill(code!);
  await page.getByRole("button", { name: "Sign in" }).click();
  return mobile.e164;
}


/**
 * Hydration matches the server's HTML: React reports a mismatch (a component whose first browser
 * render differs from its server render) as an uncaught error and renders that part of the page
 * again in the browser, throwing the server's HTML away. Each page below must load, hydrate
 * (its own hydration and each part that hydrates later, decision 203) and report no error.
 */
import { E2E_BASE } from "../../playwright.config";
import { expect, test, waitForHydration } from "./fixtures";

const PAGES: { site: string; path: string }[] = [
  { site: "perth-toyota", path: "/" },
  { site: "perth-toyota", path: "/search/used-cars" },
  { site: "harbour-auto-group", path: "/search?page=2" },
  { site: "perth-toyota", path: "/our-location" },
  { site: "harbour-auto-group", path: "/finance" },
  { site: "southern-cross-used", path: "/contact-us" },
  { site: "outback-caravans", path: "/sell-my-car" },
  // Ad landings: the server renders the URL without its tracking parameters (decision 221), the
  // browser hydrates with them still in the address bar.
  { site: "perth-toyota", path: "/search/used-cars?utm_source=facebook&utm_medium=paid&fbclid=IwAR3e2e" },
  { site: "harbour-auto-group", path: "/?gclid=Cj0KCQe2e" },
];

test.describe("hydration matches the server's HTML", () => {
  for (const { site, path } of PAGES) {
    test(`${site}${path}: hydrates with no mismatch or other error`, async ({ page }) => {
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      page.on("console", (message) => {
        if (message.type() === "error") errors.push(message.text());
      });
      await page.goto(`${E2E_BASE(site)}${path}`);
      await waitForHydration(page);
      expect(errors).toEqual([]);
    });
  }

  test("a VDP hydrates in place, and its tabs then work", async ({ page }) => {
    await page.goto(`${E2E_BASE("perth-toyota")}/search/used-cars`);
    const href = await page.locator('[data-testid="car-card"] h3 a').first().getAttribute("href");
    await page.goto(`${E2E_BASE("perth-toyota")}${href}`);
    await waitForHydration(page);
    const tabs = page.getByRole("tablist", { name: "Vehicle information" }).getByRole("tab");
    expect(await page.getByRole("tablist").count()).toBe(1);
    await tabs.nth(2).click();
    await expect(tabs.nth(2)).toHaveAttribute("aria-selected", "true");
    await expect(tabs.nth(0)).toHaveAttribute("aria-selected", "false");
  });

  test("a VDP hydrates in several tasks: the header, sidebar, tabs and similar stock each after the page's own (decision 203)", async ({ page }) => {
    // The order of the hydration events: the page's own, then each part in a task of its own.
    await page.addInitScript(() => {
      const events: string[] = [];
      (window as unknown as { __events: string[] }).__events = events;
      document.addEventListener("forecourt:page-hydrated", () => events.push("page"));
      document.addEventListener("forecourt:part-hydrating", (e) => events.push(`part ${(e as CustomEvent<string>).detail}`));
      document.addEventListener("forecourt:hydrated", () => events.push("hydrated"));
    });
    await page.goto(`${E2E_BASE("perth-toyota")}/search/used-cars`);
    const href = await page.locator('[data-testid="car-card"] h3 a').first().getAttribute("href");
    await page.goto(`${E2E_BASE("perth-toyota")}${href}`);
    await page.waitForFunction(() => (window as unknown as { __events: string[] }).__events.includes("hydrated"));
    const events = await page.evaluate(() => (window as unknown as { __events: string[] }).__events);
    expect(events[0]).toBe("page");
    expect(events.at(-1)).toBe("hydrated");
    expect(events.slice(1, -1).sort()).toEqual(["part site-header", "part vdp-info-tabs", "part vdp-sidebar", "part vdp-similar"]);
    // Hydrated, they work: a tab switches.
    const tabs = page.getByRole("tablist", { name: "Vehicle information" }).getByRole("tab");
    await tabs.nth(1).click();
    await expect(tabs.nth(1)).toHaveAttribute("aria-selected", "true");
  });

  test("a VDP's islands load when reached and hydrate in place, keeping typed text (decision 186)", async ({ page }) => {
    const loaded: string[] = [];
    page.on("request", (r) => {
      const island = /\/assets\/(vdp-lead-forms|finance-calculator)-[\w-]+\.js$/.exec(r.url());
      if (island) loaded.push(island[1]);
    });
    await page.setViewportSize({ width: 390, height: 844 }); // a phone: the islands are screens away
    await page.goto(`${E2E_BASE("perth-toyota")}/search/used-cars`);
    const href = await page.locator('[data-testid="car-card"] h3 a').first().getAttribute("href");
    await page.goto(`${E2E_BASE("perth-toyota")}${href}`);
    await waitForHydration(page);
    // Neither island is within a screen of the first one: nothing of theirs has loaded.
    expect(loaded).toEqual([]);
    // Mark the server's elements: hydrating in place keeps them, rebuilding would not.
    await page.evaluate(() => {
      const marked = ['[data-island="vdp-lead-forms"] > div', '[data-island="vdp-lead-forms"] form', '#enquire input[name="name"]', '[data-island="finance-calculator"] > form', '[data-testid="finance-calculator"] input'];
      for (const selector of marked) for (const el of document.querySelectorAll(selector)) (el as unknown as { __server: boolean }).__server = true;
    });
    const serverKept = (selector: string) => page.locator(selector).first().evaluate((el) => (el as unknown as { __server?: boolean }).__server === true);

    // Typing in the form before its JavaScript has loaded: it loads, hydrates, and the text stays.
    const enquire = page.locator("#enquire");
    await enquire.getByLabel("First Name").fill("Island");
    await expect(enquire.locator('input[name="_js"]')).toHaveCount(1); // the form's hydrated marker
    expect(loaded).toEqual(["vdp-lead-forms"]);
    await expect(enquire.getByLabel("First Name")).toHaveValue("Island");
    expect(await serverKept('[data-island="vdp-lead-forms"] > div')).toBe(true);
    expect(await serverKept('[data-island="vdp-lead-forms"] form')).toBe(true);
    expect(await serverKept('#enquire input[name="name"]')).toBe(true);

    // The calculator is in a closed disclosure: it loads when opened, then shows its slider.
    await page.getByText("Calculate your repayments").click();
    const calculator = page.getByTestId("finance-calculator");
    await expect(calculator.getByRole("slider")).toBeVisible();
    expect(loaded).toEqual(["vdp-lead-forms", "finance-calculator"]);
  });

  test("the phone menu's no-JavaScript list is inside <noscript>: with scripts on it is text, never built, and the Menu button opens the drawer (decisions 187, 192)", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${E2E_BASE("perth-toyota")}/search/used-cars`);
    await waitForHydration(page);
    // The server sent the whole list (more than 10 links) inside the menu's <noscript> ...
    const sent = await page.locator("details.xl\\:hidden > noscript").evaluate((n) => n.textContent ?? "");
    expect(sent.match(/<a /g)?.length ?? 0).toBeGreaterThan(10);
    // ... which the browser, running scripts, kept as text: no element under the menu but its summary.
    expect(await page.locator("details.xl\\:hidden a, details.xl\\:hidden nav").count()).toBe(0);
    await page.getByText("Menu", { exact: true }).first().click();
    const drawer = page.getByRole("dialog", { name: "Menu" });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole("link").first()).toBeVisible();
  });

  test("pages and client navigations fetch no route manifest: every route comes with the page (decision 187)", async ({ page }) => {
    const discovery: string[] = [];
    page.on("request", (r) => {
      if (new URL(r.url()).pathname.startsWith("/__manifest")) discovery.push(r.url());
    });
    await page.goto(`${E2E_BASE("perth-toyota")}/search/used-cars`);
    await waitForHydration(page);
    await page.locator('[data-testid="car-card"] h3 a').first().click();
    await expect(page).toHaveURL(/\/cars\//);
    await expect(page.getByTestId("vdp-price")).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/search\/used-cars$/);
    expect(discovery).toEqual([]);
  });
});

test.describe("pages load without starting ICU (decision 194)", () => {
  // The first Intl formatter or toLocaleString call makes the browser load ICU's locale data
  // (120-180 ms of a throttled phone's main thread). Count every such call until the page has
  // hydrated, its effects have run and a frame has passed.
  const ICU_PAGES = [
    { site: "perth-toyota", path: "/" },
    { site: "perth-toyota", path: "/search/used-cars" },
    { site: "harbour-auto-group", path: "/search?price_min=20000&price_max=60000" },
    { site: "outback-caravans", path: "/search" },
    { site: "perth-toyota", path: "/our-location" },
    // The calculator's cents, a blog list's publication days (decision 197).
    { site: "perth-toyota", path: "/finance-enquiry" },
    { site: "perth-toyota", path: "/blog/vehicle-reviews" },
  ];
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => {
      const w = window as unknown as { __icuCalls: string[]; __icuHydrated?: boolean };
      const calls: string[] = (w.__icuCalls = []);
      document.addEventListener("forecourt:hydrated", () => (w.__icuHydrated = true));
      const intl = Intl as unknown as Record<string, new (...a: unknown[]) => object>;
      for (const name of ["NumberFormat", "DateTimeFormat", "PluralRules", "Collator", "RelativeTimeFormat", "ListFormat"]) {
        intl[name] = new Proxy(intl[name], {
          construct: (target, args) => (calls.push(`Intl.${name}`), Reflect.construct(target, args)),
          apply: (target, self, args) => (calls.push(`Intl.${name}()`), Reflect.apply(target, self, args)),
        });
      }
      for (const [proto, method] of [[Number.prototype, "toLocaleString"], [Date.prototype, "toLocaleString"], [Date.prototype, "toLocaleDateString"], [Date.prototype, "toLocaleTimeString"]] as const) {
        const methods = proto as unknown as Record<string, (...a: unknown[]) => string>;
        const original = methods[method];
        methods[method] = function (this: unknown, ...args: unknown[]) {
          calls.push(method);
          return original.apply(this, args);
        };
      }
    });
  });

  /** The calls counted once the page has hydrated, loaded and painted a frame after its effects. */
  const callsWhileLoading = async (page: import("@playwright/test").Page) => {
    await page.waitForFunction(() => (window as unknown as { __icuHydrated?: boolean }).__icuHydrated);
    await page.waitForLoadState("load");
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 200))));
    return page.evaluate(() => (window as unknown as { __icuCalls: string[] }).__icuCalls);
  };

  for (const { site, path } of ICU_PAGES) {
    test(`${site}${path}: no Intl formatter or toLocaleString call while loading`, async ({ page }) => {
      await page.goto(`${E2E_BASE(site)}${path}`);
      expect(await callsWhileLoading(page)).toEqual([]);
      // The probe itself counts: a formatter used after load is seen.
      await page.evaluate(() => (1234.5).toLocaleString("en-AU"));
      expect(await page.evaluate(() => (window as unknown as { __icuCalls: string[] }).__icuCalls)).toEqual(["toLocaleString"]);
    });
  }

  for (const site of ["perth-toyota", "harbour-auto-group"]) {
    test(`${site}: a VDP loads without Intl, with its prices written`, async ({ page }) => {
      await page.goto(`${E2E_BASE(site)}/search/used-cars`);
      const href = await page.locator('[data-testid="car-card"] h3 a').first().getAttribute("href");
      await page.goto(`${E2E_BASE(site)}${href}`);
      expect(await callsWhileLoading(page)).toEqual([]);
      await expect(page.locator("main")).toContainText(/\$\d{1,3}(,\d{3})+/);
    });
  }
});

test("a phone's SRP shows its filter form when the shopper asks for it (#refine, decision 211), and it then refines (decision 196)", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${E2E_BASE("harbour-auto-group")}/search`);
  await waitForHydration(page);
  const form = page.getByRole("form", { name: "Refine results" });
  await expect(form).not.toBeInViewport();
  await page.evaluate(() => (location.hash = "refine"));
  await expect(form).toBeInViewport();
  const total = Number((await page.getByTestId("result-count").innerText()).replace(/[^\d]/g, ""));
  await form.getByTestId("facet-make").getByRole("checkbox", { name: /^Toyota/ }).check();
  await expect(page).toHaveURL(/\/search\?make=Toyota$/);
  await expect(async () => expect(Number((await page.getByTestId("result-count").innerText()).replace(/[^\d]/g, ""))).toBeLessThan(total)).toPass();
});

test("a box ticked in the sidebar before its island hydrates still refines without a full page load (decision 196)", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.addInitScript(() => {
    document.addEventListener("forecourt:hydrated", () => ((window as unknown as { __forecourtHydrated?: boolean }).__forecourtHydrated = true), { once: true });
  });
  await page.goto(`${E2E_BASE("harbour-auto-group")}/search`);
  // At once after the page's hydration task (the island has not hydrated: it is far below).
  await waitForHydration(page);
  await page.evaluate(() => ((window as unknown as { __srpMark: number }).__srpMark = 1));
  const total = Number((await page.getByTestId("result-count").innerText()).replace(/[^\d]/g, ""));
  // Tick without scrolling the form into view (scrolling would hydrate it first), as a fast tap would.
  const ticked = await page.evaluate(() => {
    const box = Array.from(document.querySelectorAll<HTMLInputElement>('#refine [data-testid="facet-make"] input[type="checkbox"]')).find((input) => input.value === "Toyota");
    if (!box) return false;
    box.checked = true;
    box.dispatchEvent(new Event("change", { bubbles: true }));
    return true;
  });
  expect(ticked).toBe(true);
  await expect(page).toHaveURL(/\/search\?make=Toyota$/);
  await expect(async () => expect(Number((await page.getByTestId("result-count").innerText()).replace(/[^\d]/g, ""))).toBeLessThan(total)).toPass();
  expect(await page.evaluate(() => (window as unknown as { __srpMark?: number }).__srpMark)).toBe(1);
});

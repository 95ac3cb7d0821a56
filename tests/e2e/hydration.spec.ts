/**
 * Decision 185: the browser build runs on Preact, which hydrates by taking, for each element, the
 * first unused server element with the same tag, and does not compare attributes. A component
 * whose first browser render differs from its server render would silently get the wrong
 * element (or a duplicate). This watches the DOM from the end of parsing until the page's own
 * hydration ends (`forecourt:page-hydrated`, app/entry.client.tsx), and while each part that
 * hydrates later does (decision 203), and expects no element added or removed by hydration, other than `<link rel=modulepreload>` and `<script>` elements, which React Router's
 * <Scripts /> renders in <body> while React's server output had hoisted some of them, and the
 * browser-only `<template data-client-title>` (app/root.tsx ClientTitle).
 */
import { expect, test } from "@playwright/test";
import { E2E_BASE } from "../../playwright.config";
import { waitForHydration } from "./fixtures";

interface HydrationReport {
  hydrated: boolean;
  changes: string[];
}

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

test.describe("hydration keeps the server's HTML (decision 185)", () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => {
      const changes: string[] = [];
      const describe = (n: Element) => `${n.nodeName}${n.id ? `#${n.id}` : ""}${n.getAttribute("data-testid") ? `[${n.getAttribute("data-testid")}]` : ""}`;
      const ignored = (n: Node) =>
        n.nodeType !== 1 || n.nodeName === "SCRIPT" || (n.nodeName === "LINK" && (n as HTMLLinkElement).rel === "modulepreload") || (n as Element).hasAttribute("data-client-title");
      const record = (records: MutationRecord[]) => {
        for (const r of records) {
          for (const n of r.addedNodes) if (!ignored(n)) changes.push(`+${describe(n as Element)} in ${describe(r.target as Element)}`);
          for (const n of r.removedNodes) if (!ignored(n)) changes.push(`-${describe(n as Element)} in ${describe(r.target as Element)}`);
        }
      };
      // Changes are counted while the page hydrates (until `forecourt:page-hydrated`) and while
      // each part that hydrates later does (decision 203), not those made by effects in between.
      let hydrating = true;
      const observer = new MutationObserver((records) => hydrating && record(records));
      document.addEventListener("readystatechange", () => {
        if (document.readyState === "interactive") observer.observe(document.documentElement, { childList: true, subtree: true });
      });
      const pause = () => {
        record(observer.takeRecords());
        hydrating = false;
      };
      document.addEventListener("forecourt:page-hydrated", pause);
      document.addEventListener("forecourt:part-hydrated", pause);
      document.addEventListener("forecourt:part-hydrating", () => {
        observer.takeRecords();
        hydrating = true;
      });
      document.addEventListener("forecourt:hydrated", () => {
        observer.disconnect();
        (window as unknown as { __hydration: HydrationReport }).__hydration = { hydrated: true, changes };
      });
    });
  });

  for (const { site, path } of PAGES) {
    test(`${site}${path}: no element added or removed while hydrating`, async ({ page }) => {
      await page.goto(`${E2E_BASE(site)}${path}`);
      const report = await page.waitForFunction(() => (window as unknown as { __hydration?: HydrationReport }).__hydration).then((h) => h.jsonValue());
      expect(report?.changes).toEqual([]);
    });
  }

  test("the SRP's facet lists and card pictures are kept as sent when the page hydrates, and ticking a facet still refines (decision 191)", async ({ page }) => {
    // Before the scripts run, add an element the server did not send to a facet list and to a
    // card picture: Preact removes such an element from what it hydrates, and leaves a kept
    // element's content alone.
    await page.addInitScript(() => {
      document.addEventListener("DOMContentLoaded", () => {
        for (const selector of ['[data-testid="facet-make"] ul', '[data-testid="car-card"] .contents', '[data-testid="facet-make"] legend']) {
          const extra = document.createElement("i");
          extra.setAttribute("data-extra", selector);
          document.querySelector(selector)?.appendChild(extra);
        }
      });
    });
    await page.goto(`${E2E_BASE("harbour-auto-group")}/search`);
    await page.waitForFunction(() => (window as unknown as { __hydration?: HydrationReport }).__hydration);
    // The legend is hydrated (its extra element is gone); the list and the picture are kept. The
    // legend is in the sidebar form, an island that hydrates just after the page (decision 196):
    // wait for it, rather than reading the page at the moment the page itself has hydrated.
    await expect(async () => {
      const extras = await page.locator("[data-extra]").evaluateAll((els) => els.map((e) => e.getAttribute("data-extra")));
      expect(extras.sort()).toEqual(['[data-testid="car-card"] .contents', '[data-testid="facet-make"] ul']);
    }).toPass();
    const total = Number((await page.getByTestId("result-count").innerText()).replace(/[^\d]/g, ""));
    await page.evaluate(() => ((window as unknown as { __srpMark: number }).__srpMark = 1));
    await page.getByTestId("facet-make").getByRole("checkbox", { name: /^Toyota/ }).check();
    await expect(page).toHaveURL(/\/search\?make=Toyota$/);
    await expect(async () => expect(Number((await page.getByTestId("result-count").innerText()).replace(/[^\d]/g, ""))).toBeLessThan(total)).toPass();
    // Refined without a full page load, and the new facet lists render in the browser.
    expect(await page.evaluate(() => (window as unknown as { __srpMark?: number }).__srpMark)).toBe(1);
    await expect(page.getByTestId("facet-make").getByRole("checkbox", { name: /^Toyota/ })).toBeChecked();
    await expect(page.getByTestId("facet-model").getByRole("checkbox").first()).toBeVisible();
  });

  test("a VDP hydrates in place, and its tabs then work", async ({ page }) => {
    await page.goto(`${E2E_BASE("perth-toyota")}/search/used-cars`);
    const href = await page.locator('[data-testid="car-card"] h3 a').first().getAttribute("href");
    await page.goto(`${E2E_BASE("perth-toyota")}${href}`);
    const report = await page.waitForFunction(() => (window as unknown as { __hydration?: HydrationReport }).__hydration).then((h) => h.jsonValue());
    expect(report?.changes).toEqual([]);
    const tabs = page.getByRole("tablist", { name: "Vehicle information" }).getByRole("tab");
    expect(await page.getByRole("tablist").count()).toBe(1);
    await tabs.nth(2).click();
    await expect(tabs.nth(2)).toHaveAttribute("aria-selected", "true");
    await expect(tabs.nth(0)).toHaveAttribute("aria-selected", "false");
  });

  test("a VDP hydrates in several tasks: the header, sidebar, tabs and similar stock each after the page's own (decision 203)", async ({ page }) => {
    // Before the scripts run, add an element the server did not send to the breadcrumb (hydrated
    // in the page's task) and to each part that hydrates later: Preact removes such an element
    // from what it hydrates. At the end of the page's task only the breadcrumb's has gone.
    await page.addInitScript(() => {
      const places: Record<string, string> = {
        breadcrumb: 'nav[aria-label="Breadcrumb"]',
        header: '[data-hydrate-later="site-header"] header > div',
        sidebar: '[data-hydrate-later="vdp-sidebar"] aside',
        tabs: '[data-hydrate-later="vdp-info-tabs"] [role="tablist"]',
        similar: '[data-hydrate-later="vdp-similar"] section',
      };
      const left = () => [...document.querySelectorAll("[data-extra]")].map((e) => e.getAttribute("data-extra")).sort();
      document.addEventListener("DOMContentLoaded", () => {
        for (const [name, selector] of Object.entries(places)) {
          const extra = document.createElement("i");
          extra.setAttribute("data-extra", name);
          document.querySelector(selector)?.appendChild(extra);
        }
        (window as unknown as { __placed: (string | null)[] }).__placed = left();
      });
      document.addEventListener("forecourt:page-hydrated", () => ((window as unknown as { __afterPage: (string | null)[] }).__afterPage = left()));
      document.addEventListener("forecourt:hydrated", () => ((window as unknown as { __afterAll: (string | null)[] }).__afterAll = left()));
    });
    await page.goto(`${E2E_BASE("perth-toyota")}/search/used-cars`);
    const href = await page.locator('[data-testid="car-card"] h3 a').first().getAttribute("href");
    await page.goto(`${E2E_BASE("perth-toyota")}${href}`);
    await page.waitForFunction(() => (window as unknown as { __afterAll?: string[] }).__afterAll);
    const seen = await page.evaluate(() => {
      const w = window as unknown as { __placed: string[]; __afterPage: string[]; __afterAll: string[] };
      return { placed: w.__placed, afterPage: w.__afterPage, afterAll: w.__afterAll };
    });
    expect(seen.placed).toEqual(["breadcrumb", "header", "sidebar", "similar", "tabs"]);
    expect(seen.afterPage).toEqual(["header", "sidebar", "similar", "tabs"]);
    expect(seen.afterAll).toEqual([]);
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
    const report = await page.waitForFunction(() => (window as unknown as { __hydration?: HydrationReport }).__hydration).then((h) => h.jsonValue());
    expect(report?.changes).toEqual([]);
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
    expect(await serverKept('[data-island="finance-calculator"] > form')).toBe(true);
    expect(await serverKept('[data-testid="finance-calculator"] input')).toBe(true);
  });

  test("the phone menu's no-JavaScript list is inside <noscript>: with scripts on it is text, never built, and the Menu button opens the drawer (decisions 187, 192)", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${E2E_BASE("perth-toyota")}/search/used-cars`);
    await page.waitForFunction(() => (window as unknown as { __hydration?: HydrationReport }).__hydration);
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

  test("card summaries, card buttons and the footer are kept as sent; their links navigate in the app; changed data re-renders them, unchanged data does not (decisions 192, 193)", async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.addInitScript(() => {
      document.addEventListener("DOMContentLoaded", () => {
        const cards = [...document.querySelectorAll('[data-testid="car-card"]')];
        const targets: [string, Element | null | undefined][] = [
          ...cards.map((card): [string, Element | null | undefined] => ["summary", card.querySelector("h3")?.parentElement]),
          ["buttons", cards[1]?.querySelector("a[href*='#enquire']")?.parentElement],
          ["footer", document.querySelector("footer")],
        ];
        for (const [name, el] of targets) {
          const extra = document.createElement("i");
          extra.setAttribute("data-extra", name);
          el?.appendChild(extra);
        }
      });
    });
    // 13 Ford Transits: one page, whatever the sort.
    const srp = `${E2E_BASE("harbour-auto-group")}/search/used-cars?make=Ford&model=Transit`;
    await page.goto(srp);
    await page.waitForFunction(() => (window as unknown as { __hydration?: HydrationReport }).__hydration);
    const ids = await page.getByTestId("car-card").evaluateAll((cards) => cards.map((c) => c.getAttribute("aria-labelledby")));
    expect(ids.length).toBeGreaterThan(2);
    // Kept: hydration did not walk them, so the elements the server did not send are still there.
    const extras = await page.locator("[data-extra]").evaluateAll((els) => els.map((e) => e.getAttribute("data-extra")));
    expect(new Set(extras)).toEqual(new Set(["buttons", "footer", "summary"]));
    expect(extras.filter((e) => e === "summary")).toHaveLength(ids.length);
    await page.evaluate(() => ((window as unknown as { __samePage: boolean }).__samePage = true));

    // A client-side sort brings the same cards again, except one whose price changed (the server's
    // answer is edited on the way, as if the dealer had just repriced it). Each card travels as one
    // JSON string (decision 193): an unchanged card reads back as the same object and stays kept;
    // the changed one renders again from its new data. The footer's data is unchanged: kept too.
    const repriced = page.getByTestId("car-card").nth(1);
    const repricedId = (await repriced.getAttribute("aria-labelledby"))!;
    const oldPrice = (await repriced.getByTestId("car-price").evaluate((p) => p.firstChild?.textContent ?? ""))!;
    expect(oldPrice).toMatch(/^\$[\d,]+$/);
    const carId = repricedId.replace(/^car-|-title$/g, "");
    await page.route(/\.data(\?|$)/, async (route) => {
      // The test runner resolves no *.localhost names (the browser maps them): fetch by address, with the site's Host.
      const url = new URL(route.request().url());
      const response = await route.fetch({ url: url.href.replace(url.hostname, "127.0.0.1"), headers: { ...route.request().headers(), host: url.host } });
      const body = (await response.text()).replace(new RegExp(`(\\\\"id\\\\":${carId},[^]*?\\\\"priceText\\\\":\\\\")[^\\\\]+`), "$1$$1");
      const headers = Object.fromEntries(Object.entries(response.headers()).filter(([name]) => name !== "content-encoding" && name !== "content-length"));
      await route.fulfill({ status: response.status(), headers, body });
    });
    await page.locator("select[name=sortBy]:visible").selectOption("price_desc");
    await expect(page).toHaveURL(/sortBy=price_desc/);
    const card = page.locator(`[aria-labelledby="${repricedId}"]`);
    await expect(card.getByTestId("car-price")).toHaveText("$1");
    await expect(card.locator("[data-extra]")).toHaveCount(0);
    expect(await page.getByTestId("car-card").evaluateAll((cards) => cards.map((c) => c.getAttribute("aria-labelledby")).sort())).toEqual([...ids].sort());
    expect(await page.locator("[data-testid='car-card'] [data-extra='summary']").count()).toBe(ids.length - 1);
    await expect(page.locator("footer > [data-extra]")).toHaveCount(1);
    expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);
    await page.unroute(/\.data(\?|$)/);

    // A kept card button's link and a kept footer link navigate in the app: the same document.
    // This file's `goto` returns at the load event, which can come before the scripts have run
    // (decision 190): a click then is an ordinary document navigation, so wait for hydration.
    await page.goto(srp);
    await page.waitForFunction(() => (window as unknown as { __hydration?: HydrationReport }).__hydration);
    await page.evaluate(() => ((window as unknown as { __samePage: boolean }).__samePage = true));
    const enquire = page.getByTestId("car-card").nth(1).getByRole("link", { name: "Enquire Now" });
    const href = (await enquire.getAttribute("href"))!;
    await enquire.click();
    await expect(page).toHaveURL(new RegExp(`${href.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`));
    await expect(page.getByTestId("vdp-price")).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);
    const location = page.locator("footer section[aria-labelledby=footer-locations] a").first();
    const locationHref = (await location.getAttribute("href"))!;
    await location.click();
    await expect(page).toHaveURL(new RegExp(`${locationHref.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`));
    expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);
  });

  test("cards from the server's markup cache hydrate in place: the toggle works and the title navigates in the app (decision 189)", async ({ page }) => {
    const srp = `${E2E_BASE("harbour-auto-group")}/search/used-cars`;
    await page.goto(srp);
    await page.goto(srp); // the server now holds the cards' markup: this page is written from its cache
    // Mark the server's nodes of the second card (the first is the priority card, never cached).
    await page.evaluate(() => {
      const card = document.querySelectorAll('[data-testid="car-card"]')[1];
      for (const el of card.querySelectorAll("h3 a, svg, [data-testid='car-price'], [data-testid='favourite-toggle']")) (el as unknown as { __server: boolean }).__server = true;
      (window as unknown as { __samePage: boolean }).__samePage = true;
    });
    const report = await page.waitForFunction(() => (window as unknown as { __hydration?: HydrationReport }).__hydration).then((h) => h.jsonValue());
    expect(report?.changes).toEqual([]);
    const card = page.getByTestId("car-card").nth(1);
    expect(await card.locator("h3 a, svg, [data-testid='car-price'], [data-testid='favourite-toggle']").evaluateAll((els) => els.every((el) => (el as unknown as { __server?: boolean }).__server === true))).toBe(true);
    const toggle = card.getByTestId("favourite-toggle");
    await expect(toggle).toHaveAttribute("aria-pressed", "false");
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-pressed", "true");
    const title = (await card.locator("h3 a").textContent())!;
    await card.locator("h3 a").click();
    await expect(page).toHaveURL(/\/cars\//);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(title.split(" ").slice(1, 3).join(" "));
    // A client navigation: the same document.
    expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);
  });

  test("pages and client navigations fetch no route manifest: every route comes with the page (decision 187)", async ({ page }) => {
    const discovery: string[] = [];
    page.on("request", (r) => {
      if (new URL(r.url()).pathname.startsWith("/__manifest")) discovery.push(r.url());
    });
    await page.goto(`${E2E_BASE("perth-toyota")}/search/used-cars`);
    await page.waitForFunction(() => (window as unknown as { __hydration?: HydrationReport }).__hydration);
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

test("a phone's SRP hydrates its filter form only when the shopper reaches it (#refine, decision 211), and it then refines (decision 196)", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  // Before the scripts run, add an element the server did not send to the sidebar form's keyword
  // box: hydrating the form removes it, a form not hydrated yet keeps it.
  await page.addInitScript(() => {
    document.addEventListener("DOMContentLoaded", () => {
      const extra = document.createElement("i");
      extra.setAttribute("data-extra", "refine");
      document.querySelector('#refine [role="search"]')?.appendChild(extra);
    });
    document.addEventListener("forecourt:hydrated", () => ((window as unknown as { __hydratedAt: number }).__hydratedAt = 1));
  });
  await page.goto(`${E2E_BASE("harbour-auto-group")}/search`);
  await page.waitForFunction(() => (window as unknown as { __hydratedAt?: number }).__hydratedAt);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 300))));
  // A phone shows the form (below every result) only as the fragment's target: still the server's HTML.
  await expect(page.locator("[data-extra=refine]")).toHaveCount(1);
  await page.evaluate(() => (location.hash = "refine"));
  const form = page.getByRole("form", { name: "Refine results" });
  await expect(form).toBeInViewport();
  await expect(page.locator("[data-extra=refine]")).toHaveCount(0);
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

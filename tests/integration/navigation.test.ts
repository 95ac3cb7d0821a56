/**
 * Issue 13: a site's navigation, model mega menu and promotions loaded from the database
 * (spec 2.6, 2.7, 3, 4).
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client";
import { manufacturers, models } from "../../db/schema/index";
import { loadSiteNavigation } from "../../app/services/navigation.server";
import { listLocations } from "../../app/services/locations.server";
import { importStock } from "../../app/services/stock-import.server";
import type { Site } from "../../app/sites/site";
import { createTestSite, ENGINE, openTestDatabase } from "./database";
import { feed, stockRecord } from "./fixtures";

let handle: DatabaseHandle;
let site: Site;
let plain: Site;
const id = randomUUID().slice(0, 6);
const brand = `zephyr-${id}`;
const make = `Zephyr${id}`;
const NOW = Date.parse("2026-12-01T02:00:00Z");

beforeAll(async () => {
  handle = await openTestDatabase();
  const [maker] = await handle.db.insert(manufacturers).values({ slug: brand, name: make }).returning();
  await handle.db.insert(models).values([
    { manufacturerId: maker.id, name: "Breeze", slug: "breeze", status: "all_new", categories: ["suvs-4wds", "electrified"] },
    { manufacturerId: maker.id, name: "Gale", slug: "gale", status: "current", categories: ["utes-vans"] },
    { manufacturerId: maker.id, name: "Zephyr EV", slug: "zephyr-ev", status: "coming_soon", categories: ["electrified"], overrideUrl: "https://example.com/zephyr-ev" },
  ]);
  site = await createTestSite(handle, {
    config: {
      brand,
      social: { facebook: "https://www.facebook.com/x", tiktok: "https://www.tiktok.com/@x" },
      features: { hideTradeInBannerText: true },
      navigation: {
        header: [
          { name: "Home", url: "/", mandatory: true },
          { name: "New", url: "/search/new-cars", dynamicDropdown: "models" },
          { name: "Service", url: "/service", dropdownItems: [{ name: "Recalls", url: "/pages/recalls" }, { name: "Express", url: "/pages/express", optional: true }] },
        ],
        footerSections: [{ title: "Contact", items: [{ name: "Our Location", url: "/contact" }] }],
        overrides: [
          { area: "header", target: "Service/Express", enable: true },
          { area: "footer", target: "Browse", hide: true },
        ],
        banners: [
          { title: "Current", startsAt: "2026-11-01", expiresAt: "2026-12-31" },
          { title: "Expired", startsAt: "2026-01-01", expiresAt: "2026-11-30" },
          { title: "Future", startsAt: "2027-01-01", expiresAt: null },
        ],
        abn: "11 222 333 444",
      },
    },
  });
  await importStock(handle.db, site, feed([stockRecord({ make, model: "Gale", stock_number: `G-${id}` })]));
  plain = await createTestSite(handle, { config: { carTypes: ["used"] } });
});
afterAll(async () => {
  await handle?.close();
});

describe(`site navigation from the database (${ENGINE})`, () => {
  it("merges the configured header and footer with the overrides", async () => {
    const nav = await loadSiteNavigation(handle.db, site, await listLocations(handle.db, site), NOW);
    expect(nav.header.map((i) => i.name)).toEqual(["Home", "New", "Service"]);
    expect(nav.header[2].dropdownItems!.map((i) => i.name)).toEqual(["Recalls", "Express"]);
    expect(nav.footer.map((s) => s.title)).toEqual(["Help", "Contact"]);
    expect(nav.footer[0].items.map((i) => i.url)).toContain("/pages/complaint-handling-process");
  });

  it("groups the brand's models with statuses; Our Stock only for models in stock, never for upcoming ones", async () => {
    const nav = await loadSiteNavigation(handle.db, site, [], NOW);
    expect(nav.modelGroups!.map((g) => [g.label, g.models.map((m) => m.label)])).toEqual([
      ["SUVs & 4WDs", ["New Breeze"]],
      ["Utes & Vans", ["Gale"]],
      ["Electrified", ["New Breeze"]],
      ["Upcoming", ["Zephyr EV"]],
    ]);
    const all = nav.modelGroups!.flatMap((g) => g.models);
    expect(all.find((m) => m.slug === "gale")).toMatchObject({ stockUrl: `/search/${brand}/gale`, url: `/search/${brand}/gale` });
    expect(all.find((m) => m.slug === "breeze")).toMatchObject({ stockUrl: null, url: `/search/${brand}` });
    expect(all.find((m) => m.slug === "zephyr-ev")).toMatchObject({ status: "coming_soon", stockUrl: null, url: "https://example.com/zephyr-ev" });
  });

  it("passes only current banners, the feature banner switches and the footer facts", async () => {
    const nav = await loadSiteNavigation(handle.db, site, [], NOW);
    expect(nav.banners.map((b) => b.title)).toEqual(["Current"]);
    expect(nav.featureBanner).toEqual({ offersUrl: "/special-offers", serviceUrl: "/service", tradeInUrl: "/trade-in", showTradeInText: false });
    expect(nav.social).toEqual([
      { network: "facebook", url: "https://www.facebook.com/x" },
      { network: "tiktok", url: "https://www.tiktok.com/@x" },
    ]);
    expect(nav.abn).toBe("11 222 333 444");
    expect(nav.acceptedPayments).toEqual(["mastercard", "visa", "maestro", "google-pay", "apple-pay"]);
  });

  it("gives a site without navigation config the default menus and no model menu", async () => {
    const nav = await loadSiteNavigation(handle.db, plain, [], NOW);
    expect(nav.header.map((i) => [i.name, i.url])).toEqual([
      ["Home", "/"],
      ["Used Cars", "/search/used-cars"],
      ["Finance", "/finance"],
      ["Our Locations", "/our-location"],
    ]);
    expect(nav.modelGroups).toBeNull();
    expect(nav.popup).toBeNull();
    expect(nav.stickyFooter).toMatchObject({ phone: null, openNow: false });
  });
});

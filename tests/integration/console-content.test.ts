/**
 * The console's content pages, redirects, navigation and reviews display (issue 50 items 2, 4 and
 * 8), through real HTTP on the console host and the site's host: Markdown preview sanitised,
 * slugs that would shadow a route refused, publish and unpublish (404 or a redirect), redirect
 * loops refused, a navigation link to a missing page refused with the link named, audit rows.
 */
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { addStaffMember } from "../../app/console/staff.server";
import { locations, reviews, siteRedirects, staffAudit } from "../../db/schema/index";
import { useTestApp } from "./app-harness";
import { consoleRequest, freshClientIp, recordingMailer, signInByLink } from "./console-harness";
import { ENGINE } from "./database";

const state = useTestApp({ app: { trustProxy: true, console: { mailer: recordingMailer() } } });
let editor: string;
const ip = freshClientIp();

beforeAll(async () => {
  const { t, handle } = state;
  const stamp = `${Date.now()}-${Math.random().toString(36).slice(2, 6)}`;
  await addStaffMember(handle.db, { email: `editor-${stamp}@content.test`, role: "content_editor", target: { siteSlug: t.site.slug } });
  editor = await signInByLink(t, handle, `editor-${stamp}@content.test`, ip);
});

const base = () => `/sites/${state.t.site.slug}`;
const post = (path: string, form: Record<string, string>) => consoleRequest(state.t, `${base()}${path}`, { ip, cookie: editor, form });
const shopper = (path: string) => state.t.request(path, { headers: { "x-forwarded-for": "198.51.100.9" }, redirect: "manual" });
const auditOf = (action: string) => state.handle.db.select().from(staffAudit).where(and(eq(staffAudit.siteId, state.t.site.id), eq(staffAudit.action, action)));

describe(`console content pages (${ENGINE})`, () => {
  let pageId: number;

  it("a preview renders the typed Markdown sanitised, saves nothing and keeps what was typed", async () => {
    const response = await post("/pages/edit", { intent: "preview", slug: "pages/our-team", title: "Our team", body: "Meet **the team** at {{site_name}}.\n\n<script>alert(1)</script><img src=x onerror=alert(2)>[x](javascript:alert(3))" });
    expect(response.status).toBe(200);
    const page = await response.text();
    expect(page).toContain("Preview (not saved)");
    expect(page).toContain(`Meet <strong>the team</strong> at ${state.t.site.name}.`);
    const preview = page.slice(page.indexOf('aria-label="Page preview"'));
    expect(preview).toContain("<strong>the team</strong>");
    expect(preview).not.toContain("<script");
    expect(preview).not.toContain("onerror");
    expect(preview).not.toContain('href="javascript:');
    // The typed body is back in the textarea.
    expect(page).toContain("Meet **the team** at {{site_name}}.");
    expect((await auditOf("content.page-create")).length).toBe(0);
  });

  it("the live preview endpoint answers the same sanitised HTML as the Preview button, and saves nothing (who may post it: the permission test)", async () => {
    const body = "Meet **the team** at {{site_name}}.\n\n<script>alert(1)</script><img src=x onerror=alert(2)>[x](javascript:alert(3))";
    const response = await post("/pages/preview", { title: "Our {{site_name}} team", body });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toContain("no-store");
    const answer = (await response.json()) as { title: string; html: string };
    expect(answer.title).toBe(`Our ${state.t.site.name} team`);
    expect(answer.html).toContain(`Meet <strong>the team</strong> at ${state.t.site.name}.`);
    expect(answer.html).not.toContain("<script");
    expect(answer.html).not.toContain("onerror");
    expect(answer.html).not.toContain('href="javascript:');
    // Exactly what the server preview (the no-script path) shows.
    const server = await (await post("/pages/edit", { intent: "preview", slug: "pages/our-team", title: "Our team", body })).text();
    expect(server).toContain(answer.html);
    const missing = await post("/pages/preview", { title: "No body" });
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { errors: string[] }).errors).toEqual(["Post the page's body."]);
    expect((await auditOf("content.page-create")).length).toBe(0);
    const page = await (await consoleRequest(state.t, `/sites/${state.t.site.slug}/pages/edit`, { ip, cookie: editor })).text();
    expect(page).toContain(`data-live-preview="/sites/${state.t.site.slug}/pages/preview"`);
    expect(page).toContain('<script src="/console/markdown-preview.js" defer="">');
  });

  it("a slug that would shadow another route is refused with the routes a page may use; a malformed one too", async () => {
    for (const slug of ["finance", "pages/unsubscribe", "cars/some-car"]) {
      const response = await post("/pages/edit", { intent: "save", slug, title: "Shadow", body: "x" });
      expect(response.status, slug).toBe(400);
      const page = await response.text();
      expect(page).toContain(`/${slug} is the address of another part of the site`);
      expect(page).toContain("/pages/…");
      expect(page).toContain(`value="${slug}"`);
    }
    const bad = await post("/pages/edit", { intent: "save", slug: "Pages/Our Team!", title: "Bad", body: "x" });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Use lower-case letters, digits and hyphens");
  });

  it("a new page is saved unpublished (404 for shoppers), then published and shown on the next request, audited", async () => {
    const saved = await post("/pages/edit", { intent: "save", slug: "pages/our-team", title: "Our team", description: "The people", body: "Meet **the team**." });
    expect(saved.status).toBe(302);
    pageId = Number(/id=(\d+)/.exec(saved.headers.get("location")!)![1]);
    expect((await shopper("/pages/our-team")).status).toBe(404);
    const published = await post(`/pages/edit?id=${pageId}`, { intent: "publish" });
    expect(published.status).toBe(302);
    const page = await shopper("/pages/our-team");
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("<strong>the team</strong>");
    expect((await auditOf("content.page-create")).at(-1)?.entityId).toBe("/pages/our-team");
    expect((await auditOf("content.page-publish")).at(-1)?.after).toMatchObject({ published: true });
    // An edit of the live page shows on the next request (the page cache follows the config version).
    await post(`/pages/edit?id=${pageId}`, { intent: "save", slug: "pages/our-team", title: "Our people", body: "Changed body." });
    expect(await (await shopper("/pages/our-team")).text()).toContain("Changed body.");
  });

  it("an unpublished page answers 404, or a 301 to the address the editor chose", async () => {
    expect((await post(`/pages/edit?id=${pageId}`, { intent: "unpublish", then: "404" })).status).toBe(302);
    expect((await shopper("/pages/our-team")).status).toBe(404);
    await post(`/pages/edit?id=${pageId}`, { intent: "publish" });
    expect((await shopper("/pages/our-team")).status).toBe(200);
    const refused = await post(`/pages/edit?id=${pageId}`, { intent: "unpublish", then: "redirect", redirectTo: "" });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Enter where its address should go");
    expect((await post(`/pages/edit?id=${pageId}`, { intent: "unpublish", then: "redirect", redirectTo: "/special-offers" })).status).toBe(302);
    const moved = await shopper("/pages/our-team");
    expect(moved.status).toBe(301);
    expect(moved.headers.get("location")).toBe("/special-offers");
  });
});

describe(`console redirects (${ENGINE})`, () => {
  it("an old URL redirects (301) to its new one on the public site, with the audit row", async () => {
    const saved = await post("/redirects", { intent: "save", from: "/pages/Old-Offer/", to: "/special-offers?make=ford" });
    expect(saved.status).toBe(302);
    const moved = await shopper("/pages/old-offer");
    expect(moved.status).toBe(301);
    expect(moved.headers.get("location")).toBe("/special-offers?make=ford");
    expect((await auditOf("content.redirect-save")).at(-1)?.after).toEqual({ from: "/pages/old-offer", to: "/special-offers?make=ford" });
  });

  it("a redirect loop cannot be saved, direct or through a chain A -> B -> C -> A; the loop is named", async () => {
    expect((await post("/redirects", { intent: "save", from: "/loop-a", to: "/loop-b" })).status).toBe(302);
    expect((await post("/redirects", { intent: "save", from: "/loop-b", to: "/loop-c" })).status).toBe(302);
    const refused = await post("/redirects", { intent: "save", from: "/loop-c", to: "/loop-a" });
    expect(refused.status).toBe(400);
    const page = await refused.text();
    expect(page).toContain("This redirect would make a loop: /loop-c → /loop-a → /loop-b → /loop-c");
    expect(page).toContain('value="/loop-a"');
    const self = await post("/redirects", { intent: "save", from: "/loop-d", to: "/loop-d/" });
    expect(self.status).toBe(400);
    expect(await self.text()).toContain("/loop-d cannot redirect to itself.");
    const rows = await state.handle.db.select().from(siteRedirects).where(eq(siteRedirects.siteId, state.t.site.id));
    expect(rows.map((r) => r.fromPath).sort()).toEqual(["/loop-a", "/loop-b", "/pages/old-offer", "/pages/our-team"]);
    // The chain that stands is followed hop by hop.
    expect((await shopper("/loop-a")).headers.get("location")).toBe("/loop-b");
  });

  it("a redirect never hides a page the site has", async () => {
    await post("/redirects", { intent: "save", from: "/special-offers", to: "/finance" });
    const page = await shopper("/special-offers");
    expect(page.status).not.toBe(301);
  });
});

describe(`console navigation (${ENGINE})`, () => {
  const row = (i: number, values: Record<string, string>) => Object.fromEntries(Object.entries(values).map(([k, v]) => [`rows[${i}].${k}`, v]));

  it("a navigation item pointing to a missing page cannot be saved: refused with the link named, nothing published", async () => {
    const before = (await auditOf("settings.publish")).length;
    const response = await post("/navigation", { intent: "save", ...row(0, { area: "header", action: "add", name: "Our team", url: "/pages/no-such-page" }) });
    expect(response.status).toBe(400);
    const page = await response.text();
    expect(page).toContain("The link /pages/no-such-page answers 404 (page not found)");
    expect(page).toContain('value="/pages/no-such-page"');
    expect((await auditOf("settings.publish")).length).toBe(before);
    expect(await (await shopper("/")).text()).not.toContain("Our team");
  });

  it("an item the template does not have, or a row without what its change needs, is refused beside the field", async () => {
    const response = await post("/navigation", { intent: "save", ...row(0, { area: "header", target: "No Such Menu", action: "hide" }), ...row(1, { area: "footer", action: "move", target: "", position: "0" }) });
    expect(response.status).toBe(400);
    const page = await response.text();
    expect(page).toContain("The header has no item &quot;No Such Menu&quot;.");
    expect(page).toContain("Enter a place from 1 (first).");
  });

  it("a link to a live page is saved, published as a settings version with its audit row, and shoppers see it on the next request", async () => {
    const response = await post("/navigation", { intent: "save", ...row(0, { area: "header", action: "add", name: "Latest deals", url: "/special-offers" }), ...row(1, { action: "none" }) });
    expect(response.status).toBe(302);
    const home = await (await shopper("/")).text();
    expect(home).toContain("Latest deals");
    const audit = (await auditOf("settings.publish")).at(-1);
    expect(audit?.after).toMatchObject({ "navigation.overrides": [{ area: "header", append: [{ name: "Latest deals", url: "/special-offers" }] }] });
  });
});

describe(`console reviews display (${ENGINE})`, () => {
  it("hiding a review needs a reason, which goes in the audit trail; the location page drops it on the next request; the display settings publish", async () => {
    const { handle, t } = state;
    const [location] = await handle.db.select({ id: locations.id, slug: locations.slug }).from(locations).where(eq(locations.siteId, t.site.id)).limit(1);
    const [review] = await handle.db
      .insert(reviews)
      .values({ siteId: t.site.id, locationId: location.id, customerName: "Hidden Harriet", text: "Rude words here.", rating: 5, reviewDate: new Date("2026-11-01T00:00:00Z") })
      .returning({ id: reviews.id });
    // 20:00 UTC is the next morning on every Australian calendar: the console lists the site's day.
    await handle.db.insert(reviews).values({ siteId: t.site.id, locationId: location.id, customerName: "Three Star Sam", text: "It was fine.", rating: 3, reviewDate: new Date("2026-11-02T20:00:00Z") });
    const locationPage = async () => (await shopper(`/our-location/${location.slug}`)).text();
    expect(await locationPage()).toContain("Hidden Harriet");
    const consoleList = (await (await consoleRequest(state.t, `${base()}/reviews`, { ip, cookie: editor })).text()).replaceAll("<!-- -->", "");
    expect(consoleList).toContain("Three Star Sam, 3 of 5, 2026-11-03");
    expect(consoleList).toContain("Hidden Harriet, 5 of 5, 2026-11-01");

    const refused = await post("/reviews", { intent: "hide", id: String(review.id), reason: "" });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Say why it is hidden");
    expect((await post("/reviews", { intent: "hide", id: String(review.id), reason: "Contains abuse of a staff member" })).status).toBe(302);
    expect(await locationPage()).not.toContain("Hidden Harriet");
    expect((await auditOf("content.review-hide")).at(-1)?.after).toMatchObject({ hidden: true, reason: "Contains abuse of a staff member" });

    expect(await locationPage()).not.toContain("Three Star Sam");
    const bad = await post("/reviews", { intent: "display", minimumReviewRating: "7", reviewsListed: "10" });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Enter a rating from 0 to 5.");
    expect((await post("/reviews", { intent: "display", minimumReviewRating: "3", reviewsListed: "10" })).status).toBe(302);
    expect(await locationPage()).toContain("Three Star Sam");
  });
});

describe(`console banners and popup (${ENGINE})`, () => {
  it("bad promotion fields are refused beside each field with what was typed kept; a valid set publishes and the home page shows it", async () => {
    const refused = await post("/promotions", {
      intent: "save",
      "featureBanner.enabled": "yes",
      "featureBanner.offersUrl": "/special-offers",
      "featureBanner.tradeInUrl": "/trade-in",
      "popup.show": "yes",
      "popup.title": "",
      "popup.buttonLabel": "See the deals",
      "popup.startsAt": "2026-12-10",
      "popup.expiresAt": "2026-12-01",
      "banners[0].title": "Summer sale banner",
      "banners[0].buttonLabel": "Shop now",
      "banners[0].buttonUrl": "javascript:alert(1)",
    });
    expect(refused.status).toBe(400);
    const page = await refused.text();
    expect(page).toContain("Enter the popup&#x27;s title.");
    expect(page).toContain("Enter where the button goes.");
    expect(page).toContain("The expiry must be on or after the start.");
    expect(page).toContain("Use a path of this site starting with &quot;/&quot; or an https:// address.");
    expect(page).toContain('value="Summer sale banner"');

    const missing = await post("/promotions", { intent: "save", "featureBanner.enabled": "yes", "featureBanner.offersUrl": "/pages/no-such-offers", "featureBanner.tradeInUrl": "/trade-in", "popup.show": "no" });
    expect(missing.status).toBe(400);
    expect(await missing.text()).toContain("The link /pages/no-such-offers answers 404");

    // 31 June is not moved to 1 July.
    const noSuchDay = await post("/promotions", { intent: "save", "featureBanner.enabled": "no", "popup.show": "no", "banners[0].title": "Winter sale", "banners[0].startsAt": "2027-06-31" });
    expect(noSuchDay.status).toBe(400);
    const noSuchDayPage = await noSuchDay.text();
    expect(noSuchDayPage).toContain("Enter a day that exists, in the years 1900 to 2100.");
    expect(noSuchDayPage).toContain('value="2027-06-31"');

    const saved = await post("/promotions", {
      intent: "save",
      "featureBanner.enabled": "yes",
      "featureBanner.offersUrl": "/special-offers",
      "featureBanner.tradeInUrl": "/trade-in",
      "popup.show": "yes",
      "popup.title": "Summer popup",
      "popup.description": "Deals all month",
      "banners[0].title": "Summer sale banner",
      "banners[0].buttonLabel": "Shop now",
      "banners[0].buttonUrl": "/special-offers",
    });
    expect(saved.status).toBe(302);
    const home = await (await shopper("/")).text();
    expect(home).toContain("Summer sale banner");
    expect(home).toContain("Summer popup");
    const audit = (await auditOf("settings.publish")).at(-1);
    expect(audit?.after).toMatchObject({ "navigation.popup.title": "Summer popup", "navigation.popup.description": "Deals all month", "navigation.banners": [{ title: "Summer sale banner", buttons: [{ label: "Shop now", url: "/special-offers" }] }] });
  });
});

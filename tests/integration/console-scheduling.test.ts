/**
 * Scheduling from every console editor (issue 50 item 7), through real HTTP on the console host and
 * the site's host: pages (publish, unpublish), navigation overrides, banners and the popup, a
 * location's weekly and special hours and its other details, the brand theme, the model menu's
 * statuses, and adding or removing redirects. Each is typed in the site's time zone, hidden from shoppers
 * until its moment, shown in a staff preview "as of" a moment after it, applied once by the
 * scheduler job, audited, and cancellable.
 */
import { and, eq, desc } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { signPreviewToken } from "../../app/console/preview-token.server";
import { instantOfLocalInput, localInputOf } from "../../app/domain/content/schedule";
import { runDueChanges } from "../../app/services/scheduled-changes.server";
import { contentPages, locations, scheduledChanges, siteConfigVersions, siteRedirects, sites, staffAudit } from "../../db/schema/index";
import { useTestApp } from "./app-harness";
import { CONSOLE_HOST, CONSOLE_ORIGIN, consoleRequest, freshClientIp, recordingMailer, signInSiteStaff } from "./console-harness";
import { ENGINE } from "./database";

const state = useTestApp({ app: { trustProxy: true, console: { mailer: recordingMailer() } } });
const ip = freshClientIp();
const DAY = 86_400_000;
let editor: string;
let reader: string;

beforeAll(async () => {
  ({ content_editor: editor, read_only: reader } = await signInSiteStaff(state.t, state.handle, ["content_editor", "read_only"], ip));
});

const base = () => `/sites/${state.t.site.slug}`;
const post = (path: string, form: Record<string, string>, cookie = editor) => consoleRequest(state.t, `${base()}${path}`, { ip, cookie, form });
const shopper = (path: string, cookie?: string) => state.t.request(path, { headers: { "x-forwarded-for": "198.51.100.9", ...(cookie ? { cookie } : {}) }, redirect: "manual" });
const zone = () => state.t.site.config.timeZone;
/** "YYYY-MM-DDT09:00" `days` from now in the site's zone, and its instant. */
function siteNine(days: number): { typed: string; at: number } {
  const typed = `${localInputOf(Date.now() + days * DAY, zone()).slice(0, 10)}T09:00`;
  return { typed, at: instantOfLocalInput(typed, zone())!.getTime() };
}
const pendingOf = (entity: string) =>
  state.handle.db
    .select()
    .from(scheduledChanges)
    .where(and(eq(scheduledChanges.siteId, state.t.site.id), eq(scheduledChanges.entity, entity), eq(scheduledChanges.status, "pending")))
    .orderBy(desc(scheduledChanges.id));
/** A preview cookie "as of" an instant, signed for the staff member who scheduled the latest change. */
async function asOf(at: number): Promise<string> {
  const [row] = await state.handle.db.select({ by: scheduledChanges.createdBy }).from(scheduledChanges).where(eq(scheduledChanges.siteId, state.t.site.id)).orderBy(desc(scheduledChanges.id)).limit(1);
  return `fc_preview=${await signPreviewToken(state.handle.db, state.t.site.id, row!.by!, Date.now(), { asOf: at })}`;
}
/** The main location page's JSON-LD, as a shopper (or a preview cookie) sees it. */
async function jsonLd(cookie?: string) {
  const html = await (await shopper("/our-location/main", cookie)).text();
  return JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1]!) as {
    name: string;
    telephone?: string;
    image?: string;
    address: { streetAddress?: string; addressLocality: string; addressRegion: string; postalCode: string };
    openingHoursSpecification: { opens?: string; closes?: string; validFrom?: string }[];
  };
}
const row = (i: number, values: Record<string, string>) => Object.fromEntries(Object.entries(values).map(([k, v]) => [`rows[${i}].${k}`, v]));

describe(`scheduling pages (${ENGINE})`, () => {
  it("publish at tomorrow 9:00 site time: 404 for shoppers until then, shown in a preview as of then, published once by the job", async () => {
    const saved = await post("/pages/edit", { intent: "save", slug: "pages/summer-hours", title: "Summer trading hours", body: "Open **late** all summer." });
    expect(saved.status).toBe(302);
    const id = Number(/[?&]id=(\d+)/.exec(saved.headers.get("location")!)![1]);
    const when = siteNine(1);
    const scheduled = await post(`/pages/edit?id=${id}`, { intent: "schedule", change: "publish", applyAt: when.typed });
    expect(scheduled.status).toBe(302);
    expect(scheduled.headers.get("location")).toContain("done=scheduled");
    const [change] = await pendingOf("page");
    expect(change).toMatchObject({ entityId: id, action: "publish" });
    expect(change!.runAt.getTime()).toBe(when.at);
    const editorPage = await (await consoleRequest(state.t, `${base()}/pages/edit?id=${id}`, { ip, cookie: editor })).text();
    expect(editorPage).toMatch(/Publishes at \w{3} \d{1,2} \w{3} \d{4}, 9:00 am/);

    expect((await shopper("/pages/summer-hours")).status).toBe(404);
    expect((await shopper("/pages/summer-hours", await asOf(when.at - 60_000))).status).toBe(404);
    const preview = await shopper("/pages/summer-hours", await asOf(when.at + 60_000));
    expect(preview.status).toBe(200);
    expect(await preview.text()).toContain("Open <strong>late</strong> all summer.");

    expect(await runDueChanges(state.handle.db, when.at - 1000, { siteId: state.t.site.id })).toEqual({ applied: 0, failed: 0 });
    const [a, b] = await Promise.all([runDueChanges(state.handle.db, when.at, { siteId: state.t.site.id }), runDueChanges(state.handle.db, when.at, { siteId: state.t.site.id })]);
    expect(a.applied + b.applied).toBe(1);
    expect((await shopper("/pages/summer-hours")).status).toBe(200);
    const [page] = await state.handle.db.select().from(contentPages).where(eq(contentPages.id, id));
    expect(page!.enabled).toBe(true);
    const actions = (await state.handle.db.select().from(staffAudit).where(eq(staffAudit.siteId, state.t.site.id))).map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(["page.schedule", "page.scheduled-publish"]));
  });

  it("a time in the past or a malformed one is refused beside the field, with what was typed kept; nothing is scheduled", async () => {
    const [page] = await state.handle.db.select().from(contentPages).where(and(eq(contentPages.siteId, state.t.site.id), eq(contentPages.slug, "pages/summer-hours")));
    const before = (await pendingOf("page")).length;
    const past = await post(`/pages/edit?id=${page!.id}`, { intent: "schedule", change: "unpublish", applyAt: "2020-01-01T09:00" });
    expect(past.status).toBe(400);
    const html = await past.text();
    expect(html).toContain("Apply at must be in the future");
    expect(html).toContain('value="2020-01-01T09:00"');
    expect(html).toMatch(/id="schedule-applyAt"[^>]*aria-invalid="true"/);
    const bad = await post(`/pages/edit?id=${page!.id}`, { intent: "schedule", change: "unpublish", applyAt: "2026-02-30T09:00" });
    expect(bad.status).toBe(400);
    expect((await pendingOf("page")).length).toBe(before);
  });

  it("unpublish at a time, then cancelled: the job applies nothing and the page stays", async () => {
    const [page] = await state.handle.db.select().from(contentPages).where(and(eq(contentPages.siteId, state.t.site.id), eq(contentPages.slug, "pages/summer-hours")));
    const when = siteNine(2);
    expect((await post(`/pages/edit?id=${page!.id}`, { intent: "schedule", change: "unpublish", applyAt: when.typed })).status).toBe(302);
    expect((await shopper("/pages/summer-hours", await asOf(when.at + 1000))).status).toBe(404);
    const [change] = await pendingOf("page");
    // Read-only staff cannot cancel it.
    expect((await post(`/pages/edit?id=${page!.id}`, { intent: "cancel-scheduled", changeId: String(change!.id) }, reader)).status).toBe(403);
    expect((await post(`/pages/edit?id=${page!.id}`, { intent: "cancel-scheduled", changeId: String(change!.id) })).status).toBe(302);
    expect(await pendingOf("page")).toHaveLength(0);
    await runDueChanges(state.handle.db, when.at + 1000, { siteId: state.t.site.id });
    expect((await shopper("/pages/summer-hours")).status).toBe(200);
  });
});

describe(`failed offer changes (${ENGINE})`, () => {
  it("an offer's failed publish shows on its editor with the reason; Dismiss there is refused to read-only staff and audited", async () => {
    const saved = await post("/offers/edit", { intent: "save", name: `Failed publish ${Date.now()}` });
    expect(saved.status).toBe(302);
    const id = Number(/[?&]id=(\d+)/.exec(saved.headers.get("location")!)![1]);
    const [change] = await state.handle.db
      .insert(scheduledChanges)
      .values({ siteId: state.t.site.id, entity: "offer", entityId: id, action: "publish", runAt: new Date(Date.now() - DAY), status: "failed", appliedAt: new Date(Date.now() - DAY), error: "the offer could not be published", actorEmail: "planner@example.com" })
      .returning({ id: scheduledChanges.id });
    const page = await (await consoleRequest(state.t, `${base()}/offers/edit?id=${id}`, { ip, cookie: editor })).text();
    expect(page).toMatch(/Not applied:<\/strong> Publishes at \w{3} \d{1,2} \w{3} \d{4}, \d{1,2}:\d{2} [ap]m \(scheduled by planner@example\.com\)\./);
    expect(page).toContain("Why: The offer could not be published.");
    expect((await post(`/offers/edit?id=${id}`, { intent: "dismiss-failed", changeId: String(change!.id) }, reader)).status).toBe(403);
    const dismissed = await post(`/offers/edit?id=${id}`, { intent: "dismiss-failed", changeId: String(change!.id) });
    expect(dismissed.status).toBe(302);
    expect(await (await consoleRequest(state.t, `${base()}/offers/edit?id=${id}`, { ip, cookie: editor })).text()).not.toContain("Why: The offer could not be published.");
    const audit = await state.handle.db.select().from(staffAudit).where(and(eq(staffAudit.siteId, state.t.site.id), eq(staffAudit.action, "offer.schedule-dismiss")));
    expect(audit.map((r) => r.entityId)).toEqual([String(id)]);
  });
});

describe(`scheduling navigation, banners and the popup (${ENGINE})`, () => {
  it("a navigation change scheduled for tomorrow: checked now, hidden until then, in the preview, then published as a settings version by the scheduler", async () => {
    const when = siteNine(1);
    const broken = await post("/navigation", { intent: "schedule", applyAt: when.typed, ...row(0, { area: "header", action: "add", name: "Winter team", url: "/pages/no-such-page" }) });
    expect(broken.status).toBe(400);
    expect(await broken.text()).toContain("The link /pages/no-such-page answers 404");
    const past = await post("/navigation", { intent: "schedule", applyAt: "2020-01-01T09:00", ...row(0, { area: "header", action: "add", name: "Winter deals", url: "/special-offers" }) });
    expect(past.status).toBe(400);
    expect(await pendingOf("site-config")).toEqual([]);

    const response = await post("/navigation", { intent: "schedule", applyAt: when.typed, ...row(0, { area: "header", action: "add", name: "Winter deals", url: "/special-offers" }) });
    expect(response.status).toBe(302);
    const [change] = await pendingOf("site-config");
    expect(change).toMatchObject({ entityId: state.t.site.id, action: "navigation", payload: { navigation: { overrides: [{ area: "header", append: [{ name: "Winter deals", url: "/special-offers" }] }] } } });
    expect(await (await shopper("/")).text()).not.toContain("Winter deals");
    expect(await (await shopper("/", await asOf(when.at + 1000))).text()).toContain("Winter deals");

    const versions = async () => state.handle.db.select().from(siteConfigVersions).where(eq(siteConfigVersions.siteId, state.t.site.id)).orderBy(desc(siteConfigVersions.version));
    const before = (await versions())[0]?.version ?? 0;
    expect((await runDueChanges(state.handle.db, when.at, { siteId: state.t.site.id })).applied).toBe(1);
    expect(await (await shopper("/")).text()).toContain("Winter deals");
    const [latest] = await versions();
    expect(latest!.version).toBeGreaterThan(before);
    expect(latest!.actorEmail).toMatch(/^scheduler \(scheduled by content_editor-/);
  });

  it("banners and a popup scheduled for a moment: the home page shows them only from then (preview first)", async () => {
    const when = siteNine(3);
    const response = await post("/promotions", {
      intent: "schedule",
      applyAt: when.typed,
      "featureBanner.enabled": "yes",
      "featureBanner.offersUrl": "/special-offers",
      "featureBanner.tradeInUrl": "/trade-in",
      "popup.show": "yes",
      "popup.title": "Boxing Day popup",
      "popup.description": "Doors open at 7",
      "banners[0].title": "Boxing Day banner",
      "banners[0].buttonLabel": "Shop now",
      "banners[0].buttonUrl": "/special-offers",
    });
    expect(response.status).toBe(302);
    const home = await (await shopper("/")).text();
    expect(home).not.toContain("Boxing Day banner");
    expect(home).not.toContain("Boxing Day popup");
    const preview = await (await shopper("/", await asOf(when.at + 1000))).text();
    expect(preview).toContain("Boxing Day banner");
    expect(preview).toContain("Boxing Day popup");
    const console = await (await consoleRequest(state.t, `${base()}/promotions`, { ip, cookie: editor })).text();
    expect(console).toContain("The banners and popup scheduled then apply at");
    expect((await runDueChanges(state.handle.db, when.at + 1000, { siteId: state.t.site.id })).applied).toBe(1);
    const after = await (await shopper("/")).text();
    expect(after).toContain("Boxing Day banner");
    expect(after).toContain("Boxing Day popup");
  });
});

describe(`scheduling location hours (${ENGINE})`, () => {
  const week = (open: string, close: string) => Object.fromEntries([0, 1, 2, 3, 4, 5, 6].flatMap((d) => [[`status${d}`, "Open"], [`open${d}`, open], [`close${d}`, close]]));
  const edit = (form: Record<string, string>) => post("/locations/edit?location=main", form);

  it("new weekly hours scheduled: the rest of the form is not saved, shoppers keep the old hours until then, the preview and then the site show the new ones", async () => {
    const [before] = await state.handle.db.select().from(locations).where(and(eq(locations.siteId, state.t.site.id), eq(locations.slug, "main")));
    const when = siteNine(1);
    const response = await edit({ intent: "schedule-hours", applyAt: when.typed, name: "Renamed by mistake", city: "Parramatta", state: "NSW", postcode: "2150", visible: "on", primary: "on", locationType: "sales", saturdayMode: "site", ...week("07:15", "18:45") });
    expect(response.status).toBe(302);
    const [unchanged] = await state.handle.db.select().from(locations).where(eq(locations.id, before!.id));
    expect(unchanged!.name).toBe(before!.name);
    expect(unchanged!.openingHours).toEqual(before!.openingHours);
    expect(JSON.stringify((await jsonLd()).openingHoursSpecification)).not.toContain("07:15");
    expect(JSON.stringify((await jsonLd(await asOf(when.at + 1000))).openingHoursSpecification)).toContain('"opens":"07:15"');

    expect((await runDueChanges(state.handle.db, when.at, { siteId: state.t.site.id })).applied).toBe(1);
    const [after] = await state.handle.db.select().from(locations).where(eq(locations.id, before!.id));
    expect(after!.openingHours.find((h) => h.weekday === 1)).toEqual({ weekday: 1, status: "Open", open: "07:15", close: "18:45" });
    expect(after!.name).toBe(before!.name);
    expect(JSON.stringify((await jsonLd()).openingHoursSpecification)).toContain('"closes":"18:45"');
  });

  it("special hours scheduled for later reach the JSON-LD only from then; a refused schedule keeps what was typed", async () => {
    const when = siteNine(1);
    const date = localInputOf(Date.now() + 10 * DAY, zone()).slice(0, 10);
    const refused = await edit({ intent: "schedule-special", applyAt: "", date, status: "Closed", note: "Stocktake" });
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toContain("Apply at: enter the date and time");
    expect(html).toContain('value="Stocktake"');
    expect((await edit({ intent: "schedule-special", applyAt: when.typed, date, status: "Closed", note: "Stocktake" })).status).toBe(302);
    const closedOn = (spec: { openingHoursSpecification: { validFrom?: string; opens?: string }[] }) => spec.openingHoursSpecification.some((s) => s.validFrom === date);
    expect(closedOn(await jsonLd())).toBe(false);
    expect(closedOn(await jsonLd(await asOf(when.at + 1000)))).toBe(true);
    expect((await runDueChanges(state.handle.db, when.at, { siteId: state.t.site.id })).applied).toBe(1);
    expect(closedOn(await jsonLd())).toBe(true);
    const audit = await state.handle.db.select().from(staffAudit).where(and(eq(staffAudit.siteId, state.t.site.id), eq(staffAudit.action, "location.scheduled-special-hours")));
    expect(audit).toHaveLength(1);
  });
});

describe(`scheduling the brand theme and the model menu's statuses (${ENGINE})`, () => {
  let manager: string;
  beforeAll(async () => {
    ({ site_manager: manager } = await signInSiteStaff(state.t, state.handle, ["site_manager"], ip));
  });
  const publishedTheme = async () => {
    const [site] = await state.handle.db.select({ config: sites.config }).from(sites).where(eq(sites.id, state.t.site.id));
    return ((site!.config as Record<string, unknown>).theme ?? {}) as Record<string, unknown>;
  };

  it("a theme scheduled for a moment replaces the published theme then (a cleared tagline goes), shown first in the preview; contrast is checked when it is scheduled", async () => {
    const colours = { primary: "#14532d", onPrimary: "#ffffff", accent: "" };
    expect((await post("/theme", { intent: "save", ...colours, tagline: "Drive away happy" }, manager)).status).toBe(302);
    expect((await post("/theme", { intent: "publish" }, manager)).status).toBe(302);
    expect(await publishedTheme()).toMatchObject({ primary: "#14532d", tagline: "Drive away happy" });

    const when = siteNine(2);
    const glaring = await post("/theme", { intent: "schedule", applyAt: when.typed, primary: "#fef08a", onPrimary: "#ffffff", accent: "", tagline: "" }, manager);
    expect(glaring.status).toBe(400);
    expect(await glaring.text()).toMatch(/contrast/i);
    expect(await pendingOf("site-config")).toEqual([]);
    expect((await post("/theme", { intent: "schedule", applyAt: when.typed, ...colours, primary: "#0b3d91", tagline: "" }, reader)).status).toBe(403);

    const response = await post("/theme", { intent: "schedule", applyAt: when.typed, ...colours, primary: "#0b3d91", tagline: "" }, manager);
    expect(response.status).toBe(302);
    const [change] = await pendingOf("site-config");
    expect(change).toMatchObject({ action: "theme", payload: { theme: { primary: "#0b3d91", onPrimary: "#ffffff" } } });
    expect((change!.payload as { theme: Record<string, unknown> }).theme).not.toHaveProperty("tagline");
    const themeColour = (html: string) => /<meta name="theme-color" content="([^"]+)"/.exec(html)?.[1];
    expect(themeColour(await (await shopper("/")).text())).toBe("#14532d");
    const preview = await (await shopper("/", await asOf(when.at + 1000))).text();
    expect(themeColour(preview)).toBe("#0b3d91");
    expect(preview).not.toContain("Drive away happy");
    expect(await (await consoleRequest(state.t, `${base()}/theme`, { ip, cookie: manager })).text()).toContain("The theme scheduled then is published at");

    expect((await runDueChanges(state.handle.db, when.at + 1000, { siteId: state.t.site.id })).applied).toBe(1);
    expect(themeColour(await (await shopper("/")).text())).toBe("#0b3d91");
    const theme = await publishedTheme();
    expect(theme).toMatchObject({ primary: "#0b3d91", onPrimary: "#ffffff" });
    expect(theme).not.toHaveProperty("tagline");
  });

  it("model menu statuses scheduled for a moment are published then, and can be cancelled before", async () => {
    // The test site sells no one brand (the page then shows no statuses form); the status is kept by
    // model slug, as the model menu reads it.
    const model = { slug: "hilux" };
    const when = siteNine(4);
    const past = await post("/navigation", { intent: "schedule-statuses", applyAt: "2020-01-01T09:00", [`status:${model!.slug}`]: "coming_soon" }, manager);
    expect(past.status).toBe(400);
    expect(await pendingOf("site-config")).toEqual([]);

    const cancelled = await post("/navigation", { intent: "schedule-statuses", applyAt: siteNine(5).typed, [`status:${model!.slug}`]: "discontinued" }, manager);
    expect(cancelled.status).toBe(302);
    const [first] = await pendingOf("site-config");
    expect(first).toMatchObject({ action: "model-statuses", payload: { navigation: { modelStatuses: { [model!.slug]: "discontinued" } } } });
    expect((await post("/navigation", { intent: "cancel-scheduled", changeId: String(first!.id) }, manager)).status).toBe(302);
    expect(await pendingOf("site-config")).toEqual([]);

    expect((await post("/navigation", { intent: "schedule-statuses", applyAt: when.typed, [`status:${model!.slug}`]: "coming_soon" }, manager)).status).toBe(302);
    expect(await (await consoleRequest(state.t, `${base()}/navigation`, { ip, cookie: manager })).text()).toContain("The model menu statuses scheduled then apply at");
    expect((await runDueChanges(state.handle.db, when.at + 1000, { siteId: state.t.site.id })).applied).toBe(1);
    const [site] = await state.handle.db.select({ config: sites.config }).from(sites).where(eq(sites.id, state.t.site.id));
    expect(((site!.config as { navigation?: { modelStatuses?: Record<string, string> } }).navigation?.modelStatuses ?? {})[model!.slug]).toBe("coming_soon");
  });
});

describe(`scheduling a location's details (${ENGINE})`, () => {
  const edit = (form: Record<string, string>, cookie = editor) => post("/locations/edit?location=main", form, cookie);
  const mainRow = async () => (await state.handle.db.select().from(locations).where(and(eq(locations.siteId, state.t.site.id), eq(locations.slug, "main"))))[0]!;
  const moved = { name: "Main Yard Osborne Park", street: "400 Scarborough Beach Road", city: "Osborne Park", state: "WA", postcode: "6017", phone: "08 9201 4411", dealerLicenseNumber: "MD 12345", locationType: "sales", visible: "on", primary: "on", saturdayMode: "site" };

  it("a move with a new phone: checked as a save is, unchanged until then, in the preview, then written by the job; the page, JSON-LD and hours follow", async () => {
    const before = await mainRow();
    const when = siteNine(6);
    const badPhone = await edit({ intent: "schedule-details", applyAt: when.typed, ...moved, phone: "12" });
    expect(badPhone.status).toBe(400);
    const badHtml = await badPhone.text();
    expect(badHtml).toContain("Enter an Australian phone number");
    expect(badHtml).toContain('value="400 Scarborough Beach Road"');
    const wrongState = await edit({ intent: "schedule-details", applyAt: when.typed, ...moved, state: "NSW" });
    expect(wrongState.status).toBe(400);
    expect(await wrongState.text()).toContain("Postcode 6017 is in WA, not NSW.");
    const newSlug = await edit({ intent: "schedule-details", applyAt: when.typed, ...moved, slug: "osborne-park" });
    expect(newSlug.status).toBe(400);
    expect(await newSlug.text()).toContain("keep main to schedule the other details");
    expect((await edit({ intent: "schedule-details", applyAt: when.typed, ...moved }, reader)).status).toBe(403);
    expect(await pendingOf("location")).toEqual([]);

    const response = await edit({ intent: "schedule-details", applyAt: when.typed, ...moved });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toContain("done=scheduled");
    const [change] = await pendingOf("location");
    expect(change).toMatchObject({ entityId: before.id, action: "details", payload: { name: moved.name, city: "Osborne Park", state: "WA", postcode: "6017", phone: "08 9201 4411", dealerLicenseNumber: "MD 12345", visible: true, primary: true } });
    expect((change!.payload as { lat: number }).lat).toBeLessThan(-31);
    expect(change!.payload).not.toHaveProperty("imageUrl");
    expect(change!.payload).not.toHaveProperty("openingHours");
    const editorPage = await (await consoleRequest(state.t, `${base()}/locations/edit?location=main`, { ip, cookie: editor })).text();
    expect(editorPage).toMatch(/New details apply \(shown on the public site\) at \w{3} \d{1,2} \w{3} \d{4}, 9:00 am/);

    expect(await mainRow()).toMatchObject({ name: before.name, city: "Parramatta", phone: before.phone });
    const now = await jsonLd();
    expect(now.address.addressLocality).toBe("Parramatta");
    expect(now.telephone).toBeUndefined();
    const preview = await jsonLd(await asOf(when.at + 1000));
    expect(preview).toMatchObject({ name: moved.name, telephone: "+61892014411", address: { streetAddress: "400 Scarborough Beach Road", addressLocality: "Osborne Park", addressRegion: "WA", postalCode: "6017" } });
    expect((await jsonLd(await asOf(when.at - 60_000))).address.addressLocality).toBe("Parramatta");
    // The header, footer and Call Now read the main location from the same list.
    expect(await (await shopper("/")).text()).not.toContain("9201 4411");
    expect(await (await shopper("/", await asOf(when.at + 1000))).text()).toContain("9201 4411");

    expect((await runDueChanges(state.handle.db, when.at - 1000, { siteId: state.t.site.id })).applied).toBe(0);
    expect((await runDueChanges(state.handle.db, when.at, { siteId: state.t.site.id })).applied).toBe(1);
    const after = await mainRow();
    expect(after).toMatchObject({ slug: "main", name: moved.name, city: "Osborne Park", state: "WA", phone: "08 9201 4411", dealerLicenseNumber: "MD 12345", visible: true, primary: true });
    expect(after.lat).toBeLessThan(-31);
    // The details change leaves the hours as they were.
    expect(after.openingHours).toEqual(before.openingHours);
    expect(await jsonLd()).toMatchObject({ name: moved.name, telephone: "+61892014411", address: { addressLocality: "Osborne Park" } });
    expect(await (await shopper("/")).text()).toContain("9201 4411");
    const audit = (await state.handle.db.select().from(staffAudit).where(and(eq(staffAudit.siteId, state.t.site.id), eq(staffAudit.action, "location.scheduled-details"))))[0];
    expect(audit?.after).toMatchObject({ slug: "main", city: "Osborne Park", phone: "08 9201 4411" });
    expect(audit?.before).toMatchObject({ city: "Parramatta" });
  });

  it("hidden at a time and shown again at a later one: the page answers 404 only between them, in the preview as by the job; a cancelled change is audited and never applied", async () => {
    const hideAt = siteNine(7);
    const showAt = siteNine(8);
    const { visible: _visible, ...hidden } = moved;
    expect((await edit({ intent: "schedule-details", applyAt: hideAt.typed, ...hidden })).status).toBe(302);
    expect(await (await consoleRequest(state.t, `${base()}/locations/edit?location=main`, { ip, cookie: editor })).text()).toContain("New details apply (hidden from the public site)");
    expect((await shopper("/our-location/main")).status).toBe(200);
    expect((await shopper("/our-location/main", await asOf(hideAt.at + 1000))).status).toBe(404);

    // Scheduling the details again replaces the pending change (one per location and action).
    expect((await edit({ intent: "schedule-details", applyAt: showAt.typed, ...moved, phone: "08 9201 4422" })).status).toBe(302);
    const [showing] = await pendingOf("location");
    expect(await pendingOf("location")).toHaveLength(1);
    expect((await post("/locations/edit?location=main", { intent: "cancel-scheduled", changeId: String(showing!.id) }, reader)).status).toBe(403);
    expect((await post("/locations/edit?location=main", { intent: "cancel-scheduled", changeId: String(showing!.id) })).status).toBe(302);
    expect(await pendingOf("location")).toEqual([]);
    const cancelled = await state.handle.db.select().from(staffAudit).where(and(eq(staffAudit.siteId, state.t.site.id), eq(staffAudit.action, "location.schedule-cancel")));
    expect(cancelled.at(-1)?.before).toMatchObject({ action: "details" });
    expect((await runDueChanges(state.handle.db, showAt.at + 1000, { siteId: state.t.site.id })).applied).toBe(0);
    expect((await mainRow()).phone).toBe("08 9201 4411");

    expect((await edit({ intent: "schedule-details", applyAt: hideAt.typed, ...hidden })).status).toBe(302);
    expect((await edit({ intent: "schedule-hours", applyAt: showAt.typed, ...moved, status1: "Open", open1: "08:00", close1: "17:00" })).status).toBe(302);
    expect((await runDueChanges(state.handle.db, hideAt.at, { siteId: state.t.site.id })).applied).toBe(1);
    expect((await mainRow()).visible).toBe(false);
    expect((await shopper("/our-location/main")).status).toBe(404);
    // A hidden location scheduled to be shown appears in the preview from then.
    const show = await edit({ intent: "schedule-details", applyAt: showAt.typed, ...moved });
    expect(show.status).toBe(302);
    expect((await shopper("/our-location/main", await asOf(showAt.at + 1000))).status).toBe(200);
    expect(await runDueChanges(state.handle.db, showAt.at, { siteId: state.t.site.id })).toEqual({ applied: 2, failed: 0 });
    expect((await shopper("/our-location/main")).status).toBe(200);
    expect((await jsonLd()).openingHoursSpecification).toContainEqual(expect.objectContaining({ opens: "08:00", closes: "17:00" }));
  });
});

describe(`scheduling a location's photo (${ENGINE})`, () => {
  it("a photo scheduled with the details is stored when scheduled and shown only from its time", async () => {
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#225588" } }).png().toBuffer();
    const form = new FormData();
    const when = siteNine(15);
    for (const [k, v] of Object.entries({ intent: "schedule-details", applyAt: when.typed, name: "Main Yard Osborne Park", city: "Osborne Park", state: "WA", postcode: "6017", phone: "08 9201 4411", visible: "on", primary: "on", saturdayMode: "site" })) form.append(k, v);
    form.append("image", new Blob([new Uint8Array(png)], { type: "image/png" }), "yard.png");
    const response = await state.t.request(`${base()}/locations/edit?location=main`, { host: CONSOLE_HOST, method: "POST", redirect: "manual", headers: { "x-forwarded-for": ip, cookie: editor, origin: CONSOLE_ORIGIN }, body: form });
    expect(response.status).toBe(302);
    const [change] = await pendingOf("location");
    const imageUrl = (change!.payload as { imageUrl?: string }).imageUrl!;
    expect(imageUrl).toMatch(/^\/media\/\d+-[0-9a-f]{16}\.webp$/);
    const [before] = await state.handle.db.select().from(locations).where(and(eq(locations.siteId, state.t.site.id), eq(locations.slug, "main")));
    expect(before!.imageUrl).toBeNull();
    expect((await jsonLd()).image).toBeUndefined();
    expect((await jsonLd(await asOf(when.at + 1000))).image?.endsWith(imageUrl)).toBe(true);
    expect((await runDueChanges(state.handle.db, when.at, { siteId: state.t.site.id })).applied).toBe(1);
    const [after] = await state.handle.db.select().from(locations).where(eq(locations.id, before!.id));
    expect(after!.imageUrl).toBe(imageUrl);
    expect((await jsonLd()).image?.endsWith(imageUrl)).toBe(true);
  });
});

describe(`scheduling redirects (${ENGINE})`, () => {
  const redirectsOf = async () => (await state.handle.db.select().from(siteRedirects).where(eq(siteRedirects.siteId, state.t.site.id))).map((r) => `${r.fromPath} -> ${r.toPath}`).sort();

  it("a redirect scheduled for a moment: not answered before it, 301 in the preview and after the job; its removal at a later moment likewise", async () => {
    const when = siteNine(9);
    const response = await post("/redirects", { intent: "schedule", from: "/Summer-Sale/", to: "/special-offers?make=ford", applyAt: when.typed });
    expect(response.status).toBe(302);
    const [change] = await pendingOf("redirect");
    expect(change).toMatchObject({ entityId: state.t.site.id, action: "add", payload: { from: "/summer-sale", to: "/special-offers?make=ford" } });
    expect(await (await consoleRequest(state.t, `${base()}/redirects`, { ip, cookie: editor })).text()).toMatch(/Redirect \/summer-sale → \/special-offers\?make=ford is added at \w{3} \d{1,2} \w{3} \d{4}, 9:00 am/);

    expect((await shopper("/summer-sale")).status).toBe(404);
    expect((await shopper("/summer-sale", await asOf(when.at - 60_000))).status).toBe(404);
    const preview = await shopper("/summer-sale", await asOf(when.at + 1000));
    expect(preview.status).toBe(301);
    expect(preview.headers.get("location")).toBe("/special-offers?make=ford");

    expect((await runDueChanges(state.handle.db, when.at, { siteId: state.t.site.id })).applied).toBe(1);
    const moved = await shopper("/summer-sale");
    expect(moved.status).toBe(301);
    expect(moved.headers.get("location")).toBe("/special-offers?make=ford");
    expect(await redirectsOf()).toContain("/summer-sale -> /special-offers?make=ford");

    const removeAt = siteNine(10);
    expect((await post("/redirects", { intent: "schedule-removal", from: "/summer-sale", applyAt: removeAt.typed })).status).toBe(302);
    expect((await shopper("/summer-sale")).status).toBe(301);
    expect((await shopper("/summer-sale", await asOf(removeAt.at + 1000))).status).toBe(404);
    expect((await runDueChanges(state.handle.db, removeAt.at, { siteId: state.t.site.id })).applied).toBe(1);
    expect((await shopper("/summer-sale")).status).toBe(404);
    const actions = (await state.handle.db.select().from(staffAudit).where(eq(staffAudit.siteId, state.t.site.id))).map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(["redirect.schedule", "redirect.scheduled-add", "redirect.scheduled-remove"]));
  });

  it("a scheduled redirect that would close a loop, with a saved one or with one scheduled before it, is refused with the loop named; nothing is stored", async () => {
    expect((await post("/redirects", { intent: "save", from: "/old-team", to: "/pages/new-team" })).status).toBe(302);
    const when = siteNine(11);
    const loop = await post("/redirects", { intent: "schedule", from: "/pages/new-team", to: "/old-team", applyAt: when.typed });
    expect(loop.status).toBe(400);
    const html = await loop.text();
    expect(html).toContain("This redirect would make a loop at that time (with the redirect changes scheduled before it): /pages/new-team → /old-team → /pages/new-team");
    expect(html).toContain('value="/pages/new-team"');
    expect(await pendingOf("redirect")).toEqual([]);

    const earlier = siteNine(12);
    const later = siteNine(13);
    expect((await post("/redirects", { intent: "schedule", from: "/winter", to: "/clearance", applyAt: earlier.typed })).status).toBe(302);
    const closes = await post("/redirects", { intent: "schedule", from: "/clearance", to: "/winter", applyAt: later.typed });
    expect(closes.status).toBe(400);
    expect(await closes.text()).toContain("/clearance → /winter → /clearance");
    // Before the other one, it would stop that one from applying: refused too, naming it.
    const stops = await post("/redirects", { intent: "schedule", from: "/clearance", to: "/winter", applyAt: siteNine(11).typed });
    expect(stops.status).toBe(400);
    expect(await stops.text()).toMatch(/This would stop a change scheduled for \w{3} \d{1,2} \w{3} \d{4}, 9:00 am \(adding \/winter → \/clearance\)/);
    expect((await post("/redirects", { intent: "schedule-removal", from: "/nowhere", applyAt: later.typed })).status).toBe(400);
    expect(await pendingOf("redirect")).toHaveLength(1);
  });

  it("a scheduled redirect is cancelled (audited) or, when a redirect saved by hand since would make it a loop, fails when it is due", async () => {
    const [pending] = await pendingOf("redirect");
    expect(pending).toMatchObject({ action: "add", payload: { from: "/winter" } });
    expect((await post("/redirects", { intent: "cancel-scheduled", changeId: String(pending!.id) }, reader)).status).toBe(403);
    expect((await post("/redirects", { intent: "cancel-scheduled", changeId: String(pending!.id) })).status).toBe(302);
    expect(await pendingOf("redirect")).toEqual([]);
    const audit = await state.handle.db.select().from(staffAudit).where(and(eq(staffAudit.siteId, state.t.site.id), eq(staffAudit.action, "redirect.schedule-cancel")));
    expect(audit.at(-1)?.before).toMatchObject({ action: "add" });

    const when = siteNine(14);
    expect((await post("/redirects", { intent: "schedule", from: "/spring", to: "/autumn", applyAt: when.typed })).status).toBe(302);
    // Saved now, this is no loop (the scheduled one is not there yet); at its time the scheduled one would close one.
    expect((await post("/redirects", { intent: "save", from: "/autumn", to: "/spring" })).status).toBe(302);
    expect(await runDueChanges(state.handle.db, when.at + 1000, { siteId: state.t.site.id })).toEqual({ applied: 0, failed: 1 });
    const [failed] = await state.handle.db.select().from(scheduledChanges).where(and(eq(scheduledChanges.siteId, state.t.site.id), eq(scheduledChanges.entity, "redirect"), eq(scheduledChanges.status, "failed")));
    expect(failed?.error).toContain("/spring → /autumn → /spring");
    expect((await shopper("/winter")).status).toBe(404);
    expect(await redirectsOf()).not.toContain("/spring -> /autumn");
  });

  it("a change that failed at the job shows in its editor with the reason and who scheduled it, and on the dashboard; Dismiss hides it (audited), not for read-only staff", async () => {
    const [failed] = await state.handle.db.select().from(scheduledChanges).where(and(eq(scheduledChanges.siteId, state.t.site.id), eq(scheduledChanges.entity, "redirect"), eq(scheduledChanges.status, "failed")));
    expect(failed?.actorEmail).toBeTruthy();
    const editorPage = async () => (await consoleRequest(state.t, `${base()}/redirects`, { ip, cookie: editor })).text();
    const listed = await editorPage();
    expect(listed).toContain("Scheduled changes that did not happen");
    expect(listed).toMatch(new RegExp(`Not applied:</strong> Redirect /spring → /autumn is added at \\w{3} \\d{1,2} \\w{3} \\d{4}, 9:00 am \\(scheduled by ${failed!.actorEmail!.replace(/[.+]/g, "\\$&")}\\)`));
    expect(listed).toContain("Why: The redirect would make a loop: /spring → /autumn → /spring.");
    expect(listed).toMatch(/<button[^>]*value="dismiss-failed"[^>]*aria-label="Dismiss: Redirect \/spring → \/autumn is added at [^"]+ did not happen"/);

    const dashboard = async () => (await consoleRequest(state.t, base(), { ip, cookie: editor })).text();
    const before = await dashboard();
    expect(before).toContain("Scheduled changes that did not happen: 1");
    expect(before).toMatch(new RegExp(`<a href="${base()}/redirects"[^>]*>Redirects</a>: 1 change`));

    expect((await post("/redirects", { intent: "dismiss-failed", changeId: String(failed!.id) }, reader)).status).toBe(403);
    expect(await editorPage()).toContain("Why: The redirect would make a loop");
    const dismissed = await post("/redirects", { intent: "dismiss-failed", changeId: String(failed!.id) });
    expect(dismissed.status).toBe(302);
    expect(dismissed.headers.get("location")).toContain("done=dismissed");
    const after = await (await consoleRequest(state.t, dismissed.headers.get("location")!, { ip, cookie: editor })).text();
    expect(after).not.toContain("Scheduled changes that did not happen");
    expect(after).toContain("Dismissed: that change no longer shows here.");
    expect(await dashboard()).not.toContain("Scheduled changes that did not happen");
    const audit = await state.handle.db.select().from(staffAudit).where(and(eq(staffAudit.siteId, state.t.site.id), eq(staffAudit.action, "redirect.schedule-dismiss")));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorEmail: expect.stringContaining("@"), entity: "redirect", before: { action: "add", error: expect.stringContaining("/spring → /autumn → /spring") } });
    // The record stays failed, with its reason; a second Dismiss changes nothing and is not audited again.
    const [kept] = await state.handle.db.select().from(scheduledChanges).where(eq(scheduledChanges.id, failed!.id));
    expect(kept).toMatchObject({ status: "failed", payload: { from: "/spring", to: "/autumn" } });
    expect((await post("/redirects", { intent: "dismiss-failed", changeId: String(failed!.id) })).status).toBe(302);
    expect(await state.handle.db.select().from(staffAudit).where(and(eq(staffAudit.siteId, state.t.site.id), eq(staffAudit.action, "redirect.schedule-dismiss")))).toHaveLength(1);
  });

  it("the failed changes of the last 30 days show, in the editor they belong to only; older ones do not", async () => {
    const insertFailed = async (action: string, daysAgo: number, error: string) =>
      (
        await state.handle.db
          .insert(scheduledChanges)
          .values({ siteId: state.t.site.id, entity: "site-config", entityId: state.t.site.id, action, runAt: new Date(Date.now() - daysAgo * DAY), status: "failed", appliedAt: new Date(Date.now() - daysAgo * DAY), error, actorEmail: "planner@example.com", payload: {} })
          .returning({ id: scheduledChanges.id })
      )[0]!.id;
    await insertFailed("promotions", 29, "the published settings would not be valid: banner text is too long");
    await insertFailed("promotions", 31, "an old failure");
    await insertFailed("theme", 2, "the theme section is invalid");
    const promotions = await (await consoleRequest(state.t, `${base()}/promotions`, { ip, cookie: editor })).text();
    expect(promotions).toContain("Why: The published settings would not be valid: banner text is too long.");
    expect(promotions).toContain("(scheduled by planner@example.com)");
    expect(promotions).not.toContain("An old failure");
    expect(promotions).not.toContain("The theme section is invalid");
    const navigation = await (await consoleRequest(state.t, `${base()}/navigation`, { ip, cookie: editor })).text();
    expect(navigation).not.toContain("Scheduled changes that did not happen");
    const dashboard = await (await consoleRequest(state.t, base(), { ip, cookie: reader })).text();
    expect(dashboard).toContain("Scheduled changes that did not happen: 2");
    expect(dashboard).toMatch(new RegExp(`<a href="${base()}/promotions"[^>]*>Banners and popup</a>: 1 change`));
  });
});

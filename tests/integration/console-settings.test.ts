/**
 * The console's settings editor and audit trail (issue 48 items 5 and 6), through real HTTP on the
 * console host and the site's host: validation with the schema, drafts, preview isolation,
 * publish as a version, rollback, audit rows written with each change, CSV export.
 */
import { and, eq } from "drizzle-orm";
import { parse } from "csv-parse/sync";
import { beforeAll, describe, expect, it } from "vitest";
import { signPreviewToken, verifyPreviewToken } from "../../app/console/preview-token.server";
import { addStaffMember } from "../../app/console/staff.server";
import { siteConfigDrafts, siteConfigVersions, sites, staffAudit } from "../../db/schema/index";
import { useTestApp } from "./app-harness";
import { consoleRequest, cookiesOf, freshClientIp, recordingMailer, signInByLink } from "./console-harness";
import { ENGINE } from "./database";

const state = useTestApp({ app: { trustProxy: true, console: { mailer: recordingMailer() } } });
let manager: string;
let editor: string;
const ip = freshClientIp();

beforeAll(async () => {
  const { t, handle } = state;
  const stamp = `${Date.now()}-${Math.random().toString(36).slice(2, 6)}`;
  await addStaffMember(handle.db, { email: `manager-${stamp}@settings.test`, role: "site_manager", target: { siteSlug: t.site.slug } });
  await addStaffMember(handle.db, { email: `editor-${stamp}@settings.test`, role: "content_editor", target: { siteSlug: t.site.slug } });
  manager = await signInByLink(t, handle, `manager-${stamp}@settings.test`, ip);
  editor = await signInByLink(t, handle, `editor-${stamp}@settings.test`, ip);
});

const settingsPath = () => `/sites/${state.t.site.slug}/settings`;
const save = (cookie: string, form: Record<string, string>) => consoleRequest(state.t, settingsPath(), { ip, cookie, form: { intent: "save", ...form } });
const shopperHome = () => state.t.request("/", { headers: { "x-forwarded-for": "198.51.100.7" } });

describe(`console settings editor (${ENGINE})`, () => {
  it("spec 4 / issue 48: the form is generated from the schema: sections, labels and help text", async () => {
    const page = await (await consoleRequest(state.t, settingsPath(), { ip, cookie: manager })).text();
    expect(page).toContain("Phone numbers");
    expect(page).toContain('name="display.noPriceText"');
    expect(page).toContain("Text when no price can be shown");
    expect(page).toContain('name="phones.override"');
    expect(page).toContain("Default: Enquire for price.");
  });

  it("a bad value is refused with a message next to the field, every typed value kept, nothing saved", async () => {
    const response = await save(manager, { "display.noPriceText": "Ring us", "theme.primary": "blue", "search.hitsPerPage": "five hundred" });
    expect(response.status).toBe(400);
    const page = await response.text();
    expect(page).toContain("a colour like #1a2b3c");
    expect(page).toContain("Enter a number.");
    expect(page).toContain('aria-invalid="true"');
    expect(page).toContain('value="Ring us"');
    expect(page).toContain('value="five hundred"');
    const drafts = await state.handle.db.select().from(siteConfigDrafts).where(eq(siteConfigDrafts.siteId, state.t.site.id));
    expect(drafts).toHaveLength(0);
  });

  it("a draft is saved with its audit row, and shoppers never see it; a preview shows it, marked, never cached", async () => {
    const { t, handle } = state;
    const response = await save(manager, { "hero.title": "Draft hero for preview", "phones.override": "08 9000 1234" });
    expect(response.status).toBe(302);
    const [draft] = await handle.db.select().from(siteConfigDrafts).where(eq(siteConfigDrafts.siteId, t.site.id));
    expect(draft.config).toMatchObject({ hero: { title: "Draft hero for preview" }, phones: { override: "08 9000 1234" } });
    const audit = await handle.db.select().from(staffAudit).where(and(eq(staffAudit.siteId, t.site.id), eq(staffAudit.action, "settings.draft-save")));
    expect(audit.at(-1)?.after).toMatchObject({ "hero.title": "Draft hero for preview" });

    // Twice: the second answer may come from the page cache, which must not hold the draft either.
    for (let i = 0; i < 2; i++) expect(await (await shopperHome()).text()).not.toContain("Draft hero for preview");

    const previewPage = await (await consoleRequest(t, `${settingsPath()}/preview`, { ip, cookie: manager })).text();
    const link = /href="(http:\/\/[^"]+\/__preview\?token=[^"]+)"/.exec(previewPage)?.[1]?.replace(/&amp;/g, "&");
    expect(link).toBeTruthy();
    const url = new URL(link!);
    expect(url.host).toContain(t.site.slug);
    const entered = await t.request(`${url.pathname}${url.search}`, { redirect: "manual" });
    expect(entered.status).toBe(303);
    const previewCookie = cookiesOf(entered);
    expect(previewCookie).toMatch(/^fc_preview=/);
    for (let i = 0; i < 2; i++) {
      const preview = await t.request("/", { headers: { cookie: previewCookie } });
      expect(preview.headers.get("cache-control")).toBe("private, no-store");
      expect(preview.headers.get("x-cache")).toBeNull();
      const html = await preview.text();
      expect(html).toContain("Draft hero for preview");
      expect(html).toContain("Preview of unpublished settings");
    }
    // Shoppers again, after the preview rendered: still the published site.
    expect(await (await shopperHome()).text()).not.toContain("Draft hero for preview");
    // A forged or altered token is refused; a staff session cookie means nothing on the site host.
    expect((await t.request(`/__preview?token=${encodeURIComponent(url.searchParams.get("token")!.slice(0, -2))}xx`, { redirect: "manual" })).status).toBe(403);
    expect(await (await t.request("/", { headers: { cookie: manager } })).text()).not.toContain("Draft hero for preview");
  });

  it("publish is one version with its audit row; the public site shows it on the next request", async () => {
    const { t, handle } = state;
    expect(await (await shopperHome()).text()).not.toContain("Draft hero for preview");
    const published = await consoleRequest(t, settingsPath(), { ip, cookie: manager, form: { intent: "publish" } });
    expect(published.status).toBe(302);
    expect(published.headers.get("location")).toContain("done=published-2");
    const versions = await handle.db.select().from(siteConfigVersions).where(eq(siteConfigVersions.siteId, t.site.id)).orderBy(siteConfigVersions.version);
    expect(versions.map((v) => v.kind)).toEqual(["baseline", "publish"]);
    const [row] = await handle.db.select({ config: sites.config }).from(sites).where(eq(sites.id, t.site.id));
    expect(row.config).toMatchObject({ hero: { title: "Draft hero for preview" } });
    expect(await handle.db.select().from(siteConfigDrafts).where(eq(siteConfigDrafts.siteId, t.site.id))).toHaveLength(0);
    const audit = await handle.db.select().from(staffAudit).where(and(eq(staffAudit.siteId, t.site.id), eq(staffAudit.action, "settings.publish")));
    expect(audit).toHaveLength(1);
    expect(audit[0].entityId).toBe("version 2");
    expect(await (await shopperHome()).text()).toContain("Draft hero for preview");
  });

  it("versions list and diff; a rollback is a new version and the public site follows", async () => {
    const { t, handle } = state;
    const list = await (await consoleRequest(t, `${settingsPath()}/versions?version=2`, { ip, cookie: manager })).text();
    expect(list).toContain("hero.title");
    expect(list).toContain("&quot;Draft hero for preview&quot;");
    const rolled = await consoleRequest(t, `${settingsPath()}/versions`, { ip, cookie: manager, form: { version: "1" } });
    expect(rolled.status).toBe(302);
    const versions = await handle.db.select().from(siteConfigVersions).where(eq(siteConfigVersions.siteId, t.site.id)).orderBy(siteConfigVersions.version);
    expect(versions.map((v) => [v.version, v.kind, v.rolledBackTo])).toEqual([
      [1, "baseline", null],
      [2, "publish", null],
      [3, "rollback", 1],
    ]);
    expect(await (await shopperHome()).text()).not.toContain("Draft hero for preview");
    expect((await consoleRequest(t, `${settingsPath()}/versions?version=abc`, { ip, cookie: manager })).status).toBe(400);
  });

  it("a content editor changes only sections marked editable; other sections are kept as they were", async () => {
    const { t, handle } = state;
    const response = await save(editor, { "hero.title": "Editor hero", "search.hitsPerPage": "99" });
    expect(response.status).toBe(302);
    const [draft] = await handle.db.select().from(siteConfigDrafts).where(eq(siteConfigDrafts.siteId, t.site.id));
    expect(draft.config).toMatchObject({ hero: { title: "Editor hero" } });
    expect((draft.config as { search?: { hitsPerPage?: number } }).search?.hitsPerPage).not.toBe(99);
    await consoleRequest(t, settingsPath(), { ip, cookie: manager, form: { intent: "discard" } });
  });

  it("a content editor cannot publish a draft that changes a section outside their reach", async () => {
    const { t, handle } = state;
    expect((await save(manager, { "search.hitsPerPage": "30" })).status).toBe(302);
    const refused = await consoleRequest(t, settingsPath(), { ip, cookie: editor, form: { intent: "publish" } });
    expect(refused.status).toBe(403);
    expect(await handle.db.select().from(siteConfigVersions).where(eq(siteConfigVersions.siteId, t.site.id))).toHaveLength(3);
    await consoleRequest(t, settingsPath(), { ip, cookie: manager, form: { intent: "discard" } });
  });

  it("a preview token is bound to its site and expires after 30 minutes", async () => {
    const { t, handle } = state;
    const token = await signPreviewToken(handle.db, t.site.id, "someone", Date.UTC(2026, 0, 1));
    expect(await verifyPreviewToken(handle.db, token, Date.UTC(2026, 0, 1, 0, 29))).toMatchObject({ siteId: t.site.id });
    expect(await verifyPreviewToken(handle.db, token, Date.UTC(2026, 0, 1, 0, 31))).toBeNull();
    const [body, signature] = token.split(".");
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(body!, "base64url").toString()), siteId: t.site.id + 1 })).toString("base64url");
    expect(await verifyPreviewToken(handle.db, `${forged}.${signature}`, Date.UTC(2026, 0, 1, 0, 1))).toBeNull();
  });

  it("the audit view filters and exports CSV; audit rows cannot be changed, even in SQL", async () => {
    const { t, handle } = state;
    const page = await (await consoleRequest(t, `/sites/${t.site.slug}/audit?entity=settings.publish`, { ip, cookie: manager })).text();
    expect(page).toContain("settings.publish");
    expect(page).not.toContain("settings.rollback");
    expect((await consoleRequest(t, `/sites/${t.site.slug}/audit?from=yesterday`, { ip, cookie: manager })).status).toBe(400);
    const csv = await consoleRequest(t, `/sites/${t.site.slug}/audit/export`, { ip, cookie: manager });
    expect(csv.headers.get("content-type")).toContain("text/csv");
    const rows = parse(await csv.text(), { columns: true }) as Record<string, string>[];
    const actions = rows.map((r) => r.action);
    for (const action of ["settings.draft-save", "settings.preview", "settings.publish", "settings.rollback", "settings.draft-discard", "sign-in"]) expect(actions).toContain(action);
    expect(rows.find((r) => r.action === "settings.publish")?.after).toContain("Draft hero for preview");
    await expect(handle.db.update(staffAudit).set({ action: "edited" }).where(eq(staffAudit.siteId, t.site.id))).rejects.toThrow();
    await expect(handle.db.delete(staffAudit).where(eq(staffAudit.siteId, t.site.id))).rejects.toThrow();
  });

  it("a failed publish leaves no half: neither config, version nor audit row (one transaction)", async () => {
    const { t, handle } = state;
    const before = await handle.db.select().from(staffAudit).where(eq(staffAudit.siteId, t.site.id));
    // An invalid draft written behind the editor's back: the publish re-checks it in its transaction.
    await handle.db.insert(siteConfigDrafts).values({ siteId: t.site.id, config: { theme: { primary: "not a colour" } }, baseVersion: 3 });
    const response = await consoleRequest(t, settingsPath(), { ip, cookie: manager, form: { intent: "publish" } });
    expect(response.status).toBe(409);
    expect(await handle.db.select().from(siteConfigVersions).where(eq(siteConfigVersions.siteId, t.site.id))).toHaveLength(3);
    expect(await handle.db.select().from(staffAudit).where(eq(staffAudit.siteId, t.site.id))).toHaveLength(before.length);
    await handle.db.delete(siteConfigDrafts).where(eq(siteConfigDrafts.siteId, t.site.id));
  });
});

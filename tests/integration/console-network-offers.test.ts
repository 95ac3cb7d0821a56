/**
 * Offers without a site (issue 50 item 1) in the console: a group admin manages the dealer group's
 * offers and their excluded sites, a platform operator the network's. Through real HTTP on the
 * console host and three sites' hosts: the group's own site, a sister site of the same group, and a
 * site of another group. The comparison-rate rule holds here too; every change is audited. Group
 * offers are scheduled in the group's time zone (hidden until then, in a member site's preview "as
 * of" then, published by the scheduler job on every member site but the excluded ones), carry
 * uploaded images, and can be promo cards among a member site's search results.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { and, eq, inArray } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { offerScope } from "../../app/console/network-offers.server";
import { COMPARISON_RATE_REQUIRED } from "../../app/console/offers.server";
import { addStaffMember } from "../../app/console/staff.server";
import { instantOfLocalInput, localInputOf } from "../../app/domain/content/schedule";
import { runDueChanges } from "../../app/services/scheduled-changes.server";
import type { Site } from "../../app/sites/site";
import { contentImages, offers, scheduledChanges, sites, staffAudit } from "../../db/schema/index";
import { useTestApp } from "./app-harness";
import { asPasskeySession, CONSOLE_HOST, CONSOLE_ORIGIN, consoleRequest, freshClientIp, recordingMailer, signInByLink } from "./console-harness";
import { createTestSite, ENGINE } from "./database";

// Renditions are kept on disk by site id and source path, and a fresh PGlite database hands out the
// same ids again: this file's own folder, so an image served here was read from this run's rows.
process.env.IMAGE_CACHE_DIR = mkdtempSync(join(tmpdir(), "network-offers-images-"));
// Promo cards at the first two positions: the test site has three cars (spec 2.2's 4, 6, ... would fall past them).
const state = useTestApp({ site: { config: { search: { promoCardPositions: [1, 2] } } }, app: { trustProxy: true, console: { mailer: recordingMailer() } } });
const ip = freshClientIp();
const DAY = 86_400_000;
let groupAdmin: string;
let operator: string;
let sister: Site;
let cousin: Site;
let outsider: Site;

beforeAll(async () => {
  const { t, handle } = state;
  const stamp = `${Date.now()}-${Math.random().toString(36).slice(2, 6)}`;
  sister = await createTestSite(handle, { hosts: [`sister-${stamp}.test`] });
  cousin = await createTestSite(handle, { hosts: [`cousin-${stamp}.test`] });
  await handle.db.update(sites).set({ dealerGroupId: t.site.dealerGroup!.id }).where(inArray(sites.id, [sister.id, cousin.id]));
  outsider = await createTestSite(handle, { hosts: [`outsider-${stamp}.test`] });
  await addStaffMember(handle.db, { email: `group-${stamp}@network.test`, role: "group_admin", target: { groupSlug: t.site.dealerGroup!.slug } });
  await addStaffMember(handle.db, { email: `operator-${stamp}@network.test`, role: "platform_operator", target: { platform: true } });
  groupAdmin = await signInByLink(t, handle, `group-${stamp}@network.test`, ip);
  // ASVS 4.3.1: an operator works with a passkey session (the Chromium story signs in with one).
  operator = await asPasskeySession(handle, await signInByLink(t, handle, `operator-${stamp}@network.test`, ip));
});

const groupPath = () => `/groups/${state.t.site.dealerGroup!.slug}/offers`;
const post = (cookie: string, path: string, form: Record<string, string>) => consoleRequest(state.t, path, { ip, cookie, form });
/** A post with repeated fields (the excluded sites' checkboxes). */
function postMany(cookie: string, path: string, form: Record<string, string | string[]>) {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(form)) for (const one of [v].flat()) body.append(k, one);
  return state.t.request(path, { host: CONSOLE_HOST, method: "POST", redirect: "manual", headers: { "x-forwarded-for": ip, cookie, origin: CONSOLE_ORIGIN, "content-type": "application/x-www-form-urlencoded" }, body: body.toString() });
}
const offersPage = async (site: Site | null, cookie?: string) => (await state.t.request("/special-offers", { headers: { "x-forwarded-for": "198.51.100.9", ...(cookie ? { cookie } : {}) }, ...(site ? { host: site.hosts[0] } : {}) })).text();
/** A multipart post (an image upload) to a console page. */
function postFile(cookie: string, path: string, form: Record<string, string | string[]>, image: { bytes: Uint8Array<ArrayBuffer>; type: string; filename: string }) {
  const body = new FormData();
  for (const [k, v] of Object.entries(form)) for (const one of [v].flat()) body.append(k, one);
  body.set("image", new Blob([image.bytes], { type: image.type }), image.filename);
  return state.t.request(path, { host: CONSOLE_HOST, method: "POST", body, redirect: "manual", headers: { "x-forwarded-for": ip, cookie, origin: CONSOLE_ORIGIN } });
}
/** A small JPEG carrying EXIF (a camera and a copyright). */
const photo = async (colour: string) =>
  new Uint8Array(
    await sharp({ create: { width: 64, height: 48, channels: 3, background: colour } })
      .jpeg()
      .withExif({ IFD0: { Copyright: "Dealer photo 2026", Make: "PhoneCam" } })
      .toBuffer(),
  );
/** The content image an offer's image URL names. */
async function storedImage(imageUrl: string | null) {
  const id = Number(/content-images%2F(\d+)\.webp/.exec(imageUrl ?? "")?.[1]);
  const [row] = await state.handle.db.select().from(contentImages).where(eq(contentImages.id, id));
  return row!;
}
const configVersion = async (site: { id: number }) => (await state.handle.db.select({ v: sites.configVersion }).from(sites).where(eq(sites.id, site.id)))[0]!.v;
const idOf = (response: Response) => Number(/[?&]id=(\d+)/.exec(response.headers.get("location") ?? "")?.[1]);

describe(`dealer group offers (${ENGINE})`, () => {
  it("a group admin's finance offer without a comparison rate is refused with what was typed kept; with it, published to the group's sites except the excluded one", async () => {
    const name = `Group finance ${Date.now()}`;
    const refused = await postMany(groupAdmin, groupPath(), { intent: "publish", name, description: "Group-wide finance.", financeRate: "4.99", termYears: "5", excluded: String(sister.id) });
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toContain(COMPARISON_RATE_REQUIRED.slice(0, 40));
    expect(html).toContain(`value="${name}"`);
    // The ticked excluded site stays ticked.
    expect(html).toMatch(new RegExp(`<input[^>]*name="excluded"[^>]*(checked=""[^>]*value="${sister.id}"|value="${sister.id}"[^>]*checked="")`));
    expect(await state.handle.db.select().from(offers).where(eq(offers.name, name))).toHaveLength(0);

    const response = await postMany(groupAdmin, groupPath(), { intent: "publish", name, description: "Group-wide finance.", financeRate: "4.99", comparisonRate: "5.49", termYears: "5", excluded: String(sister.id) });
    expect(response.status).toBe(302);
    const id = idOf(response);
    const [row] = await state.handle.db.select().from(offers).where(eq(offers.id, id));
    expect(row).toMatchObject({ siteId: null, dealerGroupId: state.t.site.dealerGroup!.id, status: "published", excludedSiteIds: [sister.id] });
    expect(await offersPage(null)).toContain(name);
    expect(await offersPage(sister)).not.toContain(name);
    expect(await offersPage(outsider)).not.toContain(name);
    const audit = await state.handle.db.select().from(staffAudit).where(and(eq(staffAudit.entityId, String(id)), eq(staffAudit.action, "offer.group-publish")));
    expect(audit[0]).toMatchObject({ dealerGroupId: state.t.site.dealerGroup!.id, siteId: null });

    // Un-excluding the sister site shows it there too; retiring takes it off every site.
    expect((await postMany(groupAdmin, `${groupPath()}?id=${id}`, { intent: "save", name, description: "Group-wide finance.", financeRate: "4.99", comparisonRate: "5.49", termYears: "5" })).status).toBe(302);
    expect(await offersPage(sister)).toContain(name);
    expect((await post(groupAdmin, `${groupPath()}?id=${id}`, { intent: "retire" })).status).toBe(302);
    expect(await offersPage(null)).not.toContain(name);
    expect(await offersPage(sister)).not.toContain(name);

    // A retired offer is run again by duplicating it: the copy is the group's draft, with the
    // offer's fields, shown nowhere until published.
    const copied = await post(groupAdmin, `${groupPath()}?id=${id}`, { intent: "duplicate" });
    expect(copied.status).toBe(302);
    const copyId = idOf(copied);
    expect(copyId).not.toBe(id);
    const [copy] = await state.handle.db.select().from(offers).where(eq(offers.id, copyId));
    expect(copy).toMatchObject({ name: `Copy of ${name}`, siteId: null, dealerGroupId: state.t.site.dealerGroup!.id, status: "draft", kind: row!.kind, description: row!.description, excludedSiteIds: [] });
    expect(await offersPage(null)).not.toContain(`Copy of ${name}`);
    const copyAudit = await state.handle.db.select().from(staffAudit).where(and(eq(staffAudit.entityId, String(copyId)), eq(staffAudit.action, "offer.group-duplicate")));
    expect(copyAudit).toHaveLength(1);
    expect((await post(groupAdmin, `${groupPath()}?id=${copyId}`, { intent: "publish", name: `Copy of ${name}`, description: "Group-wide finance.", financeRate: "4.99", comparisonRate: "5.49", termYears: "5" })).status).toBe(302);
    expect(await offersPage(null)).toContain(`Copy of ${name}`);
  });

  it("a site outside the group cannot be excluded (refused beside the field), and another group's or the network's offer cannot be opened", async () => {
    const refused = await postMany(groupAdmin, groupPath(), { intent: "save", name: "Outside", excluded: String(outsider.id) });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Excluded sites: choose from the group&#x27;s sites listed.");
    const [network] = await state.handle.db.insert(offers).values({ siteId: null, name: "Seeded network offer", status: "draft" }).returning({ id: offers.id });
    expect((await consoleRequest(state.t, `${groupPath()}?id=${network!.id}`, { ip, cookie: groupAdmin })).status).toBe(404);
    expect((await post(groupAdmin, `${groupPath()}?id=${network!.id}`, { intent: "retire" })).status).toBe(400);
    expect((await post(groupAdmin, `${groupPath()}?id=${network!.id}`, { intent: "duplicate" })).status).toBe(400);
    expect((await state.handle.db.select({ status: offers.status }).from(offers).where(eq(offers.id, network!.id)))[0]!.status).toBe("draft");
  });
});

describe(`network offers (${ENGINE})`, () => {
  it("an operator publishes a network offer to every site but the excluded one; a group admin may not open the network's page", async () => {
    expect((await consoleRequest(state.t, "/platform/offers", { ip, cookie: groupAdmin })).status).toBe(403);
    const name = `Network roadside ${Date.now()}`;
    const response = await postMany(operator, "/platform/offers", { intent: "publish", name, category: "Network offer", description: "Roadside assistance on every car.", excluded: String(outsider.id) });
    expect(response.status).toBe(302);
    const id = idOf(response);
    expect((await state.handle.db.select().from(offers).where(eq(offers.id, id)))[0]).toMatchObject({ siteId: null, dealerGroupId: null, status: "published", excludedSiteIds: [outsider.id] });
    expect(await offersPage(null)).toContain(name);
    expect(await offersPage(sister)).toContain(name);
    expect(await offersPage(outsider)).not.toContain(name);
    const list = await (await consoleRequest(state.t, "/platform/offers", { ip, cookie: operator })).text();
    expect(list).toContain(name);
    expect(list).toContain(outsider.name);
    expect((await post(operator, `/platform/offers?id=${id}`, { intent: "unpublish" })).status).toBe(302);
    expect(await offersPage(sister)).not.toContain(name);
  });
});

describe(`scheduled group offers (${ENGINE})`, () => {
  it("scheduled for tomorrow 9:00 in the group's time zone: not public, in a member site's preview as of then, published by the job on the member sites but the excluded one, and every site's config version moves", async () => {
    const group = state.t.site.dealerGroup!;
    const zone = (await offerScope(state.handle.db, group.id)).timeZone;
    const typed = `${localInputOf(Date.now() + DAY, zone).slice(0, 10)}T09:00`;
    const at = instantOfLocalInput(typed, zone)!.getTime();
    const name = `Group scheduled ${Date.now()}`;
    const past = await postMany(groupAdmin, groupPath(), { intent: "schedule", name, publishAt: localInputOf(Date.now() - DAY, zone) });
    expect(past.status).toBe(400);
    expect(await past.text()).toContain("Publish at must be in the future");
    expect(await state.handle.db.select().from(offers).where(eq(offers.name, name))).toHaveLength(0);

    const response = await postMany(groupAdmin, groupPath(), { intent: "schedule", name, description: "Group service offer.", publishAt: typed, excluded: String(sister.id) });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toContain("done=scheduled");
    const id = idOf(response);
    expect((await state.handle.db.select().from(offers).where(eq(offers.id, id)))[0]).toMatchObject({ status: "draft", siteId: null, dealerGroupId: group.id });
    const [change] = await state.handle.db.select().from(scheduledChanges).where(and(eq(scheduledChanges.entity, "offer"), eq(scheduledChanges.entityId, id)));
    expect(change).toMatchObject({ siteId: null, dealerGroupId: group.id, action: "publish", status: "pending" });
    expect(change!.runAt.getTime()).toBe(at);
    const page = await (await consoleRequest(state.t, `${groupPath()}?id=${id}`, { ip, cookie: groupAdmin })).text();
    expect(page).toMatch(/Publishes \w{3} \d{1,2} \w{3} \d{4}, 9:00 am/);
    expect(await offersPage(null)).not.toContain(name);

    // The group admin's preview link of a member site, as of tomorrow 9:00 (and as of a minute before).
    const previewCookie = async (moment: string) => {
      const html = await (await consoleRequest(state.t, `/sites/${state.t.site.slug}/offers/preview?at=${moment}`, { ip, cookie: groupAdmin })).text();
      return `fc_preview=${decodeURIComponent(/__preview\?token=([^&"]+)/.exec(html)![1]!)}`;
    };
    expect(await offersPage(null, await previewCookie(typed))).toContain(name);
    expect(await offersPage(null, await previewCookie(localInputOf(at - 60_000, zone)))).not.toContain(name);

    const before = await Promise.all([configVersion(state.t.site), configVersion(cousin)]);
    expect(await runDueChanges(state.handle.db, at - 1000, { dealerGroupId: group.id })).toEqual({ applied: 0, failed: 0 });
    const [a, b] = await Promise.all([runDueChanges(state.handle.db, at + 1000, { dealerGroupId: group.id }), runDueChanges(state.handle.db, at + 1000, { dealerGroupId: group.id })]);
    expect(a.applied + b.applied).toBe(1);
    const after = await Promise.all([configVersion(state.t.site), configVersion(cousin)]);
    expect(after[0]).toBeGreaterThan(before[0]!);
    expect(after[1]).toBeGreaterThan(before[1]!);
    expect((await state.handle.db.select().from(offers).where(eq(offers.id, id)))[0]!.status).toBe("published");
    expect(await offersPage(null)).toContain(name);
    expect(await offersPage(cousin)).toContain(name);
    expect(await offersPage(sister)).not.toContain(name);
    expect(await offersPage(outsider)).not.toContain(name);
    const audit = await state.handle.db.select().from(staffAudit).where(eq(staffAudit.entityId, String(id)));
    expect(audit.find((r) => r.action === "offer.group-schedule")).toMatchObject({ dealerGroupId: group.id, siteId: null });
    expect(audit.find((r) => r.action === "offer.scheduled-publish")).toMatchObject({ dealerGroupId: group.id, siteId: null, actorEmail: "scheduler" });
  });

  it("an unpublish scheduled and then cancelled: nothing pending, the job applies nothing", async () => {
    const group = state.t.site.dealerGroup!;
    const zone = (await offerScope(state.handle.db, group.id)).timeZone;
    const name = `Group cancelled ${Date.now()}`;
    const published = await postMany(groupAdmin, groupPath(), { intent: "publish", name });
    const id = idOf(published);
    const typed = `${localInputOf(Date.now() + 2 * DAY, zone).slice(0, 10)}T17:00`;
    expect((await postMany(groupAdmin, `${groupPath()}?id=${id}`, { intent: "schedule", name, unpublishAt: typed })).status).toBe(302);
    expect((await post(groupAdmin, `${groupPath()}?id=${id}`, { intent: "cancel-schedule" })).status).toBe(302);
    expect(await state.handle.db.select().from(scheduledChanges).where(and(eq(scheduledChanges.entityId, id), eq(scheduledChanges.status, "pending")))).toHaveLength(0);
    expect((await runDueChanges(state.handle.db, instantOfLocalInput(typed, zone)!.getTime() + 1000, { dealerGroupId: group.id })).applied).toBe(0);
    expect(await offersPage(cousin)).toContain(name);
  });
});

describe(`failed changes of group offers (${ENGINE})`, () => {
  it("a group offer's publish the job could not apply is counted in the list and told on the offer with its reason; Dismiss hides it (audited) and touches no other offer's change", async () => {
    const group = state.t.site.dealerGroup!;
    const name = `Group failed ${Date.now()}`;
    const id = idOf(await postMany(groupAdmin, groupPath(), { intent: "save", name }));
    const other = idOf(await postMany(groupAdmin, groupPath(), { intent: "save", name: `${name} other` }));
    const failedRow = (entityId: number) => ({ siteId: null, dealerGroupId: group.id, entity: "offer", entityId, action: "publish", runAt: new Date(Date.now() - DAY), status: "failed" as const, appliedAt: new Date(Date.now() - DAY), error: "the offer had expired", actorEmail: "planner@group.test" });
    const [change] = await state.handle.db.insert(scheduledChanges).values(failedRow(id)).returning();
    const [otherChange] = await state.handle.db.insert(scheduledChanges).values(failedRow(other)).returning();

    const list = await (await consoleRequest(state.t, groupPath(), { ip, cookie: groupAdmin })).text();
    const rowOf = (html: string, offer: number) => html.slice(html.indexOf(`?id=${offer}"`), html.indexOf("</tr>", html.indexOf(`?id=${offer}"`)));
    expect(rowOf(list, id)).toContain("1 change did not happen");
    const page = await (await consoleRequest(state.t, `${groupPath()}?id=${id}`, { ip, cookie: groupAdmin })).text();
    expect(page).toContain("Scheduled changes that did not happen");
    expect(page).toMatch(/Not applied:<\/strong> Publishes at \w{3} \d{1,2} \w{3} \d{4}, [^<]+\(scheduled by planner@group\.test\)\./);
    expect(page).toContain("Why: The offer had expired.");

    // Another offer's change posted through this offer's page is not dismissed.
    expect((await post(groupAdmin, `${groupPath()}?id=${id}`, { intent: "dismiss-failed", changeId: String(otherChange!.id) })).status).toBe(302);
    expect((await state.handle.db.select().from(scheduledChanges).where(eq(scheduledChanges.id, otherChange!.id)))[0]!.payload).toBeNull();

    const dismissed = await post(groupAdmin, `${groupPath()}?id=${id}`, { intent: "dismiss-failed", changeId: String(change!.id) });
    expect(dismissed.status).toBe(302);
    expect(dismissed.headers.get("location")).toContain("done=dismissed");
    const [kept] = await state.handle.db.select().from(scheduledChanges).where(eq(scheduledChanges.id, change!.id));
    expect(kept).toMatchObject({ status: "failed", error: "the offer had expired" });
    expect(kept!.payload).toMatchObject({ dismissedBy: expect.stringMatching(/^group-/) });
    const after = await (await consoleRequest(state.t, `${groupPath()}?id=${id}&done=dismissed`, { ip, cookie: groupAdmin })).text();
    expect(after).toContain("Dismissed.");
    expect(after).not.toContain("Scheduled changes that did not happen");
    expect(rowOf(after, id)).not.toContain("did not happen");
    expect(rowOf(after, other)).toContain("1 change did not happen");
    const audit = await state.handle.db.select().from(staffAudit).where(and(eq(staffAudit.entityId, String(id)), eq(staffAudit.action, "offer.group-schedule-dismiss")));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ dealerGroupId: group.id, siteId: null });
  });
});

describe(`images and promo cards of group and network offers (${ENGINE})`, () => {
  it("an image uploaded on a network offer is re-encoded without its EXIF, owned by no site, and served on every site; a non-image is refused beside the field with what was typed kept", async () => {
    const name = `Network with image ${Date.now()}`;
    const saved = await postFile(operator, "/platform/offers", { intent: "publish", name, excluded: String(outsider.id) }, { bytes: await photo("#0a0"), type: "image/jpeg", filename: "photo.jpg" });
    expect(saved.status).toBe(302);
    const [row] = await state.handle.db.select().from(offers).where(eq(offers.id, idOf(saved)));
    const stored = await storedImage(row!.imageUrl);
    expect(stored).toMatchObject({ siteId: null, dealerGroupId: null });
    const meta = await sharp(stored.bytes).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(["webp", 64, 48, undefined]);
    for (const site of [sister, outsider]) {
      const served = await state.t.request(row!.imageUrl!, { host: site.hosts[0], headers: { accept: "image/webp" } });
      expect(served.status).toBe(200);
      expect(served.headers.get("content-type")).toBe("image/webp");
    }
    expect(await offersPage(sister)).toContain(`content-images%2F${stored.id}.webp`);

    const refused = await postFile(operator, "/platform/offers", { intent: "save", name: `${name} text`, excluded: String(outsider.id) }, { bytes: new TextEncoder().encode("not a picture"), type: "image/jpeg", filename: "fake.jpg" });
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toContain("not an image we can read");
    expect(html).toContain(`value="${name} text"`);
    expect(await state.handle.db.select().from(offers).where(eq(offers.name, `${name} text`))).toHaveLength(0);
  });

  it("a group's promo card shows among a member site's results after the site's own card, with its image (served on the group's sites only); one excluding the site does not", async () => {
    const group = state.t.site.dealerGroup!;
    const [own] = await state.handle.db.insert(offers).values({ siteId: state.t.site.id, kind: "promo_card", name: `Own card ${Date.now()}`, status: "published" }).returning();
    const name = `Group card ${Date.now()}`;
    const saved = await postFile(groupAdmin, groupPath(), { intent: "publish", kind: "promo_card", name, description: "Trade in with the group.", linkUrl: "/trade-in" }, { bytes: await photo("#00c"), type: "image/jpeg", filename: "card.jpg" });
    expect(saved.status).toBe(302);
    const [card] = await state.handle.db.select().from(offers).where(eq(offers.id, idOf(saved)));
    expect(card).toMatchObject({ kind: "promo_card", siteId: null, dealerGroupId: group.id, status: "published", linkUrl: "/trade-in" });
    expect(await storedImage(card!.imageUrl)).toMatchObject({ siteId: null, dealerGroupId: group.id });
    const hidden = await postMany(groupAdmin, groupPath(), { intent: "publish", kind: "promo_card", name: `${name} elsewhere`, excluded: String(state.t.site.id) });
    expect(hidden.status).toBe(302);

    const search = await (await state.t.request("/search", { headers: { "x-forwarded-for": "198.51.100.9" } })).text();
    const labels = [...search.matchAll(/data-testid="promo-card" aria-label="([^"]+)"/g)].map((m) => m[1]);
    expect(labels.slice(0, 2)).toEqual([own!.name, name]);
    expect(labels).not.toContain(`${name} elsewhere`);
    expect(search).toContain("Trade in with the group.");
    expect((await state.t.request(card!.imageUrl!, { headers: { accept: "image/webp" } })).status).toBe(200);
    expect((await state.t.request(card!.imageUrl!, { host: outsider.hosts[0], headers: { accept: "image/webp" } })).status).toBe(404);
    // The group's page lists it as a promo card.
    expect(await (await consoleRequest(state.t, groupPath(), { ip, cookie: groupAdmin })).text()).toMatch(new RegExp(`${name}</a></td><td[^>]*>Promo card`));
  });
});

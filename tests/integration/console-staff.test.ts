/**
 * Console staff management, invitations and onboarding (issue 48 items 2, 4 and 7; decisions
 * 280-284) over real HTTP through the Hono app on the production build, on PGlite or PostgreSQL
 * (DATABASE_URL): each action, its audit row, its validation messages, and the cross-tenant
 * denials.
 */
import { randomUUID } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { addStaffMember } from "../../app/console/staff.server";
import { dealerGroups, locations, sites, staffAudit, staffInvitations, staffPasskeys, staffRoles, staffSessions, staffUsers } from "../../db/schema/index";
import type { Site } from "../../app/sites/site";
import { useTestApp } from "./app-harness";
import { consoleRequest, cookiesOf, freshClientIp, recordingMailer, signInByLink, asPasskeySession } from "./console-harness";
import { createTestSite, ENGINE } from "./database";

const mailer = recordingMailer();
const state = useTestApp({ app: { trustProxy: true, console: { mailer } } });
const ip = freshClientIp();
const stamp = randomUUID().slice(0, 6);
let other: Site;
let operator: string;
let manager: string;
let groupAdmin: string;

async function member(role: "platform_operator" | "group_admin" | "site_manager", target: Parameters<typeof addStaffMember>[1]["target"]): Promise<string> {
  const email = `${role}-${stamp}-${Math.random().toString(36).slice(2, 7)}@staff.test`;
  await addStaffMember(state.handle.db, { email, role, target });
  return signInByLink(state.t, state.handle, email, ip);
}

async function auditActions(where: { siteId?: number; dealerGroupId?: number }): Promise<string[]> {
  const db = state.handle.db;
  const rows = await db.select({ action: staffAudit.action }).from(staffAudit).where(where.siteId ? eq(staffAudit.siteId, where.siteId) : eq(staffAudit.dealerGroupId, where.dealerGroupId!))
    .orderBy(asc(staffAudit.id));
  return rows.map((r) => r.action);
}

/** The invitation link of the newest e-mail to `email`. */
function invitationPath(email: string): string {
  const mail = mailer.sent.findLast((m) => m.to === email);
  if (!mail) throw new Error(`no e-mail to ${email}`);
  return new URL(/https?:\/\/\S+\/invitations\/\S+/.exec(mail.text)![0]).pathname;
}

/** Accepts an invitation in a fresh browser and returns its session cookie. */
async function accept(email: string): Promise<string> {
  const path = invitationPath(email);
  const page = await consoleRequest(state.t, path, { ip });
  expect(page.status).toBe(200);
  expect(await page.text()).toContain("Accept and sign in");
  const accepted = await consoleRequest(state.t, path, { ip, form: {} });
  expect(accepted.status).toBe(302);
  const link = accepted.headers.get("location")!;
  const signedIn = await consoleRequest(state.t, link, { ip });
  const cookie = cookiesOf(signedIn);
  expect(cookie).toMatch(/^fc_staff=/);
  return cookie;
}

beforeAll(async () => {
  other = await createTestSite(state.handle);
  // The operator has confirmed with a passkey (their pages need one; tests/integration/console-step-up.test.ts covers the e-mail-only case).
  operator = await asPasskeySession(state.handle, await member("platform_operator", { platform: true }));
  manager = await member("site_manager", { siteSlug: state.t.site.slug });
  groupAdmin = await member("group_admin", { groupSlug: state.t.site.dealerGroup!.slug });
});

describe(`console onboarding (spec 4 sites; issue 48 item 4) (${ENGINE})`, () => {
  it("an operator creates a dealer group and a site from a template; the site answers on its host at once with its name, stock empty", async () => {
    const { t, handle } = state;
    const groupSlug = `g-${stamp}`;
    const created = await consoleRequest(t, "/platform", { ip, cookie: operator, form: { intent: "group", name: `Smith Motor Group ${stamp}`, slug: groupSlug } });
    expect(created.status).toBe(200);
    expect(await created.text()).toContain(`Dealer group Smith Motor Group ${stamp} created.`);
    const [group] = await handle.db.select().from(dealerGroups).where(eq(dealerGroups.slug, groupSlug));
    expect(await auditActions({ dealerGroupId: group.id })).toContain("group.create");

    // The resolver has just listed the sites (so its cache is fresh): the new host must still answer.
    expect((await t.request("/")).status).toBe(200);
    const host = `www.smith-${stamp}.com.au`;
    const siteSlug = `smith-${stamp}`;
    const made = await consoleRequest(t, "/platform", { ip, cookie: operator, form: { intent: "site", group: groupSlug, name: `Smith Motors ${stamp}`, slug: siteSlug, template: t.site.slug, hosts: host } });
    expect(made.status).toBe(302);
    expect(made.headers.get("location")).toBe(`/platform/sites/${siteSlug}?created=1`);
    const [row] = await handle.db.select().from(sites).where(eq(sites.slug, siteSlug));
    const [template] = await handle.db.select({ config: sites.config }).from(sites).where(eq(sites.id, t.site.id));
    expect(row.config).toEqual(template.config);
    expect(row.dealerGroupId).toBe(group.id);
    expect(await auditActions({ siteId: row.id })).toEqual(["site.create"]);

    // Empty states that read well before the first stock import and the first location.
    const empty: Record<string, RegExp> = { "/": /New \w+ are on their way\. Please check back soon\./, "/search": /No \w+ in stock just yet\. New stock is on its way/, "/our-location": /Our address and opening hours will be here soon\./ };
    for (const [path, message] of Object.entries(empty)) {
      const page = await t.request(path, { host });
      expect(page.status, path).toBe(200);
      const html = await page.text();
      expect(html, path).toContain(`Smith Motors ${stamp}`);
      expect(html, path).toMatch(message);
    }
    // Filters on an empty site still say the filters found nothing.
    expect(await (await t.request("/search?make=Toyota", { host })).text()).toMatch(/match these filters/);
    const home = await (await t.request("/", { host: `${siteSlug}.localhost` })).text();
    expect(home).toContain(`Smith Motors ${stamp}`);
  });

  it("refuses a host another site answers on, naming that site, and keeps what was typed", async () => {
    const { t } = state;
    const host = `taken-${stamp}.example.com.au`;
    const groupSlug = t.site.dealerGroup!.slug;
    const first = await consoleRequest(t, "/platform", { ip, cookie: operator, form: { intent: "site", group: groupSlug, name: "First", slug: `first-${stamp}`, template: "blank", hosts: host } });
    expect(first.status).toBe(302);
    const second = await consoleRequest(t, "/platform", { ip, cookie: operator, form: { intent: "site", group: groupSlug, name: "Second dealer", slug: `second-${stamp}`, template: "blank", hosts: `${host}\n${other.slug}.localhost` } });
    expect(second.status).toBe(400);
    const html = await second.text();
    expect(html).toContain(`${host} is already used by First (first-${stamp})`);
    expect(html).toContain("Second dealer");
    // The other site's own {slug}.localhost is taken too.
    const third = await consoleRequest(t, "/platform/sites/" + `first-${stamp}`, { ip, cookie: operator, form: { intent: "hosts", hosts: `${other.slug}.localhost` } });
    expect(third.status).toBe(400);
    expect(await third.text()).toContain(`${other.slug}.localhost is already used by ${other.name}`);
  });

  it("shows zod's message beside each bad field and keeps the values", async () => {
    const response = await consoleRequest(state.t, "/platform", { ip, cookie: operator, form: { intent: "site", group: "", name: "Okay name", slug: "Bad Slug!", template: "blank", hosts: "https://nope/" } });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Use lower-case letters, digits and single hyphens");
    expect(html).toContain("is not a host name");
    expect(html).toContain('value="Okay name"');
    expect(html).toContain('value="Bad Slug!"');
  });

  it("archives a site: its host answers 410 with a page, its rows are kept; restoring brings it back", async () => {
    const { t, handle } = state;
    const slug = `closing-${stamp}`;
    const host = `closing-${stamp}.example.com.au`;
    expect((await consoleRequest(t, "/platform", { ip, cookie: operator, form: { intent: "site", group: t.site.dealerGroup!.slug, name: `Closing Motors ${stamp}`, slug, template: "blank", hosts: host } })).status).toBe(302);
    expect((await t.request("/", { host })).status).toBe(200);
    const archived = await consoleRequest(t, `/platform/sites/${slug}`, { ip, cookie: operator, form: { intent: "archive" } });
    expect(archived.status).toBe(200);
    const gone = await t.request("/", { host });
    expect(gone.status).toBe(410);
    expect(await gone.text()).toContain(`Closing Motors ${stamp} no longer has a website at this address.`);
    expect((await t.request("/search", { host })).status).toBe(410);
    const [row] = await handle.db.select({ id: sites.id, archivedAt: sites.archivedAt }).from(sites).where(eq(sites.slug, slug));
    expect(row.archivedAt).not.toBeNull();
    expect(await auditActions({ siteId: row.id })).toEqual(["site.create", "site.archive"]);
    await consoleRequest(t, `/platform/sites/${slug}`, { ip, cookie: operator, form: { intent: "restore" } });
    expect((await t.request("/", { host })).status).toBe(200);
  });

  it("only operators onboard: a group admin's post to /platform is refused (403) and changes nothing", async () => {
    const { t, handle } = state;
    const response = await consoleRequest(t, "/platform", { ip, cookie: groupAdmin, form: { intent: "group", name: "Sneaky", slug: `sneaky-${stamp}` } });
    expect(response.status).toBe(403);
    expect(await handle.db.select().from(dealerGroups).where(eq(dealerGroups.slug, `sneaky-${stamp}`))).toHaveLength(0);
  });
});

describe(`console staff management (issue 48 item 7) (${ENGINE})`, () => {
  it("a site manager invites sales with a location; accepting creates the membership and signs them in", async () => {
    const { t, handle } = state;
    const [loc] = await handle.db.select({ id: locations.id }).from(locations).where(eq(locations.siteId, t.site.id));
    const email = `sales-${stamp}@dealer.test`;
    const sent = await consoleRequest(t, `/sites/${t.site.slug}/staff`, { ip, cookie: manager, form: { intent: "invite", email, role: "sales", locations: String(loc.id) } });
    expect(sent.status).toBe(200);
    expect(await sent.text()).toContain(`Invitation sent to ${email}`);
    const [inv] = await handle.db.select().from(staffInvitations).where(eq(staffInvitations.email, email));
    expect(inv.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(mailer.sent.findLast((m) => m.to === email)!.text).not.toContain(inv.tokenHash);
    const cookie = await accept(email);
    const home = await consoleRequest(t, "/", { ip, cookie });
    expect(await home.text()).toContain(t.site.name);
    const [user] = await handle.db.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.email, email));
    const grants = await handle.db.select().from(staffRoles).where(eq(staffRoles.userId, user.id));
    expect(grants.map((g) => [g.role, g.siteId, g.locationIds])).toEqual([["sales", t.site.id, [loc.id]]]);
    // The link works once.
    const again = await consoleRequest(t, invitationPath(email), { ip, form: {} });
    expect(again.status).toBe(200);
    expect(await again.text()).toContain("This invitation was already accepted.");
    expect(await auditActions({ siteId: t.site.id })).toEqual(expect.arrayContaining(["staff.invite", "staff.invite-accepted"]));
  });

  it("refuses roles the page may not grant: no operator from a group page, no group admin from a site page", async () => {
    const { t } = state;
    const group = await consoleRequest(t, `/groups/${t.site.dealerGroup!.slug}/staff`, { ip, cookie: groupAdmin, form: { intent: "invite", email: `op-${stamp}@dealer.test`, role: "platform_operator" } });
    expect(group.status).toBe(400);
    expect(await group.text()).toContain("Choose a role: Group admin.");
    const site = await consoleRequest(t, `/sites/${t.site.slug}/staff`, { ip, cookie: manager, form: { intent: "invite", email: `ga-${stamp}@dealer.test`, role: "group_admin" } });
    expect(site.status).toBe(400);
    const html = await site.text();
    expect(html).toContain("Choose a role: Site manager, Sales, Content editor, Read-only.");
    expect(html).toContain(`value="ga-${stamp}@dealer.test"`);
    const badEmail = await consoleRequest(t, `/sites/${t.site.slug}/staff`, { ip, cookie: manager, form: { intent: "invite", email: "not-an-address", role: "sales" } });
    expect(badEmail.status).toBe(400);
    expect(await badEmail.text()).toContain("Enter their work e-mail address");
  });

  it("a group admin invites another group admin on the group page", async () => {
    const { t } = state;
    const email = `admin2-${stamp}@dealer.test`;
    const sent = await consoleRequest(t, `/groups/${t.site.dealerGroup!.slug}/staff`, { ip, cookie: groupAdmin, form: { intent: "invite", email, role: "group_admin" } });
    expect(sent.status).toBe(200);
    const cookie = await accept(email);
    expect((await consoleRequest(t, `/groups/${t.site.dealerGroup!.slug}`, { ip, cookie })).status).toBe(200);
  });

  it("changes a role, assigns locations, and removes: the removed person's next request is signed out", async () => {
    const { t, handle } = state;
    const email = `temp-${stamp}@dealer.test`;
    await addStaffMember(handle.db, { email, role: "read_only", target: { siteSlug: t.site.slug } });
    const theirs = await signInByLink(t, handle, email, ip);
    const [user] = await handle.db.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.email, email));
    const [grant] = await handle.db.select({ id: staffRoles.id }).from(staffRoles).where(eq(staffRoles.userId, user.id));
    const [loc] = await handle.db.select({ id: locations.id }).from(locations).where(eq(locations.siteId, t.site.id));
    const path = `/sites/${t.site.slug}/staff`;
    expect((await consoleRequest(t, path, { ip, cookie: manager, form: { intent: "role", grantId: String(grant.id), role: "sales" } })).status).toBe(200);
    expect((await consoleRequest(t, path, { ip, cookie: manager, form: { intent: "locations", grantId: String(grant.id), locations: String(loc.id) } })).status).toBe(200);
    const [after] = await handle.db.select().from(staffRoles).where(eq(staffRoles.id, grant.id));
    expect([after.role, after.locationIds]).toEqual(["sales", [loc.id]]);
    // Sales see no staff page: the role change applies on their next request.
    expect((await consoleRequest(t, path, { ip, cookie: theirs })).status).toBe(403);
    // A location of another site is refused.
    const [otherLoc] = await handle.db.select({ id: locations.id }).from(locations).where(eq(locations.siteId, other.id));
    const wrong = await consoleRequest(t, path, { ip, cookie: manager, form: { intent: "locations", grantId: String(grant.id), locations: String(otherLoc.id) } });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("Choose locations of this site only.");
    expect((await consoleRequest(t, "/", { ip, cookie: theirs })).status).toBe(200);
    const removed = await consoleRequest(t, path, { ip, cookie: manager, form: { intent: "remove", grantId: String(grant.id) } });
    expect(removed.status).toBe(200);
    expect(await removed.text()).toContain("their sessions have ended");
    const next = await consoleRequest(t, "/", { ip, cookie: theirs });
    expect(next.status).toBe(302);
    expect(next.headers.get("location")).toContain("/sign-in");
    expect(await handle.db.select().from(staffSessions).where(eq(staffSessions.userId, user.id))).toHaveLength(0);
    const actions = (await handle.db.select({ action: staffAudit.action }).from(staffAudit).where(and(eq(staffAudit.siteId, t.site.id), eq(staffAudit.entityId, user.id))).orderBy(asc(staffAudit.id))).map((r) => r.action);
    expect(actions).toEqual(["staff.add", "staff.role", "staff.locations", "staff.remove"]);
  });

  it("cross-tenant: another site's staff page is not found, and another site's grant id changes nothing", async () => {
    const { t, handle } = state;
    const otherPath = `/sites/${other.slug}/staff`;
    expect((await consoleRequest(t, otherPath, { ip, cookie: manager })).status).toBe(404);
    expect((await consoleRequest(t, otherPath, { ip, cookie: manager, form: { intent: "invite", email: `x-${stamp}@dealer.test`, role: "sales" } })).status).toBe(404);
    expect((await consoleRequest(t, `/groups/${other.dealerGroup!.slug}/staff`, { ip, cookie: groupAdmin, form: { intent: "invite", email: `y-${stamp}@dealer.test`, role: "group_admin" } })).status).toBe(404);
    const email = `othersite-${stamp}@dealer.test`;
    await addStaffMember(handle.db, { email, role: "read_only", target: { siteSlug: other.slug } });
    const [user] = await handle.db.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.email, email));
    const [grant] = await handle.db.select({ id: staffRoles.id }).from(staffRoles).where(eq(staffRoles.userId, user.id));
    const response = await consoleRequest(t, `/sites/${t.site.slug}/staff`, { ip, cookie: manager, form: { intent: "remove", grantId: String(grant.id) } });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("not on this page any more");
    expect(await handle.db.select().from(staffRoles).where(eq(staffRoles.id, grant.id))).toHaveLength(1);
  });

  it("rotates the session on sign-in: the session the browser held before ends", async () => {
    const { t, handle } = state;
    const email = `rotate-${stamp}@dealer.test`;
    await addStaffMember(handle.db, { email, role: "read_only", target: { siteSlug: t.site.slug } });
    const before = await signInByLink(t, handle, email, ip);
    await consoleRequest(t, "/sign-in", { ip, form: { email, intent: "send" } });
    const code = /\b(\d{6})\b/.exec(mailer.sent.findLast((m) => m.to === email)!.text)![1];
    const signedIn = await consoleRequest(t, "/sign-in", { ip, cookie: before, form: { email, intent: "code", code } });
    expect(signedIn.status).toBe(302);
    const after = cookiesOf(signedIn);
    expect(after).not.toBe(before);
    expect((await consoleRequest(t, "/", { ip, cookie: before })).status).toBe(302);
    expect((await consoleRequest(t, "/", { ip, cookie: after })).status).toBe(200);
  });

  it("ends a session 12 hours after its sign-in, however recently it was used (ASVS 3.3.2)", async () => {
    const { t, handle } = state;
    const email = `old-${stamp}@dealer.test`;
    await addStaffMember(handle.db, { email, role: "read_only", target: { siteSlug: t.site.slug } });
    const cookie = await signInByLink(t, handle, email, ip);
    expect((await consoleRequest(t, "/", { ip, cookie })).status).toBe(200);
    const [user] = await handle.db.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.email, email));
    await handle.db.update(staffSessions).set({ createdAt: new Date(Date.now() - 13 * 60 * 60_000) }).where(eq(staffSessions.userId, user.id));
    expect((await consoleRequest(t, "/", { ip, cookie })).status).toBe(302);
  });

  it("lists the browsers a member is signed in on and signs one out, never another member's (ASVS 3.3.4)", async () => {
    const { t, handle } = state;
    const email = `sessions-${stamp}@dealer.test`;
    await addStaffMember(handle.db, { email, role: "read_only", target: { siteSlug: t.site.slug } });
    const laptop = await signInByLink(t, handle, email, ip);
    const phone = await signInByLink(t, handle, email, ip);
    const [user] = await handle.db.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.email, email));
    const sessions = await handle.db.select({ id: staffSessions.id, token: staffSessions.token }).from(staffSessions).where(eq(staffSessions.userId, user.id));
    expect(sessions).toHaveLength(2);
    const page = await (await consoleRequest(t, "/account", { ip, cookie: laptop })).text();
    expect(page.match(/This browser/g)).toHaveLength(1);
    expect(page.match(/Another browser/g)).toHaveLength(1);
    expect(page.match(/Sign out this browser/g)).toHaveLength(1);
    const phoneId = sessions.find((s) => phone.includes(s.token))!.id;
    expect(page).toContain(`value="${phoneId}"`);
    expect(page).toMatch(/Signed in \d{1,2} [A-Z][a-z]{2} \d{4}, \d{1,2}:\d{2} [ap]m AE[DS]T from /);

    // Another member cannot end this member's session with its id.
    const foreign = await consoleRequest(t, "/account", { ip, cookie: manager, form: { intent: "end-session", sessionId: phoneId } });
    expect(await foreign.text()).toContain("That session had already ended.");
    expect((await consoleRequest(t, "/", { ip, cookie: phone })).status).toBe(200);

    const ended = await consoleRequest(t, "/account", { ip, cookie: laptop, form: { intent: "end-session", sessionId: phoneId } });
    expect(await ended.text()).toContain("That browser is signed out.");
    expect((await consoleRequest(t, "/", { ip, cookie: phone })).status).toBe(302);
    expect((await consoleRequest(t, "/", { ip, cookie: laptop })).status).toBe(200);
    const audit = await handle.db.select({ action: staffAudit.action, entityId: staffAudit.entityId }).from(staffAudit).where(and(eq(staffAudit.userId, user.id), eq(staffAudit.action, "session.end")));
    expect(audit).toEqual([{ action: "session.end", entityId: phoneId }]);
  });

  it("withdraws an invitation: its link stops working, and the withdrawal is audited", async () => {
    const { t, handle } = state;
    const email = `withdrawn-${stamp}@dealer.test`;
    await consoleRequest(t, `/sites/${t.site.slug}/staff`, { ip, cookie: manager, form: { intent: "invite", email, role: "read_only" } });
    const [inv] = await handle.db.select({ id: staffInvitations.id }).from(staffInvitations).where(eq(staffInvitations.email, email));
    const withdrawn = await consoleRequest(t, `/sites/${t.site.slug}/staff`, { ip, cookie: manager, form: { intent: "revoke", invitationId: inv.id } });
    expect(withdrawn.status).toBe(200);
    expect(await withdrawn.text()).toContain("Invitation withdrawn.");
    const accepted = await consoleRequest(t, invitationPath(email), { ip, form: {} });
    expect(await accepted.text()).toContain("does not work any more");
    expect(await handle.db.select().from(staffUsers).where(eq(staffUsers.email, email))).toHaveLength(0);
    const actions = (await handle.db.select({ action: staffAudit.action }).from(staffAudit).where(eq(staffAudit.entityId, inv.id)).orderBy(asc(staffAudit.id))).map((r) => r.action);
    expect(actions).toEqual(["staff.invite", "staff.invite-revoked"]);
  });

  it("audits a new passkey in the insert's own transaction, whoever writes it", async () => {
    const { handle } = state;
    const email = `passkey-${stamp}@dealer.test`;
    const { userId } = await addStaffMember(handle.db, { email, role: "read_only", target: { siteSlug: state.t.site.slug } });
    const id = randomUUID();
    await handle.db.insert(staffPasskeys).values({ id, name: "Laptop", publicKey: "pk", userId, credentialID: `cred-${id}`, counter: 0, deviceType: "singleDevice", backedUp: false });
    const [row] = await handle.db.select().from(staffAudit).where(and(eq(staffAudit.entityId, id), eq(staffAudit.action, "passkey.add")));
    expect([row.userId, row.actorEmail, row.after]).toEqual([userId, email, { name: "Laptop", deviceType: "singleDevice" }]);
  });

  it("shows staff instants outside a site's pages in Sydney time with the zone named, not as a UTC day: an invitation's end, a passkey's addition, a site's archiving", async () => {
    const { t, handle } = state;
    // 22:00 UTC on the 10th is 9 am on the 11th in Sydney (AEDT): the UTC day read a day early.
    const email = `until-${stamp}@dealer.test`;
    await consoleRequest(t, `/sites/${t.site.slug}/staff`, { ip, cookie: manager, form: { intent: "invite", email, role: "read_only" } });
    await handle.db.update(staffInvitations).set({ expiresAt: new Date("2026-12-10T22:00:00Z") }).where(eq(staffInvitations.email, email));
    const staffPage = (await (await consoleRequest(t, `/sites/${t.site.slug}/staff`, { ip, cookie: manager })).text()).replaceAll("<!-- -->", "");
    expect(staffPage).toContain(`${email}, read-only (until 11 Dec 2026, 9:00 am AEDT)`);

    const keyOwner = `added-${stamp}@dealer.test`;
    const { userId } = await addStaffMember(handle.db, { email: keyOwner, role: "read_only", target: { siteSlug: t.site.slug } });
    const id = randomUUID();
    await handle.db.insert(staffPasskeys).values({ id, name: "Laptop", publicKey: "pk", userId, credentialID: `cred-${id}`, counter: 0, deviceType: "singleDevice", backedUp: false, createdAt: new Date("2026-05-03T21:15:00Z") });
    // An address of its own: this file's sign-ins from \`ip\` reach the sign-in link's rate limit.
    const keyOwnerIp = freshClientIp();
    const account = (await (await consoleRequest(t, "/account", { ip: keyOwnerIp, cookie: await signInByLink(t, handle, keyOwner, keyOwnerIp) })).text()).replaceAll("<!-- -->", "");
    expect(account).toContain("Laptop (added 4 May 2026, 7:15 am AEST)");

    const slug = `archived-on-${stamp}`;
    await consoleRequest(t, "/platform", { ip, cookie: operator, form: { intent: "site", group: t.site.dealerGroup!.slug, name: `Archived On ${stamp}`, slug, template: "blank", hosts: `${slug}.example.com.au` } });
    await handle.db.update(sites).set({ archivedAt: new Date("2026-12-03T13:30:00Z") }).where(eq(sites.slug, slug));
    const platformPage = (await (await consoleRequest(t, `/platform/sites/${slug}`, { ip, cookie: operator })).text()).replaceAll("<!-- -->", "");
    expect(platformPage).toContain("Archived on 4 Dec 2026, 12:30 am AEDT: its hosts answer 410 Gone.");
  });

  it("passkey registration needs a signed-in staff session", async () => {
    const response = await consoleRequest(state.t, "/api/auth/passkey/generate-register-options", { ip });
    expect(response.status).toBe(401);
    const signedIn = await consoleRequest(state.t, "/api/auth/passkey/generate-register-options", { ip, cookie: manager });
    expect(signedIn.status).toBe(200);
    const options = (await signedIn.json()) as { rp: { id: string; name: string } };
    expect(options.rp).toEqual({ id: "console.localhost", name: "Forecourt console" });
  });
});

/**
 * Offers without a site (issue 50 item 1) in the console: a group admin manages the dealer group's
 * offers and their excluded sites, a platform operator the network's. Through real HTTP on the
 * console host and three sites' hosts: the group's own site, a sister site of the same group, and a
 * site of another group. The comparison-rate rule holds here too; every change is audited.
 */
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { COMPARISON_RATE_REQUIRED } from "../../app/console/offers.server";
import { addStaffMember } from "../../app/console/staff.server";
import type { Site } from "../../app/sites/site";
import { offers, sites, staffAudit } from "../../db/schema/index";
import { useTestApp } from "./app-harness";
import { asPasskeySession, CONSOLE_HOST, CONSOLE_ORIGIN, consoleRequest, freshClientIp, recordingMailer, signInByLink } from "./console-harness";
import { createTestSite, ENGINE } from "./database";

const state = useTestApp({ app: { trustProxy: true, console: { mailer: recordingMailer() } } });
const ip = freshClientIp();
let groupAdmin: string;
let operator: string;
let sister: Site;
let outsider: Site;

beforeAll(async () => {
  const { t, handle } = state;
  const stamp = `${Date.now()}-${Math.random().toString(36).slice(2, 6)}`;
  sister = await createTestSite(handle, { hosts: [`sister-${stamp}.test`] });
  await handle.db.update(sites).set({ dealerGroupId: t.site.dealerGroup!.id }).where(eq(sites.id, sister.id));
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
const offersPage = async (site: Site | null) => (await state.t.request("/special-offers", { headers: { "x-forwarded-for": "198.51.100.9" }, ...(site ? { host: site.hosts[0] } : {}) })).text();
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
  });

  it("a site outside the group cannot be excluded (refused beside the field), and another group's or the network's offer cannot be opened", async () => {
    const refused = await postMany(groupAdmin, groupPath(), { intent: "save", name: "Outside", excluded: String(outsider.id) });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Excluded sites: choose from the group&#x27;s sites listed.");
    const [network] = await state.handle.db.insert(offers).values({ siteId: null, name: "Seeded network offer", status: "draft" }).returning({ id: offers.id });
    expect((await consoleRequest(state.t, `${groupPath()}?id=${network!.id}`, { ip, cookie: groupAdmin })).status).toBe(404);
    expect((await post(groupAdmin, `${groupPath()}?id=${network!.id}`, { intent: "retire" })).status).toBe(400);
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

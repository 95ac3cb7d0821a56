/**
 * Re-authentication in the console (issue 48 "Standards": ASVS 3.7.1, 4.3.1, 4.3.3; decision 355):
 * an operator signed in by e-mail reaches no site, group or platform page until a passkey session;
 * a high-value change on a sign-in older than the fresh window is held on a "Confirm it's you" page
 * that keeps every typed value, and carried out after an e-mailed code (307 back to the same form).
 * The passkey confirmation itself runs in Chromium (tests/e2e/console-story.spec.ts).
 */
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { addStaffMember } from "../../app/console/staff.server";
import { FRESH_SECONDS } from "../../app/console/auth.server";
import { dealerGroups, siteConfigVersions, staffAudit, staffInvitations } from "../../db/schema/index";
import { useTestApp } from "./app-harness";
import { ageSession, asPasskeySession, consoleRequest, cookiesOf, freshClientIp, recordingMailer, signInByLink } from "./console-harness";
import { ENGINE } from "./database";

const mailer = recordingMailer();
const state = useTestApp({ app: { trustProxy: true, console: { mailer } } });
const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const ip = freshClientIp();
const STALE_MINUTES = FRESH_SECONDS / 60 + 5;

async function signIn(email: string, role: "platform_operator" | "site_manager", target: Parameters<typeof addStaffMember>[1]["target"]): Promise<string> {
  await addStaffMember(state.handle.db, { email, role, target });
  return signInByLink(state.t, state.handle, email, ip);
}

/** The hidden inputs of a page, as name → value (the first of each name). */
function hidden(html: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [input] of html.matchAll(/<input[^>]*type="hidden"[^>]*>/g)) {
    const name = /name="([^"]+)"/.exec(input)?.[1];
    const value = /value="([^"]*)"/.exec(input)?.[1] ?? "";
    if (name) out[name] ??= value.replace(/&amp;/g, "&").replace(/&#x27;/g, "'").replace(/&quot;/g, '"');
  }
  return out;
}

let settingsPath = "";
beforeAll(() => {
  settingsPath = `/sites/${state.t.site.slug}/settings`;
});

describe(`console step-up and operator passkeys (${ENGINE})`, () => {
  it("ASVS 4.3.1: an operator signed in by e-mail is sent to add and use a passkey; a post is held, with no code offered", async () => {
    const { t, handle } = state;
    const operator = await signIn(`operator-${stamp}@step.test`, "platform_operator", { platform: true });
    for (const path of ["/platform", `/sites/${t.site.slug}`, `/sites/${t.site.slug}/settings`, `/groups/${t.site.dealerGroup!.slug}`]) {
      const page = await consoleRequest(t, path, { ip, cookie: operator });
      expect(page.status, path).toBe(302);
      expect(page.headers.get("location"), path).toBe(`/account?passkey=required&next=${encodeURIComponent(path)}`);
    }
    const account = await (await consoleRequest(t, "/account?passkey=required&next=%2Fplatform", { ip, cookie: operator })).text();
    expect(account).toContain("Platform work needs a passkey");
    expect(account).toContain("Add a passkey below, then confirm with it");

    const groupSlug = `held-${stamp}`;
    const held = await consoleRequest(t, "/platform", { ip, cookie: operator, form: { intent: "group", name: "Held Motor Group", slug: groupSlug } });
    expect(held.status).toBe(401);
    const html = await held.text();
    expect(html).toContain("Confirm it&#x27;s you");
    expect(html).toContain("Platform operators confirm with a passkey");
    // With no passkey yet, the page sends them to add one (and back here); no code is offered.
    expect(html).toContain("You have no passkey yet");
    expect(html).toContain(`/account?passkey=required&amp;next=%2Fplatform`);
    expect(html).not.toContain("E-mail me a code");
    // A code cannot stand in for the passkey.
    const asked = await consoleRequest(t, "/platform", { ip, cookie: operator, form: { intent: "group", name: "Held Motor Group", slug: groupSlug, stepUp: "send" } });
    expect(asked.status).toBe(401);
    expect(mailer.sent.filter((m) => m.to === `operator-${stamp}@step.test`)).toHaveLength(0);
    expect(await handle.db.select().from(dealerGroups).where(eq(dealerGroups.slug, groupSlug))).toHaveLength(0);

    // After a passkey sign-in (recorded as such), the same pages open.
    await asPasskeySession(handle, operator);
    expect((await consoleRequest(t, "/platform", { ip, cookie: operator })).status).toBe(200);
    expect((await consoleRequest(t, `/sites/${t.site.slug}`, { ip, cookie: operator })).status).toBe(200);
  });

  it("ASVS 3.7.1 and 4.3.3: publishing on an old sign-in is held; an e-mailed code re-authenticates and the same post goes ahead", async () => {
    const { t, handle } = state;
    const email = `manager-${stamp}@step.test`;
    let manager = await signIn(email, "site_manager", { siteSlug: t.site.slug });
    await ageSession(handle, manager, STALE_MINUTES);
    const publishes = async () => (await handle.db.select().from(siteConfigVersions).where(and(eq(siteConfigVersions.siteId, t.site.id), eq(siteConfigVersions.kind, "publish")))).length;
    const versionsBefore = await publishes();

    // Ordinary edits need no step-up: a draft is saved on the old sign-in.
    const draft = await consoleRequest(t, settingsPath, { ip, cookie: manager, form: { intent: "save", "hero.title": "Step-up hero" } });
    expect(draft.status).toBeLessThan(400);

    const held = await consoleRequest(t, settingsPath, { ip, cookie: manager, form: { intent: "publish" } });
    expect(held.status).toBe(401);
    const html = await held.text();
    expect(html).toContain("This change needs a recent sign-in");
    expect(hidden(html)).toMatchObject({ intent: "publish" });
    expect(await publishes()).toBe(versionsBefore);

    const sent = await consoleRequest(t, settingsPath, { ip, cookie: manager, form: { intent: "publish", stepUp: "send" } });
    expect(sent.status).toBe(401);
    expect(await sent.text()).toContain("6-digit code from the e-mail");
    const code = /\b(\d{6})\b/.exec(mailer.sent.findLast((m) => m.to === email)!.text)![1];

    const wrong = await consoleRequest(t, settingsPath, { ip, cookie: manager, form: { intent: "publish", stepUp: "code", stepUpCode: code === "000000" ? "111111" : "000000" } });
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toContain("That code is not right");

    const confirmed = await consoleRequest(t, settingsPath, { ip, cookie: manager, form: { intent: "publish", stepUp: "code", stepUpCode: code } });
    expect(confirmed.status).toBe(307);
    expect(confirmed.headers.get("location")).toBe(settingsPath);
    const renewed = cookiesOf(confirmed);
    expect(renewed).toMatch(/^fc_staff=/);
    // The old session ended (rotation); the browser posts the same form again with the new one.
    expect((await consoleRequest(t, settingsPath, { ip, cookie: manager })).status).toBe(302);
    manager = renewed;
    const published = await consoleRequest(t, settingsPath, { ip, cookie: manager, form: { intent: "publish", stepUp: "code", stepUpCode: code } });
    expect(published.status).toBe(302);
    expect(published.headers.get("location")).toMatch(/done=published-\d+/);
    expect(await publishes()).toBe(versionsBefore + 1);
    const audit = await handle.db.select({ action: staffAudit.action }).from(staffAudit).where(and(eq(staffAudit.actorEmail, email)));
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(["sign-in", "settings.publish"]));
  });

  it("ASVS 4.3.3: granting a role on an old sign-in is held with the typed e-mail and role kept; removing a passkey too", async () => {
    const { t, handle } = state;
    const manager = await signIn(`manager2-${stamp}@step.test`, "site_manager", { siteSlug: t.site.slug });
    await ageSession(handle, manager, STALE_MINUTES);
    const invitee = `invitee-${stamp}@step.test`;
    const held = await consoleRequest(t, `/sites/${t.site.slug}/staff`, { ip, cookie: manager, form: { intent: "invite", email: invitee, role: "content_editor" } });
    expect(held.status).toBe(401);
    const html = await held.text();
    expect(hidden(html)).toMatchObject({ intent: "invite", email: invitee, role: "content_editor" });
    expect(html).toContain("E-mail me a code");
    expect(await handle.db.select().from(staffInvitations).where(eq(staffInvitations.email, invitee))).toHaveLength(0);

    const account = await consoleRequest(t, "/account", { ip, cookie: manager, form: { intent: "remove-passkey", passkeyId: "none" } });
    expect(account.status).toBe(401);

    // Within the fresh window the same invitation goes straight through.
    const fresh = await signIn(`manager3-${stamp}@step.test`, "site_manager", { siteSlug: t.site.slug });
    const sent = await consoleRequest(t, `/sites/${t.site.slug}/staff`, { ip, cookie: fresh, form: { intent: "invite", email: invitee, role: "content_editor" } });
    expect(sent.status).toBeLessThan(400);
    expect(await handle.db.select().from(staffInvitations).where(eq(staffInvitations.email, invitee))).toHaveLength(1);
  });
});

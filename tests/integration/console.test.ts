/**
 * The dealer console's origin, sign-in, lockout, sessions and audit trail (issue 48 items 1, 2,
 * 6; decisions 249-250), over real HTTP requests through the Hono app on the production build.
 */
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { MAX_FAILED_SIGN_INS, SESSION_CACHE_SECONDS, STAFF_SIGN_IN_MESSAGES, StaffAuth } from "../../app/console/auth.server";
import { addStaffMember } from "../../app/console/staff.server";
import { staffAudit, staffSessions, staffUsers } from "../../db/schema/index";
import { useTestApp } from "./app-harness";
import { CONSOLE_ORIGIN, consoleRequest, cookiesOf, freshClientIp, recordingMailer, signInByLink } from "./console-harness";
import { ENGINE } from "./database";

const mailer = recordingMailer();
const RATE_LIMIT_IP = freshClientIp();
const HOST_SPLIT_IP = freshClientIp();
const SIGNED_OUT_IP = freshClientIp();
const SIGN_IN_IP = freshClientIp();
const CROSS_COOKIE_IP = freshClientIp();
const FIRST_BROWSER_IP = freshClientIp();
const SECOND_BROWSER_IP = freshClientIp();
const SESSION_COPY_IP = freshClientIp();
const CROSS_ORIGIN_IP = freshClientIp();
const state = useTestApp({ app: { trustProxy: true, console: { mailer } } });

let n = 0;
/** A fresh staff member of the test site (unique e-mail, so runs on one PostgreSQL never meet). */
async function manager(): Promise<string> {
  const email = `manager-${Date.now()}-${n++}@dealer.test`;
  await addStaffMember(state.handle.db, { email, role: "site_manager", target: { siteSlug: state.t.site.slug } });
  return email;
}

function codeIn(text: string): string {
  return /\b(\d{6})\b/.exec(text)![1];
}

describe(`dealer console (${ENGINE})`, () => {
  it("answers only on the console host: dealer pages 404 there, console paths 404 on a dealer host", async () => {
    const { t } = state;
    // A dealer page path on the console host is not the dealer page.
    const search = await consoleRequest(t, "/search", { ip: HOST_SPLIT_IP });
    expect(search.status).toBe(404);
    expect(await search.text()).not.toContain(t.site.name);
    // The hidden prefix never answers on a dealer host, signed in or not.
    for (const path of ["/__console", "/__console/sign-in", "/__console/sites/x"]) expect((await t.request(path)).status).toBe(404);
    // The dealer site still answers on its host.
    expect((await t.request("/")).status).toBe(200);
    const signIn = await consoleRequest(t, "/sign-in", { ip: HOST_SPLIT_IP });
    expect(signIn.status).toBe(200);
    expect(signIn.headers.get("cache-control")).toBe("private, no-store");
    expect(signIn.headers.get("content-security-policy")).toContain("script-src");
    const html = await signIn.text();
    expect(html).toContain("Staff sign-in");
    // No client router: the one script is the passkey button's (a static file, CSP 'self').
    expect(html.match(/<script[^>]*>/g)).toEqual(['<script src="/console/passkeys.js" defer="">']);
  });

  it("sends signed-out staff to /sign-in and comes back to the page afterwards", async () => {
    const response = await consoleRequest(state.t, `/sites/${state.t.site.slug}`, { ip: SIGNED_OUT_IP });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`/sign-in?next=${encodeURIComponent(`/sites/${state.t.site.slug}`)}`);
  });

  it("signs in with an e-mailed code and lists the member's site; the cookie is the console's own", async () => {
    const { t } = state;
    const email = await manager();
    const ip = SIGN_IN_IP;
    const sent = await consoleRequest(t, "/sign-in", { ip, form: { email, intent: "send", next: "/" } });
    expect(sent.status).toBe(200);
    expect(await sent.text()).toContain(STAFF_SIGN_IN_MESSAGES.sent.slice(0, 40));
    const mail = mailer.sent.findLast((m) => m.to === email)!;
    const signedIn = await consoleRequest(t, "/sign-in", { ip, form: { email, intent: "code", code: codeIn(mail.text), next: "/" } });
    expect(signedIn.status).toBe(302);
    const cookie = cookiesOf(signedIn);
    expect(cookie).toMatch(/^fc_staff=/);
    expect(signedIn.headers.getSetCookie().join("\n")).toMatch(/HttpOnly/i);
    const home = await consoleRequest(t, "/", { ip, cookie });
    expect(home.status).toBe(200);
    expect(await home.text()).toContain(t.site.name);
    // The same code does not work twice.
    const again = await consoleRequest(t, "/sign-in", { ip, form: { email, intent: "code", code: codeIn(mail.text), next: "/" } });
    expect(again.status).toBe(200);
    // The sign-in is in the audit trail.
    const [user] = await state.handle.db.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.email, email));
    const actions = (await state.handle.db.select({ action: staffAudit.action }).from(staffAudit).where(eq(staffAudit.userId, user.id))).map((r) => r.action);
    expect(actions).toContain("sign-in");
  });

  it("a shopper's session cookie is no console session, and a staff cookie is no shopper session", async () => {
    const { t } = state;
    const email = await manager();
    const cookie = await signInByLink(t, state.handle, email, CROSS_COOKIE_IP);
    const token = cookie.slice("fc_staff=".length);
    // The staff token under the shopper's cookie name means nothing in the console.
    const asShopperCookie = await consoleRequest(t, "/", { ip: CROSS_COOKIE_IP, cookie: `fc_session=${token}` });
    expect(asShopperCookie.status).toBe(302);
    // On the dealer host the staff cookie signs nobody in: a gated page still asks for sign-in.
    const garage = await t.request("/my-garage", { headers: { cookie }, redirect: "manual" });
    expect(garage.status).not.toBe(200);
  });

  it(`locks an address after ${MAX_FAILED_SIGN_INS} wrong codes, records each failure, and refuses the right code while locked`, async () => {
    const { t } = state;
    const email = await manager();
    // A different client address per try: the lockout is per account, not per address.
    const ip = () => freshClientIp();
    await consoleRequest(t, "/sign-in", { ip: ip(), form: { email, intent: "send" } });
    const right = codeIn(mailer.sent.findLast((m) => m.to === email)!.text);
    const wrong = right === "000000" ? "111111" : "000000";
    let last = "";
    for (let i = 0; i < MAX_FAILED_SIGN_INS; i++) last = await (await consoleRequest(t, "/sign-in", { ip: ip(), form: { email, intent: "code", code: wrong } })).text();
    expect(last).toContain("paused for 15 minutes");
    await consoleRequest(t, "/sign-in", { ip: ip(), form: { email, intent: "send" } });
    const fresh = codeIn(mailer.sent.findLast((m) => m.to === email)!.text);
    const refused = await consoleRequest(t, "/sign-in", { ip: ip(), form: { email, intent: "code", code: fresh } });
    expect(refused.status).toBe(200);
    expect(await refused.text()).toContain("paused for 15 minutes");
    const actions = (await state.handle.db.select({ action: staffAudit.action }).from(staffAudit).where(eq(staffAudit.actorEmail, email))).map((r) => r.action);
    expect(actions.filter((a) => a === "sign-in-failed")).toHaveLength(MAX_FAILED_SIGN_INS - 1);
    expect(actions).toContain("sign-in-locked");
    expect(actions).toContain("sign-in-refused-locked");
  });

  it("rate-limits code requests from one address", async () => {
    const { t } = state;
    const email = await manager();
    const ip = RATE_LIMIT_IP;
    const answers: string[] = [];
    for (let i = 0; i < 6; i++) answers.push(await (await consoleRequest(t, "/sign-in", { ip, form: { email, intent: "send" } })).text());
    expect(answers.slice(0, 5).every((a) => !a.includes("Too many attempts"))).toBe(true);
    expect(answers[5]).toContain("Too many attempts");
  });

  it("signs out everywhere: every session of the member ends", async () => {
    const { t } = state;
    const email = await manager();
    const first = await signInByLink(t, state.handle, email, FIRST_BROWSER_IP);
    const second = await signInByLink(t, state.handle, email, SECOND_BROWSER_IP);
    expect((await consoleRequest(t, "/", { ip: SECOND_BROWSER_IP, cookie: second })).status).toBe(200);
    const out = await consoleRequest(t, "/sign-out", { ip: FIRST_BROWSER_IP, cookie: first, form: { everywhere: "1" } });
    expect(out.status).toBe(302);
    expect((await consoleRequest(t, "/", { ip: SECOND_BROWSER_IP, cookie: second })).status).toBe(302);
    expect((await consoleRequest(t, "/", { ip: FIRST_BROWSER_IP, cookie: first })).status).toBe(302);
    const [user] = await state.handle.db.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.email, email));
    expect(await state.handle.db.select().from(staffSessions).where(eq(staffSessions.userId, user.id))).toHaveLength(0);
  });

  it(`reads a session from the browser's signed copy for ${SESSION_CACHE_SECONDS / 60} minutes, yet takes its state from the database: an ended session fails on its next request`, async () => {
    const { t } = state;
    const db = state.handle.db;
    const email = await manager();
    const cookie = await signInByLink(t, state.handle, email, SESSION_COPY_IP);
    const token = /(?:^|; )(fc_staff=[^;]*)/.exec(cookie)![1];
    expect(cookie).toMatch(/(?:^|; )fc_staff_data=./);
    const [user] = await db.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.email, email));
    // A stored token that no longer matches the cookie's: better-auth's read by token finds no
    // session, while the copy (signed at sign-in) stands in for that read.
    const [{ token: stored }] = await db.select({ token: staffSessions.token }).from(staffSessions).where(eq(staffSessions.userId, user.id));
    await db.update(staffSessions).set({ token: `${stored}-moved` }).where(eq(staffSessions.userId, user.id));
    expect((await consoleRequest(t, "/account", { ip: SESSION_COPY_IP, cookie })).status).toBe(200);
    expect((await consoleRequest(t, "/account", { ip: SESSION_COPY_IP, cookie: token })).status).toBe(302);
    // The server reuses a claim for a few seconds, for the very cookies it was read from only: a
    // copy altered by a character, sent just after the genuine one, is verified afresh and refused.
    const forged = cookie.replace(/(fc_staff_data=)(.)/, (_, name: string, first: string) => `${name}${first === "e" ? "f" : "e"}`);
    expect(forged).not.toBe(cookie);
    expect((await consoleRequest(t, "/account", { ip: SESSION_COPY_IP, cookie: forged })).status).toBe(302);
    expect((await consoleRequest(t, "/account", { ip: SESSION_COPY_IP, cookie })).status).toBe(200);
    // Without a copy, the session is read from the database and the answer carries a new copy.
    await db.update(staffSessions).set({ token: stored }).where(eq(staffSessions.userId, user.id));
    const renewed = await consoleRequest(t, "/account", { ip: SESSION_COPY_IP, cookie: token });
    expect(renewed.status).toBe(200);
    expect(renewed.headers.getSetCookie().some((c) => /^fc_staff_data=[^;]+;/.test(c) && /Max-Age=300\b/i.test(c) && /HttpOnly/i.test(c))).toBe(true);
    // The session's state is the stored one, copy or not: 13 hours from its sign-in is past the
    // 12-hour limit (ASVS 3.3.2)...
    await db.update(staffSessions).set({ createdAt: new Date(Date.now() - 13 * 3_600_000) }).where(eq(staffSessions.userId, user.id));
    expect((await consoleRequest(t, "/account", { ip: SESSION_COPY_IP, cookie })).status).toBe(302);
    await db.update(staffSessions).set({ createdAt: new Date() }).where(eq(staffSessions.userId, user.id));
    expect((await consoleRequest(t, "/account", { ip: SESSION_COPY_IP, cookie })).status).toBe(200);
    // ...and an ended session (the account page's "end", sign-out elsewhere, a removal) fails at once.
    await db.delete(staffSessions).where(eq(staffSessions.userId, user.id));
    const ended = await consoleRequest(t, "/account", { ip: SESSION_COPY_IP, cookie });
    expect(ended.status).toBe(302);
    expect(ended.headers.get("location")).toBe("/sign-in?next=%2Faccount");
    // The sign-in page reads the database, so it offers a sign-in rather than sending them back.
    expect((await consoleRequest(t, "/sign-in?next=%2Faccount", { ip: SESSION_COPY_IP, cookie })).status).toBe(200);
  });

  it("refuses a console form posted from another origin", async () => {
    const response = await state.t.request("/sign-in", {
      host: "console.localhost",
      method: "POST",
      headers: { origin: `http://${state.t.host}`, "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": CROSS_ORIGIN_IP },
      body: "email=a%40b.test&intent=send",
    });
    expect(response.status).toBe(403);
  });

  it("keeps the audit trail append-only: UPDATE, DELETE and TRUNCATE are refused", async () => {
    await new StaffAuth(state.handle.db, mailer).signInLink(CONSOLE_ORIGIN, await manager());
    await expect(state.handle.db.execute(sql`UPDATE staff_audit SET action = 'x'`)).rejects.toThrow();
    await expect(state.handle.db.execute(sql`DELETE FROM staff_audit`)).rejects.toThrow();
    await expect(state.handle.db.execute(sql`TRUNCATE staff_audit`)).rejects.toThrow();
  });
});

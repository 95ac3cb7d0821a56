/**
 * Security of phone sign-in and sessions against the real database (PGlite, or PostgreSQL when
 * DATABASE_URL is set): issue 9, spec 6 "Roles and permissions", spec 4 "Gated routes".
 * Codes are read from the real file outbox of the SMS adapter.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client";
import { shopperSessions, signInChallenges } from "../../db/schema/index";
import { createOutboxSender } from "../../app/adapters/sms/sms.server";
import {
  endSession,
  getShopper,
  MAX_CODE_ATTEMPTS,
  rememberDevice,
  requestSignInCode,
  requireShopper,
  startSession,
  verifySignInCode,
} from "../../app/services/auth.server";
import type { Site } from "../../app/sites/site";
import { createTestSite, ENGINE, openTestDatabase } from "./database";

let handle: DatabaseHandle;
let site: Site;
let otherSite: Site;
const outbox = mkdtempSync(join(tmpdir(), "fc-sms-"));
const sms = createOutboxSender(outbox, true);
let phoneCounter = 0;
/** A fresh valid mobile per test so tests never share rate-limit buckets. */
const phoneBase = Math.floor(Math.random() * 900_000);
const nextPhone = () => `0412${String((phoneBase + phoneCounter++) % 1_000_000).padStart(6, "0")}`;

/** The code in the newest outbox message to `e164`. */
function codeSentTo(e164: string): string {
  const messages = readdirSync(outbox)
    .map((f) => JSON.parse(readFileSync(join(outbox, f), "utf8")) as { to: string; code: string; body: string; sentAt: string })
    .filter((m) => m.to === e164)
    .sort((a, b) => a.sentAt.localeCompare(b.sentAt));
  const last = messages.at(-1);
  if (!last) throw new Error(`no text to ${e164}`);
  expect(last.body).toContain(last.code);
  return last.code;
}

function requestWithCookie(host: string, cookie: string | null, path = "/my-garage"): Request {
  return new Request(`http://${host}${path}`, { headers: cookie ? { cookie } : {} });
}

/** Signs a number in on a site and returns the session cookie pair "name=value". */
async function signIn(target: Site, phone: string, ip = "198.51.100.1"): Promise<string> {
  const sent = await requestSignInCode(handle.db, target, sms, { phone, ip, now: Date.now() });
  if (sent.kind !== "sent") throw new Error(sent.kind);
  const verified = await verifySignInCode(handle.db, target, { handle: sent.handle, code: codeSentTo(sent.phone), now: Date.now() });
  if (verified.kind !== "ok") throw new Error(verified.kind);
  const setCookie = await startSession(requestWithCookie(`${target.slug}.localhost`, null), target, handle.db, verified.shopper);
  return setCookie.split(";")[0];
}

beforeAll(async () => {
  handle = await openTestDatabase();
  site = await createTestSite(handle, { config: { features: { authentication: true, watchlist: true } } });
  otherSite = await createTestSite(handle, { config: { features: { authentication: true, watchlist: true } } });
});
afterAll(async () => {
  await handle.close();
  rmSync(outbox, { recursive: true, force: true });
});

describe(`sign-in codes (${ENGINE})`, () => {
  it("the number's owner on a device that signed in before still gets a code after 5 addresses x 3 requests used the number's quota (decision 225)", async () => {
    const hour = Date.parse("2031-03-03T10:00:00Z");
    const phone = nextPhone();
    // Yesterday the owner signed in on their phone, which got the device cookie.
    const sent = await requestSignInCode(handle.db, site, sms, { phone, ip: "198.51.100.60", now: hour - 86_400_000 });
    if (sent.kind !== "sent") throw new Error(sent.kind);
    const verified = await verifySignInCode(handle.db, site, { handle: sent.handle, code: codeSentTo(sent.phone), now: hour - 86_400_000 });
    if (verified.kind !== "ok") throw new Error(verified.kind);
    const setCookie = await rememberDevice(requestWithCookie(`${site.slug}.localhost`, null), site, handle.db, verified.shopper, hour - 86_400_000);
    expect(setCookie).toMatch(/^fc_device=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=31536000$/);
    const token = setCookie.split(";")[0].split("=")[1];
    // Now 5 addresses x 3 requests use up the number's hourly quota (15).
    const flood: string[] = [];
    for (let a = 0; a < 5; a++) for (let r = 0; r < 3; r++) flood.push((await requestSignInCode(handle.db, site, sms, { phone, ip: `203.0.113.${70 + a}`, now: hour + a * 1000 + r })).kind);
    expect(flood).toEqual(Array(15).fill("sent"));
    // Another client without the device is refused for the rest of the hour...
    expect((await requestSignInCode(handle.db, site, sms, { phone, ip: "198.51.100.61", now: hour + 60_000 })).kind).toBe("rate-limited");
    // ...and so is a device that signed in for a different number, and a made-up token.
    const otherPhone = nextPhone();
    const other = await requestSignInCode(handle.db, site, sms, { phone: otherPhone, ip: "198.51.100.62", now: hour - 86_400_000 });
    if (other.kind !== "sent") throw new Error(other.kind);
    const otherShopper = await verifySignInCode(handle.db, site, { handle: other.handle, code: codeSentTo(other.phone), now: hour - 86_400_000 });
    if (otherShopper.kind !== "ok") throw new Error(otherShopper.kind);
    const otherToken = (await rememberDevice(requestWithCookie(`${site.slug}.localhost`, null), site, handle.db, otherShopper.shopper)).split(";")[0].split("=")[1];
    expect((await requestSignInCode(handle.db, site, sms, { phone, ip: "198.51.100.63", now: hour + 60_000, deviceToken: otherToken })).kind).toBe("rate-limited");
    expect((await requestSignInCode(handle.db, site, sms, { phone, ip: "198.51.100.64", now: hour + 60_000, deviceToken: "A".repeat(43) })).kind).toBe("rate-limited");
    // The owner's own device gets a code, and signs in with it.
    const owner = await requestSignInCode(handle.db, site, sms, { phone, ip: "198.51.100.65", now: hour + 60_000, deviceToken: token });
    expect(owner.kind).toBe("sent");
    if (owner.kind !== "sent") throw new Error(owner.kind);
    expect((await verifySignInCode(handle.db, site, { handle: owner.handle, code: codeSentTo(owner.phone), now: hour + 61_000 })).kind).toBe("ok");
    // The device's share is limited too: the per-(number, address) limit still applies to it.
    const more = [];
    for (let r = 0; r < 3; r++) more.push((await requestSignInCode(handle.db, site, sms, { phone, ip: "198.51.100.65", now: hour + 62_000 + r, deviceToken: token })).kind);
    expect(more).toEqual(["sent", "sent", "rate-limited"]);
  });

  it("locks the challenge after 5 wrong codes: even the right code then fails", async () => {
    const sent = await requestSignInCode(handle.db, site, sms, { phone: nextPhone(), ip: "198.51.100.2", now: Date.now() });
    if (sent.kind !== "sent") throw new Error(sent.kind);
    const right = codeSentTo(sent.phone);
    const wrong = right === "000000" ? "111111" : "000000";
    const results = [];
    for (let i = 0; i < MAX_CODE_ATTEMPTS; i++) results.push(await verifySignInCode(handle.db, site, { handle: sent.handle, code: wrong, now: Date.now() }));
    expect(results.map((r) => r.kind)).toEqual(["wrong-code", "wrong-code", "wrong-code", "wrong-code", "locked"]);
    expect(results[0]).toMatchObject({ attemptsLeft: 4, message: "That code is not right. You have 4 tries left." });
    const after = await verifySignInCode(handle.db, site, { handle: sent.handle, code: right, now: Date.now() });
    expect(after.kind).toBe("locked");
    const [row] = await handle.db.select().from(signInChallenges).where(eq(signInChallenges.handle, sent.handle));
    expect(row.lockedAt).not.toBeNull();
    expect(row.attempts).toBe(5);
  });

  it("refuses an expired code (5 minutes) and a reused code", async () => {
    const t0 = Date.now();
    const sent = await requestSignInCode(handle.db, site, sms, { phone: nextPhone(), ip: "198.51.100.3", now: t0 });
    if (sent.kind !== "sent") throw new Error(sent.kind);
    const code = codeSentTo(sent.phone);
    expect(sent.expiresAt.getTime() - t0).toBe(5 * 60_000);
    expect((await verifySignInCode(handle.db, site, { handle: sent.handle, code, now: t0 + 5 * 60_000 + 1 })).kind).toBe("expired");

    const again = await requestSignInCode(handle.db, site, sms, { phone: sent.phone, ip: "198.51.100.3", now: Date.now() });
    if (again.kind !== "sent") throw new Error(again.kind);
    const code2 = codeSentTo(again.phone);
    expect((await verifySignInCode(handle.db, site, { handle: again.handle, code: code2, now: Date.now() })).kind).toBe("ok");
    expect((await verifySignInCode(handle.db, site, { handle: again.handle, code: code2, now: Date.now() })).kind).toBe("used");
  });

  it("a challenge of one site cannot be answered on another site", async () => {
    const sent = await requestSignInCode(handle.db, site, sms, { phone: nextPhone(), ip: "198.51.100.4", now: Date.now() });
    if (sent.kind !== "sent") throw new Error(sent.kind);
    const result = await verifySignInCode(handle.db, otherSite, { handle: sent.handle, code: codeSentTo(sent.phone), now: Date.now() });
    expect(result.kind).toBe("not-found");
  });

  it("refuses a number that is not an Australian mobile with a clear message", async () => {
    const result = await requestSignInCode(handle.db, site, sms, { phone: "02 9999 9999", ip: "198.51.100.5", now: Date.now() });
    expect(result).toEqual({ kind: "invalid-phone", message: "Please enter a valid Australian mobile number, for example 0412 345 678." });
  });

  it("stores neither codes nor session ids in plain text", async () => {
    const phone = nextPhone();
    const sent = await requestSignInCode(handle.db, site, sms, { phone, ip: "198.51.100.6", now: Date.now() });
    if (sent.kind !== "sent") throw new Error(sent.kind);
    const code = codeSentTo(sent.phone);
    const verified = await verifySignInCode(handle.db, site, { handle: sent.handle, code, now: Date.now() });
    if (verified.kind !== "ok") throw new Error(verified.kind);
    const cookie = await startSession(requestWithCookie("x.localhost", null), site, handle.db, verified.shopper);
    const token = cookie.split(";")[0].split("=")[1];
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Every text column of both tables, as the database holds them.
    const challengeDump = JSON.stringify(await handle.db.select().from(signInChallenges).where(eq(signInChallenges.handle, sent.handle)));
    expect(challengeDump).not.toContain(`"${code}"`);
    expect(challengeDump).toContain(sent.handle);
    expect(challengeDump).toMatch(/"codeHash":"[0-9a-f]{64}"/);
    const sessionDump = JSON.stringify(await handle.db.select().from(shopperSessions).where(eq(shopperSessions.shopperId, verified.shopper.id)));
    expect(sessionDump).not.toContain(token);
    expect(sessionDump).toMatch(/"tokenHash":"[0-9a-f]{64}"/);
  });
});

describe(`sessions (${ENGINE})`, () => {
  it("a session works on its own site only: the same cookie on a second site's host is signed out", async () => {
    const cookie = await signIn(site, nextPhone());
    expect(await getShopper(requestWithCookie(`${site.slug}.localhost`, cookie), site, handle.db)).toMatchObject({ siteId: site.id });
    expect(await getShopper(requestWithCookie(`${otherSite.slug}.localhost`, cookie), otherSite, handle.db)).toBeNull();
  });

  it("the same number on two sites is two shoppers", async () => {
    const phone = nextPhone();
    const a = await signIn(site, phone);
    const b = await signIn(otherSite, phone);
    const shopperA = await getShopper(requestWithCookie("a.localhost", a), site, handle.db);
    const shopperB = await getShopper(requestWithCookie("b.localhost", b), otherSite, handle.db);
    expect(shopperA!.phone).toBe(shopperB!.phone);
    expect(shopperA!.id).not.toBe(shopperB!.id);
  });

  it("sign-out ends the session in the database; the old cookie no longer signs in", async () => {
    const cookie = await signIn(site, nextPhone());
    const cleared = await endSession(requestWithCookie("a.localhost", cookie), site, handle.db);
    expect(cleared).toMatch(/^fc_session=; Path=\/; HttpOnly; SameSite=Lax; Max-Age=0$/);
    expect(await getShopper(requestWithCookie("a.localhost", cookie), site, handle.db)).toBeNull();
  });

  it("signing in again rotates the session: the earlier id stops working", async () => {
    const phone = nextPhone();
    const first = await signIn(site, phone);
    const sent = await requestSignInCode(handle.db, site, sms, { phone, ip: "198.51.100.7", now: Date.now() });
    if (sent.kind !== "sent") throw new Error(sent.kind);
    const verified = await verifySignInCode(handle.db, site, { handle: sent.handle, code: codeSentTo(sent.phone), now: Date.now() });
    if (verified.kind !== "ok") throw new Error(verified.kind);
    const second = (await startSession(requestWithCookie("a.localhost", first), site, handle.db, verified.shopper)).split(";")[0];
    expect(second).not.toBe(first);
    expect(await getShopper(requestWithCookie("a.localhost", first), site, handle.db)).toBeNull();
    expect(await getShopper(requestWithCookie("a.localhost", second), site, handle.db)).not.toBeNull();
  });

  it("cookies: Secure and __Host- over TLS, and behind a TLS proxy only with TRUST_PROXY", async () => {
    const phone = nextPhone();
    const sent = await requestSignInCode(handle.db, site, sms, { phone, ip: "198.51.100.8", now: Date.now() });
    if (sent.kind !== "sent") throw new Error(sent.kind);
    const verified = await verifySignInCode(handle.db, site, { handle: sent.handle, code: codeSentTo(sent.phone), now: Date.now() });
    if (verified.kind !== "ok") throw new Error(verified.kind);
    const tls = await startSession(new Request("https://a.example/"), site, handle.db, verified.shopper);
    expect(tls).toMatch(/^__Host-fc_session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=2592000; Secure$/);
    const proxied = new Request("http://a.example/", { headers: { "x-forwarded-proto": "https" } });
    const saved = process.env.TRUST_PROXY;
    try {
      delete process.env.TRUST_PROXY;
      expect(await startSession(proxied, site, handle.db, verified.shopper)).not.toContain("Secure");
      process.env.TRUST_PROXY = "1";
      expect(await startSession(proxied, site, handle.db, verified.shopper)).toContain("; Secure");
    } finally {
      if (saved === undefined) delete process.env.TRUST_PROXY;
      else process.env.TRUST_PROXY = saved;
    }
  });

  it("requireShopper redirects a signed-out shopper with redirect = this page and back = the previous page", async () => {
    const request = new Request(`http://${site.slug}.localhost/my-garage.data?_routes=routes%2Fmy-garage`, { headers: { referer: `http://${site.slug}.localhost/search?make=Mazda` } });
    const thrown = await requireShopper(request, site, handle.db, { type: "garage" }).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get("location")).toBe("/sign-in?type=garage&redirect=%2Fmy-garage&back=%2Fsearch%3Fmake%3DMazda");
    const crossSiteReferer = new Request(`http://${site.slug}.localhost/my-garage`, { headers: { referer: "https://evil.example/page" } });
    const thrown2 = (await requireShopper(crossSiteReferer, site, handle.db).catch((e: unknown) => e)) as Response;
    expect(thrown2.headers.get("location")).toBe("/sign-in?type=account&redirect=%2Fmy-garage&back=%2F");
  });
});

describe(`code request rate limits (${ENGINE})`, () => {
  it("200 code requests from one client do not stop another client from signing in (same number)", async () => {
    const victim = nextPhone();
    const results = [];
    // One instant for the whole flood: the limits count in fixed windows (15 min, 1 h), and a loop
    // that crossed a window's end would be counted in two.
    const now = Date.now();
    for (let i = 0; i < 200; i++) results.push((await requestSignInCode(handle.db, site, sms, { phone: victim, ip: "203.0.113.66", now })).kind);
    expect(results.filter((k) => k === "sent").length).toBe(3);
    expect(results.filter((k) => k === "rate-limited").length).toBe(197);
    const cookie = await signIn(site, victim, "203.0.113.77");
    expect(await getShopper(requestWithCookie("a.localhost", cookie), site, handle.db)).toMatchObject({ phone: expect.stringMatching(/^\+614/) });
  });

  it("one client flooding many numbers is limited per IP; other clients are not", async () => {
    const results = [];
    const now = Date.now(); // one instant: see the test above
    for (let i = 0; i < 30; i++) results.push((await requestSignInCode(handle.db, site, sms, { phone: nextPhone(), ip: "203.0.113.88", now })).kind);
    expect(results.filter((k) => k === "sent").length).toBe(10);
    expect((await requestSignInCode(handle.db, site, sms, { phone: nextPhone(), ip: "203.0.113.99", now })).kind).toBe("sent");
  });
});

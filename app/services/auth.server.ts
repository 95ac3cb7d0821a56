/**
 * Phone sign-in and sessions (issue 9; spec 1, 2.1 "/sign-in", 4 "Gated routes", 6).
 *
 * - A shopper belongs to ONE site (`shoppers.site_id`); a session is valid only on its own site.
 * - Sign-in: a 6-digit one-time code sent by SMS ({@link requestSignInCode}), valid 5 minutes,
 *   single use, stored as a salted scrypt hash, at most 5 attempts then locked
 *   ({@link verifySignInCode}). Code requests are rate-limited in the database per client IP, per
 *   (number, IP) and per number, so a flood from one client never blocks another shopper.
 * - Sessions: a random 256-bit id in an httpOnly, SameSite=Lax cookie (Secure over TLS, also
 *   behind a TLS-terminating proxy when TRUST_PROXY is set); only its SHA-256 is stored; rotated
 *   at sign-in ({@link startSession}), ended at sign-out ({@link endSession}).
 * - Gated pages call {@link requireShopper} (or {@link requireShopperFor} with a spec 6 feature).
 */
import { documentPathOf } from "../../server/data-request";
import { createHash, randomBytes, randomInt, randomUUID, scrypt as scryptCallback, timingSafeEqual } from "node:crypto";
import { promisify } from "node:util";
import { and, eq, gt, isNull, lt, sql } from "drizzle-orm";
import { redirect } from "react-router";
import type { Database } from "../../db/client";
import { shoppers, shopperSessions, signInChallenges, signInDevices, signInRateLimits } from "../../db/schema/index";
import { isGated, SIGN_IN_TYPE_OF, type GatedFeature } from "~/domain/accounts/gates";
import { normaliseAuMobile } from "~/domain/accounts/phone";
import { safeRedirectPath, signInHref, type SignInType } from "~/domain/accounts/redirect";
import type { SmsSender } from "~/adapters/sms/sms.server";
import type { Site } from "~/sites/site";
import { trustsProxy } from "./origin.server";

const scrypt = promisify(scryptCallback) as (password: string, salt: Buffer, keylen: number, options: { N: number; r: number; p: number }) => Promise<Buffer>;

/** Codes expire 5 minutes after they are sent (issue 9). */
export const CODE_TTL_MS = 5 * 60_000;
/** Wrong codes allowed before the challenge locks (issue 9). */
export const MAX_CODE_ATTEMPTS = 5;
/** Cookie names: `__Host-` prefix (Secure, host-only, Path=/) over TLS; the plain name on http. */
export const SESSION_COOKIE = "fc_session";
export const SECURE_SESSION_COOKIE = "__Host-fc_session";

/** Messages (spec 8 has none for sign-in; ours say what happened and what to do). */
export const SIGN_IN_MESSAGES = {
  rateLimited: "Too many codes have been requested. Please wait 15 minutes and try again.",
  wrongCode: (left: number) => `That code is not right. You have ${left} ${left === 1 ? "try" : "tries"} left.`,
  locked: "Too many wrong codes. Please ask for a new code.",
  expired: "That code has expired. Please ask for a new code.",
  used: "That code has already been used. Please ask for a new code.",
  invalidCode: "Please enter the 6-digit code we sent you.",
  smsFailed: "We could not send a text message just now. Please try again in a minute.",
} as const;

/** A signed-in shopper with the stored user details of spec 3 (all but phone optional). */
export interface Shopper {
  id: number;
  siteId: number;
  /** E.164, e.g. +61412345678. */
  phone: string;
  name: string | null;
  lastName: string | null;
  email: string | null;
  postcode: string | null;
}

const shopperColumns = {
  id: shoppers.id,
  siteId: shoppers.siteId,
  phone: shoppers.phone,
  name: shoppers.name,
  lastName: shoppers.lastName,
  email: shoppers.email,
  postcode: shoppers.postcode,
};

/** Hex SHA-256 of a session id (what the database stores). */
export function hashSessionToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

async function hashCode(code: string, salt: Buffer): Promise<Buffer> {
  return scrypt(code, salt, 32, { N: 16384, r: 8, p: 1 });
}

/**
 * True when the request reached us over TLS: its URL is https, or TRUST_PROXY is set and the
 * proxy's first `X-Forwarded-Proto` is https. Decides the cookie's Secure flag and name.
 */
export function isSecureRequest(request: Request): boolean {
  if (new URL(request.url).protocol === "https:") return true;
  return trustsProxy() && request.headers.get("x-forwarded-proto")?.split(",")[0]?.trim().toLowerCase() === "https";
}

/** The session id from the request's cookies (either cookie name), or null. */
export function readSessionToken(request: Request): string | null {
  const header = request.headers.get("cookie");
  if (!header) return null;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    if (name !== SESSION_COOKIE && name !== SECURE_SESSION_COOKIE) continue;
    const value = part.slice(eq + 1).trim();
    if (/^[A-Za-z0-9_-]{43}$/.test(value)) return value;
  }
  return null;
}

/** True when the request carries a session cookie (signed-in pages must not be cached publicly). */
export function hasSessionCookie(request: Request): boolean {
  return readSessionToken(request) !== null;
}

/**
 * The `Set-Cookie` value for a session id (`maxAgeSeconds` 0 clears it).
 * httpOnly, SameSite=Lax, Path=/, host-only; Secure (and the `__Host-` name) when {@link isSecureRequest}.
 */
export function sessionCookie(request: Request, token: string, maxAgeSeconds: number): string {
  const secure = isSecureRequest(request);
  const name = secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
  return `${name}=${token}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAgeSeconds}${secure ? "; Secure" : ""}`;
}

const lookups = new WeakMap<Request, Promise<Shopper | null>>();

/**
 * The signed-in shopper of THIS site for the request, or null (no cookie, unknown, ended or
 * expired session, or a session of another site). Cached per Request object.
 * @param request the incoming request (its cookie)
 * @param site the site the request's host resolved to
 * @param db database handle
 * @param now epoch ms (tests)
 */
export function getShopper(request: Request, site: Site, db: Database, now: number = Date.now()): Promise<Shopper | null> {
  const cached = lookups.get(request);
  if (cached) return cached;
  const lookup = (async () => {
    const token = readSessionToken(request);
    if (!token) return null;
    const [row] = await db
      .select(shopperColumns)
      .from(shopperSessions)
      .innerJoin(shoppers, eq(shoppers.id, shopperSessions.shopperId))
      .where(
        and(
          eq(shopperSessions.tokenHash, hashSessionToken(token)),
          eq(shopperSessions.siteId, site.id),
          eq(shoppers.siteId, site.id),
          isNull(shopperSessions.endedAt),
          gt(shopperSessions.expiresAt, new Date(now)),
        ),
      );
    return row ?? null;
  })();
  lookups.set(request, lookup);
  return lookup;
}

/** The request's path and query without React Router's data-request suffix and its `_routes` and `index` parameters. */
export function requestPath(request: Request): string {
  const url = new URL(request.url);
  url.searchParams.delete("_routes");
  url.searchParams.delete("index");
  const pathname = documentPathOf(url.pathname);
  return `${pathname}${url.search}`;
}

/** The same-site path of the Referer (the previous page), or null. */
export function previousPath(request: Request): string | null {
  const referer = request.headers.get("referer");
  if (!referer) return null;
  try {
    const url = new URL(referer);
    if (url.host !== new URL(request.url).host) return null;
    return safeRedirectPath(`${url.pathname}${url.search}`, "") || null;
  } catch {
    return null;
  }
}

/**
 * The signed-in shopper, or a thrown redirect to
 * `/sign-in?type={type}&redirect={this page}&back={previous page}` (spec 2.1, 4 "Gated routes").
 * `back` is the same-site Referer, else "/".
 * @param options.type sign-in page type (default "account")
 * @throws Response 302 redirect when signed out
 */
export async function requireShopper(request: Request, site: Site, db: Database, options: { type?: SignInType } = {}): Promise<Shopper> {
  const shopper = await getShopper(request, site, db);
  if (shopper) return shopper;
  const target = requestPath(request);
  const back = previousPath(request);
  throw redirect(signInHref({ type: options.type ?? "account", redirect: target, back: back && back !== target ? back : "/" }));
}

/**
 * For a spec 6 gated page: {@link requireShopper} when the site gates `feature`, else the
 * shopper or null. Always-gated features (online-payment, my-garage) always require one.
 * @throws Response 302 redirect to sign-in when gated and signed out
 */
export async function requireShopperFor(request: Request, site: Site, db: Database, feature: GatedFeature): Promise<Shopper | null> {
  if (!isGated(site.config, feature)) return getShopper(request, site, db);
  return requireShopper(request, site, db, { type: SIGN_IN_TYPE_OF[feature] });
}

/**
 * Counts one request in a fixed window unless the bucket is full. Rejected requests are not
 * counted, so checking the client's own buckets first means a client's flood never reaches the
 * number's shared bucket.
 */
async function takeToken(db: Database, bucket: string, windowMs: number, limit: number, now: number): Promise<boolean> {
  const windowStart = new Date(Math.floor(now / windowMs) * windowMs);
  const rows = await db
    .insert(signInRateLimits)
    .values({ bucket, windowStart, count: 1 })
    .onConflictDoUpdate({
      target: [signInRateLimits.bucket, signInRateLimits.windowStart],
      set: { count: sql`${signInRateLimits.count} + 1` },
      setWhere: lt(signInRateLimits.count, limit),
    })
    .returning({ count: signInRateLimits.count });
  return rows.length > 0;
}

export type CodeRequestResult =
  | { kind: "sent"; handle: string; phone: string; expiresAt: Date }
  | { kind: "invalid-phone"; message: string }
  | { kind: "rate-limited"; message: string }
  | { kind: "sms-failed"; message: string };

/**
 * Validates the number, applies the rate limits, stores a new challenge (hashed code, 5-minute
 * expiry) and texts the code.
 * @param input.phone what the shopper typed; @param input.ip client IP (null = unknown);
 *   @param input.now epoch ms
 * @returns the challenge handle for the code form, or why no code was sent
 */
export async function requestSignInCode(
  db: Database,
  site: Site,
  sms: SmsSender,
  input: { phone: string; ip: string | null; now: number; deviceToken?: string | null },
): Promise<CodeRequestResult> {
  const parsed = normaliseAuMobile(input.phone);
  if (!parsed.ok) return { kind: "invalid-phone", message: parsed.message };
  const phone = parsed.e164;
  const ip = input.ip ?? "unknown";
  const limits = site.config.accounts;
  // Decision 225: a device that signed in for this number before has its own hourly share, so
  // other clients using up the number's quota never lock its owner out.
  const device = input.deviceToken ? await knownDevice(db, site, phone, input.deviceToken) : null;
  const numberBucket = device ? `${site.id}:phone-device:${phone}:${device.slice(0, 16)}` : `${site.id}:phone:${phone}`;
  const allowed =
    (await takeToken(db, `${site.id}:ip:${ip}`, 15 * 60_000, limits.codeRequestsPerIpPer15Min, input.now)) &&
    (await takeToken(db, `${site.id}:phone-ip:${phone}:${ip}`, 15 * 60_000, limits.codeRequestsPerNumberPerIpPer15Min, input.now)) &&
    (await takeToken(db, numberBucket, 60 * 60_000, limits.codeRequestsPerNumberPerHour, input.now));
  if (!allowed) return { kind: "rate-limited", message: SIGN_IN_MESSAGES.rateLimited };

  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  const salt = randomBytes(16);
  const handle = randomUUID();
  const expiresAt = new Date(input.now + CODE_TTL_MS);
  await db.insert(signInChallenges).values({
    handle,
    siteId: site.id,
    phone,
    codeHash: (await hashCode(code, salt)).toString("hex"),
    codeSalt: salt.toString("hex"),
    expiresAt,
    ip: input.ip,
    createdAt: new Date(input.now),
  });
  try {
    await sms.send({
      to: phone,
      from: limits.smsSender,
      code,
      body: `${code} is your ${site.name} sign-in code. It expires in 5 minutes. Never share it.`,
    });
  } catch (error) {
    console.warn(`[sms] sending failed: ${(error as Error).message}`);
    return { kind: "sms-failed", message: SIGN_IN_MESSAGES.smsFailed };
  }
  return { kind: "sent", handle, phone, expiresAt };
}

/** The device cookie (decision 225): a random id given at sign-in, one year. */
export const DEVICE_COOKIE = "fc_device";

/** The request's device token (43 base64url characters), or null. */
export function deviceTokenFrom(request: Request): string | null {
  const match = (request.headers.get("cookie") ?? "").match(/(?:^|;\s*)fc_device=([A-Za-z0-9_-]{43})(?:;|$)/);
  return match ? match[1] : null;
}

/** The token's hash when the device signed in for `phone` on this site before, else null. */
async function knownDevice(db: Database, site: Site, phone: string, token: string): Promise<string | null> {
  const hash = hashSessionToken(token);
  const [row] = await db
    .select({ hash: signInDevices.tokenHash })
    .from(signInDevices)
    .where(and(eq(signInDevices.siteId, site.id), eq(signInDevices.phone, phone), eq(signInDevices.tokenHash, hash)))
    .limit(1);
  return row ? row.hash : null;
}

/**
 * Remembers the request's device for the shopper's number after a successful sign-in
 * (decision 225), giving the device a token when it has none.
 * @returns the `Set-Cookie` value of the device cookie (one year, HttpOnly, SameSite=Lax)
 */
export async function rememberDevice(request: Request, site: Site, db: Database, shopper: Shopper, now: number = Date.now()): Promise<string> {
  const token = deviceTokenFrom(request) ?? randomBytes(32).toString("base64url");
  await db
    .insert(signInDevices)
    .values({ siteId: site.id, phone: shopper.phone, tokenHash: hashSessionToken(token), createdAt: new Date(now) })
    .onConflictDoNothing();
  const secure = isSecureRequest(request);
  return `${DEVICE_COOKIE}=${token}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${365 * 86_400}${secure ? "; Secure" : ""}`;
}

export type VerifyResult =
  | { kind: "ok"; shopper: Shopper }
  | { kind: "wrong-code"; attemptsLeft: number; message: string; phone: string }
  | { kind: "locked" | "expired" | "used" | "not-found" | "invalid"; message: string };

/**
 * Checks a code against a challenge of THIS site. Each check first reserves one of the
 * {@link MAX_CODE_ATTEMPTS} attempts atomically (so parallel guesses cannot exceed it); the
 * fifth wrong code locks the challenge; a right code consumes it (single use) and creates or
 * finds the shopper (site, phone).
 * @param input.handle the challenge handle from the code form; @param input.code 6 digits
 */
export async function verifySignInCode(db: Database, site: Site, input: { handle: string; code: string; now: number }): Promise<VerifyResult> {
  const code = input.code.replace(/\s/g, "");
  if (!/^\d{6}$/.test(code)) return { kind: "invalid", message: SIGN_IN_MESSAGES.invalidCode };
  const now = new Date(input.now);
  const open = and(
    eq(signInChallenges.handle, input.handle),
    eq(signInChallenges.siteId, site.id),
    isNull(signInChallenges.consumedAt),
    isNull(signInChallenges.lockedAt),
    gt(signInChallenges.expiresAt, now),
    lt(signInChallenges.attempts, MAX_CODE_ATTEMPTS),
  );
  const [challenge] = await db
    .update(signInChallenges)
    .set({ attempts: sql`${signInChallenges.attempts} + 1` })
    .where(open)
    .returning();
  if (!challenge) {
    const [row] = await db.select().from(signInChallenges).where(and(eq(signInChallenges.handle, input.handle), eq(signInChallenges.siteId, site.id)));
    if (!row) return { kind: "not-found", message: SIGN_IN_MESSAGES.expired };
    if (row.consumedAt) return { kind: "used", message: SIGN_IN_MESSAGES.used };
    if (row.lockedAt || row.attempts >= MAX_CODE_ATTEMPTS) return { kind: "locked", message: SIGN_IN_MESSAGES.locked };
    return { kind: "expired", message: SIGN_IN_MESSAGES.expired };
  }
  const expected = Buffer.from(challenge.codeHash, "hex");
  const actual = await hashCode(code, Buffer.from(challenge.codeSalt, "hex"));
  if (!timingSafeEqual(expected, actual)) {
    const left = MAX_CODE_ATTEMPTS - challenge.attempts;
    if (left <= 0) {
      await db.update(signInChallenges).set({ lockedAt: now }).where(eq(signInChallenges.id, challenge.id));
      return { kind: "locked", message: SIGN_IN_MESSAGES.locked };
    }
    return { kind: "wrong-code", attemptsLeft: left, message: SIGN_IN_MESSAGES.wrongCode(left), phone: challenge.phone };
  }
  const consumed = await db
    .update(signInChallenges)
    .set({ consumedAt: now })
    .where(and(eq(signInChallenges.id, challenge.id), isNull(signInChallenges.consumedAt)))
    .returning({ id: signInChallenges.id });
  if (consumed.length === 0) return { kind: "used", message: SIGN_IN_MESSAGES.used };
  const [shopper] = await db
    .insert(shoppers)
    .values({ siteId: site.id, phone: challenge.phone, lastSignInAt: now })
    .onConflictDoUpdate({ target: [shoppers.siteId, shoppers.phone], set: { lastSignInAt: now } })
    .returning(shopperColumns);
  return { kind: "ok", shopper };
}

/**
 * Starts a session for a shopper of this site, ending the request's previous session first
 * (rotation at sign-in: a session id known before sign-in is never signed in).
 * @returns the `Set-Cookie` header value
 */
export async function startSession(request: Request, site: Site, db: Database, shopper: Shopper, now: number = Date.now()): Promise<string> {
  if (shopper.siteId !== site.id) throw new Error("startSession: the shopper belongs to another site");
  await endSession(request, site, db, now);
  const token = randomBytes(32).toString("base64url");
  const days = site.config.accounts.sessionDays;
  await db.insert(shopperSessions).values({
    siteId: site.id,
    shopperId: shopper.id,
    tokenHash: hashSessionToken(token),
    createdAt: new Date(now),
    expiresAt: new Date(now + days * 86_400_000),
  });
  return sessionCookie(request, token, days * 86_400);
}

/**
 * Ends the request's session on this site (sign-out) and returns the `Set-Cookie` value that
 * clears the cookie. Safe to call when signed out.
 */
export async function endSession(request: Request, site: Site, db: Database, now: number = Date.now()): Promise<string> {
  const token = readSessionToken(request);
  if (token) {
    await db
      .update(shopperSessions)
      .set({ endedAt: new Date(now) })
      .where(and(eq(shopperSessions.tokenHash, hashSessionToken(token)), eq(shopperSessions.siteId, site.id), isNull(shopperSessions.endedAt)));
  }
  lookups.delete(request);
  return sessionCookie(request, "", 0);
}

/**
 * Saves the spec 3 stored user details of a shopper (values already validated by the caller).
 * Only the shopper's own row on this site can change.
 */
export async function updateShopperDetails(
  db: Database,
  site: Site,
  shopperId: number,
  details: { name: string | null; lastName: string | null; email: string | null; postcode: string | null },
): Promise<void> {
  await db
    .update(shoppers)
    .set({ ...details, updatedAt: new Date() })
    .where(and(eq(shoppers.id, shopperId), eq(shoppers.siteId, site.id)));
}

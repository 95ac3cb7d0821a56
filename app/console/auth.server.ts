/**
 * Staff identity for the dealer console (issue 48 item 2, decision 250): better-auth with its
 * Drizzle adapter on our database (PGlite or PostgreSQL), e-mail one-time codes (the sign-in form)
 * and one-time links (`npm run staff`), no sign-up (only invited staff exist), its database rate
 * limiter, and our lockout after repeated wrong codes. Sessions use the console's own cookie
 * (`fc_staff`, `__Host-fc_staff` over TLS), which the shopper side never reads.
 */
import { randomBytes } from "node:crypto";
import { and, desc, eq, gt, sql } from "drizzle-orm";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { emailOTP } from "better-auth/plugins/email-otp";
import { magicLink } from "better-auth/plugins/magic-link";
import { passkey } from "@better-auth/passkey";
import { LRUCache } from "lru-cache";
import type { Database } from "../../db/client";
import { consoleKeys, staffAccounts, staffAudit, staffPasskeys, staffRateLimits, staffSessions, staffUsers, staffVerifications } from "../../db/schema/index";

/** Sends a staff e-mail (the lead channels' SMTP or file outbox in the server). @throws when it cannot. */
export interface StaffMailer {
  send(to: string, subject: string, text: string): Promise<void>;
}

/** Wrong codes in a row before an account is locked. */
export const MAX_FAILED_SIGN_INS = 10;
/** How long a locked account refuses sign-in. */
export const LOCKOUT_MS = 15 * 60_000;
/** A one-time code's life (seconds). */
export const CODE_TTL_SECONDS = 10 * 60;
/** A one-time link's life (seconds): long enough to copy from a terminal. */
export const LINK_TTL_SECONDS = 60 * 60;
/** Staff sessions last 12 hours from the last use (extended at most once an hour), and never past 12 hours from the sign-in. */
export const SESSION_SECONDS = 12 * 60 * 60;
/**
 * A sign-in this recent counts as a fresh re-authentication (better-auth's `freshAge`): adding a
 * passkey and the high-value changes of the route table (`stepUp`) need one (ASVS 3.7.1, 4.3.3).
 */
export const FRESH_SECONDS = 10 * 60;
/**
 * How long the browser's signed copy of its session (better-auth's cookie cache, `fc_staff_data`)
 * stands in for better-auth's database read, in seconds. The copy only names the session: a
 * console page reads the stored session inside the member's own query (`loadSignedInMember`),
 * so an ended, expired or removed session fails on its next request all the same.
 */
export const SESSION_CACHE_SECONDS = 5 * 60;

/**
 * How long one process reuses a claim it read from the same cookies, in ms: short beside the
 * signed copy's own {@link SESSION_CACHE_SECONDS}, so a copy is renewed at most this much later.
 */
const CLAIM_REUSE_MS = 10_000;

/** How a session was signed in, by the better-auth endpoint that made it (ASVS 4.3.1). */
export type SignInMethod = "passkey" | "email-code" | "email-link" | "other";
const METHOD_OF_PATH: Record<string, SignInMethod> = {
  "/passkey/verify-authentication": "passkey",
  "/sign-in/email-otp": "email-code",
  "/magic-link/verify": "email-link",
};
/** The signed-in session of a request: whose, when it was signed in, and how. */
export interface StaffSessionState {
  userId: string;
  sessionId: string;
  signedInAt: Date;
  method: SignInMethod | null;
}
/** Header the server sets to the client's address (it overwrites any the client sent). */
export const CLIENT_IP_HEADER = "x-forecourt-client-ip";
/** Mount path of better-auth's endpoints on the console host. */
export const AUTH_BASE_PATH = "/api/auth";

/** Cookie names: `__Host-` prefix (Secure, host-only, Path=/) over TLS; the plain name on http. */
export function staffCookieName(secure: boolean): string {
  return secure ? "__Host-fc_staff" : "fc_staff";
}

type LinkCapture = (url: string) => void;

/**
 * A staff session's state from its stored or better-auth's fields; null past 12 hours from its
 * sign-in, however active (ASVS 3.3.2 level 2).
 * @param session its id, sign-in time and sign-in method (`auth_method`, null when unknown)
 */
export function staffSessionState(userId: string, session: { id: string; createdAt: Date | string; authMethod?: string | null }): StaffSessionState | null {
  const signedInAt = new Date(session.createdAt);
  if (Date.now() - signedInAt.getTime() > SESSION_SECONDS * 1000) return null;
  const method = session.authMethod ?? null;
  return { userId, sessionId: session.id, signedInAt, method: method as SignInMethod | null };
}

function stateOf(result: { session: { id: string; createdAt: Date | string }; user: { id: string } } | null): StaffSessionState | null {
  return result ? staffSessionState(result.user.id, result.session as { id: string; createdAt: Date | string; authMethod?: string | null }) : null;
}

/** better-auth's name for the WebAuthn challenge cookie (mapped to `fc_staff_passkey`). */
const PASSKEY_CHALLENGE_COOKIE = "passkey_challenge";

function build(db: Database, secret: string, origin: string, mailer: StaffMailer, captures: Map<string, LinkCapture>) {
  const secure = origin.startsWith("https:");
  const name = staffCookieName(secure);
  const cookie = (suffix: string) => ({ name: `${name}${suffix}`, attributes: { secure, sameSite: "lax" as const, httpOnly: true, path: "/" } });
  return betterAuth({
    appName: "Forecourt console",
    baseURL: origin,
    basePath: AUTH_BASE_PATH,
    secret,
    trustedOrigins: [origin],
    telemetry: { enabled: false },
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: { user: staffUsers, session: staffSessions, account: staffAccounts, verification: staffVerifications, rateLimit: staffRateLimits, passkey: staffPasskeys },
    }),
    emailAndPassword: { enabled: false },
    // A passkey is added only within FRESH_SECONDS of a sign-in (better-auth's "fresh session").
    // `authMethod` is written by the session hook below, never taken from a request.
    session: { cookieCache: { enabled: true, maxAge: SESSION_CACHE_SECONDS }, expiresIn: SESSION_SECONDS, updateAge: 60 * 60, freshAge: FRESH_SECONDS, additionalFields: { authMethod: { type: "string", required: false, input: false } } },
    rateLimit: {
      enabled: true,
      storage: "database",
      window: 60,
      max: 60,
      customRules: {
        "/email-otp/send-verification-otp": { window: 15 * 60, max: 5 },
        "/sign-in/email-otp": { window: 60, max: 10 },
        "/magic-link/verify": { window: 60, max: 10 },
        "/passkey/verify-authentication": { window: 60, max: 10 },
        "/passkey/generate-authenticate-options": { window: 60, max: 20 },
      },
    },
    advanced: {
      // The `__Host-` name is ours; better-auth's own secure prefix would make it `__Secure-__Host-`.
      useSecureCookies: false,
      cookies: { session_token: cookie(""), session_data: cookie("_data"), dont_remember: cookie("_dont_remember"), [PASSKEY_CHALLENGE_COOKIE]: cookie("_passkey") },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      // A session and its user in one query (drizzle relations, db/schema/console.ts), not two.
      database: { joins: true },
    },
    databaseHooks: {
      session: {
        create: {
          // Records how the session was signed in, and ends the session this browser held before
          // (rotation for every sign-in path, a passkey step-up included: the old token never lives on).
          before: async (session, endpoint) => {
            const method = endpoint?.path ? (METHOD_OF_PATH[endpoint.path] ?? "other") : "other";
            const presented = endpoint ? await endpoint.getSignedCookie(endpoint.context.authCookies.sessionToken.name, endpoint.context.secret).catch(() => null) : null;
            if (presented) await db.delete(staffSessions).where(eq(staffSessions.token, presented));
            return { data: { ...session, authMethod: method } };
          },
          after: async (session) => {
            const [user] = await db.select({ email: staffUsers.email }).from(staffUsers).where(eq(staffUsers.id, session.userId));
            await db.update(staffUsers).set({ failedSignIns: 0, lockedUntil: null }).where(eq(staffUsers.id, session.userId));
            await db.insert(staffAudit).values({ userId: session.userId, actorEmail: user?.email ?? null, action: "sign-in", entity: "staff-session", ipAddress: session.ipAddress ?? null });
          },
        },
      },
    },
    plugins: [
      // Passkeys: the relying party is the console's own host; the browser's origin must be the
      // console's (a passkey made for the console never signs in anywhere else).
      passkey({
        rpID: new URL(origin).hostname,
        rpName: "Forecourt console",
        origin,
        advanced: { webAuthnChallengeCookie: PASSKEY_CHALLENGE_COOKIE },
      }),
      emailOTP({
        disableSignUp: true,
        otpLength: 6,
        expiresIn: CODE_TTL_SECONDS,
        allowedAttempts: 5,
        storeOTP: "hashed",
        async sendVerificationOTP({ email, otp }) {
          await mailer.send(email, "Your Forecourt console sign-in code", `Your sign-in code for the Forecourt dealer console is ${otp}.\n\nIt works once, for ${CODE_TTL_SECONDS / 60} minutes, at ${origin}/sign-in.\nIf you did not ask for it, you can ignore this e-mail.\n`);
        },
      }),
      magicLink({
        disableSignUp: true,
        expiresIn: LINK_TTL_SECONDS,
        storeToken: "hashed",
        async sendMagicLink({ email, url }) {
          const capture = captures.get(email.toLowerCase());
          if (capture) return capture(url);
          await mailer.send(email, "Your Forecourt console sign-in link", `Sign in to the Forecourt dealer console:\n\n${url}\n\nThe link works once, for ${LINK_TTL_SECONDS / 60} minutes.\n`);
        },
      }),
    ],
  });
}

export type StaffAuthInstance = ReturnType<typeof build>;

/** What a sign-in attempt came to (messages are shown on the sign-in page). */
export type SignInOutcome = { ok: true; setCookies: string[] } | { ok: false; message: string };

export const STAFF_SIGN_IN_MESSAGES = {
  sent: "If that address belongs to a staff member, a 6-digit code is on its way. It works once, for 10 minutes.",
  rateLimited: "Too many attempts from here. Please wait a few minutes and try again.",
  wrongCode: "That code is not right, or it has expired. Check the latest e-mail, or ask for a new code.",
  locked: "Too many wrong codes: sign-in for this address is paused for 15 minutes.",
  invalidEmail: "Please enter your work e-mail address.",
  invalidCode: "Please enter the 6-digit code from the e-mail.",
  mailFailed: "We could not send the e-mail just now. Please try again in a minute.",
} as const;

/**
 * Staff identity for one database: one better-auth instance per console origin (http locally,
 * https in production), all sharing the tables.
 */
export class StaffAuth {
  private readonly instances = new Map<string, StaffAuthInstance>();
  /**
   * Claims better-auth has just read from a browser's cookies, by origin and the exact Cookie
   * header, for {@link CLAIM_REUSE_MS}. A console page's requests come in runs with the same
   * cookies, and verifying the signed copy each time (better-auth's endpoint context, an HMAC
   * through WebCrypto's thread pool, the JSON) was a tenth of a console page's server CPU. Any
   * other cookie misses, and the claim still only names the session: the member's query
   * confirms the stored session on every request.
   */
  private readonly recentClaims = new LRUCache<string, StaffSessionState>({ max: 10_000, maxSize: 16 * 1024 * 1024, sizeCalculation: (_state, key) => key.length + 100, ttl: CLAIM_REUSE_MS });
  private secret: Promise<string> | null = null;
  private readonly captures = new Map<string, LinkCapture>();

  constructor(
    private readonly db: Database,
    private readonly mailer: StaffMailer,
    private readonly configuredSecret: string | null = null,
  ) {}

  /** The signing secret: CONSOLE_SECRET, else one made once and kept in the database. */
  private async signingSecret(): Promise<string> {
    if (this.configuredSecret) return this.configuredSecret;
    this.secret ??= (async () => {
      await this.db.insert(consoleKeys).values({ name: "auth-secret", value: randomBytes(32).toString("base64url") }).onConflictDoNothing();
      const [row] = await this.db.select({ value: consoleKeys.value }).from(consoleKeys).where(eq(consoleKeys.name, "auth-secret"));
      return row.value;
    })();
    return this.secret;
  }

  /**
   * The instance for a console origin (e.g. "http://console.localhost:3000"). Only console hosts
   * reach here; a handful of origins are kept (ports differ in tests).
   */
  async forOrigin(origin: string): Promise<StaffAuthInstance> {
    const found = this.instances.get(origin);
    if (found) return found;
    const instance = build(this.db, await this.signingSecret(), origin, this.mailer, this.captures);
    if (this.instances.size >= 8) this.instances.delete(this.instances.keys().next().value!);
    this.instances.set(origin, instance);
    return instance;
  }

  /**
   * The signed-in staff user's id for a request, or null (no cookie, expired, revoked, or a
   * shopper's cookie, which better-auth never reads).
   */
  async userIdOf(request: Request, origin: string): Promise<string | null> {
    return (await this.sessionStateOf(request, origin))?.userId ?? null;
  }

  /**
   * The request's signed-in session as stored: whose, when signed in and how (null: signed out,
   * expired, revoked, or past 12 hours from the sign-in however active, ASVS 3.3.2 level 2).
   * Always a database read.
   */
  async sessionStateOf(request: Request, origin: string): Promise<StaffSessionState | null> {
    return stateOf(await this.sessionOf(request, origin));
  }

  /**
   * The session the request's cookies claim, from their signed copy of it while that is fresh
   * (no database read), else as {@link sessionStateOf} with the copy renewed. The caller must
   * read the session itself from the database (`loadSignedInMember` does, in the member's query):
   * a copy outlives a sign-out elsewhere or a removal by up to {@link SESSION_CACHE_SECONDS}.
   * @returns the session (null as {@link sessionStateOf}), and Set-Cookie values for the response
   *   (a renewed copy, or one cleared), empty when nothing changes
   */
  async claimedSessionOf(request: Request, origin: string): Promise<{ state: StaffSessionState | null; setCookies: string[] }> {
    const cookies = request.headers.get("cookie");
    const key = cookies ? `${origin}\n${cookies}` : null;
    const recent = key === null ? undefined : this.recentClaims.get(key);
    if (recent) return { state: recent, setCookies: [] };
    const auth = await this.forOrigin(origin);
    const { headers, response } = await auth.api.getSession({ headers: request.headers, returnHeaders: true });
    const state = stateOf(response);
    const setCookies = headers.getSetCookie();
    // Only a claim that changes no cookie is reused: a renewed or cleared copy reaches the browser.
    if (key !== null && state && !setCookies.length) this.recentClaims.set(key, state);
    return { state, setCookies };
  }

  /**
   * Sends a sign-in code by e-mail through better-auth's endpoint (so its rate limiter counts it).
   * Says the same whether or not the address is a staff member's.
   */
  async requestCode(request: Request, origin: string, email: string): Promise<SignInOutcome> {
    const response = await this.call(request, origin, "/email-otp/send-verification-otp", { email, type: "sign-in" });
    if (response.status === 429) return { ok: false, message: STAFF_SIGN_IN_MESSAGES.rateLimited };
    if (!response.ok) return { ok: false, message: response.status === 400 ? STAFF_SIGN_IN_MESSAGES.invalidEmail : STAFF_SIGN_IN_MESSAGES.mailFailed };
    return { ok: true, setCookies: [] };
  }

  /**
   * Signs in with an e-mailed code: refused while the account is locked; each wrong code counts
   * towards the lockout and is audited; a sign-in resets the count (session hook).
   */
  async signInWithCode(request: Request, origin: string, email: string, code: string, clientIp: string | null): Promise<SignInOutcome> {
    const normalised = email.trim().toLowerCase();
    const [user] = await this.db.select({ id: staffUsers.id, lockedUntil: staffUsers.lockedUntil }).from(staffUsers).where(eq(staffUsers.email, normalised));
    if (user?.lockedUntil && user.lockedUntil.getTime() > Date.now()) {
      await this.db.insert(staffAudit).values({ userId: user.id, actorEmail: normalised, action: "sign-in-refused-locked", entity: "staff-session", ipAddress: clientIp });
      return { ok: false, message: STAFF_SIGN_IN_MESSAGES.locked };
    }
    const response = await this.call(request, origin, "/sign-in/email-otp", { email: normalised, otp: code });
    if (response.status === 429) return { ok: false, message: STAFF_SIGN_IN_MESSAGES.rateLimited };
    if (response.ok) {
      // Session rotation: a session this browser held before is ended, never carried on.
      await this.endPresentedSession(request, origin);
      return { ok: true, setCookies: response.headers.getSetCookie() };
    }
    let locked = false;
    if (user) {
      const [after] = await this.db
        .update(staffUsers)
        .set({
          failedSignIns: sql`CASE WHEN ${staffUsers.failedSignIns} + 1 >= ${MAX_FAILED_SIGN_INS} THEN 0 ELSE ${staffUsers.failedSignIns} + 1 END`,
          lockedUntil: sql`CASE WHEN ${staffUsers.failedSignIns} + 1 >= ${MAX_FAILED_SIGN_INS} THEN now() + make_interval(secs => ${LOCKOUT_MS / 1000}) ELSE ${staffUsers.lockedUntil} END`,
        })
        .where(eq(staffUsers.id, user.id))
        .returning({ lockedUntil: staffUsers.lockedUntil });
      locked = !!after?.lockedUntil && after.lockedUntil.getTime() > Date.now();
    }
    await this.db.insert(staffAudit).values({ userId: user?.id ?? null, actorEmail: normalised, action: locked ? "sign-in-locked" : "sign-in-failed", entity: "staff-session", ipAddress: clientIp });
    return { ok: false, message: locked ? STAFF_SIGN_IN_MESSAGES.locked : STAFF_SIGN_IN_MESSAGES.wrongCode };
  }

  /**
   * A one-time sign-in link for an existing staff member (for `npm run staff`), not e-mailed.
   * @throws when the member does not exist
   */
  async signInLink(origin: string, email: string): Promise<string> {
    const normalised = email.trim().toLowerCase();
    const auth = await this.forOrigin(origin);
    let url: string | null = null;
    this.captures.set(normalised, (link) => {
      url = link;
    });
    try {
      await auth.api.signInMagicLink({ body: { email: normalised, callbackURL: "/" }, headers: new Headers({ origin }) });
    } finally {
      this.captures.delete(normalised);
    }
    if (!url) throw new Error(`no sign-in link was made for ${normalised}`);
    return url;
  }

  /**
   * Signs out this session, or every session of the member (`everywhere`).
   * @returns Set-Cookie values that clear the cookie
   */
  async signOut(request: Request, origin: string, everywhere: boolean): Promise<string[]> {
    const auth = await this.forOrigin(origin);
    if (everywhere) {
      const userId = await this.userIdOf(request, origin);
      if (userId) await this.db.delete(staffSessions).where(eq(staffSessions.userId, userId));
    }
    const response = await this.call(request, origin, "/sign-out", {});
    void auth;
    return response.headers.getSetCookie();
  }

  /** Sends a staff e-mail (invitations) through the console's mailer. @throws when it cannot */
  async sendMail(to: string, subject: string, text: string): Promise<void> {
    await this.mailer.send(to, subject, text);
  }

  /** Ends the session whose cookie `request` carries, if any (before a new sign-in takes its place). */
  async endPresentedSession(request: Request, origin: string): Promise<void> {
    const auth = await this.forOrigin(origin);
    const current = await auth.api.getSession({ headers: request.headers }).catch(() => null);
    if (current) await this.db.delete(staffSessions).where(eq(staffSessions.id, current.session.id));
  }

  /** better-auth's session for a request's cookie (a database read, whatever copy it carries), or null. */
  private async sessionOf(request: Request, origin: string) {
    const auth = await this.forOrigin(origin);
    return auth.api.getSession({ headers: request.headers, query: { disableCookieCache: true } });
  }

  /**
   * A member's live sessions, newest activity first (ASVS 3.3.4: members see where they are signed in).
   * @returns id, sign-in time, last activity (the session slides at most hourly), address and browser as recorded at sign-in
   */
  async sessionsOf(userId: string): Promise<{ id: string; createdAt: Date; updatedAt: Date; ipAddress: string | null; userAgent: string | null }[]> {
    return this.db
      .select({ id: staffSessions.id, createdAt: staffSessions.createdAt, updatedAt: staffSessions.updatedAt, ipAddress: staffSessions.ipAddress, userAgent: staffSessions.userAgent })
      .from(staffSessions)
      .where(and(eq(staffSessions.userId, userId), gt(staffSessions.expiresAt, new Date()), gt(staffSessions.createdAt, new Date(Date.now() - SESSION_SECONDS * 1000))))
      .orderBy(desc(staffSessions.updatedAt));
  }

  /**
   * Ends one of a member's sessions (never another member's).
   * @param tx the transaction the caller's audit row is written in (default: the console's database)
   * @returns whether it was live
   */
  async endSession(userId: string, sessionId: string, tx: Pick<Database, "delete"> = this.db): Promise<boolean> {
    const rows = await tx.delete(staffSessions).where(and(eq(staffSessions.userId, userId), eq(staffSessions.id, sessionId))).returning({ id: staffSessions.id });
    return rows.length > 0;
  }

  /** Ends every session of a member at once (removal, role change). */
  async endSessions(userId: string): Promise<void> {
    await this.db.delete(staffSessions).where(and(eq(staffSessions.userId, userId)));
  }

  private async call(request: Request, origin: string, path: string, body: unknown): Promise<Response> {
    const auth = await this.forOrigin(origin);
    const headers = new Headers({ "content-type": "application/json", origin });
    for (const name of ["cookie", "user-agent", CLIENT_IP_HEADER]) {
      const value = request.headers.get(name);
      if (value) headers.set(name, value);
    }
    return auth.handler(new Request(`${origin}${AUTH_BASE_PATH}${path}`, { method: "POST", headers, body: JSON.stringify(body) }));
  }
}

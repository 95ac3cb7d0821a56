/**
 * Signed, short-lived preview links (issue 48 item 5, decision 276). A staff session never works
 * on a dealer host; instead the console signs a token naming ONE site, who asked and when it
 * expires, with a key of its own (not the session key). On the site's host the token becomes a
 * preview cookie that shows that site's current draft and nothing else: no console page, no other
 * site, no shopper account.
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { consoleKeys } from "../../db/schema/index";

/** How long a preview link (and its cookie) lasts. */
export const PREVIEW_TTL_SECONDS = 30 * 60;
/** The site-host cookie a preview link sets (an `fc_` cookie: the page cache never stores its pages). */
export const PREVIEW_COOKIE = "fc_preview";
/** The site-host path that turns a preview link into the cookie. */
export const PREVIEW_PATH = "/__preview";

export interface PreviewClaims {
  siteId: number;
  userId: string;
  /** Expiry, epoch seconds. */
  exp: number;
  /** Issue 50: show the site as it will be at this instant (epoch ms): dates and scheduled changes. */
  asOf?: number;
  /** Issue 50: draft content (offers) shows too. */
  drafts?: boolean;
}

/** What a content preview link shows beyond the settings draft (issue 50 item 7). */
export interface PreviewOptions {
  /** Epoch ms; absent: now. */
  asOf?: number;
  drafts?: boolean;
}

const keys = new WeakMap<Database, Promise<Buffer>>();

/** The preview signing key: made once, kept in console_keys (shared by every node). */
function previewKey(db: Database): Promise<Buffer> {
  let key = keys.get(db);
  if (!key) {
    key = (async () => {
      await db.insert(consoleKeys).values({ name: "preview-secret", value: randomBytes(32).toString("base64url") }).onConflictDoNothing();
      const [row] = await db.select({ value: consoleKeys.value }).from(consoleKeys).where(eq(consoleKeys.name, "preview-secret"));
      return Buffer.from(row!.value, "base64url");
    })();
    key.catch(() => keys.delete(db));
    keys.set(db, key);
  }
  return key;
}

function sign(key: Buffer, body: string): string {
  return createHmac("sha256", key).update(`preview.${body}`).digest("base64url");
}

/**
 * A token for previewing one site's draft.
 * @param now epoch ms
 * @param options issue 50: the moment to show content as of, and whether draft content shows
 */
export async function signPreviewToken(db: Database, siteId: number, userId: string, now = Date.now(), options: PreviewOptions = {}): Promise<string> {
  const claims: PreviewClaims = { siteId, userId, exp: Math.floor(now / 1000) + PREVIEW_TTL_SECONDS, ...(options.asOf !== undefined ? { asOf: options.asOf } : {}), ...(options.drafts ? { drafts: true } : {}) };
  const body = Buffer.from(JSON.stringify(claims)).toString("base64url");
  return `${body}.${sign(await previewKey(db), body)}`;
}

/**
 * The claims of a valid, unexpired token, or null (forged, altered, expired or malformed).
 * @param now epoch ms
 */
export async function verifyPreviewToken(db: Database, token: string, now = Date.now()): Promise<PreviewClaims | null> {
  const [body, signature, extra] = token.split(".");
  if (!body || !signature || extra !== undefined || token.length > 1000) return null;
  const expected = Buffer.from(sign(await previewKey(db), body));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const claims = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as PreviewClaims;
    if (!Number.isInteger(claims.siteId) || typeof claims.userId !== "string" || !Number.isInteger(claims.exp)) return null;
    if (claims.asOf !== undefined && !Number.isInteger(claims.asOf)) return null;
    return claims.exp * 1000 > now ? claims : null;
  } catch {
    return null;
  }
}

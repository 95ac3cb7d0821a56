/**
 * Who may read a reservation's status page (`/cars/{slug}/checkout?reserved=N`, issue 51): only
 * the browser that made it. On a reservation we hand that browser a random 256-bit token in an
 * httpOnly cookie named for the reservation and keep only the token's SHA-256 in the row
 * (`reservations.browser_token_hash`, migration 0020); the status page compares the two. A number
 * alone, guessed or shared, shows nothing (404, as for an unknown number).
 */
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "../../db/client";
import { reservations } from "../../db/schema/index";
import { isSecureRequest } from "./auth.server";

/** How long the reserving browser keeps its access: 30 days, well past any hold. */
const ACCESS_MAX_AGE_SECONDS = 30 * 24 * 3600;

const cookieName = (reservationId: number) => `fc_reservation_${reservationId}`;
const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * Binds a reservation to the browser of `request`, once: stores the hash of a new token on a row
 * bound to no browser yet. A second call (say, someone replaying the provider's `?payment=N`
 * return address) binds nothing.
 * The cookie's Path is `/cars`, not the checkout page's own path: with JavaScript the status
 * page's data comes from `{path}.data`, which a Path of the page itself would not match.
 * @returns the `Set-Cookie` value to send with the redirect to the status page (httpOnly,
 *   SameSite=Lax, Secure over TLS), or null when the reservation was already bound
 */
export async function grantReservationAccess(db: Database, request: Request, reservationId: number): Promise<string | null> {
  const token = randomBytes(32).toString("base64url");
  const bound = await db
    .update(reservations)
    .set({ browserTokenHash: hashOf(token) })
    .where(and(eq(reservations.id, reservationId), isNull(reservations.browserTokenHash)))
    .returning({ id: reservations.id });
  if (!bound.length) return null;
  return `${cookieName(reservationId)}=${token}; Path=/cars; HttpOnly; SameSite=Lax; Max-Age=${ACCESS_MAX_AGE_SECONDS}${isSecureRequest(request) ? "; Secure" : ""}`;
}

/**
 * Whether `request` comes from the browser that made the reservation.
 * @param row the reservation's id and stored token hash (null: bound to no browser, so to none)
 */
export function hasReservationAccess(request: Request, row: { id: number; browserTokenHash: string | null }): boolean {
  if (!row.browserTokenHash) return false;
  const name = cookieName(row.id);
  for (const part of (request.headers.get("cookie") ?? "").split(";")) {
    const eqAt = part.indexOf("=");
    if (eqAt < 0 || part.slice(0, eqAt).trim() !== name) continue;
    const given = Buffer.from(hashOf(part.slice(eqAt + 1).trim()), "hex");
    const stored = Buffer.from(row.browserTokenHash, "hex");
    if (given.length === stored.length && timingSafeEqual(given, stored)) return true;
  }
  return false;
}

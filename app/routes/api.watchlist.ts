/**
 * `POST /api/watchlist/save-car` and `POST /api/watchlist/remove-car` (spec 7): JSON
 * `{phone_number, car_id}`, answer `{success: boolean, error?: string}`.
 *
 * Authorised by the session, never by the body: signed out 401; a `phone_number` that is not the
 * signed-in shopper's 403; a car of another site (or none) 404; a request from another origin
 * 403. The same endpoints take an HTML form post (no JavaScript): they then redirect (303) to the
 * form's `redirect` path (same-site only), or show the error as a plain page.
 */
import { data, redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/api.watchlist";
import { dbContext, siteContext } from "~/context";
import { dbIdSchema } from "~/domain/db-id";
import { normaliseAuMobile } from "~/domain/accounts/phone";
import { safeRedirectPath } from "~/domain/accounts/redirect";
import { getShopper } from "~/services/auth.server";
import { isSameOrigin } from "~/services/origin.server";
import { removeCar, saveCar } from "~/services/watchlist.server";

const BodySchema = z.object({
  phone_number: z.string({ error: "phone_number is required" }).min(1, "phone_number is required").max(32),
  car_id: dbIdSchema("car_id must be a car id (a whole number)"),
  redirect: z.string().optional(),
});

export const WATCHLIST_API_MESSAGES = {
  signedOut: "Please sign in to use your watchlist.",
  notYourNumber: "That phone number is not the signed-in shopper's.",
  origin: "This request did not come from this site.",
  badBody: "Send JSON {phone_number, car_id}.",
} as const;

export async function action({ request, context, url }: Route.ActionArgs) {
  const remove = url.pathname.endsWith("/remove-car");
  const isJson = (request.headers.get("content-type") ?? "").includes("application/json");
  const fail = (status: number, error: string) =>
    isJson ? data({ success: false, error }, { status }) : new Response(error, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });

  if (request.method !== "POST") return data({ success: false, error: "Method Not Allowed" }, { status: 405, headers: { Allow: "POST" } });
  if (!isSameOrigin(request)) return fail(403, WATCHLIST_API_MESSAGES.origin);
  const site = context.get(siteContext);
  const db = context.get(dbContext);

  let raw: unknown;
  try {
    raw = isJson ? await request.json() : Object.fromEntries(await request.formData());
  } catch {
    return fail(400, WATCHLIST_API_MESSAGES.badBody);
  }
  const parsed = BodySchema.safeParse(raw);
  if (!parsed.success) return fail(400, parsed.error.issues.map((i) => i.message).join("; "));

  const shopper = await getShopper(request, site, db);
  if (!shopper) return fail(401, WATCHLIST_API_MESSAGES.signedOut);
  const phone = normaliseAuMobile(parsed.data.phone_number);
  if (!phone.ok || phone.e164 !== shopper.phone) return fail(403, WATCHLIST_API_MESSAGES.notYourNumber);

  const result = remove ? await removeCar(db, site, shopper, parsed.data.car_id) : await saveCar(db, site, shopper, parsed.data.car_id);
  if (result.kind === "car-not-found" || result.kind === "off") return fail(404, result.message);
  if (result.kind === "sold") return fail(409, result.message);
  if (!isJson) throw redirect(safeRedirectPath(parsed.data.redirect, `/cars/${result.car.slug}`), 303);
  return data({ success: true }, { headers: { "Cache-Control": "no-store" } });
}

/** GET is not part of the API. */
export function loader() {
  return data({ success: false, error: "Method Not Allowed" }, { status: 405, headers: { Allow: "POST" } });
}

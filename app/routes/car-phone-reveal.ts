import { redirect } from "react-router";
import type { Route } from "./+types/car-phone-reveal";
import { dbContext, siteContext } from "~/context";
import { recordPhoneReveal } from "~/services/cars.server";

const SLUG = /^[a-z0-9-]{1,200}$/;

/**
 * POST /cars/{slug}/phone-reveal, spec 4 / 7: logs one phone reveal {car_id, dealership_id,
 * website_id}. A fetch (Accept: application/json) gets `{ ok: true }`; a plain form post (no
 * JavaScript) is redirected back to the VDP with the number shown.
 */
export async function action({ params, context, request }: Route.ActionArgs) {
  if (request.method !== "POST") return Response.json({ error: "Method not allowed" }, { status: 405 });
  if (!SLUG.test(params.slug)) return Response.json({ error: "Not found" }, { status: 404 });
  const logged = await recordPhoneReveal(context.get(dbContext), context.get(siteContext), params.slug);
  if (!logged) return Response.json({ error: "Not found" }, { status: 404 });
  if ((request.headers.get("accept") ?? "").includes("application/json")) return Response.json({ ok: true });
  return redirect(`/cars/${params.slug}?phone=shown#call-dealer`, 303);
}

export function loader() {
  return Response.json({ error: "Method not allowed" }, { status: 405, headers: { Allow: "POST" } });
}

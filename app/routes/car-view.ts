import type { Route } from "./+types/car-view";
import { dbContext, requestInfoContext, siteContext } from "~/context";
import { recordCarView } from "~/services/cars.server";

const SLUG = /^[a-z0-9-]{1,200}$/;

/**
 * GET /cars/{slug}/view.json, spec 7: counts one view (once per visitor per car per day) and answers `{ views }`. An unknown car is a
 * 404 JSON answer (the page then shows nothing, spec 8). Never cached.
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const headers = { "Cache-Control": "no-store" };
  if (!SLUG.test(params.slug)) return Response.json({ error: "Not found" }, { status: 404, headers });
  const info = context.get(requestInfoContext);
  const views = await recordCarView(context.get(dbContext), context.get(siteContext), params.slug, { ip: info.clientIp ?? null, userAgent: request.headers.get("user-agent"), now: info.now });
  if (views === null) return Response.json({ error: "Not found" }, { status: 404, headers });
  return Response.json({ views }, { headers });
}

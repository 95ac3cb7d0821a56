import type { Route } from "./+types/car-view";
import { dbContext, siteContext } from "~/context";
import { recordCarView } from "~/services/cars.server";

const SLUG = /^[a-z0-9-]{1,200}$/;

/**
 * GET /cars/{slug}/view.json, spec 7: counts one view and answers `{ views }`. An unknown car is a
 * 404 JSON answer (the page then shows nothing, spec 8). Never cached.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const headers = { "Cache-Control": "no-store" };
  if (!SLUG.test(params.slug)) return Response.json({ error: "Not found" }, { status: 404, headers });
  const views = await recordCarView(context.get(dbContext), context.get(siteContext), params.slug);
  if (views === null) return Response.json({ error: "Not found" }, { status: 404, headers });
  return Response.json({ views }, { headers });
}

import type { Route } from "./+types/car-brochure";
import { dbContext, requestInfoContext, siteContext } from "~/context";
import { getCarBySlug } from "~/services/cars.server";
import { buildVdpView } from "~/services/vdp.server";

const SLUG = /^[a-z0-9-]{1,200}$/;

/**
 * GET /cars/{slug}/brochure.pdf, spec 4 / 7: the car's PDF brochure as an attachment named
 * {slug}.pdf. Unknown or withdrawn cars: 404 (the page shows the error in an alert, spec 8).
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const site = context.get(siteContext);
  const db = context.get(dbContext);
  const { now, origin } = context.get(requestInfoContext);
  if (!SLUG.test(params.slug)) return new Response("Vehicle not found", { status: 404 });
  const lookup = await getCarBySlug(db, site, params.slug);
  if (lookup.kind !== "found") return new Response("Vehicle not found", { status: 404 });
  const view = await buildVdpView(db, site, lookup.car, { now: new Date(now), origin });
  // @react-pdf/renderer (about 40 MB resident) loads with the first brochure, not with the server (issue 15 memory).
  const { renderBrochurePdf } = await import("~/services/brochure.server");
  const pdf = await renderBrochurePdf(view, site.name);
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${lookup.car.slug}.pdf"`,
      "Cache-Control": "private, max-age=300",
    },
  });
}

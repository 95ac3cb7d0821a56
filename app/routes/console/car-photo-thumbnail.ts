/**
 * `/sites/{slug}/stock/{stockNumber}/photos/{position}` (issue 49 item 2): the console's thumbnail
 * of a car's photo at a position (1 = the primary), made by the same image endpoint work as the
 * public site's `/images` (the console's origin has no `/images`). The page adds `?v=` naming the
 * photo, so a reorder never shows a stale thumbnail.
 */
import { z } from "zod";
import type { Route } from "./+types/car-photo-thumbnail";
import { photoCarFor } from "~/console/car-photos.server";
import { guardConsoleRoute } from "~/console/guard.server";
import { imageRendition, negotiateFormat } from "~/services/images.server";

/** Thumbnail width, pixels (a 160 px box on a 2x screen). */
const THUMBNAIL_WIDTH = 320;

export async function loader(args: Route.LoaderArgs) {
  const { db, site } = await guardConsoleRoute("console-car-photo-thumbnail", args);
  const scoped = site!;
  const car = await photoCarFor(db, scoped, args.params.stockNumber);
  const position = z.coerce.number().int().min(1).max(car.images.length).safeParse(args.params.position);
  const notFound = () => new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
  if (!position.success) return notFound();
  const format = negotiateFormat(args.request.headers.get("accept"));
  let result;
  try {
    result = await imageRendition(db, { id: scoped.site.id, dealerGroup: null }, { src: car.images[position.data - 1], w: THUMBNAIL_WIDTH, q: 70 }, format, process.env.IMAGE_CACHE_DIR ?? ".data/image-cache");
  } catch {
    result = null;
  }
  if (!result) return notFound();
  return new Response(new Uint8Array(result.body), {
    headers: {
      "Content-Type": result.contentType,
      // A file name for "save image as"; it names the site and the car.
      "Content-Disposition": `inline; filename="${scoped.site.slug}-${car.stockNumber.replace(/[^A-Za-z0-9_-]/g, "_")}-${position.data}.${result.contentType.slice("image/".length)}"`,
      "Cache-Control": "private, max-age=86400",
      Vary: "Accept",
    },
  });
}

/**
 * GET /car-photos/{id}.jpg (issue 49 item 2): the cleaned master of a photo uploaded through the
 * dealer console, for this host's site only. Pages show it through `/images` (or a CDN, which
 * fetches it from here); the bytes never change for an id, so it is cached for a year.
 */
import type { Route } from "./+types/car-photo";
import { dbContext, siteContext } from "~/context";
import { carPhotoIdOf, readCarPhoto } from "~/services/car-photo-store.server";

export async function loader({ params, context }: Route.LoaderArgs) {
  const id = carPhotoIdOf(`/car-photos/${params.file}`);
  const photo = id ? await readCarPhoto(context.get(dbContext), context.get(siteContext).id, id) : null;
  if (!photo) return new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
  return new Response(new Uint8Array(photo.bytes), { headers: { "Content-Type": photo.contentType, "Cache-Control": "public, max-age=31536000, immutable" } });
}

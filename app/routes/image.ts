/**
 * GET /images?src=&w=&q= (issue 17): the embedded image endpoint (spec 7 width and quality,
 * defaults 640 and 75 come from the URL builder). 400 for a bad query, 404 when `src` is not one
 * of the site's photos, 422 when it is not an image. Cached renditions; `Vary: Accept`.
 */
import type { Route } from "./+types/image";
import { dbContext, siteContext } from "~/context";
import { ImageQuerySchema, imageRendition, negotiateFormat } from "~/services/images.server";

const text = (body: string, status: number) => new Response(body, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const parsed = ImageQuerySchema.safeParse(Object.fromEntries(url.searchParams));
  if (!parsed.success) return text(parsed.error.issues.map((i) => i.message).join("; "), 400);
  const format = negotiateFormat(request.headers.get("accept"));
  let result;
  try {
    result = await imageRendition(context.get(dbContext), context.get(siteContext), parsed.data, format, process.env.IMAGE_CACHE_DIR ?? ".data/image-cache");
  } catch {
    return text("That file is not an image we can read.", 422);
  }
  if (!result) return text("Not Found", 404);
  return new Response(new Uint8Array(result.body), {
    headers: { "Content-Type": result.contentType, "Cache-Control": "public, max-age=86400", Vary: "Accept" },
  });
}

/**
 * `/media/{id}-{hash}.{ext}` (issue 50): an image uploaded through the console for this site
 * (logo, favicon, location photo), from the database every node shares. The path names the
 * image's hash, so the answer never changes and is cached for a year.
 */
import { and, eq } from "drizzle-orm";
import type { Route } from "./+types/media";
import { dbContext, siteContext } from "~/context";
import { siteAssets } from "../../db/schema/index";

const FILE = /^(\d{1,9})-([0-9a-f]{16})\.(png|webp)$/;

export async function loader({ params, context }: Route.LoaderArgs) {
  const match = FILE.exec(params.file ?? "");
  const notFound = () => new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain" } });
  if (!match) return notFound();
  const site = context.get(siteContext);
  const [row] = await context
    .get(dbContext)
    .select({ bytes: siteAssets.bytes, contentType: siteAssets.contentType, sha256: siteAssets.sha256 })
    .from(siteAssets)
    .where(and(eq(siteAssets.id, Number(match[1])), eq(siteAssets.siteId, site.id)));
  if (!row || !row.sha256.startsWith(match[2]) || row.contentType !== `image/${match[3]}`) return notFound();
  return new Response(new Uint8Array(row.bytes), {
    headers: { "Content-Type": row.contentType, "Cache-Control": "public, max-age=31536000, immutable", "X-Content-Type-Options": "nosniff" },
  });
}

/** /sitemaps/pages.xml and /sitemaps/cars-{n}.xml: the children of a large site's sitemap index. */
import type { Route } from "./+types/sitemap-child";
import { dbContext, requestInfoContext, siteContext } from "~/context";
import { readLagTolerant } from "../../db/replica";
import { siteBaseUrl, sitemapChild } from "~/services/sitemap.server";

export async function loader({ params, context }: Route.LoaderArgs) {
  const site = context.get(siteContext);
  const info = context.get(requestInfoContext);
  const xml = await readLagTolerant(context.get(dbContext), (db) => sitemapChild(db, site, siteBaseUrl(site, info.origin), params.file, new Date(info.now)));
  if (xml === null) throw new Response("Not Found", { status: 404 });
  return new Response(xml, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=300" } });
}

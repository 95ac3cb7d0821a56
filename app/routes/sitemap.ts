/** /sitemap.xml (issue 14): a urlset, or a sitemap index when the site is large (sitemap.server.ts). */
import type { Route } from "./+types/sitemap";
import { dbContext, requestInfoContext, siteContext } from "~/context";
import { readLagTolerant } from "../../db/replica";
import { siteBaseUrl, sitemapRoot } from "~/services/sitemap.server";

export async function loader({ context }: Route.LoaderArgs) {
  const site = context.get(siteContext);
  const info = context.get(requestInfoContext);
  // A sitemap a replica's lag behind is fine (crawlers re-read it; it is cached for 5 minutes).
  const xml = await readLagTolerant(context.get(dbContext), (db) => sitemapRoot(db, site, siteBaseUrl(site, info.origin), new Date(info.now)));
  return new Response(xml, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=300" } });
}

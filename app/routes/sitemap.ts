/** /sitemap.xml (issue 14): a urlset, or a sitemap index when the site is large (sitemap.server.ts). */
import type { Route } from "./+types/sitemap";
import { dbContext, requestInfoContext, siteContext } from "~/context";
import { siteBaseUrl, sitemapRoot } from "~/services/sitemap.server";

export async function loader({ context }: Route.LoaderArgs) {
  const site = context.get(siteContext);
  const info = context.get(requestInfoContext);
  const xml = await sitemapRoot(context.get(dbContext), site, siteBaseUrl(site, info.origin), new Date(info.now));
  return new Response(xml, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=300" } });
}

/** /robots.txt (issue 14): crawl rules and the site's sitemap address. */
import type { Route } from "./+types/robots";
import { requestInfoContext, siteContext } from "~/context";
import { robotsTxt, siteBaseUrl } from "~/services/sitemap.server";

export function loader({ context }: Route.LoaderArgs) {
  const base = siteBaseUrl(context.get(siteContext), context.get(requestInfoContext).origin);
  return new Response(robotsTxt(base), { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}

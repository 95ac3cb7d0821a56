/**
 * `GET /api/search` (issue 6; spec 7 "Search-service query ... The response is read for hits,
 * facets, count, ms, pages"): the SRP's search as JSON for the requesting site. Takes exactly the
 * results route's URL parameters (app/search/params.ts) and answers
 * `{ hits, facets, count, ms, page, pages, hitsPerPage }`; bad parameters get 400
 * `{ error: "<readable message>" }`. A site that shows its dealer group's stock
 * (`search.groupSearch: "group"`, issue 54 item 7) adds `group`: the same search over its sister
 * sites (`groupSearchJson`). Documented in the README ("Search API").
 */
import type { Route } from "./+types/api.search";
import { dbContext, requestInfoContext, siteContext, siteListContext } from "~/context";
import { resolveSearch, SearchRequestError, searchApiHit, visibleFacets } from "~/services/search-page.server";
import { searchStock } from "~/services/search.server";
import { groupSearchJson, groupSearchMembers } from "~/services/group-search.server";

const JSON_HEADERS = { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" };
/**
 * Results are the same for everyone asking the same URL: kept by the page cache and by browsers or
 * CDNs that revalidate each use (issue 15, docs/decisions/180); `ms` is the time of the search
 * that made the stored answer.
 */
const RESULT_HEADERS = { ...JSON_HEADERS, "Cache-Control": "public, no-cache", Vary: "Host" };

export async function loader({ context, url }: Route.LoaderArgs) {
  const site = context.get(siteContext);
  const db = context.get(dbContext);
  const { now, origin } = context.get(requestInfoContext);
  try {
    const resolved = await resolveSearch(db, site, { kind: "results" }, url.searchParams, now);
    const result = await searchStock(db, site, resolved.query, now);
    const body = {
      hits: result.hits.map((h) => searchApiHit(h, `/cars/${h.slug}`)),
      facets: visibleFacets(site, result, resolved.query),
      count: result.count,
      ms: Math.round(result.ms * 1000) / 1000,
      page: result.page,
      pages: result.pages,
      hitsPerPage: result.hitsPerPage,
    };
    if (site.config.search.groupSearch !== "group") return new Response(JSON.stringify(body), { headers: RESULT_HEADERS });
    const siteList = context.get(siteListContext);
    const members = siteList ? groupSearchMembers(site, await siteList()) : [];
    const group = await groupSearchJson(db, site, members, resolved.query, origin, now);
    return new Response(JSON.stringify({ ...body, group }), { headers: RESULT_HEADERS });
  } catch (error) {
    if (error instanceof SearchRequestError) return new Response(JSON.stringify({ error: error.message }), { status: error.status, headers: JSON_HEADERS });
    throw error;
  }
}

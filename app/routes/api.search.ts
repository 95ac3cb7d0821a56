/**
 * `GET /api/search` (issue 6; spec 7 "Search-service query ... The response is read for hits,
 * facets, count, ms, pages"): the SRP's search as JSON for the requesting site. Takes exactly the
 * results route's URL parameters (app/search/params.ts) and answers
 * `{ hits, facets, count, ms, page, pages, hitsPerPage }`; bad parameters get 400
 * `{ error: "<readable message>" }`. Documented in the README ("Search API").
 */
import type { Route } from "./+types/api.search";
import { dbContext, requestInfoContext, siteContext } from "~/context";
import { resolveSearch, SearchRequestError, visibleFacets } from "~/services/search-page.server";
import { searchStock } from "~/services/search.server";

const JSON_HEADERS = { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" };
/**
 * Results are the same for everyone asking the same URL: kept by the page cache and by browsers or
 * CDNs that revalidate each use (issue 15, docs/decisions/180); `ms` is the time of the search
 * that made the stored answer.
 */
const RESULT_HEADERS = { ...JSON_HEADERS, "Cache-Control": "public, no-cache", Vary: "Host" };

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const site = context.get(siteContext);
  const db = context.get(dbContext);
  const { now } = context.get(requestInfoContext);
  try {
    const resolved = await resolveSearch(db, site, { kind: "results" }, url.searchParams, now);
    const result = await searchStock(db, site, resolved.query, now);
    const body = {
      hits: result.hits.map((h) => ({
        id: h.id, slug: h.slug, url: `/cars/${h.slug}`, stockNumber: h.stockNumber, title: h.title, make: h.make, model: h.model,
        badge: h.badge, series: h.series, year: h.year, body: h.body, fuel: h.fuel, drive: h.drive, transmission: h.transmission,
        colour: h.colour, seats: h.seats, km: h.km, price: h.price, subscriptionPrice: h.subscriptionPrice, carType: h.carType,
        itemType: h.itemType, tag: h.tag, certified: h.certified, status: h.status, dealership: h.dealership,
        dealershipName: h.dealershipName, city: h.city, state: h.state,
      })),
      facets: visibleFacets(site, result, resolved.query),
      count: result.count,
      ms: Math.round(result.ms * 1000) / 1000,
      page: result.page,
      pages: result.pages,
      hitsPerPage: result.hitsPerPage,
    };
    return new Response(JSON.stringify(body), { headers: RESULT_HEADERS });
  } catch (error) {
    if (error instanceof SearchRequestError) return new Response(JSON.stringify({ error: error.message }), { status: error.status, headers: JSON_HEADERS });
    throw error;
  }
}

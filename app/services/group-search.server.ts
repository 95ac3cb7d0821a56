/**
 * Group-wide search (issue 54 item 7; spec 2.1 `/search/{dealership_slug}` "More stock from one
 * dealer"): a site whose `search.groupSearch` is "group" shows the stock of its dealer group's
 * other sites that are set to "group" too: a "More from our group" section on its results pages,
 * and a sister dealership's stock on `/search/{dealership_slug}`.
 *
 * Each member is searched on its own read model (the node's store, loaded on first use like any
 * site's) and the answers are merged (app/search/group-merge.ts): no query over the cars table
 * per request, and the cost is one site search per member plus the merge.
 *
 * Tenancy: members are the sites of the same dealer group only, never archived ones, and only
 * those that opted in themselves; each member's own visibility rules apply (its excluded stock
 * numbers and locations, hidden and withdrawn cars), and sold cars are never offered from a
 * sister site. Cards link to the car's page on the site that owns it (the owning dealer gets
 * the enquiry), with no favourites or watchlist toggles of this site.
 */
import { searchHitCard } from "./car-cards.server";
import { chooseSimilarStock, getSearchEngine, searchStock, visibilityFor, withHeldReservations } from "./search.server";
import { mergeRefinements, resolveSearch, searchApiHit, searchHeading, visibleFacets, type ResolvedSearch } from "./search-page.server";
import type { Database } from "../../db/client";
import type { CarCardData } from "~/components/vehicle/car-card-data";
import { MAX_GROUP_DEPTH, memberQuery, mergeGroupResults, type GroupSearchResult } from "~/search/group-merge";
import { mergeSimilar, type SimilarTo } from "~/search/similar";
import { emptySearchQuery, refinementsForLandingSlug, serializeSearchQuery } from "~/search/params";
import type { SearchDoc, SearchQuery, SearchResult, VisibilityOptions } from "~/search/types";
import type { Site } from "~/sites/site";
export { groupSearchMembers } from "~/sites/group-members";

/**
 * A member's visibility for group search: its own rules (spec 4: hidden and withdrawn cars,
 * excluded stock numbers), but no sold cars (a sold car of another dealer is no lead for anyone).
 * @param now epoch ms
 */
export function groupVisibility(member: Site, now: number): VisibilityOptions {
  return { ...visibilityFor(member, now), includeSoldDays: 0 };
}

/** A group search's merged answer with each member's own answer (for per-dealership links). */
export interface GroupStock {
  merged: GroupSearchResult;
  members: { site: Site; facets: GroupSearchResult["facets"]; count: number }[];
}

/**
 * Searches the members' stock as one (top-k merge of per-member searches, facets summed).
 * @param members from {@link groupSearchMembers}
 * @param query the shopper's query; its page × hitsPerPage must be at most `MAX_GROUP_DEPTH`
 * @param now epoch ms
 * @throws RangeError for a page deeper than `MAX_GROUP_DEPTH` cars; what loading a member's
 *   read model throws (the database)
 */
export async function searchGroupStock(db: Database, members: readonly Site[], query: SearchQuery, now: number): Promise<GroupStock> {
  const started = performance.now();
  const per = memberQuery(query);
  const engines = await Promise.all(members.map((m) => getSearchEngine(db, m)));
  const answers = members.map((site, i) => ({ site, result: engines[i].search(per, groupVisibility(site, now)) }));
  return {
    merged: mergeGroupResults(answers.map((a) => ({ siteId: a.site.id, result: a.result })), query, performance.now() - started),
    members: answers.map((a) => ({ site: a.site, facets: a.result.facets, count: a.result.count })),
  };
}

/**
 * The member that has a dealership (location) with this slug among its listed stock, first by
 * site id, with the location's slug and name as that member's dealership facet has them.
 * @returns null when no member has one
 */
export async function findMemberDealership(db: Database, members: readonly Site[], slug: string, now: number): Promise<{ site: Site; value: string; label: string } | null> {
  for (const member of members) {
    const engine = await getSearchEngine(db, member);
    const all = engine.search({ ...emptySearchQuery(1), hitsPerPage: 1 }, groupVisibility(member, now));
    const found = refinementsForLandingSlug(slug, { makes: [], bodies: [], dealerships: all.facets.dealership.map((f) => f.value) })?.dealership?.[0];
    if (found) return { site: member, value: found, label: all.facets.dealership.find((f) => f.value === found)?.label ?? found };
  }
  return null;
}

/**
 * The origin a member site's pages are linked at from `site`'s pages. When the shopper reached
 * `site` at its slug host (`{slug}.localhost`, `{slug}.{BASE_DOMAIN}`), the member's slug host on
 * the same domain and port; else the member's public URL (`config.url`), else its first host.
 * @param requestOrigin the origin of the shopper's request, e.g. "http://a.localhost:4300"
 * @returns e.g. "https://www.sister.example" (no trailing slash)
 */
export function memberOrigin(site: Site, member: Site, requestOrigin: string): string {
  const url = new URL(requestOrigin);
  const prefix = `${site.slug}.`;
  if (url.hostname.startsWith(prefix)) {
    url.hostname = `${member.slug}.${url.hostname.slice(prefix.length)}`;
    return url.origin;
  }
  if (member.config.url) return member.config.url.replace(/\/+$/, "");
  if (member.hosts[0]) return `${url.protocol}//${member.hosts[0]}`;
  url.hostname = `${member.slug}.localhost`;
  return url.origin;
}

/**
 * The card of a member's car as shown on another site of the group: built with the member's own
 * config (its prices, wording and finance), labelled with the dealer that sells it (the member's
 * name and the car's location), every link absolute on the member's origin, and no
 * favourites, compare or watchlist (those are this site's, for this site's cars).
 * @param now epoch ms
 */
export function memberCard(member: Site, doc: SearchDoc, origin: string, now: number): CarCardData {
  const card = searchHitCard(member, doc, now);
  return {
    ...card,
    origin,
    soldBy: { siteName: member.name, dealership: doc.dealershipName },
    buttons: card.buttons.map((b) => ({ ...b, href: b.href.startsWith("/") ? `${origin}${b.href}` : b.href })),
    toggle: null,
    watchlist: false,
  };
}

/** A dealership (location) of a member site, as {@link findMemberDealership} finds it. */
export interface MemberDealership {
  site: Site;
  /** The location's slug (the dealership facet's value). */
  value: string;
  /** The location's name. */
  label: string;
}

/**
 * Searches one member's stock with group visibility ({@link groupVisibility}).
 * @param now epoch ms
 */
export async function searchMemberStock(db: Database, member: Site, query: SearchQuery, now: number): Promise<SearchResult> {
  return (await getSearchEngine(db, member)).search(query, groupVisibility(member, now));
}

/**
 * `/search/{dealership_slug}` for a member's dealership, shown on `site` (spec 2.1 "More stock
 * from one dealer"): the URL's parameters as `site` parses them (its page size and sorts), the
 * dealership fixed, the form sending to the same path.
 * @param slug the path's slug as asked for
 * @param params the URL's query parameters
 * @param now epoch ms
 * @throws SearchRequestError 400 for malformed parameters (as `resolveSearch`)
 */
export async function resolveMemberDealershipSearch(db: Database, site: Site, dealership: MemberDealership, slug: string, params: URLSearchParams, now: number): Promise<ResolvedSearch> {
  const own = await resolveSearch(db, site, { kind: "results" }, params, now);
  const base = { dealership: [dealership.value] };
  const query = { ...own.urlQuery, refinements: mergeRefinements(base, own.urlQuery.refinements) };
  const path = `/search/${slug.toLowerCase()}`;
  return {
    ...own,
    query,
    base,
    path,
    formAction: path,
    fixedFacets: ["dealership"],
    heading: searchHeading(site, query.refinements, dealership.label),
    landingDescription: `More stock from ${dealership.label}${site.dealerGroup ? `, part of ${site.dealerGroup.name}` : ""}`,
  };
}

/** Cars the "More from our group" section shows. */
export const GROUP_SECTION_CARS = 4;

/** The "More from our group" section of an SRP. */
export interface GroupSection<Card> {
  groupName: string;
  /** Cars of the members matching the shopper's search (its dealership refinement aside). */
  count: number;
  cards: Card[];
  /** Each member dealership with matching cars: where its stock is listed on this site (or its own, when this site has a route of the same slug). */
  dealerships: { label: string; siteName: string; count: number; href: string }[];
}

/**
 * The "More from our group" section for a search on `site`: the members' best
 * {@link GROUP_SECTION_CARS} cars for the same search in the same order (the shopper's own
 * dealership refinement aside), and their dealerships with counts.
 * @param members from {@link groupSearchMembers} (none: null)
 * @param query the search shown on the page
 * @param requestOrigin the request's origin (for the members' links, {@link memberOrigin})
 * @param toCard turns a member's card view model into what the page carries
 * @returns null when there are no members or none has a matching car
 */
export async function groupSection<Card>(
  db: Database,
  site: Site,
  members: readonly Site[],
  query: SearchQuery,
  requestOrigin: string,
  now: number,
  toCard: (card: CarCardData) => Card,
): Promise<GroupSection<Card> | null> {
  if (!members.length || !site.dealerGroup) return null;
  const refinements = { ...query.refinements };
  delete refinements.dealership;
  const { merged, members: answers } = await searchGroupStock(db, members, { ...query, refinements, page: 1, hitsPerPage: GROUP_SECTION_CARS }, now);
  if (merged.count === 0) return null;
  const origins = new Map(members.map((m) => [m.id, memberOrigin(site, m, requestOrigin)]));
  const byId = new Map(members.map((m) => [m.id, m]));
  // A slug this site answers itself (a make, body, car type or its own location) is linked on the member's site.
  const own = await searchStock(db, site, { ...emptySearchQuery(1), hitsPerPage: 1 }, now);
  const ownKnown = { makes: own.facets.make.map((f) => f.value), bodies: own.facets.body.map((f) => f.value), dealerships: own.facets.dealership.map((f) => f.value) };
  const qs = serializeSearchQuery({ ...query, refinements, page: 1 }).toString();
  return {
    groupName: site.dealerGroup.name,
    count: merged.count,
    cards: merged.hits.map((h) => toCard(memberCard(byId.get(h.siteId)!, h.doc, origins.get(h.siteId)!, now))),
    dealerships: answers.flatMap((a) =>
      a.facets.dealership
        .filter((f) => f.count > 0)
        .map((f) => {
          const path = `/search/${encodeURIComponent(f.value)}${qs ? `?${qs}` : ""}`;
          return { label: f.label, siteName: a.site.name, count: f.count, href: refinementsForLandingSlug(f.value, ownKnown) ? `${origins.get(a.site.id)}${path}` : path };
        }),
    ),
  };
}

/**
 * The VDP's similar stock (decision 189) on `site`: its own cars like `car` and, when it shows its
 * dealer group's stock (`members`, from {@link groupSearchMembers}), its sisters' too, ranked as
 * one list (same make, same body type, closest price, lowest id: `mergeSimilar`). Each member
 * offers only cars it shows itself (in stock, on the dealer website, not of an excluded stock
 * number or location: no sold car of a sister). A sister's card is {@link memberCard}'s: labelled
 * with its dealer and linked to the car's page on its own site. Online reservations are overlaid
 * for the chosen cars only, one query per site that has a chosen car and a checkout.
 * @param members none: the site's own similar stock, as before group search
 * @param requestOrigin the request's origin (for the members' links, {@link memberOrigin})
 * @param now epoch ms
 * @param toCard turns a card view model into what the page carries
 * @returns at most `limit` cards, best first
 * @throws what loading a read model throws (the database)
 */
export async function similarStockCards<Card>(
  db: Database,
  site: Site,
  members: readonly Site[],
  car: SimilarTo,
  requestOrigin: string,
  now: number,
  toCard: (card: CarCardData) => Card,
  limit = 6,
): Promise<Card[]> {
  const sources = [site, ...members];
  const lists = await Promise.all(sources.map(async (source) => (await chooseSimilarStock(db, source, car, limit)).map((doc) => ({ source, doc }))));
  const chosen = mergeSimilar(lists, car, limit);
  // The reservations overlay, per site that has a chosen car, keeping the chosen order.
  const held = new Map<number, SearchDoc>();
  await Promise.all(
    sources.map(async (source) => {
      const docs = chosen.filter((c) => c.source === source).map((c) => c.doc);
      if (docs.length) for (const doc of await withHeldReservations(db, source, docs)) held.set(doc.id, doc);
    }),
  );
  return chosen.map(({ source, doc }) => {
    const shown = held.get(doc.id) ?? doc;
    return toCard(source === site ? searchHitCard(site, shown, now) : memberCard(source, shown, memberOrigin(site, source, requestOrigin), now));
  });
}

/**
 * The `group` part of `GET /api/search` on a site set to `search.groupSearch: "group"` (README
 * "Search API"): the same search (every refinement, sort, page and page size) over the sister
 * sites' stock as one merged list (unlike the SRP's "More from our group", which sets the
 * shopper's dealership refinement aside, the API keeps it: `dealership=` asks for a sister
 * dealership's stock): `{ name, count, page, pages, hitsPerPage, ms, hits, facets }`, each hit as the asking site's
 * own plus `site: { slug, name }` (the dealer that sells it) and `url` absolute on that site's
 * origin (the owning site takes the enquiry). Paging stops at `MAX_GROUP_DEPTH` cars: `pages`
 * counts no further, and a page past it has no hits (the counts and facets stay).
 * @param members from {@link groupSearchMembers}
 * @param query the asking site's resolved query
 * @param requestOrigin the request's origin (for the members' links, {@link memberOrigin})
 * @param now epoch ms
 * @returns null when no sister site shares its stock
 * @throws what loading a member's read model throws (the database)
 */
export async function groupSearchJson(db: Database, site: Site, members: readonly Site[], query: SearchQuery, requestOrigin: string, now: number) {
  if (!members.length || !site.dealerGroup) return null;
  const within = query.page * query.hitsPerPage <= MAX_GROUP_DEPTH;
  const { merged } = await searchGroupStock(db, members, within ? query : { ...query, page: 1 }, now);
  const byId = new Map(members.map((m) => [m.id, m]));
  const origins = new Map(members.map((m) => [m.id, memberOrigin(site, m, requestOrigin)]));
  return {
    name: site.dealerGroup.name,
    count: merged.count,
    page: query.page,
    pages: Math.min(merged.pages, Math.floor(MAX_GROUP_DEPTH / query.hitsPerPage)),
    hitsPerPage: query.hitsPerPage,
    ms: Math.round(merged.ms * 1000) / 1000,
    hits: within
      ? merged.hits.map(({ siteId, doc }) => {
          const member = byId.get(siteId)!;
          return { ...searchApiHit(doc, `${origins.get(siteId)}/cars/${doc.slug}`), site: { slug: member.slug, name: member.name } };
        })
      : [],
    facets: visibleFacets(site, merged, query),
  };
}

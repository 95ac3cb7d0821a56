/**
 * The search entry points (spec 2.1 route table) as one service: turns a route (the results
 * route, a landing slug, make/model, pre-owned) plus its URL parameters into a {@link SearchQuery},
 * runs it on the site's read model, and gathers what the SRP and `GET /api/search` answer:
 * hits, facets (with the spec 9 limits and order), range stats, paging, the displayed count
 * (spec 9), promo cards (spec 2.2, 4), make logos, title, description and canonical path.
 */
import { brandLogoUrl } from "~/domain/display/brand-logos";
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { readLagTolerant } from "../../db/replica";
import { manufacturers, offers } from "../../db/schema/index";
import {
  emptySearchQuery,
  refinementsForLandingSlug,
  serializeSearchQuery,
  slugify,
} from "~/search/params";
import { formatSearchParamErrors, parseSearchParams } from "~/search/parse-params";
import { carTypeRank } from "~/search/semantics";
import { insertPromoCards, isPromoCardShown, type PromoCard, type ResultSlot } from "~/search/promo";
import { financeOfferView } from "~/domain/finance/finance-offer";
import { offerMoment, offerShownOn, offerStatusVisible } from "./offers.server";
import { lenderAssumptionsFor } from "~/sites/finance-options";
import { LIST_FACETS, SORTS, type FacetValue, type ListFacet, type SearchDoc, type SearchQuery, type SearchResult, type SortBy } from "~/search/types";
import type { Site } from "~/sites/site";
import { displayedResultCount, searchStock } from "./search.server";
import { memoByConfigVersion, memoBySiteVersion } from "./site-memo.server";

/** Which search route was asked for (spec 2.1). */
export type SearchEntry =
  | { kind: "results" }
  | { kind: "landing"; slug: string }
  | { kind: "make-model"; make: string; model: string }
  | { kind: "pre-owned" };

/** A refused search request: 400 (malformed parameters) or 404 (a landing slug that means nothing here). */
export class SearchRequestError extends Error {
  constructor(
    readonly status: 400 | 404,
    message: string,
  ) {
    super(message);
  }
}

/** Spec 9 facet limits: models 30, cities 20, dealerships 40 (makes: 'Show all makes'). */
export const FACET_LIMITS: Partial<Record<ListFacet, number>> = { model: 30, city: 20, dealership: 40 };

export const SORT_LABELS: Record<SortBy, string> = {
  relevance: "Most relevant",
  latest: "Latest",
  price_desc: "Highest price",
  price_asc: "Lowest price",
  subscription_price: "Subscription price",
  km: "Lowest kms",
};

/** Spec 2.2: the four sorts, plus subscription price and kms when the site enables them. */
export function enabledSorts(site: Site): SortBy[] {
  return SORTS.filter((s) => (s !== "subscription_price" || site.config.search.subscriptionSort) && (s !== "km" || site.config.search.kmsSort));
}

/** What a resolved route stands for. */
export interface ResolvedSearch {
  /** The full query: the route's own refinements plus the URL's. */
  query: SearchQuery;
  /** The query from the URL parameters alone (what pagination links keep). */
  urlQuery: SearchQuery;
  /** Refinements implied by the path (e.g. make Toyota on /search/toyota). */
  base: SearchQuery["refinements"];
  /** Path of the route, e.g. "/search/toyota". */
  path: string;
  heading: string;
  /** Where the filter form sends its GET: the results route, or /pre-owned. */
  formAction: string;
  /** Facets the route fixes and the form does not offer (car_type on /pre-owned). */
  fixedFacets: ListFacet[];
  landingDescription: string | null;
}

/** The route's refinements with the URL's added (values of one facet unioned, sorted). */
export function mergeRefinements(base: SearchQuery["refinements"], extra: SearchQuery["refinements"]): SearchQuery["refinements"] {
  const out: SearchQuery["refinements"] = { ...base };
  for (const [facet, values] of Object.entries(extra) as [ListFacet, string[]][]) out[facet] = [...new Set([...(out[facet] ?? []), ...values])].sort();
  return out;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Heading of a search, e.g. "Used Toyota HiLux cars" or "All cars". */
export function searchHeading(site: Site, refinements: SearchQuery["refinements"], dealershipName?: string | null): string {
  const noun = site.config.itemNoun.plural;
  const typeLabel = (t: string) => (t === "used" ? site.config.display.usedKeyword : t === "new" ? "New" : "Demo");
  const types = [...(refinements.car_type ?? [])].sort((a, b) => carTypeRank(a) - carTypeRank(b)).map(typeLabel);
  const typeText = types.length > 1 ? `${types.slice(0, -1).join(", ")} and ${types[types.length - 1]}` : (types[0] ?? "");
  const one = (facet: ListFacet) => (refinements[facet]?.length === 1 ? refinements[facet][0] : "");
  const certified = one("certified") === "true" ? "Certified" : "";
  const parts = [certified, typeText, one("make"), one("model"), one("body")].filter(Boolean).join(" ");
  const text = parts ? `${parts} ${noun}` : `All ${noun}`;
  return capitalise(dealershipName ? `${text} at ${dealershipName}` : text);
}

/**
 * Resolves a search route and its URL parameters (spec 2.1).
 * @param params the URL's query parameters (the SRP's or the API's; both take the same ones).
 * @param now epoch ms (landing slugs are looked up in the stock listed now).
 * @throws SearchRequestError 400 with a readable message for malformed parameters; 404 for a
 *   landing slug or make/model that this site's stock does not have.
 */
export async function resolveSearch(db: Database, site: Site, entry: SearchEntry, params: URLSearchParams, now: number): Promise<ResolvedSearch> {
  const parsed = parseSearchParams(params, { hitsPerPage: site.config.search.hitsPerPage, enabledSorts: enabledSorts(site) });
  if (!parsed.ok) throw new SearchRequestError(400, `Some search settings are not valid: ${formatSearchParamErrors(parsed.errors)}`);
  const urlQuery = parsed.query;
  let base: SearchQuery["refinements"] = {};
  let path = "/search";
  let formAction = "/search";
  let fixedFacets: ListFacet[] = [];
  let dealershipName: string | null = null;
  let landingDescription: string | null = null;

  if (entry.kind !== "results") {
    const all = await searchStock(db, site, { ...emptySearchQuery(1), hitsPerPage: 1 }, now);
    if (entry.kind === "landing") {
      const slug = entry.slug;
      const landing = refinementsForLandingSlug(slug, {
        makes: all.facets.make.map((f) => f.value),
        bodies: all.facets.body.map((f) => f.value),
        dealerships: all.facets.dealership.map((f) => f.value),
      });
      if (!landing) throw new SearchRequestError(404, "Not Found");
      base = landing;
      path = `/search/${slug.toLowerCase()}`;
      if (landing.dealership) {
        dealershipName = all.facets.dealership.find((f) => f.value === landing.dealership![0])?.label ?? null;
        landingDescription = `More stock from ${dealershipName}`;
      }
    } else if (entry.kind === "make-model") {
      const make = all.facets.make.find((f) => slugify(f.value) === entry.make.toLowerCase());
      if (!make) throw new SearchRequestError(404, "Not Found");
      const byMake = await searchStock(db, site, { ...emptySearchQuery(1), refinements: { make: [make.value] } }, now);
      const model = byMake.facets.model.find((f) => slugify(f.value) === entry.model.toLowerCase());
      if (!model) throw new SearchRequestError(404, "Not Found");
      base = { make: [make.value], model: [model.value] };
      path = `/search/${slugify(make.value)}/${slugify(model.value)}`;
    } else {
      base = { car_type: ["used"] };
      path = "/pre-owned";
      formAction = "/pre-owned";
      fixedFacets = ["car_type"];
    }
  }
  const query = { ...urlQuery, refinements: mergeRefinements(base, urlQuery.refinements) };
  let heading = searchHeading(site, query.refinements, dealershipName);
  if (entry.kind === "pre-owned") heading = query.refinements.certified?.join() === "true" ? `Certified pre-owned ${site.config.itemNoun.plural}` : `Pre-owned ${site.config.itemNoun.plural}`;
  return { query, urlQuery, base, path, heading, formAction, fixedFacets, landingDescription };
}

/**
 * Promo cards that show for this search (spec 4): the site's own, then its dealer group's, then
 * the network's (those that do not exclude the site), each in id order. A finance card's
 * heading, comparison rate and warning are worked out from its `finance` source (the site's own
 * lender data or the offer's rates); one whose figures this site lacks is left out.
 * The site's promo cards are read once per site version (offers move the config version, migration
 * 0018; issue 15: no query per SRP); dates and car types are checked per request.
 * @param now request time, epoch ms
 */
export async function promoCardsFor(db: Database, site: Site, query: SearchQuery, now: number): Promise<PromoCard[]> {
  // Issue 50: a staff preview "as of" a moment (or with drafts) reads its own cards, never the memo.
  const at = offerMoment(site, new Date(now));
  const read = (reader: Pick<Database, "select">) =>
    reader
      .select()
      .from(offers)
      .where(and(offerShownOn(site), eq(offers.kind, "promo_card"), offerStatusVisible(site, at)))
      // The site's own cards take the first positions, then its dealer group's, then the network's.
      .orderBy(sql`${offers.siteId} is null`, sql`${offers.dealerGroupId} is null`, offers.id);
  const toCards = (rows: (typeof offers.$inferSelect)[]) =>
    rows.flatMap((o): PromoCard[] => {
      // A finance card shows only with figures of this site's own (issue 51, reg 100).
      const finance = o.finance == null ? null : financeOfferView(o.finance, (carType) => lenderAssumptionsFor(site.config, carType));
      if (o.finance != null && !finance) return [];
      return [
        {
          id: o.id,
          name: finance ? finance.headline : o.name,
          description: o.description,
          imageUrl: o.imageUrl,
          linkUrl: o.linkUrl,
          carType: o.carType,
          startsAt: o.startsAt ? o.startsAt.getTime() : null,
          expiresAt: o.expiresAt ? o.expiresAt.getTime() : null,
          finance,
        },
      ];
    });
  const cards = site.preview
    ? toCards(await read(db))
    : // Kept per config version (offers are config: a price change keeps them); read from a
      // replica only once it has replayed the site's versions.
      await memoByConfigVersion("promo-cards", site, async () => toCards(await readLagTolerant(db, read, site)));
  return cards.filter((p) => isPromoCardShown(p, at.getTime(), query.refinements.car_type ?? [], site.config.search.promoCardsStrictCarType));
}

/**
 * Logo URLs of the makes in a facet, by make name (facet tiles, spec 2.2): the catalogue's logo,
 * else the brand mark of {@link brandLogoUrl} (as on the car cards). The manufacturers' logos
 * (reference data, a few dozen rows) are read once per site version and the memo's lifetime
 * (site-memo.server.ts: at most 60 s), not per SRP (issue 15).
 */
async function makeLogos(db: Database, site: Site, makes: readonly string[]): Promise<Record<string, string>> {
  if (makes.length === 0) return {};
  const logos = await memoBySiteVersion("make-logos", site, async () => {
    const rows = await readLagTolerant(db, (reader) => reader.select({ name: manufacturers.name, logoUrl: manufacturers.logoUrl }).from(manufacturers), site);
    return new Map(rows.flatMap((r) => (r.logoUrl ? [[r.name, r.logoUrl] as const] : [])));
  });
  // The manufacturer's own logo when the catalogue has one, else the brand mark the cards show.
  return Object.fromEntries(
    makes.flatMap((name) => {
      const url = logos.get(name) ?? brandLogoUrl(name);
      return url ? [[name, url]] : [];
    }),
  );
}

/**
 * One hit of `GET /api/search` (README "Search API"): the car's listing fields and `url`, its page.
 * @param url the car's page: "/cars/{slug}" on the asking site, absolute on a sister site's origin
 */
export function searchApiHit(h: SearchDoc, url: string) {
  return {
    id: h.id, slug: h.slug, url, stockNumber: h.stockNumber, title: h.title, make: h.make, model: h.model,
    badge: h.badge, series: h.series, year: h.year, body: h.body, fuel: h.fuel, drive: h.drive, transmission: h.transmission,
    colour: h.colour, seats: h.seats, km: h.km, price: h.price, subscriptionPrice: h.subscriptionPrice, carType: h.carType,
    itemType: h.itemType, tag: h.tag, certified: h.certified, status: h.status, dealership: h.dealership,
    dealershipName: h.dealershipName, city: h.city, state: h.state,
  };
}

/**
 * The facet values a widget shows (spec 9 limits; spec 5 certified-only): models 30, cities 20,
 * dealerships 40, every make (the widget folds those past the popular-make count), refined values
 * always kept; certified 'false' hidden when the site is certified-only.
 */
export function visibleFacets(site: Site, result: Pick<SearchResult, "facets">, query: SearchQuery): Record<ListFacet, FacetValue[]> {
  const out = {} as Record<ListFacet, FacetValue[]>;
  for (const facet of LIST_FACETS) {
    let values = result.facets[facet];
    if (facet === "certified" && site.config.search.certifiedOnly) values = values.filter((v) => v.value !== "false");
    // Issue 17: a certified facet without any certified item ('Not certified' only) cannot narrow anything.
    if (facet === "certified" && !values.some((v) => v.value === "true")) values = [];
    const limit = FACET_LIMITS[facet];
    if (limit !== undefined && values.length > limit) {
      const refined = new Set(query.refinements[facet] ?? []);
      values = values.filter((v, i) => i < limit || refined.has(v.value));
    }
    out[facet] = values;
  }
  return out;
}

/** Everything the SRP renders for one request. */
export interface SearchPageData<Card> {
  resolved: ResolvedSearch;
  result: SearchResult;
  facets: Record<ListFacet, FacetValue[]>;
  /** Spec 9: the count the shopper reads. */
  displayedCount: number;
  slots: ResultSlot<Card>[];
  makeLogos: Record<string, string>;
  /** The URL of a page of these results (path plus canonical parameters). */
  pageHref: (page: number) => string;
}

/** How {@link searchPage} finds its results, when not in the site's own stock. */
export interface SearchPageOptions {
  /** Runs the query (default: the site's own stock, `searchStock`); e.g. a sister site's stock (group search). */
  search?: (query: SearchQuery) => Promise<SearchResult>;
  /** Whether the site's promo cards go among the results (default true; not among another dealer's cars). */
  promos?: boolean;
}

/**
 * Runs a resolved search for the SRP.
 * @param toCard turns a hit into the card view model (the route passes searchHitToCard).
 * @throws SearchRequestError 404 when `page` is beyond the last page.
 */
export async function searchPage<Card>(
  db: Database,
  site: Site,
  resolved: ResolvedSearch,
  now: number,
  toCard: (hit: SearchResult["hits"][number]) => Card,
  options: SearchPageOptions = {},
): Promise<SearchPageData<Card>> {
  const result = await (options.search ?? ((query) => searchStock(db, site, query, now)))(resolved.query);
  if (resolved.query.page > 1 && resolved.query.page > result.pages) throw new SearchRequestError(404, "Not Found");
  const promos = options.promos === false ? [] : await promoCardsFor(db, site, resolved.query, now);
  const pageHref = (page: number) => {
    const qs = serializeSearchQuery({ ...resolved.urlQuery, page }).toString();
    return `${resolved.path}${qs ? `?${qs}` : ""}`;
  };
  return {
    resolved,
    result,
    facets: visibleFacets(site, result, resolved.query),
    displayedCount: displayedResultCount(result.count, result.facets, site.config.search.configuredStockCount, resolved.query.refinements.car_type ?? []),
    slots: insertPromoCards(result.hits.map(toCard), promos, site.config.search.promoCardPositions),
    makeLogos: await makeLogos(db, site, result.facets.make.map((f) => f.value)),
    pageHref,
  };
}

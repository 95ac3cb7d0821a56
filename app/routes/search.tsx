/**
 * The search results page (SRP) and its entry points (spec 2.1: /search, /search/{slug},
 * /search/{make}/{model}, /pre-owned), spec 2.2 widgets, spec 4 states, spec 5 rules, spec 9
 * constants. Server-rendered; the filters are a plain GET form that works without JavaScript.
 * With JavaScript, changes navigate client-side (React Router), a client cache keeps the last 10
 * results by canonical refinement key, and failed loads keep the previous results on screen.
 */
import * as Switch from "@radix-ui/react-switch";
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactElement, type RefObject } from "react";
import { Form, isRouteErrorResponse, redirect, useLocation, useNavigate, useNavigation } from "react-router";
import { Link } from "react-router";
import type { Route } from "./+types/search";
import { track } from "~/components/analytics";
import { PriceSliderSearch } from "~/components/search/price-slider-search";
import { RangeFilter } from "~/components/search/range-filter";
import { BodyIllustration } from "~/components/vehicle/body-illustration";
import { CarCard } from "~/components/vehicle/car-card";
import { cardJson, readCard } from "~/components/vehicle/card-json";
import { facetsJson, readFacets } from "~/components/search/facets-json";
import { searchHitCard } from "~/services/car-cards.server";
import { dbContext, requestInfoContext, siteContext, siteListContext } from "~/context";
import { chooseBodyIllustration } from "~/domain/display/images";
import { readSearchHistory, recordSearchHistory, SearchResultCache, type SearchHistoryEntry } from "~/search/client-state";
import { formFieldsToSearchParams, searchQueryKey, serializeSearchQuery } from "~/search/params";
// The loader's parser (the server's). The browser loads it on its first navigation (below):
// it needs zod, about 17 KB gzip the SRP would otherwise load with the page (decision 186).
import { parseSearchParams } from "~/search/parse-params";
import { paginationItems } from "~/search/pagination";
import { FilterDrawer } from "~/components/search/filter-drawer";
import type { FacetValue, ListFacet, NumericRange, RangeFacet } from "~/search/types";
import { findMemberDealership, groupSearchMembers, groupSection, memberCard, memberOrigin, resolveMemberDealershipSearch, searchMemberStock } from "~/services/group-search.server";
import { enabledSorts, resolveSearch, SearchRequestError, searchPage, SORT_LABELS, type SearchEntry } from "~/services/search-page.server";
import { NoScript } from "~/components/no-script";
import { HydratedLater, island, whenIdle } from "~/components/island";
import { wholeNumberText } from "~/domain/display/number-text";

/** Spec 5: the search box is debounced 300 ms. */
export const SEARCH_DEBOUNCE_MS = 300;

function entryFor(params: Route.LoaderArgs["params"], pathname: string): SearchEntry {
  const p = params as { first?: string; make?: string; model?: string };
  if (pathname === "/pre-owned") return { kind: "pre-owned" };
  if (p.first !== undefined) return { kind: "landing", slug: decodeURIComponent(p.first) };
  if (p.make !== undefined && p.model !== undefined) return { kind: "make-model", make: p.make, model: p.model };
  return { kind: "results" };
}

export async function loader({ request, params, context, url }: Route.LoaderArgs) {
  const site = context.get(siteContext);
  const db = context.get(dbContext);
  const { now, origin } = context.get(requestInfoContext);
  // The plain form's fields (price_min=...) redirect to the canonical address, with unusable
  // bounds dropped (formFieldsToSearchParams). When another parameter is refused (sortBy=bogus),
  // the 400 is answered here, by resolveSearch below, not after a redirect to an address that fails.
  const form = formFieldsToSearchParams(url.searchParams);
  let searchParams = url.searchParams;
  if (form.changed) {
    // The plain form always sends its sort box; "Most relevant" there is the box's default, not a
    // choice, so the search's own default applies (a price range sorts by highest price, spec 7).
    if (form.params.get("sortBy") === "relevance") form.params.delete("sortBy");
    const parsed = parseSearchParams(form.params, { enabledSorts: enabledSorts(site) });
    if (parsed.ok) {
      const qs = serializeSearchQuery(parsed.query).toString();
      throw redirect(`${url.pathname}${qs ? `?${qs}` : ""}`);
    }
    searchParams = form.params;
  }
  let page;
  // Issue 54 item 7: the dealer group's other sites whose stock this site shows (none unless both opted in).
  const siteList = context.get(siteListContext);
  const members = siteList ? groupSearchMembers(site, await siteList()) : [];
  const entry = entryFor(params, url.pathname);
  let memberOriginUrl: string | null = null;
  let memberCanonical: string | null = null;
  try {
    let resolved;
    let dealership = null;
    try {
      resolved = await resolveSearch(db, site, entry, searchParams, now);
    } catch (error) {
      // Spec 2.1 /search/{dealership_slug}: a slug this site does not know may be a sister dealership's.
      if (!(error instanceof SearchRequestError && error.status === 404 && entry.kind === "landing" && members.length)) throw error;
      dealership = await findMemberDealership(db, members, entry.slug, now);
      if (!dealership) throw error;
      resolved = await resolveMemberDealershipSearch(db, site, dealership, entry.slug, searchParams, now);
    }
    if (dealership) {
      const member = dealership.site;
      const origin_ = (memberOriginUrl = memberOrigin(site, member, origin));
      memberCanonical = member.config.url?.replace(/\/+$/, "") ?? origin_;
      // Another dealer's cars: its cards link to its own site, and this site's promo cards stay out.
      page = await searchPage(db, site, resolved, now, (hit) => cardJson(memberCard(member, hit, origin_, now)), { search: (query) => searchMemberStock(db, member, query, now), promos: false });
    } else {
      // Decision 193: each card is one JSON string in the loader data.
      page = await searchPage(db, site, resolved, now, (hit) => cardJson(searchHitCard(site, hit, now)));
    }
  } catch (error) {
    if (error instanceof SearchRequestError) throw new Response(error.message, { status: error.status });
    throw error;
  }
  const { resolved, result } = page;
  const q = resolved.query;
  const group = memberOriginUrl === null ? await groupSection(db, site, members, q, origin, now, cardJson) : null;
  return {
    hasError: false,
    heading: resolved.heading,
    siteName: site.name,
    siteSlug: site.slug,
    description: resolved.landingDescription,
    // A sister dealership's stock is the same page on its own site: that one is canonical.
    canonical: `${memberCanonical ?? site.config.url ?? origin}${page.pageHref(q.page)}`,
    group,
    path: resolved.path,
    formAction: resolved.formAction,
    fixedFacets: resolved.fixedFacets,
    isPreOwned: url.pathname === "/pre-owned",
    certifiedSwitchLabel: site.config.search.certifiedSwitchLabel,
    query: q,
    queryKey: `${resolved.path}?${searchQueryKey(q)}`,
    count: page.displayedCount,
    exactCount: result.count,
    page: result.page,
    pages: result.pages,
    prevHref: result.page > 1 ? page.pageHref(result.page - 1) : null,
    nextHref: result.page < result.pages ? page.pageHref(result.page + 1) : null,
    pageLinks: paginationItems(result.page, result.pages).map((p) => (p === "gap" ? ({ page: null, href: null } as const) : { page: p, href: page.pageHref(p) })),
    slots: page.slots,
    // Decision 208: the facet lists are one JSON string in the loader data.
    facets: facetsJson(page.facets),
    rangeStats: result.rangeStats,
    makeLogos: page.makeLogos,
    popularMakes: site.config.search.popularMakesCount,
    sorts: enabledSorts(site).map((s) => ({ value: s, label: SORT_LABELS[s] })),
    detailsLabel: site.config.display.detailsButtonLabel,
    financePath: site.config.finance.linkPath,
    itemPlural: site.config.itemNoun.plural,
    itemSingular: site.config.itemNoun.singular,
  };
}

type SearchData = Awaited<ReturnType<typeof loader>>;

/** Spec 9 / spec 7: the last 10 results by canonical refinement key (browser only). */
const clientCache = new SearchResultCache<SearchData>();
let lastShown: SearchData | null = null;

/**
 * The browser's parser, loaded on the first client navigation or filter change; null when its
 * module cannot be fetched (offline, a deploy removed it): callers then go on without it.
 */
const loadParser = () =>
  import("~/search/parse-params").then(
    (m) => m.parseSearchParams,
    () => null,
  );

async function clientKey(url: URL): Promise<string | null> {
  const parse = await loadParser();
  const parsed = parse?.(url.searchParams);
  return parsed?.ok ? `${url.pathname}?${searchQueryKey(parsed.query)}` : null;
}

/**
 * Client navigations: answer from the cache when the same refinements were seen (spec 7 "Results
 * are cached per refinement key"); on a failed load (network, 5xx) keep the previous results with
 * `hasError` (spec 4). 400 and 404 still show their error page.
 */
export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs): Promise<SearchData> {
  const key = await clientKey(new URL(request.url));
  const cached = key ? clientCache.get(key) : undefined;
  if (cached) return (lastShown = cached);
  try {
    const data = (await serverLoader()) as SearchData;
    if (key) clientCache.set(key, data);
    return (lastShown = data);
  } catch (error) {
    const clientError = isRouteErrorResponse(error) && error.status < 500;
    if (lastShown && !clientError && !(error instanceof Response)) return { ...lastShown, hasError: true };
    throw error;
  }
}

export function meta({ loaderData: data }: Route.MetaArgs) {
  if (!data) return [{ title: "Search" }];
  const d = data as SearchData;
  const description = `${d.description ? `${d.description}. ` : ""}${d.heading}: ${wholeNumberText(d.count)} for sale at ${d.siteName}. Compare prices, kilometres and features.`;
  return [
    { title: `${d.heading} for sale${d.page > 1 ? ` (page ${d.page})` : ""} | ${d.siteName}` },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: d.canonical },
  ];
}

const FACET_LEGENDS: Partial<Record<ListFacet, string>> = {
  car_type: "Condition",
  make: "Make",
  model: "Model",
  body: "Body type",
  fuel: "Fuel",
  drive: "Drive",
  transmission: "Transmission",
  colour: "Colour",
  seats: "Seats",
  city: "City",
  state: "State",
  dealership: "Dealership",
  certified: "Certified",
  item_type: "Item type",
  tag: "Tag",
};
/** Widget order on the page (spec 2.2's list, then the extra refinements). */
const FACET_ORDER: ListFacet[] = ["car_type", "make", "model", "body", "fuel", "drive", "transmission", "colour", "seats", "city", "state", "dealership", "certified", "item_type", "tag"];
const RANGE_WIDGETS: { facet: RangeFacet; legend: string; unit: { before?: string; after?: string } }[] = [
  { facet: "year", legend: "Year", unit: {} },
  { facet: "km", legend: "Kilometres", unit: { after: "km" } },
  { facet: "price", legend: "Price", unit: { before: "$" } },
];

function FacetTile({ facet, v, checked, logo }: { facet: ListFacet; v: FacetValue; checked: boolean; logo?: string }) {
  const illustration = facet === "body" ? chooseBodyIllustration({ itemType: "car", simpleBody: v.value, bodyConfiguration: null, simpleFuel: null }) : null;
  return (
    <li>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" name={facet} value={v.value} defaultChecked={checked} />
        {logo ? <img src={logo} alt="" width={20} height={20} loading="lazy" decoding="async" className="h-5 w-5 object-contain" /> : null}
        {illustration ? (
          <span aria-hidden="true" className="w-8">
            <BodyIllustration body={illustration} label="" />
          </span>
        ) : null}
        <span>{v.label}</span>
        <span className="ml-auto text-slate-500" data-testid="facet-count">
          {wholeNumberText(v.count)}
        </span>
      </label>
    </li>
  );
}

function FacetGroup({ facet, values, selected, limit, logos }: { facet: ListFacet; values: FacetValue[]; selected: string[]; limit?: number; logos?: Record<string, string> }) {
  if (!values.length) return null;
  const shown = limit ? values.filter((v, i) => i < limit || selected.includes(v.value)) : values;
  const rest = limit ? values.filter((v) => !shown.includes(v)) : [];
  const legend = FACET_LEGENDS[facet] ?? facet;
  return (
    <fieldset className="border-t border-slate-200 py-3" data-testid={`facet-${facet}`}>
      <legend className="mb-2 text-sm font-semibold">{legend}</legend>
      {/* Decision 191: the tiles have no handlers of their own (the form listens for change), so the
          browser keeps them as sent when the page first hydrates; FilterFields' key remounts them
          with new facets. */}
      <ul className="space-y-1">
        {shown.map((v) => (
          <FacetTile key={v.value} facet={facet} v={v} checked={selected.includes(v.value)} logo={logos?.[v.value]} />
        ))}
      </ul>
      {rest.length ? (
        <details className="mt-2">
          <summary className="cursor-pointer text-sm text-[var(--site-primary)]">Show all makes</summary>
          <ul className="mt-1 space-y-1">
            {rest.map((v) => (
              <FacetTile key={v.value} facet={facet} v={v} checked={false} logo={logos?.[v.value]} />
            ))}
          </ul>
        </details>
      ) : null}
    </fieldset>
  );
}

/**
 * The refinement widgets (spec 2.2), shared by the sidebar form and the phone drawer's form.
 * Range widgets whose facet has no spread in the site's stock (e.g. kilometres on a caravan site
 * where no item has an odometer reading) are hidden: they cannot narrow anything (issue 17).
 */
function FilterFields({ d, onRangeCommit }: { d: SearchData; onRangeCommit: (facet: RangeFacet, range: NumericRange | null) => void }) {
  const q = d.query;
  const facets = readFacets(d.facets);
  return (
    <div key={d.queryKey}>
      {FACET_ORDER.filter((f) => !d.fixedFacets.includes(f)).map((facet) => (
        <FacetGroup
          key={facet}
          facet={facet}
          values={facets[facet]}
          selected={q.refinements[facet] ?? []}
          limit={facet === "make" ? d.popularMakes : undefined}
          logos={facet === "make" ? d.makeLogos : undefined}
        />
      ))}
      {RANGE_WIDGETS.filter((w) => q.ranges[w.facet] || rangeApplies(d.rangeStats[w.facet])).map((w) => (
        <RangeFilter key={w.facet} facet={w.facet} legend={w.legend} unit={w.unit} stats={d.rangeStats[w.facet]} range={q.ranges[w.facet]} onCommit={onRangeCommit} />
      ))}
    </div>
  );
}

/** A range filter applies when the stock has values spread over more than one number. */
function rangeApplies(stats: NumericRange | undefined): boolean {
  return !!stats && stats.min !== null && stats.max !== null && stats.max > stats.min;
}

/** Whether a search has anything worth remembering in the history (spec 9). */
function hasFilters(q: SearchData["query"]): boolean {
  return q.query !== "" || Object.keys(q.refinements).length > 0 || Object.keys(q.ranges).length > 0;
}

/**
 * Spec 9: the search history (the last 5 searches with filters, per site), recorded and shown
 * once the page is in the browser. Its own component: recording it after hydration re-renders
 * only this list, not the results and filters (issue 15 main-thread time). The recording (a
 * localStorage read and write) and that render wait until the browser is idle (`whenIdle`, at
 * most 1.5 s), so they are not part of the task that hydrates the page (issue 15 TBT: 4-5 ms of
 * it on a 4x slowed phone). A search is recorded even when the shopper has moved on by then; the
 * list is set only while this search is still the page's.
 */
function RecentSearches({ d }: { d: SearchData }) {
  const location = useLocation();
  const [history, setHistory] = useState<SearchHistoryEntry[]>([]);
  const q = d.query;
  useEffect(() => {
    let current = true;
    const entry = { href: `${location.pathname}${location.search}`, label: d.heading + (q.query ? ` "${q.query}"` : "") };
    const withFilters = hasFilters(q);
    void whenIdle().then(() => {
      let recorded: SearchHistoryEntry[] = [];
      try {
        recorded = recordSearchHistory(window.localStorage, d.siteSlug, entry, withFilters);
      } catch {
        // Storage refused (private mode, a full quota): no history to show.
      }
      if (current) setHistory(recorded);
    });
    return () => {
      current = false;
    };
  }, [d.queryKey]); // eslint-disable-line react-hooks/exhaustive-deps
  const shown = history.filter((h) => h.href !== `${location.pathname}${location.search}`);
  if (!shown.length) return null;
  return (
    <nav aria-label="Recent searches" className="mt-3 flex flex-wrap gap-2 text-sm">
      <span className="text-slate-500">Recent searches:</span>
      {shown.map((h) => (
        <Link key={h.href} to={h.href} className="rounded-full border border-slate-300 bg-white px-2 py-0.5">
          {h.label}
        </Link>
      ))}
    </nav>
  );
}

/**
 * The SRP's sidebar form (spec 2.2, 9): keyword, sort, the facet and range filters, "Show
 * results" and "Clear all filters". A change submits the form's fields as the next URL (the page
 * listens for it, so it works before this island hydrates); without JavaScript it is a plain GET
 * form. One root element: it is an island (decision 196).
 */
function RefineForm({
  d,
  formRef,
  text,
  onText,
  submitForm,
  onRangeCommit,
  sortSelect,
}: {
  d: SearchData;
  formRef: RefObject<HTMLFormElement | null>;
  /** The keyword box's text (the page's state: the box outlives a client navigation). */
  text: string;
  onText: (value: string) => void;
  submitForm: () => void;
  onRangeCommit: (facet: RangeFacet, range: NumericRange | null) => void;
  sortSelect: ReactElement;
}) {
  return (
    <Form
      id={REFINE_FORM_ID}
      ref={formRef}
      method="get"
      action={d.formAction}
      aria-label="Refine results"
      className="rounded-lg bg-white p-4 shadow-sm"
      onSubmit={(e) => {
        e.preventDefault();
        submitForm();
      }}
    >
      <div role="search">
        <label htmlFor="srp-query" className="text-sm font-semibold">
          Keyword
        </label>
        <input
          id="srp-query"
          name="query"
          type="search"
          value={text}
          onChange={(e) => onText(e.target.value)}
          className="mt-1 w-full rounded border border-slate-300 px-2 py-1.5"
          placeholder="Make, model, badge"
        />
      </div>
      <label htmlFor="srp-sort" className="mt-3 block text-sm font-semibold">
        Sort by
      </label>
      {sortSelect}
      <FilterFields d={d} onRangeCommit={onRangeCommit} />
      <button type="submit" className="mt-2 w-full rounded bg-[var(--site-primary)] px-4 py-2 font-semibold text-[var(--site-on-primary)]">
        Show results
      </button>
      <p className="mt-2 text-center text-sm">
        <Link to={d.formAction} className="text-[var(--site-primary)] underline">
          Clear all filters
        </Link>
      </p>
    </Form>
  );
}

/** The sidebar form's id; its wrapper is `#refine`, the fragment the phone's 'Filter (n)' link names (decision 211). */
const REFINE_FORM_ID = "refine-form";

/** Decision 196: the sidebar form hydrates when it nears the screen, never in the page's hydration task. */
const RefineIsland = island("srp-refine", async () => RefineForm);

/**
 * Result cards rendered in the page's first rendering task (decision 209): the first screen of a
 * phone shows one or two. Later ones are styled and laid out when they near the screen.
 */
const RENDERED_FIRST = 2;

/**
 * The SRP's results (spec 2.2): the car cards and promo cards in their slots, the pagination and
 * the price-slider search. A component of its own so that, in the browser, its render (each
 * card's data read and its elements made) happens in the `srp-results` part's own task, not in
 * the task that hydrates the page (issue 15 TBT, decision 203); the server's markup is the same.
 */
function SrpResults({ d, loading }: { d: SearchData; loading: boolean }) {
  return (
    <section aria-labelledby="results-heading" aria-busy={loading} className={`min-w-0 lg:col-start-2 lg:row-start-1${loading ? " opacity-60 transition-opacity" : ""}`}>
      <h2 id="results-heading" className="sr-only">
        Results
      </h2>
      {d.slots.length ? (
        <div className="grid gap-6 sm:grid-cols-2 xl:grid-cols-3">
          {d.slots.map((slot, index) => {
            const car = slot.kind === "car" ? readCard(slot.car) : null;
            return car ? (
              <CarCard key={`car-${car.id}`} car={car} priority={index === 0} renderWhenNear={index >= RENDERED_FIRST} />
            ) : slot.kind === "promo" ? (
              <aside key={`promo-${slot.promo.id}`} data-testid="promo-card" aria-label={slot.promo.name} className="surface-primary flex flex-col justify-center rounded-lg bg-[var(--site-primary)] p-6 text-[var(--site-on-primary)] shadow-sm">
                {slot.promo.imageUrl ? <img src={slot.promo.imageUrl} alt="" className="mb-3 rounded" /> : null}
                <h2 className="text-xl font-bold">{slot.promo.name}</h2>
                {slot.promo.finance ? <p className="mt-1 text-xl font-bold" data-testid="promo-comparison-rate">{slot.promo.finance.comparisonText}</p> : null}
                {slot.promo.description ? <p className="mt-2 text-sm">{slot.promo.description}</p> : null}
                {slot.promo.finance ? (
                  <>
                    <p className="mt-2 text-xs">{slot.promo.finance.detail}</p>
                    <p className="mt-1 text-xs font-semibold">{slot.promo.finance.warning}</p>
                  </>
                ) : null}
                {slot.promo.linkUrl ? (
                  <Link to={slot.promo.linkUrl} className="mt-4 inline-block w-fit rounded bg-white px-4 py-2 text-sm font-semibold text-slate-900">
                    Find out more<span className="sr-only">: {slot.promo.name}</span>
                  </Link>
                ) : null}
              </aside>
            ) : null;
          })}
        </div>
      ) : (
        <p className="rounded-lg bg-white p-8 text-center text-slate-600">
          {/* A new site has no stock yet: say so, rather than blame filters nobody chose. */}
          {!d.query.query && !Object.values(d.query.refinements).some((v) => v?.length) && !Object.keys(d.query.ranges).length && !d.fixedFacets.length
            ? `No ${d.itemPlural} in stock just yet. New stock is on its way: please check back soon, or contact us to ask what is coming.`
            : `No ${d.itemPlural} match these filters. Try removing one.`}
        </p>
      )}
      {d.pages > 1 ? (
        <nav aria-label="Pagination" className="mt-8 flex flex-wrap items-center justify-center gap-2">
          {d.prevHref ? (
            <Link to={d.prevHref} rel="prev" className="rounded border px-3 py-1.5">
              Previous
            </Link>
          ) : null}
          {d.pageLinks.map((p, i) =>
            p.page === null ? (
              <span key={`gap-${i}`} className="px-1 text-slate-500" aria-hidden="true">
                …
              </span>
            ) : (
            <Link key={p.page} to={p.href} aria-current={p.page === d.page ? "page" : undefined} className={`rounded border px-3 py-1.5 ${p.page === d.page ? "bg-[var(--site-primary)] text-[var(--site-on-primary)]" : ""}`}>
              <span className="sr-only">Page </span>
              {p.page}
            </Link>
            ),
          )}
          {d.nextHref ? (
            <Link to={d.nextHref} rel="next" className="rounded border px-3 py-1.5">
              Next
            </Link>
          ) : null}
        </nav>
      ) : null}
      <div className="mt-10">
        <PriceSliderSearch itemPlural={d.itemPlural} />
      </div>
    </section>
  );
}

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const d = loaderData as SearchData;
  const q = d.query;
  const navigate = useNavigate();
  const navigation = useNavigation();
  const location = useLocation();
  const formRef = useRef<HTMLFormElement>(null);
  const textTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const [text, setText] = useState(q.query);
  const loading = navigation.state === "loading" && navigation.location !== undefined && /^\/(search|pre-owned)/.test(navigation.location.pathname);

  // The parser loads on the shopper's first move (a pointer over the page, a tap, a key, a focus),
  // so a filter change or a page link seldom waits for it.
  useEffect(() => {
    const events = ["pointerover", "pointerdown", "focusin", "keydown"] as const;
    const warm = () => {
      void loadParser();
      stop();
    };
    const stop = () => events.forEach((e) => document.removeEventListener(e, warm, true));
    events.forEach((e) => document.addEventListener(e, warm, { capture: true, passive: true }));
    return stop;
  }, []);

  useEffect(() => {
    if (lastShown === null) lastShown = d;
  }, [d]);
  // Back/forward (or a link) changed the search: the box shows the URL's text again.
  useEffect(() => {
    if (document.activeElement?.id !== "srp-query" && document.activeElement?.id !== "srp-query-mobile") setText(q.query);
  }, [q.query, d.queryKey]);
  // Spec 7: analytics event 49 on search page view.
  useEffect(() => {
    track(49, { searchKey: d.queryKey, count: d.exactCount, page: d.page });
  }, [location.key]); // eslint-disable-line react-hooks/exhaustive-deps

  /** A form's fields (the sidebar's, or the drawer's) as the next URL (page cleared), navigated to client-side. */
  const submitForm = useCallback(
    // Until the sidebar's island hydrates (decision 196), its server-rendered form is read directly.
    async (override?: (params: URLSearchParams) => void, form: HTMLFormElement | null = formRef.current ?? (document.getElementById(REFINE_FORM_ID) as HTMLFormElement | null)) => {
      // Without the sidebar form in the page (React renders an island that gets new props before it
      // has hydrated in the browser, and it is empty until its code has loaded), the address holds
      // the same refinements the form would.
      const fields = new URLSearchParams();
      if (form) {
        for (const [k, v] of new FormData(form)) if (typeof v === "string") fields.append(k, v);
      } else {
        for (const [k, v] of new URLSearchParams(window.location.search)) if (k !== "page") fields.append(k, v);
      }
      override?.(fields);
      // A sort the shopper never chose is not carried over: the next search gets its own default
      // (a price range sorts by highest price, spec 7).
      if (!new URLSearchParams(window.location.search).has("sortBy") && fields.get("sortBy") === q.sortBy) fields.delete("sortBy");
      const { params } = formFieldsToSearchParams(fields);
      params.delete("page");
      const parsed = (await loadParser())?.(params);
      // Without the parser the server canonicalises the URL itself (it redirects the plain form's fields).
      const qs = parsed?.ok ? serializeSearchQuery(parsed.query).toString() : params.toString();
      navigate(`${d.formAction}${qs ? `?${qs}` : ""}`, { preventScrollReset: true });
    },
    [navigate, d.formAction, q.sortBy],
  );

  // A change in the sidebar form (a box ticked, a sort chosen) refines the results. The page
  // listens, not the form: the form is an island (decision 196), and a change made before it has
  // hydrated must refine as one made after. A layout effect runs inside the page's hydration
  // task, so no tap can come before the listener. It listens on `window` in the capture phase:
  // React stops a discrete event aimed at a part it has not hydrated yet at the document, in
  // the capture phase, so a listener on the document would never hear it.
  const submitLatest = useRef(submitForm);
  submitLatest.current = submitForm;
  useLayoutEffect(() => {
    const onChange = (event: Event) => {
      const target = event.target as HTMLElement | null;
      if (!target || target.id === "srp-query" || target.hasAttribute("data-no-auto-submit") || !target.closest("#refine")) return;
      void submitLatest.current();
    };
    window.addEventListener("change", onChange, true);
    return () => window.removeEventListener("change", onChange, true);
  }, []);

  const rangeCommitter = (form: () => HTMLFormElement | null) => (facet: RangeFacet, range: NumericRange | null) =>
    submitForm((fields) => {
      fields.delete(`${facet}_min`);
      fields.delete(`${facet}_max`);
      if (range) {
        fields.set(`${facet}_min`, range.min === null ? "" : String(range.min));
        fields.set(`${facet}_max`, range.max === null ? "" : String(range.max));
      }
    }, form());
  const onRangeCommit = rangeCommitter(() => formRef.current);
  const onQueryText = (value: string) => {
    setText(value);
    if (textTimer.current) clearTimeout(textTimer.current);
    // The typed text is set over the form's own field: the phone's box lies outside the form.
    textTimer.current = setTimeout(() => submitForm((fields) => fields.set("query", value)), SEARCH_DEBOUNCE_MS);
  };
  const drawerFormRef = useRef<HTMLFormElement>(null);
  const onDrawerRangeCommit = rangeCommitter(() => drawerFormRef.current);
  const activeFilters =
    Object.entries(q.refinements).reduce((n, [facet, values]) => n + (d.fixedFacets.includes(facet as ListFacet) ? 0 : (values?.length ?? 0)), 0) + Object.keys(q.ranges).length;
  const showLabel = `Show ${wholeNumberText(d.count)} ${d.count === 1 ? d.itemSingular : d.itemPlural}`;
  const sortSelect = (id: string, onChange?: (value: string) => void) => (
    <select
      id={id}
      name="sortBy"
      key={`${id}-${d.queryKey}`}
      defaultValue={q.sortBy}
      onChange={onChange ? (e) => onChange(e.target.value) : undefined}
      className="mt-1 w-full rounded border border-slate-300 bg-white px-2 py-1.5"
    >
      {d.sorts.map((s) => (
        <option key={s.value} value={s.value}>
          {s.label}
        </option>
      ))}
    </select>
  );

  const certifiedOn = q.refinements.certified?.length === 1 && q.refinements.certified[0] === "true";
  const toggleCertified = (on: boolean) => {
    const params = new URLSearchParams(location.search);
    params.delete("certified");
    params.delete("page");
    if (on) params.set("certified", "true");
    const qs = params.toString();
    navigate(`/pre-owned${qs ? `?${qs}` : ""}`, { preventScrollReset: true });
  };

  return (
    <>
      <h1 className="text-2xl font-bold sm:text-3xl">{d.heading}</h1>
      <p className="mt-1 text-slate-600" role="status" data-testid="result-count">
        {`${wholeNumberText(d.count)} ${d.count === 1 ? "result" : "results"}`}
      </p>
      <p aria-live="polite" className="text-sm text-slate-500" data-testid="search-state">
        {loading ? "Updating results..." : ""}
      </p>
      {d.hasError ? (
        <p role="alert" className="mt-2 rounded bg-amber-50 p-3 text-sm text-amber-900">
          We couldn't update the results just now. The results below are from your previous search; please try again.
        </p>
      ) : null}
      {d.isPreOwned ? (
        <div className="mt-4 flex items-center gap-3">
          <Switch.Root
            id="certified-switch"
            checked={certifiedOn}
            onCheckedChange={toggleCertified}
            className="relative h-6 w-11 rounded-full bg-slate-300 data-[state=checked]:bg-[var(--site-primary)]"
          >
            <Switch.Thumb className="block h-5 w-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[22px]" />
          </Switch.Root>
          <label htmlFor="certified-switch" className="text-sm font-medium">
            {d.certifiedSwitchLabel}
          </label>
          <NoScript>
            <Link to={certifiedOn ? "/pre-owned" : "/pre-owned?certified=true"} className="text-sm underline">
              {certifiedOn ? "Show all pre-owned" : "Show certified only"}
            </Link>
          </NoScript>
        </div>
      ) : null}
      <RecentSearches d={d} />
      {/* A phone's keyword box, in view beside 'Filter' (the sidebar's is in the folded filters):
          the same text and debounce; without JavaScript a GET form keeping the other refinements. */}
      <Form method="get" action={d.formAction} role="search" aria-label="Search by keyword"
        className="mt-3 lg:hidden"
        onSubmit={(e) => {
          e.preventDefault();
          if (textTimer.current) clearTimeout(textTimer.current);
          void submitForm((fields) => fields.set("query", text));
        }}
      >
        {[...serializeSearchQuery({ ...q, page: 1 })]
          .filter(([k]) => k !== "query" && k !== "page")
          .map(([k, v], i) => (
            <input key={`${k}-${i}`} type="hidden" name={k} value={v} />
          ))}
        <label htmlFor="srp-query-mobile" className="text-xs font-semibold text-slate-600">
          Keyword
        </label>
        <input
          id="srp-query-mobile"
          name="query"
          type="search"
          value={text}
          onChange={(e) => onQueryText(e.target.value)}
          className="mt-1 w-full rounded border border-slate-300 bg-white px-2 py-1.5"
          placeholder="Make, model, badge"
        />
      </Form>
      <div className="mt-3 flex items-end gap-3 lg:hidden" data-testid="mobile-search-bar">
        <FilterDrawer activeCount={activeFilters} showLabel={showLabel}>
          <Form
            ref={drawerFormRef}
            method="get"
            action={d.formAction}
            aria-label="Filters"
            onSubmit={(e) => e.preventDefault()}
            onChange={(e) => {
              if ((e.target as unknown as HTMLElement).hasAttribute("data-no-auto-submit")) return;
              submitForm(undefined, drawerFormRef.current);
            }}
          >
            <input type="hidden" name="query" value={q.query} />
            <input type="hidden" name="sortBy" value={q.sortBy} />
            <FilterFields d={d} onRangeCommit={onDrawerRangeCommit} />
          </Form>
        </FilterDrawer>
        <Form method="get" action={d.formAction} className="min-w-0 flex-1" aria-label="Sort results">
          {[...serializeSearchQuery({ ...q, page: 1 })]
            .filter(([k]) => k !== "sortBy" && k !== "page")
            .map(([k, v], i) => (
              <input key={`${k}-${i}`} type="hidden" name={k} value={v} />
            ))}
          <label htmlFor="srp-sort-mobile" className="text-xs font-semibold text-slate-600">
            Sort by
          </label>
          <div className="flex gap-2">
            {sortSelect("srp-sort-mobile", (value) =>
              submitForm((fields) => {
                fields.set("sortBy", value);
              }),
            )}
            <NoScript>
              <button type="submit" className="mt-1 rounded border border-slate-300 px-3 py-1.5 text-sm">
                Sort
              </button>
            </NoScript>
          </div>
        </Form>
      </div>
      <div className="mt-4 grid gap-8 lg:mt-6 lg:grid-cols-[18rem_1fr]">
        {/* Results come first in the document and the filter form after them (issue 15): a phone
            shows cars before filters even while the page is still being parsed, and the first
            car photo is found early. On wide screens the grid places the form in the left column. */}
        {/* Decision 203: the results hydrate in a task of their own, after the page's. */}
        <HydratedLater part="srp-results">
          <SrpResults d={d} loading={loading} />
        </HydratedLater>
        {/* Decision 196: the sidebar form hydrates once it nears the screen; until then its server
            HTML is what the shopper sees and submits. Decision 211: a phone shows it below every
            result only when asked for (`#refine`, the 'Filter (n)' link before JavaScript); with
            JavaScript a phone filters in the drawer. */}
        <div id="refine" className="filters-on-request h-fit scroll-mt-4 lg:col-start-1 lg:row-start-1">
          <RefineIsland d={d} formRef={formRef} text={text} onText={onQueryText} submitForm={submitForm} onRangeCommit={onRangeCommit} sortSelect={sortSelect("srp-sort")} />
        </div>
      </div>
      <GroupStock d={d} />
    </>
  );
}

/**
 * "More from our group" (issue 54 item 7, spec 2.1 /search/{dealership_slug}): the best matching
 * cars of the dealer group's other sites, each linking to its page on the site that owns it (so
 * the enquiry goes to that dealer), and each sister dealership with its count. Plain links: it
 * works before and without JavaScript.
 */
function GroupStock({ d }: { d: SearchData }) {
  const g = d.group;
  if (!g) return null;
  const noun = g.count === 1 ? d.itemSingular : d.itemPlural;
  return (
    <section aria-labelledby="group-stock-heading" className="mt-10 border-t border-slate-200 pt-6" data-testid="group-stock">
      <h2 id="group-stock-heading" className="text-xl font-bold">
        More from our group
      </h2>
      <p className="mt-1 text-slate-600">
        {`${wholeNumberText(g.count)} matching ${noun} at other ${g.groupName} dealerships. Each one is sold, and enquiries answered, by the dealership that has it.`}
      </p>
      <div className="mt-4 grid gap-6 sm:grid-cols-2 xl:grid-cols-4">
        {g.cards.map((json) => {
          const car = readCard(json);
          return <CarCard key={`group-car-${car.id}`} car={car} renderWhenNear testId="group-car-card" />;
        })}
      </div>
      <h3 className="mt-6 text-base font-semibold">Browse by dealership</h3>
      <ul className="mt-2 space-y-1 text-sm">
        {g.dealerships.map((x) => (
          <li key={x.href}>
            <a href={x.href} className="text-[var(--site-primary)] underline">
              {`${x.label}, ${x.siteName}: ${wholeNumberText(x.count)} ${x.count === 1 ? d.itemSingular : d.itemPlural}`}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

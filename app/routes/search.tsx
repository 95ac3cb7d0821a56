import { Form, Link, redirect } from "react-router";
import type { Route } from "./+types/search";
import { CarCard } from "~/components/vehicle/car-card";
import { searchHitToCard } from "~/components/vehicle/car-card-data";
import { dbContext, requestInfoContext, siteContext } from "~/context";
import {
  emptySearchQuery,
  formatSearchParamErrors,
  parseSearchParams,
  refinementsForLandingSlug,
  serializeSearchQuery,
  slugify,
} from "~/search/params";
import type { ListFacet, SearchQuery, SortBy } from "~/search/types";
import { searchStock } from "~/services/search.server";
import type { Site } from "~/sites/site";

const SORT_LABELS: Record<SortBy, string> = {
  relevance: "Most relevant",
  latest: "Latest",
  price_desc: "Highest price",
  price_asc: "Lowest price",
  subscription_price: "Subscription price",
  km: "Lowest kms",
};

function enabledSorts(site: Site): SortBy[] {
  return (["relevance", "latest", "price_desc", "price_asc", "subscription_price", "km"] as SortBy[]).filter(
    (s) => (s !== "subscription_price" || site.config.search.subscriptionSort) && (s !== "km" || site.config.search.kmsSort),
  );
}

function mergeRefinements(base: SearchQuery["refinements"], extra: SearchQuery["refinements"]): SearchQuery["refinements"] {
  const out: SearchQuery["refinements"] = { ...base };
  for (const [facet, values] of Object.entries(extra) as [ListFacet, string[]][]) {
    out[facet] = [...new Set([...(out[facet] ?? []), ...values])];
  }
  return out;
}

/** Heading for a landing route, e.g. "Used cars" or "Toyota cars". */
function headingFor(site: Site, refinements: SearchQuery["refinements"]): string {
  const noun = site.config.itemNoun.plural;
  const types = refinements.car_type ?? [];
  const typeText = types.length ? types.map((t) => (t === "used" ? "Used" : t === "new" ? "New" : "Demo")).join(", ").replace(/, ([^,]*)$/, " and $1") : "";
  const make = refinements.make?.length === 1 ? refinements.make[0] : "";
  const model = refinements.model?.length === 1 ? refinements.model[0] : "";
  const body = refinements.body?.length === 1 ? refinements.body[0] : "";
  const parts = [typeText, make, model, body].filter(Boolean).join(" ");
  const text = parts ? `${parts} ${noun}` : `All ${noun}`;
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * The filter form also works without JavaScript (a plain GET form): it sends `price_min` and
 * `price_max` and empty fields. This folds them into the canonical URL (`price=min:max`, empty
 * fields dropped) so every search has one address.
 * @returns the URL to redirect to, or null when the URL is already canonical
 */
function plainFormRedirect(url: URL): string | null {
  const params = url.searchParams;
  const hasFormFields = params.has("price_min") || params.has("price_max") || [...params.values()].some((v) => v === "");
  if (!hasFormFields) return null;
  const out = new URLSearchParams();
  for (const [key, value] of params) {
    if (key === "price_min" || key === "price_max" || value === "") continue;
    out.append(key, value);
  }
  const min = params.get("price_min")?.trim() ?? "";
  const max = params.get("price_max")?.trim() ?? "";
  if (min || max) out.set("price", `${min}:${max}`);
  out.delete("page");
  const qs = out.toString();
  return `${url.pathname}${qs ? `?${qs}` : ""}`;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const site = context.get(siteContext);
  const db = context.get(dbContext);
  const { now, origin } = context.get(requestInfoContext);
  const url = new URL(request.url);
  const formRedirect = plainFormRedirect(url);
  if (formRedirect) throw redirect(formRedirect);
  const parsed = parseSearchParams(url.searchParams, { hitsPerPage: site.config.search.hitsPerPage, enabledSorts: enabledSorts(site) });
  if (!parsed.ok) throw new Response(`Some search settings in the address are not valid: ${formatSearchParamErrors(parsed.errors)}`, { status: 400 });

  let query = parsed.query;
  if (params.first) {
    // Landing routes: what the slug stands for comes from the site's own stock.
    const all = await searchStock(db, site, { ...emptySearchQuery(1), hitsPerPage: 1 }, now);
    const landing = refinementsForLandingSlug(decodeURIComponent(params.first), {
      makes: all.facets.make.map((f) => f.value),
      bodies: all.facets.body.map((f) => f.value),
      dealerships: all.facets.dealership.map((f) => f.value),
    });
    if (!landing) throw new Response("Not Found", { status: 404 });
    let refinements = landing;
    if (params.make !== undefined) throw new Response("Not Found", { status: 404 });
    query = { ...query, refinements: mergeRefinements(query.refinements, refinements) };
  } else if (params.make && params.model) {
    const all = await searchStock(db, site, { ...emptySearchQuery(1), hitsPerPage: 1 }, now);
    const make = all.facets.make.find((f) => slugify(f.value) === params.make.toLowerCase());
    if (!make) throw new Response("Not Found", { status: 404 });
    const byMake = await searchStock(db, site, { ...emptySearchQuery(1), refinements: { make: [make.value] } }, now);
    const model = byMake.facets.model.find((f) => slugify(f.value) === params.model.toLowerCase());
    if (!model) throw new Response("Not Found", { status: 404 });
    query = { ...query, refinements: mergeRefinements(query.refinements, { make: [make.value], model: [model.value] }) };
  }

  const result = await searchStock(db, site, query, now);
  if (query.page > 1 && query.page > result.pages) throw new Response("Not Found", { status: 404 });
  const heading = headingFor(site, query.refinements);
  const pageHref = (page: number) => {
    const qs = serializeSearchQuery({ ...parsed.query, page }).toString();
    return `${url.pathname}${qs ? `?${qs}` : ""}`;
  };
  return {
    heading,
    siteName: site.name,
    canonical: `${site.config.url ?? origin}${pageHref(query.page)}`,
    query,
    count: result.count,
    page: result.page,
    pages: result.pages,
    prevHref: result.page > 1 ? pageHref(result.page - 1) : null,
    nextHref: result.page < result.pages ? pageHref(result.page + 1) : null,
    pageLinks: Array.from({ length: result.pages }, (_, i) => i + 1)
      .filter((p) => p === 1 || p === result.pages || Math.abs(p - result.page) <= 2)
      .map((p) => ({ page: p, href: pageHref(p) })),
    hits: result.hits.map((h) => searchHitToCard(site, h, new Date(now))),
    facets: { make: result.facets.make, body: result.facets.body, car_type: result.facets.car_type },
    popularMakes: site.config.search.popularMakesCount,
    priceStats: result.rangeStats.price,
    sorts: enabledSorts(site).map((s) => ({ value: s, label: SORT_LABELS[s] })),
    detailsLabel: site.config.display.detailsButtonLabel,
    financePath: site.config.finance.linkPath,
    itemPlural: site.config.itemNoun.plural,
  };
}

export function meta({ data }: Route.MetaArgs) {
  if (!data) return [{ title: "Search" }];
  return [
    { title: `${data.heading} for sale${data.page > 1 ? ` (page ${data.page})` : ""} | ${data.siteName}` },
    { name: "description", content: `${data.count.toLocaleString("en-AU")} ${data.heading.toLowerCase()} for sale at ${data.siteName}. Compare prices, kilometres and features.` },
    { tagName: "link", rel: "canonical", href: data.canonical },
  ];
}

function FacetGroup({ name, legend, values, selected, limit }: { name: string; legend: string; values: { value: string; label: string; count: number }[]; selected: string[]; limit?: number }) {
  if (!values.length) return null;
  const shown = limit ? values.slice(0, limit) : values;
  const rest = limit ? values.slice(limit) : [];
  const box = (v: { value: string; label: string; count: number }) => (
    <li key={v.value}>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" name={name} value={v.value} defaultChecked={selected.includes(v.value)} />
        <span>{v.label}</span>
        <span className="ml-auto text-slate-500">{v.count.toLocaleString("en-AU")}</span>
      </label>
    </li>
  );
  return (
    <fieldset className="border-t border-slate-200 py-3">
      <legend className="mb-2 text-sm font-semibold">{legend}</legend>
      <ul className="space-y-1">{shown.map(box)}</ul>
      {rest.length ? (
        <details className="mt-2">
          <summary className="cursor-pointer text-sm text-[var(--site-primary)]">Show all makes</summary>
          <ul className="mt-1 space-y-1">{rest.map(box)}</ul>
        </details>
      ) : null}
    </fieldset>
  );
}

export default function SearchPage({ loaderData: d }: Route.ComponentProps) {
  const q = d.query;
  const price = q.ranges.price;
  return (
    <>
      <h1 className="text-3xl font-bold">{d.heading}</h1>
      <p className="mt-1 text-slate-600" role="status">
        {`${d.count.toLocaleString("en-AU")} ${d.count === 1 ? "result" : "results"}`}
      </p>
      <div className="mt-6 grid gap-8 lg:grid-cols-[18rem_1fr]">
        <Form method="get" aria-label="Refine results" className="h-fit rounded-lg bg-white p-4 shadow-sm">
          <label htmlFor="srp-query" className="text-sm font-semibold">
            Keyword
          </label>
          <input id="srp-query" name="query" type="search" defaultValue={q.query} className="mt-1 w-full rounded border border-slate-300 px-2 py-1.5" placeholder="Make, model, badge" />
          <label htmlFor="srp-sort" className="mt-3 block text-sm font-semibold">
            Sort by
          </label>
          <select id="srp-sort" name="sortBy" defaultValue={q.sortBy} className="mt-1 w-full rounded border border-slate-300 px-2 py-1.5">
            {d.sorts.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
          <FacetGroup name="car_type" legend="Condition" values={d.facets.car_type} selected={q.refinements.car_type ?? []} />
          <FacetGroup name="make" legend="Make" values={d.facets.make} selected={q.refinements.make ?? []} limit={d.popularMakes} />
          <FacetGroup name="body" legend="Body type" values={d.facets.body} selected={q.refinements.body ?? []} />
          <fieldset className="border-t border-slate-200 py-3">
            <legend className="mb-2 text-sm font-semibold">Price</legend>
            <div className="flex gap-2">
              <label className="text-sm">
                Min $
                <input name="price_min" type="number" min={0} step={500} inputMode="numeric" defaultValue={price?.min ?? ""} placeholder={d.priceStats.min?.toString() ?? ""} className="w-full rounded border border-slate-300 px-2 py-1" />
              </label>
              <label className="text-sm">
                Max $
                <input name="price_max" type="number" min={0} step={500} inputMode="numeric" defaultValue={price?.max ?? ""} placeholder={d.priceStats.max?.toString() ?? ""} className="w-full rounded border border-slate-300 px-2 py-1" />
              </label>
            </div>
          </fieldset>
          <button type="submit" className="mt-2 w-full rounded bg-[var(--site-primary)] px-4 py-2 font-semibold text-[var(--site-on-primary)]">
            Show results
          </button>
        </Form>
        <section aria-label="Results">
          {d.hits.length ? (
            <div className="grid gap-6 sm:grid-cols-2 xl:grid-cols-3">
              {d.hits.map((car) => (
                <CarCard key={car.id} car={car} />
              ))}
            </div>
          ) : (
            <p className="rounded-lg bg-white p-8 text-center text-slate-600">No {d.itemPlural} match these filters. Try removing one.</p>
          )}
          {d.pages > 1 ? (
            <nav aria-label="Pagination" className="mt-8 flex flex-wrap items-center justify-center gap-2">
              {d.prevHref ? <Link to={d.prevHref} rel="prev" className="rounded border px-3 py-1.5">Previous</Link> : null}
              {d.pageLinks.map((p) => (
                <Link key={p.page} to={p.href} aria-current={p.page === d.page ? "page" : undefined} className={`rounded border px-3 py-1.5 ${p.page === d.page ? "bg-[var(--site-primary)] text-[var(--site-on-primary)]" : ""}`}>
                  <span className="sr-only">Page </span>
                  {p.page}
                </Link>
              ))}
              {d.nextHref ? <Link to={d.nextHref} rel="next" className="rounded border px-3 py-1.5">Next</Link> : null}
            </nav>
          ) : null}
        </section>
      </div>
    </>
  );
}

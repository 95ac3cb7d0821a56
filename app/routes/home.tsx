import { useRouteLoaderData } from "react-router";
import { PrefetchingSearchForm } from "~/components/search/search-prefetch";
import { Link } from "react-router";
import { FeatureBanner } from "~/components/layout/feature-banner";
import { PromoBanners } from "~/components/layout/promo-banners";
import { PromoPopupGate } from "~/components/layout/promo-popup-gate";
import { HydratedLater } from "~/components/island";
import type { loader as rootLoader } from "~/root";
import type { Route } from "./+types/home";
import { CarCard } from "~/components/vehicle/car-card";
import { cardJson, readCard } from "~/components/vehicle/card-json";
import { searchHitCard } from "~/services/car-cards.server";
import { dbContext, requestInfoContext, siteContext } from "~/context";
import { searchStock } from "~/services/search.server";
import { wholeNumberText } from "~/domain/display/number-text";

export async function loader({ context }: Route.LoaderArgs) {
  const site = context.get(siteContext);
  const db = context.get(dbContext);
  const { now } = context.get(requestInfoContext);
  const result = await searchStock(db, site, { query: "", refinements: {}, ranges: {}, sortBy: "latest", page: 1, hitsPerPage: 6 }, now);
  const byType = Object.fromEntries(result.facets.car_type.map((f) => [f.value, f.count]));
  return {
    name: site.name,
    hero: site.config.hero,
    itemPlural: site.config.itemNoun.plural,
    detailsLabel: site.config.display.detailsButtonLabel,
    financePath: site.config.finance.linkPath,
    total: result.count,
    carTypes: site.config.carTypes.map((t) => ({ type: t, count: byType[t] ?? 0 })).filter((t) => t.count > 0),
    makes: result.facets.make.slice(0, 12),
    // Decision 193: each card is one JSON string in the loader data.
    latest: result.hits.map((h) => cardJson(searchHitCard(site, h, now))),
  };
}

export function meta({ loaderData: data }: Route.MetaArgs) {
  if (!data) return [{ title: "Page not found" }];
  return [
    { title: `${data.name} | ${data.hero.title}` },
    { name: "description", content: `${data.hero.title}. ${wholeNumberText(data.total)} ${data.itemPlural} in stock at ${data.name}. ${data.hero.subtitle}` },
  ];
}

const TYPE_LABEL = { new: "New", demo: "Demo", used: "Used" } as const;

export default function Home({ loaderData }: Route.ComponentProps) {
  const d = loaderData;
  const chrome = useRouteLoaderData<typeof rootLoader>("root")?.chrome;
  const nav = chrome?.navigation;
  return (
    <>
      <section aria-labelledby="hero-title" className="rounded-xl bg-white p-5 shadow-sm sm:p-8">
        <h1 id="hero-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
          {d.hero.title}
        </h1>
        {d.hero.subtitle ? <p className="mt-2 text-lg text-slate-600">{d.hero.subtitle}</p> : null}
        <PrefetchingSearchForm role="search" className="mt-6 grid max-w-2xl gap-2 sm:flex">
          <label htmlFor="home-query" className="sr-only">
            Search {d.itemPlural}
          </label>
          <input id="home-query" name="query" type="search" placeholder="Make, model or keyword" className="w-full min-w-0 rounded border border-slate-300 px-3 py-2 sm:flex-1" />
          <button type="submit" className="w-full shrink-0 rounded bg-[var(--site-primary)] px-5 py-2 sm:w-auto font-semibold text-[var(--site-on-primary)]">
            Search
          </button>
        </PrefetchingSearchForm>
        <ul className="mt-6 flex flex-wrap gap-3" aria-label="Stock by type">
          {d.carTypes.map((t) => (
            <li key={t.type}>
              <Link to={`/search/${t.type}-cars`} prefetch="intent" className="inline-block rounded-full border border-slate-300 px-4 py-1.5 text-sm">
                {TYPE_LABEL[t.type]} {d.itemPlural} <span className="font-semibold">({wholeNumberText(t.count)})</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      {nav?.featureBanner ? <FeatureBanner data={nav.featureBanner} /> : null}
      {nav ? <PromoBanners banners={nav.banners} /> : null}
      {chrome ? <PromoPopupGate siteSlug={chrome.slug} popup={chrome.navigation.popup} /> : null}

      {/* Hydrated in a task of its own after the page's (decisions 203, 204): the six cards
          leave the page's own hydration task (issue 15 TBT). */}
      <HydratedLater part="home-latest">
        <section aria-labelledby="latest-title" className="mt-10">
          <h2 id="latest-title" className="mb-4 text-2xl font-semibold">
            Just arrived
          </h2>
          {d.latest.length ? (
            <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {d.latest.map(readCard).map((car) => (
                <CarCard key={car.id} car={car} renderWhenNear />
              ))}
            </div>
          ) : (
            // A new site before its first stock import.
            <p className="text-slate-600">{`New ${d.itemPlural} are on their way. Please check back soon.`}</p>
          )}
        </section>
      </HydratedLater>

      {d.makes.length > 1 ? (
        <section aria-labelledby="makes-title" className="mt-10">
          <h2 id="makes-title" className="mb-4 text-2xl font-semibold">
            Popular makes
          </h2>
          <ul className="flex flex-wrap gap-2">
            {d.makes.map((m) => (
              <li key={m.value}>
                <Link to={`/search?make=${encodeURIComponent(m.value)}`} className="inline-block rounded border border-slate-300 bg-white px-3 py-1.5 text-sm">
                  {m.label} <span className="text-slate-500">({m.count})</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}

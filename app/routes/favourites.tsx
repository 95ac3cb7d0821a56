import { useEffect, useState } from "react";
import { Link } from "react-router";
import type { Route } from "./+types/favourites";
import { getSavedCars, getViewedCars, toggleSavedCar, type SavedCar, type ViewedCar } from "~/components/vehicle/saved-cars";
import { useSiteSlug } from "~/components/vehicle/use-site-slug";
import { siteContext } from "~/context";

/** /favourites: the shopper's favourites (or compare list) and recently viewed cars, from browser storage (spec 4, 9). */
export function loader({ context }: Route.LoaderArgs) {
  const site = context.get(siteContext);
  return { siteName: site.name, compare: site.config.features.compare, enabled: site.config.features.favourites || site.config.features.compare };
}

export function meta({ loaderData: data }: Route.MetaArgs) {
  return [{ title: `${data?.compare ? "Compare list" : "Favourites"} | ${data?.siteName ?? ""}` }, { name: "robots", content: "noindex" }];
}

export default function FavouritesPage({ loaderData }: Route.ComponentProps) {
  const siteSlug = useSiteSlug();
  const kind = loaderData.compare ? "compare" : "favourites";
  const [saved, setSaved] = useState<SavedCar[] | null>(null);
  const [viewed, setViewed] = useState<ViewedCar[]>([]);
  useEffect(() => {
    try {
      setSaved(getSavedCars(window.localStorage, siteSlug, kind));
      setViewed(getViewedCars(window.localStorage, siteSlug));
    } catch {
      setSaved([]);
    }
  }, [siteSlug, kind]);
  const heading = loaderData.compare ? "Compare list" : "Your favourites";
  return (
    <section aria-labelledby="favourites-title">
      <h1 id="favourites-title" className="text-3xl font-bold">
        {heading}
      </h1>
      {!loaderData.enabled ? <p className="mt-4">Favourites are not available on this site.</p> : null}
      {saved === null ? (
        <p className="mt-4 text-slate-600">Your saved cars are kept in this browser. Loading…</p>
      ) : saved.length === 0 ? (
        <p className="mt-4 text-slate-600" data-testid="favourites-empty">
          You have not saved any cars yet. Tap the heart on a car to save it here.
        </p>
      ) : (
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="favourites-list">
          {saved.map((car) => (
            <li key={car.id} className="flex items-center justify-between gap-2 rounded-lg border border-slate-200 bg-white p-4">
              <Link to={`/cars/${car.slug}`} className="font-semibold underline">
                {car.name}
              </Link>
              <button
                type="button"
                className="rounded border border-slate-300 px-2 py-1 text-sm"
                onClick={() => {
                  toggleSavedCar(window.localStorage, siteSlug, car, kind);
                  setSaved(getSavedCars(window.localStorage, siteSlug, kind));
                }}
              >
                Remove<span className="sr-only"> {car.name}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {viewed.length ? (
        <>
          <h2 className="mt-10 text-xl font-semibold">Recently viewed</h2>
          <ul className="mt-2 list-disc pl-6 text-slate-700" data-testid="viewed-list">
            {viewed.map((v) => (
              <li key={v.id}>
                {v.make} {v.model} (stock {v.stocknum})
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}


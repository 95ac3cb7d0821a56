/**
 * My Garage's favourites block (issue 9 "the watchlist (and favourites where the site stores
 * them)"): the favourites this browser keeps for the site (spec 4, browser storage, keys prefixed
 * by the site slug). Read after hydration; without JavaScript it links to /favourites.
 */
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { getSavedCars, type SavedCar } from "~/components/vehicle/saved-cars";
import { useSiteSlug } from "~/components/vehicle/use-site-slug";

export function FavouritesList() {
  const siteSlug = useSiteSlug();
  const [saved, setSaved] = useState<SavedCar[] | null>(null);
  useEffect(() => {
    try {
      setSaved(getSavedCars(window.localStorage, siteSlug, "favourites"));
    } catch {
      setSaved([]);
    }
  }, [siteSlug]);
  return (
    <section aria-labelledby="garage-favourites-title">
      <h2 id="garage-favourites-title" className="text-xl font-semibold">
        Favourites on this device
      </h2>
      {saved === null || saved.length === 0 ? (
        <p className="mt-2 text-slate-600">
          {saved === null ? "Favourites are kept in this browser. " : "No favourites on this device yet. "}
          <Link to="/favourites" className="underline">
            Open favourites
          </Link>
        </p>
      ) : (
        <ul className="mt-2 list-disc pl-6">
          {saved.map((car) => (
            <li key={car.id}>
              <Link to={`/cars/${car.slug}`} className="underline">
                {car.name}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

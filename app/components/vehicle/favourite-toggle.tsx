import { useEffect, useState } from "react";
import { ANALYTICS_EVENTS, track } from "../analytics";
import { isSaved, toggleSavedCar, type SavedCar } from "./saved-cars";
import { useSiteSlug } from "./use-site-slug";

/**
 * The favourites or compare toggle (spec 4): stores the car in browser storage under the site's
 * key and fires event 39 when adding; removing filters it out. The server decides whether it is
 * shown at all (getFavouriteToggle). Needs JavaScript; without it the button does nothing.
 */
export function FavouriteToggle({ car, mode, className = "" }: { car: SavedCar; mode: "favourite" | "compare"; className?: string }) {
  const siteSlug = useSiteSlug();
  const kind = mode === "compare" ? "compare" : "favourites";
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    try {
      setSaved(isSaved(window.localStorage, siteSlug, car.id, kind));
    } catch {
      /* storage unavailable: show as not saved */
    }
  }, [siteSlug, car.id, kind]);
  const noun = mode === "compare" ? "compare" : "favourites";
  const label = saved ? `Remove ${car.name} from ${noun}` : `Add ${car.name} to ${noun}`;
  return (
    <button
      type="button"
      aria-pressed={saved}
      aria-label={label}
      title={label}
      data-testid={`${mode}-toggle`}
      className={`inline-flex h-9 min-w-9 items-center justify-center gap-1 rounded-full bg-white/90 px-2 text-sm shadow ${className}`}
      onClick={() => {
        try {
          const now = toggleSavedCar(window.localStorage, siteSlug, car, kind);
          setSaved(now);
          if (now) track(ANALYTICS_EVENTS.favourite, { vehicleMake: car.make, vehicleModel: car.model, list: kind });
        } catch (error) {
          console.warn("favourites: storage unavailable", error);
        }
      }}
    >
      {mode === "compare" ? (
        <span aria-hidden="true">{saved ? "✓ Compare" : "+ Compare"}</span>
      ) : (
        <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" fill={saved ? "#dc2626" : "none"} stroke={saved ? "#dc2626" : "#334155"} strokeWidth="2">
          <path d="M12 21s-7.5-4.6-9.6-9.2C1 8.6 3 5 6.5 5c2 0 3.4 1.1 4.1 2.3h2.8C14.1 6.1 15.5 5 17.5 5 21 5 23 8.6 21.6 11.8 19.5 16.4 12 21 12 21z" />
        </svg>
      )}
    </button>
  );
}

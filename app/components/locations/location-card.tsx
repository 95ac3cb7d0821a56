/**
 * Location card (spec 2.5): image (600x400), name, star rating and review count, address with a
 * map link, phone link with spaces stripped, opening hours, 'View Location Details' (or 'View
 * Location') and, where the site adds it, 'View Our Stock'.
 */
import { Link } from "react-router";
import type { LocationCardView } from "~/services/locations.server";
import { OpeningHoursTable, OpenStatus } from "./opening-hours-table";
import { StarRating } from "./star-rating";
import { wholeNumberText } from "~/domain/display/number-text";

export function LocationCard({ location: l, detailLabel, headingLevel = 2 }: { location: LocationCardView; detailLabel: string; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-lg bg-white shadow-sm" data-testid="location-card">
      {l.imageUrl ? <img src={l.imageUrl} alt="" width={600} height={400} loading="lazy" className="aspect-[3/2] w-full object-cover" /> : null}
      <div className="flex flex-1 flex-col p-6">
        <Heading className="text-lg font-semibold">{l.name}</Heading>
        {l.typeLabel ? <p className="text-xs font-semibold uppercase tracking-wide text-slate-600">{l.typeLabel}</p> : null}
        {l.rating ? <StarRating {...l.rating} /> : null}
        {l.distanceKm !== null ? (
          <p className="mt-1 text-sm font-medium" data-testid="distance">
            {wholeNumberText(l.distanceKm)} km away
          </p>
        ) : null}
        <address className="mt-3 text-sm not-italic text-slate-700">
          {l.mapUrl ? (
            <a href={l.mapUrl} target="_blank" rel="noopener noreferrer" className="underline">
              {l.address}
              <span className="sr-only"> (map, opens in a new tab)</span>
            </a>
          ) : (
            l.address
          )}
        </address>
        <LocationQuickInfo location={l} />
        <div className="mt-auto flex flex-wrap gap-2 pt-4">
          <Link to={l.href} className="rounded bg-[var(--site-primary)] px-3 py-2 text-sm font-semibold text-[var(--site-on-primary)]" aria-label={`${detailLabel}: ${l.name}`}>
            {detailLabel}
          </Link>
          {l.stockHref ? (
            <Link to={l.stockHref} className="rounded border border-slate-300 px-3 py-2 text-sm" aria-label={`View Our Stock at ${l.name}`}>
              View Our Stock
            </Link>
          ) : null}
        </div>
      </div>
    </article>
  );
}

/** Phone link (spaces stripped), open-now line and grouped opening hours of a location. */
export function LocationQuickInfo({ location: l }: { location: LocationCardView }) {
  return (
    <>
      {l.phone && l.tel ? (
        <a href={l.tel} className="mt-2 inline-block text-sm font-medium underline">
          {l.phone}
        </a>
      ) : null}
      <div className="mt-3">
        <OpenStatus status={l.status} />
        <OpeningHoursTable rows={l.hours} caption={`Opening hours of ${l.name}`} />
      </div>
    </>
  );
}

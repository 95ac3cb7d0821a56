/**
 * /our-location (spec 2.5): 'View our locations', a grid of location cards (visible locations,
 * sorted by name, or by distance from the postcode in ?postcode=, spec 5/9).
 */
import type { Route } from "./+types/our-location";
import { LocationCard } from "~/components/locations/location-card";
import { NearestPostcodeForm } from "~/components/locations/nearest-postcode-form";
import { dbContext, requestInfoContext, siteContext } from "~/context";
import { gridColumnsClass } from "~/domain/locations/location-block";
import { listLocations, locationCardView, orderByPostcode } from "~/services/locations.server";

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const site = context.get(siteContext);
  const { now } = context.get(requestInfoContext);
  const all = await listLocations(context.get(dbContext), site);
  const nearest = orderByPostcode(all, url.searchParams.get("postcode"));
  return {
    siteName: site.name,
    detailLabel: site.config.locationsPage.detailButtonLabel,
    gridClass: gridColumnsClass(all.length),
    postcode: nearest.postcode,
    error: nearest.error,
    sortedByDistance: nearest.postcode !== null && nearest.error === null,
    locations: nearest.locations.map((l) => locationCardView(site, l, now, l.distanceKm)),
  };
}

export function meta({ loaderData: data }: Route.MetaArgs) {
  return [{ title: `View our locations | ${data?.siteName ?? ""}` }, { name: "description", content: `Addresses, phone numbers, opening hours and reviews of every ${data?.siteName ?? ""} location.` }];
}

export default function OurLocations({ loaderData }: Route.ComponentProps) {
  const { locations, sortedByDistance, postcode } = loaderData;
  return (
    <>
      <h1 className="text-3xl font-bold">View our locations</h1>
      {locations.length > 1 ? (
        <div className="mt-4">
          <NearestPostcodeForm postcode={postcode} error={loaderData.error} action="/our-location" />
        </div>
      ) : null}
      {locations.length ? (
        <p className="mt-4 text-sm text-slate-700" aria-live="polite">
          {sortedByDistance ? `Nearest first from postcode ${postcode}.` : "Sorted by name."}
        </p>
      ) : (
        // A new site before its locations are added.
        <p className="mt-4">Our address and opening hours will be here soon.</p>
      )}
      <ul className={`mt-4 grid gap-6 ${loaderData.gridClass}`} aria-label="Locations">
        {locations.map((l) => (
          <li key={l.id}>
            <LocationCard location={l} detailLabel={loaderData.detailLabel} />
          </li>
        ))}
      </ul>
    </>
  );
}

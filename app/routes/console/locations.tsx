/**
 * `/sites/{slug}/locations` (issue 50 item 5): the site's locations, hidden ones too, with their
 * type, address, phone and today's special hours count; links to add and edit one.
 */
import type { Route } from "./+types/locations";
import { guardConsoleRoute } from "~/console/guard.server";
import { holdsOnSite, listSiteLocations } from "~/console/locations.server";
import { ScrollingTable } from "~/console/scrolling-table";

export async function loader(args: Route.LoaderArgs) {
  const { db, site, member } = await guardConsoleRoute("console-site-locations", args);
  const scoped = site!.site;
  const rows = await listSiteLocations(db, scoped.id);
  return {
    site: { slug: scoped.slug, name: scoped.name },
    canEdit: await holdsOnSite(db, member, scoped.slug, "content.publish"),
    locations: rows.map((l) => ({ slug: l.slug, name: l.name, type: l.locationType, address: [l.street, `${l.city} ${l.state} ${l.postcode}`].filter(Boolean).join(", "), phone: l.phone, visible: l.visible, primary: l.primary, specials: l.specialHours.length })),
  };
}

export default function ConsoleLocations({ loaderData }: Route.ComponentProps) {
  const { site, locations, canEdit } = loaderData;
  return (
    <section aria-labelledby="locations-title">
      <title>{`Locations · ${site.name} · Forecourt console`}</title>
      <p className="text-sm">
        <a href={`/sites/${site.slug}`} className="underline">
          {site.name}
        </a>
      </p>
      <h1 id="locations-title" className="text-2xl font-bold">
        Locations
      </h1>
      <p className="mt-1 text-sm text-slate-700">Changes to a location show on the public site on its next request.</p>
      {canEdit ? (
        <p className="mt-3">
          <a href={`/sites/${site.slug}/locations/edit`} className="inline-block rounded bg-slate-900 px-3 py-1 text-white">
            Add a location
          </a>
        </p>
      ) : null}
      <ScrollingTable label="Locations" className="mt-4">
        <caption className="sr-only">Locations of {site.name}</caption>
        <thead>
          <tr className="border-b border-slate-400">
            <th scope="col" className="py-1 pr-3">Name</th>
            <th scope="col" className="py-1 pr-3">Type</th>
            <th scope="col" className="py-1 pr-3">Address</th>
            <th scope="col" className="py-1 pr-3">Phone</th>
            <th scope="col" className="py-1 pr-3">Shown</th>
            <th scope="col" className="py-1 pr-3">Special hours</th>
          </tr>
        </thead>
        <tbody>
          {locations.map((l) => (
            <tr key={l.slug} className="border-b border-slate-200">
              <td className="py-1 pr-3">
                <a href={`/sites/${site.slug}/locations/edit?location=${encodeURIComponent(l.slug)}`} className="underline">
                  {l.name}
                </a>
                {l.primary ? " (main)" : ""}
              </td>
              <td className="py-1 pr-3">{l.type ?? "-"}</td>
              <td className="py-1 pr-3">{l.address}</td>
              <td className="py-1 pr-3">{l.phone ?? "-"}</td>
              <td className="py-1 pr-3">{l.visible ? "Yes" : "Hidden"}</td>
              <td className="py-1 pr-3">{l.specials}</td>
            </tr>
          ))}
        </tbody>
      </ScrollingTable>
      {locations.length === 0 ? <p className="mt-3">This site has no locations yet.</p> : null}
    </section>
  );
}

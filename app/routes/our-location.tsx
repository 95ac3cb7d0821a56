import { Link } from "react-router";
import type { Route } from "./+types/our-location";
import { dbContext, siteContext } from "~/context";
import { listLocations } from "~/services/locations.server";

const DAY_NAMES = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

/**
 * Spec 2.5 opening hours: Mon-Fri grouped (when all five agree), Saturday and Sunday separate.
 * @returns rows like ["Mon-Fri", "08:30 - 17:30"], ["Sat", "Closed"]
 */
function groupHours(hours: { weekday: number; status: string; open: string | null; close: string | null }[]): [string, string][] {
  const text = (d: number) => {
    const h = hours.find((x) => x.weekday === d);
    return !h || h.status === "Closed" || !h.open ? "Closed" : `${h.open} - ${h.close}`;
  };
  const weekdays = [1, 2, 3, 4, 5].map(text);
  const rows: [string, string][] = weekdays.every((t) => t === weekdays[0]) ? [["Mon-Fri", weekdays[0]]] : weekdays.map((t, i) => [DAY_NAMES[i + 1], t]);
  rows.push(["Sat", text(6)], ["Sun", text(0)]);
  return rows;
}

export async function loader({ context }: Route.LoaderArgs) {
  const site = context.get(siteContext);
  const db = context.get(dbContext);
  const locations = await listLocations(db, site);
  return {
    siteName: site.name,
    prefix: site.config.links.locationDetailPrefix,
    stockLink: site.config.links.locationCardStockLink,
    locations: locations.map((l) => ({
      id: l.id,
      name: l.name,
      slug: l.slug,
      type: l.locationType,
      address: `${l.street}, ${l.city} ${l.state} ${l.postcode}`,
      mapUrl: l.placeUrl,
      phone: l.phone,
      rating: l.reviewAverage,
      reviewCount: l.reviewCount,
      hours: groupHours(l.openingHours),
    })),
  };
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: `View our locations | ${data?.siteName ?? ""}` }, { name: "description", content: `Addresses, phone numbers and opening hours of every ${data?.siteName ?? ""} location.` }];
}

const TYPE_LABEL: Record<string, string> = { sales: "Sales", service: "Service", parts: "Parts", "service-and-parts": "Service & Parts" };

export default function OurLocations({ loaderData }: Route.ComponentProps) {
  const { locations } = loaderData;
  const cols = locations.length === 1 ? "" : locations.length === 2 ? "md:grid-cols-2" : "md:grid-cols-2 lg:grid-cols-3";
  return (
    <>
      <h1 className="text-3xl font-bold">View our locations</h1>
      <ul className={`mt-6 grid gap-6 ${cols}`}>
        {locations.map((l) => (
          <li key={l.id} className="flex flex-col rounded-lg bg-white p-6 shadow-sm">
            <h2 className="text-lg font-semibold">{l.name}</h2>
            {l.type ? <p className="text-xs font-semibold uppercase tracking-wide text-slate-500">{TYPE_LABEL[l.type] ?? l.type}</p> : null}
            {l.rating !== null ? (
              <p className="mt-1 text-sm" aria-label={`Rated ${l.rating} out of 5 from ${l.reviewCount} reviews`}>
                <span aria-hidden="true">★ {l.rating.toFixed(1)}</span> <span className="text-slate-500">({l.reviewCount} reviews)</span>
              </p>
            ) : null}
            <address className="mt-3 not-italic text-sm text-slate-700">
              {l.mapUrl ? (
                <a href={l.mapUrl} target="_blank" rel="noopener noreferrer" className="underline">
                  {l.address}
                </a>
              ) : (
                l.address
              )}
            </address>
            {l.phone ? (
              <a href={`tel:${l.phone.replace(/\s+/g, "")}`} className="mt-2 text-sm font-medium underline">
                {l.phone}
              </a>
            ) : null}
            <table className="mt-3 text-sm">
              <caption className="sr-only">Opening hours of {l.name}</caption>
              <tbody>
                {l.hours.map(([day, hours]) => (
                  <tr key={day}>
                    <th scope="row" className="pr-4 text-left font-normal text-slate-600">
                      {day}
                    </th>
                    <td>{hours}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <div className="mt-4 flex flex-wrap gap-2">
              <Link to={`/${loaderData.prefix}/${l.slug}`} className="rounded bg-[var(--site-primary)] px-3 py-2 text-sm font-semibold text-[var(--site-on-primary)]">
                View Location Details
              </Link>
              {loaderData.stockLink && (l.type === "sales" || l.type === null) ? (
                <Link to={`/search/${l.slug}`} className="rounded border border-slate-300 px-3 py-2 text-sm">
                  View Our Stock
                </Link>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}

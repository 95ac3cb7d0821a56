/**
 * `/sites/{slug}/offers` (issue 50 items 1 and 7): the site's offers and promo cards with their
 * status, dates and pending scheduled changes (times in the site's time zone), the promo card
 * positions among search results, and links to create, edit and preview "as of" a moment.
 */
import { data } from "react-router";
import type { Route } from "./+types/offers";
import { guardConsoleRoute } from "~/console/guard.server";
import { listSiteOffers } from "~/console/offers.server";
import { accessOf } from "~/console/permissions";
import { ScrollingTable } from "~/console/scrolling-table";
import { publishingInWords } from "~/console/schedule-ui";
import { momentInWords } from "~/domain/content/schedule";
import { getSiteBySlug } from "~/services/sites.server";

const ROUTE_ID = "console-site-offers";

export async function loader(args: Route.LoaderArgs) {
  const { db, site, member } = await guardConsoleRoute(ROUTE_ID, args);
  const scoped = site!.site;
  const full = await getSiteBySlug(db, scoped.slug);
  if (!full) throw data("Not found", { status: 404 });
  const zone = full.config.timeZone;
  const when = (d: Date | null) => (d ? momentInWords(d, zone) : null);
  const rows = await listSiteOffers(db, scoped.id);
  return {
    site: { slug: scoped.slug, name: scoped.name },
    timeZone: zone,
    promoCardPositions: full.config.search.promoCardPositions,
    mayEdit: member.grants.some((g) => accessOf(g.role, "content.edit") !== null),
    offers: rows.map((o) => ({
      id: o.id,
      name: o.name,
      kind: o.kind === "promo_card" ? "Promo card" : "Offer",
      status: o.status,
      finance: o.finance != null,
      startsAt: when(o.startsAt),
      expiresAt: when(o.expiresAt),
      pending: o.pending.map((p) => `${publishingInWords(p)} ${momentInWords(p.runAt, zone)}`),
    })),
  };
}

const STATUS: Record<string, string> = { draft: "Draft", published: "Published", retired: "Retired" };

export default function ConsoleOffers({ loaderData }: Route.ComponentProps) {
  const { site, offers, timeZone, promoCardPositions, mayEdit } = loaderData;
  return (
    <section aria-labelledby="offers-title">
      <title>{`Offers · ${site.name} · Forecourt console`}</title>
      <p className="text-sm">
        <a href={`/sites/${site.slug}`} className="underline">
          {site.name}
        </a>
      </p>
      <h1 id="offers-title" className="text-2xl font-bold">
        Offers and promo cards
      </h1>
      <p className="mt-1 text-sm text-slate-700">
        Times are in the site&apos;s time zone, {timeZone}. Shoppers see published offers between their start and expiry. Promo cards show among search results at positions{" "}
        {promoCardPositions.join(", ")} (the first card at the first position;{" "}
        <a href={`/sites/${site.slug}/settings#f-search.promoCardPositions`} className="underline">
          change the positions in Settings
        </a>
        ).
      </p>
      <p className="mt-3 flex flex-wrap gap-3">
        {mayEdit ? (
          <a href={`/sites/${site.slug}/offers/edit`} className="rounded bg-slate-900 px-3 py-2 text-white">
            New offer or promo card
          </a>
        ) : null}
        <a href={`/sites/${site.slug}/offers/preview`} className="rounded border border-slate-700 px-3 py-2 underline">
          Preview the site as of a moment
        </a>
      </p>
      {offers.length ? (
        <ScrollingTable label="Offers" className="mt-4">
          <caption className="sr-only">Offers and promo cards of {site.name}</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Kind</th>
              <th scope="col">Status</th>
              <th scope="col">Starts</th>
              <th scope="col">Expires</th>
              <th scope="col">Scheduled</th>
            </tr>
          </thead>
          <tbody>
            {offers.map((o) => (
              <tr key={o.id} className="border-t border-slate-300 align-top">
                <td className="py-1 pr-2">
                  <a href={`/sites/${site.slug}/offers/edit?id=${o.id}`} className="underline">
                    {o.name}
                  </a>
                  {o.finance ? " (finance)" : ""}
                </td>
                <td className="pr-2">{o.kind}</td>
                <td className="pr-2">{STATUS[o.status] ?? o.status}</td>
                <td className="pr-2">{o.startsAt ?? "Any time"}</td>
                <td className="pr-2">{o.expiresAt ?? "No expiry"}</td>
                <td>{o.pending.length ? o.pending.join("; ") : "None"}</td>
              </tr>
            ))}
          </tbody>
        </ScrollingTable>
      ) : (
        <p className="mt-4">This site has no offers of its own yet.</p>
      )}
    </section>
  );
}

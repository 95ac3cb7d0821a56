/**
 * Location detail (spec 2.1, 2.5, 3): /our-location/{slug} or /contact-us/{slug}; the site's
 * `links.locationDetailPrefix` picks the canonical one and the other redirects (301) to it.
 * Address, phones, opening hours with the open-now line (site time zone), special hours,
 * reviews, a contact form (the lead pipeline), the stock link, a lazily loaded map and
 * AutoDealer / AutoRepair JSON-LD.
 */
import { redirect } from "react-router";
import { Link } from "react-router";
import type { Route } from "./+types/location-detail";
import { LeadForm } from "~/components/leads/lead-form";
import { LocationMap } from "~/components/locations/location-map";
import { OpeningHoursTable, OpenStatus } from "~/components/locations/opening-hours-table";
import { StarRating } from "~/components/locations/star-rating";
import { dbContext, requestInfoContext, siteContext } from "~/context";
import { buildLocationJsonLd } from "~/domain/seo/location-json-ld";
import { serialiseJsonLd } from "~/domain/seo/car-json-ld";
import { contactFormAction, loadLeadForm } from "~/services/lead-forms.server";
import { getLocationBySlug, listLocationReviews, locationCardView, locationPath, reviewLinkFor, upcomingSpecials } from "~/services/locations.server";
import { lazyDateTimeFormat } from "~/domain/display/number-text";
import { leadClientAction } from "~/components/leads/lead-client-action";
import { formatPhone, phoneHref } from "~/domain/display/phone";

const SLUG = /^[a-z0-9][a-z0-9-]{0,99}$/;

const DEPARTMENTS: Record<string, string[]> = { sales: ["Sales"], service: ["Service"], parts: ["Parts"], "service-and-parts": ["Service", "Parts"] };

export async function loader({ request, params, context, url }: Route.LoaderArgs) {
  const site = context.get(siteContext);
  const db = context.get(dbContext);
  const { now, origin } = context.get(requestInfoContext);
  if (!SLUG.test(params.slug)) throw new Response("Not Found", { status: 404 });
  const canonical = locationPath(site, params.slug);
  if (url.pathname.replace(/\/+$/, "") !== canonical) throw redirect(`${canonical}${url.search}`, 301);
  const location = await getLocationBySlug(db, site, params.slug);
  if (!location) throw new Response("Not Found", { status: 404 });
  const card = locationCardView(site, location, now);
  const specials = upcomingSpecials(site, location, now);
  // The form's setup and the reviews are independent reads: one round trip's wait, not two.
  const [form, reviews] = await Promise.all([loadLeadForm(db, site, "general-enquiry"), listLocationReviews(db, site, location.id, now)]);
  const pageUrl = `${site.config.url ?? origin}${canonical}`;
  const phones: [string, string][] = location.phone ? (DEPARTMENTS[location.locationType ?? "sales"] ?? ["Sales"]).map((d) => [d, location.phone!]) : [];
  if (location.landlinePhone) phones.push(["Landline", location.landlinePhone]);
  return {
    siteName: site.name,
    card,
    canonical: pageUrl,
    phones: phones.map(([label, number]) => ({ label, number: formatPhone(number), tel: phoneHref(number) })),
    email: location.email,
    stockHref: location.locationType === "sales" || location.locationType === null ? `/search/${location.slug}` : null,
    dealerLicenseNumber: location.dealerLicenseNumber,
    specials,
    reviews,
    reviewLink: reviewLinkFor(site, location.name),
    map: { tileUrl: site.config.locationsPage.mapTileUrl, attribution: site.config.locationsPage.mapAttribution },
    form: { ...form, locations: [{ id: location.id, name: location.name }] },
    jsonLd: serialiseJsonLd(buildLocationJsonLd(location, { url: pageUrl, imageUrl: location.imageUrl ? new URL(location.imageUrl, pageUrl).href : null, specialHours: specials })),
  };
}

/** The general contact form posts here (spec 2.5; the lead pipeline). */
/** A failed round trip keeps the form and what was typed (spec 8, lead-client-action.ts). */
export const clientAction = leadClientAction;

export const action = ({ request, context, url }: Route.ActionArgs) => contactFormAction(request, context);

export function meta({ loaderData: data }: Route.MetaArgs) {
  if (!data) return [{ title: "Not found" }];
  return [
    { title: `${data.card.name} | ${data.siteName}` },
    { name: "description", content: `${data.card.name}: ${data.card.address}. Opening hours, phone numbers, reviews and directions.` },
    { tagName: "link", rel: "canonical", href: data.canonical },
  ];
}

/**
 * A special-hours day as "Fri, 25 Dec" (en-AU; the date's own calendar day, read in UTC). One
 * formatter for the process: building one costs about 40 µs, which `toLocaleDateString` with
 * options paid on every call (issue 15 profile, 6% of an uncached location page).
 */
const SPECIAL_DAY = lazyDateTimeFormat({ weekday: "short", day: "numeric", month: "short", timeZone: "UTC" });

export default function LocationDetail({ loaderData }: Route.ComponentProps) {
  const { card, phones, specials, reviews, reviewLink, form } = loaderData;
  return (
    <article>
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: loaderData.jsonLd }} />
      <p className="text-sm">
        <Link to="/our-location" className="underline">
          All locations
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-bold">{card.name}</h1>
      {card.typeLabel ? <p className="text-sm font-semibold uppercase tracking-wide text-slate-600">{card.typeLabel}</p> : null}
      {card.rating ? <StarRating {...card.rating} reviewsHref="#reviews" /> : null}
      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        <section aria-labelledby="contact-title" className="rounded-lg bg-white p-6 shadow-sm">
          <h2 id="contact-title" className="text-xl font-semibold">
            Contact details
          </h2>
          <address className="mt-3 not-italic text-slate-700">{card.address}</address>
          {card.mapUrl ? (
            <a href={card.mapUrl} className="mt-1 inline-block text-sm underline" target="_blank" rel="noopener noreferrer">
              Get directions<span className="sr-only"> (map, opens in a new tab)</span>
            </a>
          ) : null}
          <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            {phones.map((p) => (
              <div key={p.label} className="contents">
                <dt className="text-slate-700">{p.label}</dt>
                <dd>
                  <a href={p.tel} className="font-medium underline">
                    {p.number}
                  </a>
                </dd>
              </div>
            ))}
            {loaderData.email ? (
              <div className="contents">
                <dt className="text-slate-700">Email</dt>
                <dd>
                  <a href={`mailto:${loaderData.email}`} className="underline">
                    {loaderData.email}
                  </a>
                </dd>
              </div>
            ) : null}
            {loaderData.dealerLicenseNumber ? (
              <div className="contents">
                <dt className="text-slate-700">Dealer licence</dt>
                <dd>{loaderData.dealerLicenseNumber}</dd>
              </div>
            ) : null}
          </dl>
          {loaderData.stockHref ? (
            <Link to={loaderData.stockHref} className="mt-4 inline-block rounded bg-[var(--site-primary)] px-3 py-2 text-sm font-semibold text-[var(--site-on-primary)]">
              View Our Stock
            </Link>
          ) : null}
        </section>
        <section aria-labelledby="hours-title" className="rounded-lg bg-white p-6 shadow-sm">
          <h2 id="hours-title" className="text-xl font-semibold">
            Opening hours
          </h2>
          <div className="mt-2">
            <OpenStatus status={card.status} />
          </div>
          <OpeningHoursTable rows={card.hours} caption={`Opening hours of ${card.name}`} />
          {specials.length ? (
            <>
              <h3 className="mt-4 font-semibold">Special hours</h3>
              <ul className="mt-1 text-sm">
                {specials.map((s) => (
                  <li key={s.date}>
                    <time dateTime={s.date}>{SPECIAL_DAY.format(new Date(`${s.date}T00:00:00Z`))}</time>
                    {s.note ? ` (${s.note})` : ""}: {s.text}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </section>
        <section id="location-map" aria-labelledby="map-title" className="rounded-lg bg-white p-6 shadow-sm">
          <h2 id="map-title" className="text-xl font-semibold">
            Find us
          </h2>
          <div className="mt-3">
            <LocationMap name={card.name} address={card.address} placeUrl={card.mapUrl} lat={card.lat} long={card.long} tileUrl={loaderData.map.tileUrl} attribution={loaderData.map.attribution} />
          </div>
        </section>
      </div>
      <section id="reviews" aria-labelledby="reviews-title" className="mt-10">
        <h2 id="reviews-title" className="text-2xl font-semibold">
          Reviews
        </h2>
        {card.rating ? (
          <div className="mt-2">
            <StarRating {...card.rating} />
          </div>
        ) : null}
        {reviewLink ? (
          <p className="mt-2 text-sm">
            <a href={reviewLink} className="underline" target="_blank" rel="noopener noreferrer">
              Read all reviews and write your own on Google<span className="sr-only"> (opens in a new tab)</span>
            </a>
          </p>
        ) : null}
        {reviews.length ? (
          <ul className="mt-4 grid gap-4 md:grid-cols-2" aria-label={`Reviews of ${card.name}`}>
            {reviews.map((r) => (
              <li key={r.id} className="rounded-lg bg-white p-4 shadow-sm">
                <p className="font-semibold">{r.customerName}</p>
                <p className="flex items-center gap-1 text-sm">
                  <span className="sr-only">Rated {r.rating} out of 5</span>
                  <span aria-hidden="true" className="text-amber-600">
                    {r.stars}
                  </span>
                  <time dateTime={r.reviewDate} className="text-slate-600">
                    {r.reviewDateInWords}
                  </time>
                </p>
                <p className="mt-2 text-sm">{r.text}</p>
                {r.replyText ? (
                  <div className="mt-3 border-l-4 border-slate-200 pl-3 text-sm">
                    <p className="font-semibold">Reply from {card.name}</p>
                    <p>{r.replyText}</p>
                    {r.replyDateInWords ? <p className="text-slate-600">{r.replyDateInWords}</p> : null}
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-2 text-sm text-slate-700">No reviews to show yet.</p>
        )}
      </section>
      <section id="lead-form" aria-label={`Contact ${card.name}`} className="mt-10 max-w-3xl">
        <LeadForm setup={form} heading={`Contact ${card.name}`} />
      </section>
    </article>
  );
}

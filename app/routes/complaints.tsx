/**
 * /pages/complaint-handling-process (spec 2.6 "Complaints page", spec 3 "Regulator"): (1) raise
 * the concern with the department manager, naming the site's complaints contact and email when
 * configured and the dealership phone during business hours; (2) one link per state or territory
 * regulator where the site has a location, then 'or seek independent legal advice'.
 */
import type { Route } from "./+types/complaints";
import { Breadcrumbs, JsonLd, pageMeta } from "~/components/content/content-ui";
import { dbContext, requestInfoContext, siteContext } from "~/context";
import { regulatorsForStates } from "~/domain/content/regulators";
import { breadcrumbJsonLd, serialiseLd } from "~/domain/seo/content-json-ld";
import { listLocations } from "~/services/locations.server";
import { siteBaseUrl } from "~/services/sitemap.server";
import { telHref } from "~/domain/display/tel";

const PATH = "/pages/complaint-handling-process";

export async function loader({ context }: Route.LoaderArgs) {
  const site = context.get(siteContext);
  const info = context.get(requestInfoContext);
  const locations = await listLocations(context.get(dbContext), site);
  const primary = locations.find((l) => l.primary) ?? locations[0] ?? null;
  const base = siteBaseUrl(site, info.origin);
  return {
    siteName: site.name,
    title: "Complaint Handling Process",
    description: `How to raise a complaint with ${site.name}, and the consumer protection bodies you can contact.`,
    canonical: `${base}${PATH}`,
    contact: site.config.complaintsContact,
    phone: site.config.phones.main ?? primary?.phone ?? null,
    regulators: regulatorsForStates(locations.map((l) => l.state)),
    jsonLd: serialiseLd(breadcrumbJsonLd([{ name: "Home", url: `${base}/` }, { name: "Complaint Handling Process", url: `${base}${PATH}` }])),
  };
}

export function meta({ loaderData: data }: Route.MetaArgs) {
  return pageMeta(data);
}

export default function Complaints({ loaderData }: Route.ComponentProps) {
  const { siteName, contact, phone, regulators, jsonLd } = loaderData;
  return (
    <article className="mx-auto max-w-3xl" aria-labelledby="page-title">
      <Breadcrumbs items={[{ name: "Home", path: "/" }, { name: "Complaint Handling Process", path: PATH }]} />
      <h1 id="page-title" className="text-3xl font-bold">
        Complaint Handling Process
      </h1>
      <section aria-labelledby="raise" className="mt-6">
        <h2 id="raise" className="text-2xl font-bold">
          1. Talk to us first
        </h2>
        <p className="mt-3">
          At {siteName} we want to put things right. If you are unhappy with our products or services, please raise your concern with the manager of the department
          concerned (sales, service, parts or finance), who will work with you to resolve it.
        </p>
        {contact.name || contact.email ? (
          <p className="mt-3" data-testid="complaints-contact">
            You can also contact our {contact.name ?? "complaints team"}
            {contact.email ? (
              <>
                {" "}
                by email at <a href={`mailto:${contact.email}`} className="underline">{contact.email}</a>
              </>
            ) : null}
            .
          </p>
        ) : null}
        {phone ? (
          <p className="mt-3">
            Or call the dealership on <a href={telHref(phone)} className="underline">{phone}</a> during business hours.
          </p>
        ) : null}
      </section>
      <section aria-labelledby="regulators" className="mt-8">
        <h2 id="regulators" className="text-2xl font-bold">
          2. If we cannot resolve your complaint
        </h2>
        <p className="mt-3">You can contact the consumer protection body in your state or territory:</p>
        <ul className="mt-3 list-disc pl-6" aria-label="Consumer protection bodies">
          {regulators.map((r) => (
            <li key={r.state}>
              <a href={r.website} rel="noopener noreferrer" className="underline">
                {r.name}
              </a>
              {` (${r.state})`}
            </li>
          ))}
        </ul>
        <p className="mt-3">or seek independent legal advice.</p>
      </section>
      <JsonLd json={jsonLd} />
    </article>
  );
}

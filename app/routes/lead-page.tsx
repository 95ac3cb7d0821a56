/**
 * Lead pages (spec 2.1 route table, 2.6): /enquiries/*, /book-test-drive, /service,
 * /genuine-service, /parts-and-accessories, /vehicle-parts-and-accessories, /parts/search, /fleet,
 * /customer-feedback-survey (the finance enquiry form lives on /finance). Which form a path shows is data (PAGES); the
 * loader and action are the shared lead form service.
 */
import { Form, redirect } from "react-router";
import { Link } from "react-router";
import type { Route } from "./+types/lead-page";
import { LeadForm } from "~/components/leads/lead-form";
import { NearestPostcodeForm } from "~/components/locations/nearest-postcode-form";
import { dbContext, requestInfoContext, siteContext } from "~/context";
import { parseDbId } from "~/domain/db-id";
import type { LeadPageId } from "~/forms/lead-form-kinds";
import { getCarById } from "~/services/cars.server";
import { leadFormAction, loadLeadForm } from "~/services/lead-forms.server";
import { listLocations } from "~/services/locations.server";
import type { Site } from "~/sites/site";
// Issue 14: the parts, service, fleet and feedback pages are landing pages with their forms.
import { Banner, ContentBody } from "~/components/content/content-ui";
import { bannerImage, type BannerKind } from "~/domain/content/banners";
import { getServicePlan, type ServicePlanBlock } from "~/domain/display/service-plan";
import { getContentPage } from "~/services/content.server";
import { listAccessoryModels, listPartCategories, PartsSearchSchema, searchParts } from "~/services/parts.server";
import { siteBaseUrl } from "~/services/sitemap.server";
import { wholeNumberText } from "~/domain/display/number-text";
import { leadClientAction } from "~/components/leads/lead-client-action";

interface PageDef {
  page: LeadPageId;
  title: string;
  intro: string;
  /** Issue 14: slug of the landing copy (content_pages kind 'landing'), the banner, extra blocks. */
  landing?: string;
  banner?: BannerKind;
  blocks?: ("service-plans" | "accessory-models" | "parts-search")[];
}

const PAGES: Record<string, PageDef> = {
  "/enquiries/new-vehicle-enquiry": { page: "new-vehicle-enquiry", title: "New Vehicle Enquiry", intro: "Tell us which new vehicle you are after and we will get back to you." },
  "/enquiries/service-enquiry": { page: "service-enquiry", title: "Service Enquiry", intro: "Questions about servicing your vehicle? Send us a message." },
  "/enquiries/parts-enquiry": { page: "parts-enquiry", title: "Parts Enquiry", intro: "Looking for a part or accessory? Tell us what you need." },
  "/enquiries/fleet-enquiry": { page: "fleet-enquiry", title: "Fleet Enquiry", intro: "Fleet and business buyers: get in touch with our fleet team." },
  "/enquiries/general-enquiry": { page: "general-enquiry", title: "General Enquiry", intro: "Send us a message and the right team will answer." },
  "/enquiries/feedback": { page: "feedback", title: "Feedback", intro: "We would love to hear about your experience with us." },
  "/customer-feedback-survey": { page: "customer-feedback-survey", title: "Customer Feedback Survey", intro: "We are sorry your experience was not what it should be. Tell us what happened and a manager will contact you.", landing: "customer-feedback-survey" },
  "/book-test-drive": { page: "book-test-drive", title: "Book a Test Drive", intro: "Choose a dealership and a time that suits you." },
  "/service": { page: "service", title: "Book a Service", intro: "Book your service online and save time.", landing: "service", blocks: ["service-plans"] },
  "/genuine-service": { page: "service", title: "Genuine Service", intro: "Book a genuine service with our factory-trained technicians.", landing: "genuine-service", blocks: ["service-plans"] },
  "/parts-and-accessories": { page: "parts", title: "Parts & Accessories", intro: "Genuine parts and accessories for your vehicle. Tell us what you need.", landing: "parts-and-accessories", banner: "parts", blocks: ["accessory-models"] },
  "/vehicle-parts-and-accessories": { page: "parts", title: "Vehicle Parts & Accessories", intro: "Genuine parts and accessories for your vehicle. Tell us what you need.", landing: "parts-and-accessories", banner: "parts", blocks: ["accessory-models"] },
  "/parts/search": { page: "parts", title: "Parts Search", intro: "Search our parts counter by name, part number, category and price. Can't find a part? Send us the details and our parts team will find it.", banner: "parts", blocks: ["parts-search"] },
  "/fleet": { page: "fleet", title: "Fleet", intro: "Vehicles for your business, with fleet pricing and support.", landing: "fleet", banner: "fleet" },
};

function pageFor(url: URL): PageDef {
  const path = url.pathname.replace(/\/+$/, "") || "/";
  const def = PAGES[path];
  if (!def) throw new Response("Not Found", { status: 404 });
  return def;
}

/** Spec 2.1: /genuine-service hands off to the dealer network's booking page when one is configured. */
function externalService(site: Site, path: string): string | null {
  return path === "/genuine-service" && site.config.links.dealerNetworkBaseDomain && site.config.links.externalServiceBookingUrl ? site.config.links.externalServiceBookingUrl : null;
}

async function carFromQuery(url: URL, context: Route.LoaderArgs["context"]) {
  const id = parseDbId(url.searchParams.get("car_id"));
  return id !== null ? getCarById(context.get(dbContext), context.get(siteContext), id) : null;
}

export async function loader({ context, url }: Route.LoaderArgs) {
  const site = context.get(siteContext);
  const def = pageFor(url);
  const external = externalService(site, url.pathname);
  if (external) throw redirect(external);
  const car = def.page === "book-test-drive" || def.page === "finance" ? await carFromQuery(url, context) : null;
  // Issue 12: ?postcode= orders the dealership picker by distance (spec 2.6, 5, 9).
  const form = await loadLeadForm(context.get(dbContext), site, def.page, car, { postcode: url.searchParams.get("postcode") });
  return { ...def, form, siteName: site.name, ...(await landingFor(url, context, site, def)) };
}

/** Issue 14: the landing copy and blocks of a parts, service, fleet or feedback page. */
async function landingFor(url: URL, context: Route.LoaderArgs["context"], site: Site, def: PageDef) {
  const db = context.get(dbContext);
  const info = context.get(requestInfoContext);
  const blocks = def.blocks ?? [];
  const landing = def.landing ? await getContentPage(db, site, def.landing, new Date(info.now), ["landing"]) : null;
  let servicePlans: { model: string; plan: ServicePlanBlock }[] = [];
  if (blocks.includes("service-plans") && site.config.display.servicePlan.enabled) {
    const o = site.config.display.servicePlan;
    const car = (model: string) => ({ make: o.makes[0] ?? "", model, carType: o.carTypes[0] ?? ("new" as const) });
    const base = getServicePlan(car(""), { ...o, models: {} });
    servicePlans = [
      ...(base ? [{ model: "All other models", plan: base }] : []),
      ...Object.keys(o.models).flatMap((model) => {
        const plan = getServicePlan(car(model), o);
        return plan ? [{ model, plan }] : [];
      }),
    ];
  }
  let partsSearch = null;
  if (blocks.includes("parts-search")) {
    const parsed = PartsSearchSchema.safeParse(Object.fromEntries(url.searchParams));
    if (!parsed.success) throw new Response(parsed.error.issues.map((i) => `${String(i.path[0])}: ${i.message}`).join(" "), { status: 400 });
    const dealerships = (await listLocations(db, site)).filter((l) => l.locationType === "parts" || l.locationType === "service-and-parts");
    const searched = [...url.searchParams.keys()].length > 0;
    partsSearch = {
      params: { query: parsed.data.query, category: parsed.data.category, location: parsed.data.location, min_price: parsed.data.min_price, max_price: parsed.data.max_price },
      categories: await listPartCategories(db, site),
      dealerships: dealerships.map((l) => ({ id: l.id, name: l.name })),
      results: searched ? await searchParts(db, site, parsed.data) : null,
    };
  }
  return {
    landingHtml: landing?.html ?? null,
    description: landing?.description || def.intro,
    canonical: `${siteBaseUrl(site, info.origin)}${url.pathname.replace(/\/+$/, "")}`,
    banner: def.banner ? bannerImage(def.banner, site.config.content.banners) : null,
    servicePlans,
    accessoryModels: blocks.includes("accessory-models") ? await listAccessoryModels(db, site) : [],
    partsSearch,
  };
}

/** A failed round trip keeps the form and what was typed (spec 8, lead-client-action.ts). */
export const clientAction = leadClientAction;

export async function action({ request, context, url }: Route.ActionArgs) {
  const site = context.get(siteContext);
  const def = pageFor(url);
  const info = context.get(requestInfoContext);
  return leadFormAction(context.get(dbContext), site, request, def.page, { now: info.now, clientIp: info.clientIp ?? null });
}

export function meta({ loaderData: data }: Route.MetaArgs) {
  return data
    ? [{ title: `${data.title} | ${data.siteName}` }, { name: "description", content: data.description }, { tagName: "link", rel: "canonical", href: data.canonical }]
    : [{ title: "Not found" }];
}

export default function LeadPage({ loaderData }: Route.ComponentProps) {
  const { title, intro, form, page, landingHtml, banner, servicePlans, accessoryModels, partsSearch } = loaderData;
  return (
    <div className="mx-auto max-w-3xl">
      {banner ? <Banner src={banner} /> : null}
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="mt-2 text-slate-700">{intro}</p>
      {landingHtml ? <ContentBody html={landingHtml} /> : null}
      {servicePlans.length ? <ServicePlans plans={servicePlans} /> : null}
      {accessoryModels.length ? <AccessoryModels models={accessoryModels} /> : null}
      {partsSearch ? <PartsSearch search={partsSearch} /> : null}
      {page === "feedback" ? (
        <p className="mt-4 rounded bg-amber-50 p-3 text-sm">
          Had a bad experience?{" "}
          <Link to="/customer-feedback-survey" className="font-semibold underline">
            Tell us what went wrong
          </Link>
          .
        </p>
      ) : null}
      {form.nearest ? (
        <div className="mt-6">
          <NearestPostcodeForm postcode={form.nearest.postcode} error={form.nearest.error} label="Nearest dealership to" />
        </div>
      ) : null}
      <section id={page === "finance" ? "finance-form" : "lead-form"} className="mt-6" aria-label={`${title} form`}>
        <LeadForm setup={form} heading={page === "fleet" || page === "fleet-enquiry" ? "Get In Touch" : undefined} />
      </section>
    </div>
  );
}

const dollars = (n: number) => `$${wholeNumberText(n)}`;

/** Issue 14 / spec 9: capped-price service plans, the default and each model's override. */
function ServicePlans({ plans }: { plans: { model: string; plan: ServicePlanBlock }[] }) {
  return (
    <section aria-labelledby="service-plans" className="mt-8">
      <h2 id="service-plans" className="text-2xl font-bold">
        Capped price servicing
      </h2>
      <div className="overflow-x-auto">
        <table className="mt-3 w-full text-left text-sm">
          <thead>
            <tr className="border-b">
              <th scope="col" className="py-2">Model</th>
              <th scope="col">Per service</th>
              <th scope="col">Services</th>
              <th scope="col">Covers</th>
              <th scope="col">Interval</th>
            </tr>
          </thead>
          <tbody>
            {plans.map(({ model, plan }) => (
              <tr key={model} className="border-b">
                <th scope="row" className="py-2 font-semibold">{model}</th>
                <td>{dollars(plan.pricePerService)}</td>
                <td>{plan.services}</td>
                <td>
                  {plan.years} years or {wholeNumberText(plan.maxKm)} km
                </td>
                <td>
                  Every {plan.intervalMonths} months or {wholeNumberText(plan.intervalKm)} km
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="mt-2 text-xs text-slate-600">Whichever comes first. Prices include GST for standard scheduled servicing.</p>
    </section>
  );
}

/** Spec 2.6: accessories landing with 'View Accessories' per model. */
function AccessoryModels({ models }: { models: { slug: string; name: string; count: number }[] }) {
  return (
    <section aria-labelledby="accessory-models" className="mt-8">
      <h2 id="accessory-models" className="text-2xl font-bold">
        Accessories by model
      </h2>
      <ul className="mt-3 grid gap-3 sm:grid-cols-2">
        {models.map((m) => (
          <li key={m.slug} className="flex items-center justify-between rounded border border-slate-200 p-3">
            <span className="font-semibold">{m.name}</span>
            <Link to={`/${m.slug}/accessories`} className="rounded border border-slate-400 px-3 py-1 text-sm font-semibold" aria-label={`View Accessories for the ${m.name}`}>
              View Accessories
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

type PartsSearchData = NonNullable<Route.ComponentProps["loaderData"]["partsSearch"]>;

/** Spec 3: search over parts categories and price within a dealership (a plain GET form). */
function PartsSearch({ search }: { search: PartsSearchData }) {
  const p = search.params;
  return (
    <section aria-labelledby="parts-search" className="mt-8">
      <h2 id="parts-search" className="text-2xl font-bold">
        Search parts
      </h2>
      <Form method="get" className="mt-3 grid gap-3 sm:grid-cols-2">
        <label className="block">
          <span className="font-semibold">Part name or number</span>
          <input type="search" name="query" defaultValue={p.query} maxLength={100} className="mt-1 w-full rounded border border-slate-400 px-3 py-2" />
        </label>
        <label className="block">
          <span className="font-semibold">Category</span>
          <select name="category" defaultValue={p.category} className="mt-1 w-full rounded border border-slate-400 px-3 py-2">
            <option value="">All categories</option>
            {search.categories.map((c) => (
              <option key={c} value={c}>{c}</option>
            ))}
          </select>
        </label>
        {search.dealerships.length ? (
          <label className="block">
            <span className="font-semibold">Dealership</span>
            <select name="location" defaultValue={p.location === null ? "" : String(p.location)} className="mt-1 w-full rounded border border-slate-400 px-3 py-2">
              <option value="">All dealerships</option>
              {search.dealerships.map((d) => (
                <option key={d.id} value={d.id}>{d.name}</option>
              ))}
            </select>
          </label>
        ) : null}
        <div className="flex gap-2">
          <label className="block flex-1">
            <span className="font-semibold">Min price ($)</span>
            <input name="min_price" inputMode="numeric" pattern="[0-9]*" defaultValue={p.min_price ?? ""} className="mt-1 w-full rounded border border-slate-400 px-3 py-2" />
          </label>
          <label className="block flex-1">
            <span className="font-semibold">Max price ($)</span>
            <input name="max_price" inputMode="numeric" pattern="[0-9]*" defaultValue={p.max_price ?? ""} className="mt-1 w-full rounded border border-slate-400 px-3 py-2" />
          </label>
        </div>
        <div>
          <button type="submit" className="rounded bg-[var(--site-primary)] px-4 py-2 font-semibold text-[var(--site-on-primary)]">
            Search parts
          </button>
        </div>
      </Form>
      {search.results ? (
        <div className="mt-4">
          <p role="status">{search.results.length === 1 ? "1 part found" : `${search.results.length} parts found`}</p>
          {search.results.length ? (
            <ul className="mt-2 divide-y" aria-label="Parts found">
              {search.results.map((r) => (
                <li key={r.id} className="py-2">
                  <span className="font-semibold">{r.name}</span> <span className="text-sm text-slate-600">({r.partNumber}, {r.category}{r.modelName ? `, ${r.modelName}` : ""})</span>
                  <span className="float-right">{r.price === null ? "Price on request" : dollars(r.price)}</span>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

/**
 * Lead pages (spec 2.1 route table, 2.6): /enquiries/*, /book-test-drive, /service,
 * /genuine-service, /parts-and-accessories, /vehicle-parts-and-accessories, /parts/search, /fleet,
 * /customer-feedback-survey (the finance enquiry form lives on /finance). Which form a path shows is data (PAGES); the
 * loader and action are the shared lead form service.
 */
import { Link, redirect } from "react-router";
import type { Route } from "./+types/lead-page";
import { LeadForm } from "~/components/leads/lead-form";
import { NearestPostcodeForm } from "~/components/locations/nearest-postcode-form";
import { dbContext, requestInfoContext, siteContext } from "~/context";
import type { LeadPageId } from "~/forms/lead-form-kinds";
import { getCarById } from "~/services/cars.server";
import { leadFormAction, loadLeadForm } from "~/services/lead-forms.server";
import type { Site } from "~/sites/site";

interface PageDef {
  page: LeadPageId;
  title: string;
  intro: string;
}

const PAGES: Record<string, PageDef> = {
  "/enquiries/new-vehicle-enquiry": { page: "new-vehicle-enquiry", title: "New Vehicle Enquiry", intro: "Tell us which new vehicle you are after and we will get back to you." },
  "/enquiries/service-enquiry": { page: "service-enquiry", title: "Service Enquiry", intro: "Questions about servicing your vehicle? Send us a message." },
  "/enquiries/parts-enquiry": { page: "parts-enquiry", title: "Parts Enquiry", intro: "Looking for a part or accessory? Tell us what you need." },
  "/enquiries/fleet-enquiry": { page: "fleet-enquiry", title: "Fleet Enquiry", intro: "Fleet and business buyers: get in touch with our fleet team." },
  "/enquiries/general-enquiry": { page: "general-enquiry", title: "General Enquiry", intro: "Send us a message and the right team will answer." },
  "/enquiries/feedback": { page: "feedback", title: "Feedback", intro: "We would love to hear about your experience with us." },
  "/customer-feedback-survey": { page: "customer-feedback-survey", title: "Customer Feedback Survey", intro: "We are sorry your experience was not what it should be. Tell us what happened and a manager will contact you." },
  "/book-test-drive": { page: "book-test-drive", title: "Book a Test Drive", intro: "Choose a dealership and a time that suits you." },
  "/service": { page: "service", title: "Book a Service", intro: "Book your service online and save time." },
  "/genuine-service": { page: "service", title: "Genuine Service", intro: "Book a genuine service with our factory-trained technicians." },
  "/parts-and-accessories": { page: "parts", title: "Parts & Accessories", intro: "Genuine parts and accessories for your vehicle. Tell us what you need." },
  "/vehicle-parts-and-accessories": { page: "parts", title: "Vehicle Parts & Accessories", intro: "Genuine parts and accessories for your vehicle. Tell us what you need." },
  "/parts/search": { page: "parts", title: "Parts Search", intro: "Can't find a part? Send us the details and our parts team will find it." },
  "/fleet": { page: "fleet", title: "Fleet", intro: "Vehicles for your business, with fleet pricing and support." },
};

function pageFor(request: Request): PageDef {
  const path = new URL(request.url).pathname.replace(/\/+$/, "") || "/";
  const def = PAGES[path];
  if (!def) throw new Response("Not Found", { status: 404 });
  return def;
}

/** Spec 2.1: /genuine-service hands off to the dealer network's booking page when one is configured. */
function externalService(site: Site, path: string): string | null {
  return path === "/genuine-service" && site.config.links.dealerNetworkBaseDomain && site.config.links.externalServiceBookingUrl ? site.config.links.externalServiceBookingUrl : null;
}

async function carFromQuery(request: Request, context: Route.LoaderArgs["context"]) {
  const id = Number(new URL(request.url).searchParams.get("car_id"));
  return Number.isInteger(id) && id > 0 ? getCarById(context.get(dbContext), context.get(siteContext), id) : null;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const site = context.get(siteContext);
  const def = pageFor(request);
  const external = externalService(site, new URL(request.url).pathname);
  if (external) throw redirect(external);
  const car = def.page === "book-test-drive" || def.page === "finance" ? await carFromQuery(request, context) : null;
  // Issue 12: ?postcode= orders the dealership picker by distance (spec 2.6, 5, 9).
  const form = await loadLeadForm(context.get(dbContext), site, def.page, car, { postcode: new URL(request.url).searchParams.get("postcode") });
  return { ...def, form, siteName: site.name };
}

export async function action({ request, context }: Route.ActionArgs) {
  const site = context.get(siteContext);
  const def = pageFor(request);
  const info = context.get(requestInfoContext);
  return leadFormAction(context.get(dbContext), site, request, def.page, { now: info.now, clientIp: info.clientIp ?? null });
}

/** Pages with a personal submission key are never shared by a cache. */
export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export function meta({ data }: Route.MetaArgs) {
  return data ? [{ title: `${data.title} | ${data.siteName}` }, { name: "description", content: data.intro }] : [{ title: "Not found" }];
}

export default function LeadPage({ loaderData }: Route.ComponentProps) {
  const { title, intro, form, page } = loaderData;
  return (
    <div className="mx-auto max-w-3xl">
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="mt-2 text-slate-700">{intro}</p>
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

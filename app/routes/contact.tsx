/**
 * /contact-us and /contact (spec 2.1, 2.5): the site's location block (per
 * `locationsPage.contactBlock`: one location as map + info, several as cards or a carousel)
 * and a general contact form through the lead pipeline.
 */
import type { Route } from "./+types/contact";
import { LeadForm } from "~/components/leads/lead-form";
import { LocationBlock } from "~/components/locations/location-block";
import { dbContext, requestInfoContext, siteContext } from "~/context";
import { contactFormAction, loadLeadForm } from "~/services/lead-forms.server";
import { listLocations, locationBlockView } from "~/services/locations.server";
import { leadClientAction } from "~/components/leads/lead-client-action";

export async function loader({ context }: Route.LoaderArgs) {
  const site = context.get(siteContext);
  const db = context.get(dbContext);
  const { now } = context.get(requestInfoContext);
  const all = await listLocations(db, site);
  return {
    siteName: site.name,
    block: locationBlockView(site, all, site.config.locationsPage.contactBlock, now),
    form: await loadLeadForm(db, site, "general-enquiry"),
  };
}

/** The general contact form posts here (spec 2.5; the lead pipeline). */
/** A failed round trip keeps the form and what was typed (spec 8, lead-client-action.ts). */
export const clientAction = leadClientAction;

export const action = ({ request, context }: Route.ActionArgs) => contactFormAction(request, context);

/** The page carries a personal form submission key: never shared by a cache. */

export function meta({ loaderData: data }: Route.MetaArgs) {
  return [{ title: `Contact Us | ${data?.siteName ?? ""}` }, { name: "description", content: `Phone numbers, addresses, opening hours and a contact form for ${data?.siteName ?? ""}.` }];
}

export default function Contact({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <h1 className="text-3xl font-bold">Contact Us</h1>
      <div className="mt-6">
        <LocationBlock block={loaderData.block} title="Our locations" />
      </div>
      <section id="lead-form" aria-label="Contact form" className="mt-10 max-w-3xl">
        <LeadForm setup={loaderData.form} heading="Send us a message" />
      </section>
    </>
  );
}

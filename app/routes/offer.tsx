/**
 * /offers/{id} and /offers/{manufacturer}/{id} (spec 2.1 offers row): one offer with its full
 * description and disclaimer, 'Explore {model}', 'Book A Test Drive', and an enquiry form that goes
 * through the lead pipeline with the offer named in the lead's subcategory. Unknown, hidden or
 * expired offers, and a manufacturer that is not the offer's, answer 404.
 */
import { z } from "zod";
import type { Route } from "./+types/offer";
import { Breadcrumbs, JsonLd, pageMeta } from "~/components/content/content-ui";
import { OfferFinance, OfferLinks } from "~/components/content/offer-card";
import { LeadForm } from "~/components/leads/lead-form";
import { dbContext, requestInfoContext, siteContext } from "~/context";
import { breadcrumbJsonLd, offerJsonLd, serialiseLd } from "~/domain/seo/content-json-ld";
import { leadFormAction, loadLeadForm } from "~/services/lead-forms.server";
import { getOffer, type OfferView } from "~/services/offers.server";
import { siteBaseUrl } from "~/services/sitemap.server";
import { leadClientAction } from "~/components/leads/lead-client-action";

const ParamsSchema = z.object({
  id: z.string().regex(/^[1-9]\d{0,9}$/).transform(Number).refine((n) => n <= 2_147_483_647),
  manufacturer: z.string().regex(/^[a-z0-9-]{1,60}$/).optional(),
});

async function offerFor(params: Record<string, string | undefined>, context: Route.LoaderArgs["context"]): Promise<OfferView> {
  const parsed = ParamsSchema.safeParse(params);
  if (!parsed.success) throw new Response("Not Found", { status: 404 });
  const site = context.get(siteContext);
  const offer = await getOffer(context.get(dbContext), site, parsed.data.id, new Date(context.get(requestInfoContext).now), parsed.data.manufacturer);
  if (!offer) throw new Response("Not Found", { status: 404 });
  return offer;
}

/** The lead's subcategory names the offer (issue 14: "an offer enquiry ... with the offer named"). */
const offerSubcategory = (offer: OfferView) => `Offer: ${offer.name} (#${offer.id})`;

export async function loader({ params, context }: Route.LoaderArgs) {
  const site = context.get(siteContext);
  const info = context.get(requestInfoContext);
  const offer = await offerFor(params, context);
  const form = await loadLeadForm(context.get(dbContext), site, "offer-enquiry");
  const base = siteBaseUrl(site, info.origin);
  const canonical = `${base}${offer.path}`;
  const description = (offer.description.full || offer.name).slice(0, 300);
  return {
    offer,
    form: { ...form, subcategory: offerSubcategory(offer), submitLabel: site.config.content.offerEnquireLabel },
    siteName: site.name,
    timeZone: site.config.timeZone,
    title: offer.name,
    description,
    canonical,
    jsonLd: [
      serialiseLd(offerJsonLd({ name: offer.name, description, url: canonical, category: offer.category, validFrom: offer.startsAt, validThrough: offer.expiresAt, imageUrl: offer.imageUrl.startsWith("/") ? `${base}${offer.imageUrl}` : offer.imageUrl, sellerName: site.name })),
      serialiseLd(breadcrumbJsonLd([{ name: "Home", url: `${base}/` }, { name: "Special Offers", url: `${base}/special-offers` }, { name: offer.name, url: canonical }])),
    ],
  };
}

/** A failed round trip keeps the form and what was typed (spec 8, lead-client-action.ts). */
export const clientAction = leadClientAction;

export async function action({ request, params, context }: Route.ActionArgs) {
  const offer = await offerFor(params, context);
  const info = context.get(requestInfoContext);
  return leadFormAction(context.get(dbContext), context.get(siteContext), request, "offer-enquiry", { now: info.now, clientIp: info.clientIp ?? null }, null, { subcategory: offerSubcategory(offer) });
}

export function meta({ loaderData: data }: Route.MetaArgs) {
  return pageMeta(data);
}

export default function Offer({ loaderData }: Route.ComponentProps) {
  const { offer, form, jsonLd, timeZone } = loaderData;
  return (
    <article className="mx-auto max-w-4xl" aria-labelledby="offer-title">
      <Breadcrumbs items={[{ name: "Home", path: "/" }, { name: "Special Offers", path: "/special-offers" }, { name: offer.name, path: offer.path }]} />
      <img src={offer.imageUrl} alt="" width={1200} height={400} className="h-48 w-full rounded object-cover sm:h-64" />
      {offer.category ? <p className="mt-4 text-sm font-semibold uppercase tracking-wide text-slate-600">{offer.category}</p> : null}
      <h1 id="offer-title" className="text-3xl font-bold">
        {offer.name}
      </h1>
      {offer.description.full ? <p className="mt-3 text-lg">{offer.description.full}</p> : null}
      <div className="mt-3">
        <OfferFinance offer={offer} />
      </div>
      {offer.expiresAt ? (
        <p className="mt-2 text-sm">
          Ends <time dateTime={offer.expiresAt}>{new Date(offer.expiresAt).toLocaleDateString("en-AU", { day: "numeric", month: "long", year: "numeric", timeZone })}</time>
        </p>
      ) : null}
      <p className="mt-4 flex flex-wrap gap-2">
        <OfferLinks offer={offer} />
      </p>
      {offer.disclaimer.full ? <p className="mt-4 text-xs text-slate-600">{offer.disclaimer.full}</p> : null}
      <section id="offer-enquiry" className="mt-8" aria-label="Enquire about this offer">
        <LeadForm setup={form} heading={`Enquire about ${offer.name}`} />
      </section>
      {jsonLd.map((json) => (
        <script key={json.slice(0, 40)} type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />
      ))}
    </article>
  );
}

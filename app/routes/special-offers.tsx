/** /special-offers (spec 2.1 offers row, 2.6 offer cards in list or grid layout per SiteConfig `content.offersLayout`). */
import type { Route } from "./+types/special-offers";
import { Banner, Breadcrumbs, JsonLd, pageMeta } from "~/components/content/content-ui";
import { OfferCard } from "~/components/content/offer-card";
import { dbContext, requestInfoContext, siteContext } from "~/context";
import { bannerImage } from "~/domain/content/banners";
import { breadcrumbJsonLd, serialiseLd } from "~/domain/seo/content-json-ld";
import { listOffers } from "~/services/offers.server";
import { siteBaseUrl } from "~/services/sitemap.server";

export async function loader({ context }: Route.LoaderArgs) {
  const site = context.get(siteContext);
  const info = context.get(requestInfoContext);
  const offers = await listOffers(context.get(dbContext), site, new Date(info.now));
  const base = siteBaseUrl(site, info.origin);
  return {
    offers,
    layout: site.config.content.offersLayout,
    enquireLabel: site.config.content.offerEnquireLabel,
    banner: bannerImage("offers", site.config.content.banners),
    siteName: site.name,
    title: "Special Offers",
    description: `Current special offers on new and used vehicles, finance and servicing at ${site.name}.`,
    canonical: `${base}/special-offers`,
    jsonLd: serialiseLd(breadcrumbJsonLd([{ name: "Home", url: `${base}/` }, { name: "Special Offers", url: `${base}/special-offers` }])),
  };
}

export function meta({ loaderData: data }: Route.MetaArgs) {
  return pageMeta(data);
}

export default function SpecialOffers({ loaderData }: Route.ComponentProps) {
  const { offers, layout, enquireLabel, banner, jsonLd, description } = loaderData;
  return (
    <div>
      <Breadcrumbs items={[{ name: "Home", path: "/" }, { name: "Special Offers", path: "/special-offers" }]} />
      <Banner src={banner} />
      <h1 className="text-3xl font-bold">Special Offers</h1>
      <p className="mt-2 text-slate-700">{description}</p>
      {offers.length ? (
        <ul className={`mt-6 grid gap-6 ${layout === "grid" ? "sm:grid-cols-2 lg:grid-cols-3" : ""}`} data-layout={layout}>
          {offers.map((offer) => (
            <li key={offer.id}>
              <OfferCard offer={offer} layout={layout} enquireLabel={enquireLabel} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-6">There are no special offers right now. Please check back soon.</p>
      )}
      <JsonLd json={jsonLd} />
    </div>
  );
}

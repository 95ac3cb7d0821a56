/**
 * /{model slug}/accessories (spec 2.1 parts row, 2.6 "model pages with 'View Accessories'"): the
 * accessories the site lists for one model, with a parts enquiry link. A model slug the site does
 * not know (no accessories and not in its stock) answers 404, so this top-level dynamic segment
 * never answers for other paths.
 */
import { Link } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/model-accessories";
import { Banner, Breadcrumbs, JsonLd, pageMeta } from "~/components/content/content-ui";
import { dbContext, requestInfoContext, siteContext } from "~/context";
import { bannerImage } from "~/domain/content/banners";
import { breadcrumbJsonLd, serialiseLd } from "~/domain/seo/content-json-ld";
import { getModelAccessories } from "~/services/parts.server";
import { siteBaseUrl } from "~/services/sitemap.server";
import { wholeNumberText } from "~/domain/display/number-text";

const ModelSlug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/).max(60);

export async function loader({ params, context }: Route.LoaderArgs) {
  const slug = ModelSlug.safeParse(params.model);
  if (!slug.success) throw new Response("Not Found", { status: 404 });
  const site = context.get(siteContext);
  const model = await getModelAccessories(context.get(dbContext), site, slug.data);
  if (!model) throw new Response("Not Found", { status: 404 });
  const base = siteBaseUrl(site, context.get(requestInfoContext).origin);
  const path = `/${model.slug}/accessories`;
  return {
    model,
    path,
    banner: bannerImage("parts", site.config.content.banners),
    siteName: site.name,
    title: `${model.name} Accessories`,
    description: `Genuine accessories for the ${model.name}, fitted by ${site.name}.`,
    canonical: `${base}${path}`,
    jsonLd: serialiseLd(breadcrumbJsonLd([{ name: "Home", url: `${base}/` }, { name: "Parts & Accessories", url: `${base}/parts-and-accessories` }, { name: `${model.name} Accessories`, url: `${base}${path}` }])),
  };
}

export function meta({ loaderData: data }: Route.MetaArgs) {
  return pageMeta(data);
}

const price = (p: number | null) => (p === null ? "Price on request" : `$${wholeNumberText(p)}`);

export default function ModelAccessories({ loaderData }: Route.ComponentProps) {
  const { model, path, banner, jsonLd, title } = loaderData;
  return (
    <div>
      <Breadcrumbs items={[{ name: "Home", path: "/" }, { name: "Parts & Accessories", path: "/parts-and-accessories" }, { name: title, path }]} />
      <Banner src={banner} />
      <h1 className="text-3xl font-bold">{title}</h1>
      {model.accessories.length ? (
        <table className="mt-6 w-full text-left text-sm">
          <caption className="sr-only">Accessories for the {model.name}</caption>
          <thead>
            <tr className="border-b">
              <th scope="col" className="py-2">Accessory</th>
              <th scope="col">Category</th>
              <th scope="col">Part number</th>
              <th scope="col" className="text-right">Price</th>
            </tr>
          </thead>
          <tbody>
            {model.accessories.map((a) => (
              <tr key={a.id} className="border-b">
                <td className="py-2">
                  <span className="font-semibold">{a.name}</span>
                  {a.description ? <span className="block text-slate-600">{a.description}</span> : null}
                </td>
                <td>{a.category}</td>
                <td>{a.partNumber}</td>
                <td className="text-right">{price(a.price)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="mt-6">We fit a full range of genuine accessories for the {model.name}. Tell us what you are after and our parts team will quote it.</p>
      )}
      <p className="mt-6">
        <Link to="/enquiries/parts-enquiry" className="rounded bg-[var(--site-primary)] px-4 py-2 font-semibold text-[var(--site-on-primary)]">
          Enquire about {model.name} accessories
        </Link>
      </p>
      <JsonLd json={jsonLd} />
    </div>
  );
}

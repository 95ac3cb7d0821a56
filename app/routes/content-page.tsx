/**
 * Content and legal pages from the database (issue 14; spec 2.1 content and legal rows):
 * /privacy-policy, /terms-and-conditions, /about-us, /careers, /buying, /warranty,
 * /diamond-advantage, /pages/... and blog articles /blog/vehicle-reviews/{slug}. The path is the
 * page's slug; which pages a site has is data (a page missing for the site answers 404).
 */
import type { Route } from "./+types/content-page";
import { Breadcrumbs, ContentBody, JsonLd, pageMeta } from "~/components/content/content-ui";
import { dbContext, requestInfoContext, siteContext } from "~/context";
import { breadcrumbJsonLd, serialiseLd } from "~/domain/seo/content-json-ld";
import { ContentSlugSchema, contentKindOf, getContentPage } from "~/services/content.server";
import { siteBaseUrl } from "~/services/sitemap.server";
import { formatPublishedDay } from "~/domain/content/published-day";

/** Marks this module as the content page route: the console's page editor accepts the paths it routes (issue 50). */
export const handle = { contentPage: true };

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const site = context.get(siteContext);
  const info = context.get(requestInfoContext);
  const path = url.pathname.replace(/\/+$/, "");
  const slug = ContentSlugSchema.safeParse(decodeURIComponent(path.slice(1)));
  if (!slug.success) throw new Response("Not Found", { status: 404 });
  const article = contentKindOf(slug.data) === "article";
  const page = await getContentPage(context.get(dbContext), site, slug.data, new Date(info.now), article ? ["article"] : ["page"]);
  if (!page) throw new Response("Not Found", { status: 404 });
  const base = siteBaseUrl(site, info.origin);
  const crumbs = [{ name: "Home", path: "/" }, ...(article ? [{ name: "Vehicle Reviews", path: "/blog/vehicle-reviews" }] : []), { name: page.title, path: `/${page.slug}` }];
  return {
    page,
    publishedDay: article && page.publishedAt ? formatPublishedDay(page.publishedAt, site.config.timeZone) : null,
    crumbs,
    article,
    siteName: site.name,
    title: page.title,
    description: page.description,
    canonical: `${base}/${page.slug}`,
    jsonLd: serialiseLd(breadcrumbJsonLd(crumbs.map((c) => ({ name: c.name, url: `${base}${c.path === "/" ? "/" : c.path}` })))),
  };
}

export function meta({ loaderData: data }: Route.MetaArgs) {
  return pageMeta(data);
}

export default function ContentPage({ loaderData }: Route.ComponentProps) {
  const { page, publishedDay, crumbs, jsonLd, article } = loaderData;
  return (
    <article className="mx-auto max-w-3xl" aria-labelledby="page-title">
      <Breadcrumbs items={crumbs} />
      <h1 id="page-title" className="text-3xl font-bold">
        {page.title}
      </h1>
      {article && page.publishedAt && publishedDay ? (
        <p className="mt-1 text-sm text-slate-600">
          Published <time dateTime={page.publishedAt}>{publishedDay}</time>
        </p>
      ) : null}
      {page.imageUrl ? <img src={page.imageUrl} alt="" width={1200} height={480} className="mt-4 w-full rounded object-cover" /> : null}
      <ContentBody html={page.html} />
      <JsonLd json={jsonLd} />
    </article>
  );
}

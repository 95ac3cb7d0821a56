/** /blog/vehicle-reviews (spec 2.1 content row, 2.6 blog): the site's review articles, newest first. */
import { Link } from "react-router";
import type { Route } from "./+types/blog";
import { Banner, Breadcrumbs, JsonLd, pageMeta } from "~/components/content/content-ui";
import { dbContext, requestInfoContext, siteContext } from "~/context";
import { bannerImage } from "~/domain/content/banners";
import { breadcrumbJsonLd, serialiseLd } from "~/domain/seo/content-json-ld";
import { listArticles } from "~/services/content.server";
import { siteBaseUrl } from "~/services/sitemap.server";
import { formatPublishedDay } from "~/domain/content/published-day";

export async function loader({ context }: Route.LoaderArgs) {
  const site = context.get(siteContext);
  const info = context.get(requestInfoContext);
  const articles = await listArticles(context.get(dbContext), site, "blog/vehicle-reviews/", new Date(info.now));
  if (!articles.length) throw new Response("Not Found", { status: 404 });
  const base = siteBaseUrl(site, info.origin);
  return {
    articles: articles.map((a) => ({ ...a, publishedDay: a.publishedAt ? formatPublishedDay(a.publishedAt, site.config.timeZone) : null })),
    siteName: site.name,
    title: "Vehicle Reviews",
    description: `Road tests and buying advice from the team at ${site.name}.`,
    canonical: `${base}/blog/vehicle-reviews`,
    banner: bannerImage("blog", site.config.content.banners),
    jsonLd: serialiseLd(breadcrumbJsonLd([{ name: "Home", url: `${base}/` }, { name: "Vehicle Reviews", url: `${base}/blog/vehicle-reviews` }])),
  };
}

export function meta({ loaderData: data }: Route.MetaArgs) {
  return pageMeta(data);
}

export default function Blog({ loaderData }: Route.ComponentProps) {
  const { articles, banner, jsonLd, description } = loaderData;
  return (
    <div>
      <Breadcrumbs items={[{ name: "Home", path: "/" }, { name: "Vehicle Reviews", path: "/blog/vehicle-reviews" }]} />
      <Banner src={banner} />
      <h1 className="text-3xl font-bold">Vehicle Reviews</h1>
      <p className="mt-2 text-slate-700">{description}</p>
      <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {articles.map((a) => (
          <li key={a.slug}>
            <article className="h-full rounded border border-slate-200 p-4">
              <h2 className="text-xl font-bold">
                <Link to={`/${a.slug}`} className="hover:underline">
                  {a.title}
                </Link>
              </h2>
              {a.publishedAt && a.publishedDay ? <p className="text-sm text-slate-600"><time dateTime={a.publishedAt}>{a.publishedDay}</time></p> : null}
              <p className="mt-2">{a.description}</p>
            </article>
          </li>
        ))}
      </ul>
      <JsonLd json={jsonLd} />
    </div>
  );
}

/**
 * `/sites/{slug}/pages` (issue 50 item 2): the site's content pages (about us, careers, warranty,
 * the `/pages/...` family, blog articles, landing copy), its own and the shared templates, with
 * their state and a link to edit each, plus a new page.
 */
import type { Route } from "./+types/pages";
import { listConsolePages } from "~/console/content.server";
import { SitePageHeading } from "~/console/site-page";
import { guardConsoleRoute } from "~/console/guard.server";
import { ScrollingTable } from "~/console/scrolling-table";

const ROUTE_ID = "console-site-pages";

export async function loader(args: Route.LoaderArgs) {
  const { db, site } = await guardConsoleRoute(ROUTE_ID, args);
  const scoped = site!.site;
  const pages = await listConsolePages(db, scoped.id);
  return { site: { slug: scoped.slug, name: scoped.name }, pages: pages.map((p) => ({ ...p, updatedAt: p.updatedAt.toISOString() })) };
}

const KIND: Record<string, string> = { page: "Page", article: "Blog article", landing: "Lead page copy" };

export default function ConsolePages({ loaderData }: Route.ComponentProps) {
  const { site, pages } = loaderData;
  return (
    <section aria-labelledby="pages-title">
      <SitePageHeading site={site} title="Pages" id="pages-title" />
      <p className="mt-2 flex flex-wrap gap-4">
        <a href={`/sites/${site.slug}/pages/edit`} className="rounded bg-slate-900 px-3 py-1 text-white">
          New page
        </a>
        <a href={`/sites/${site.slug}/redirects`} className="underline">
          Redirects
        </a>
      </p>
      <ScrollingTable label="Pages" className="mt-4">
        <caption className="sr-only">The site's pages by address</caption>
        <thead>
          <tr>
            <th scope="col">Title</th>
            <th scope="col">Address</th>
            <th scope="col">Kind</th>
            <th scope="col">State</th>
          </tr>
        </thead>
        <tbody>
          {pages.map((p) => (
            <tr key={p.slug} className="border-t border-slate-200 align-top">
              <td>
                <a href={`/sites/${site.slug}/pages/edit?id=${p.id}`} className="underline">
                  {p.title}
                </a>
              </td>
              <td className="break-all">/{p.slug}</td>
              <td>{KIND[p.kind]}</td>
              <td>
                {p.published ? "Published" : "Unpublished"}
                {p.source === "shared" ? " (shared template)" : ""}
              </td>
            </tr>
          ))}
        </tbody>
      </ScrollingTable>
    </section>
  );
}

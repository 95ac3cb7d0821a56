/**
 * `/models?body={body name}` (spec 2.1 "Model list by body"): the models in this site's stock
 * with that body type, by make, each with its count and a link to /search/{make}/{model}.
 * Without `body`, the body types with links to their model lists. An unknown body lists nothing.
 */
import { Link } from "react-router";
import type { Route } from "./+types/models";
import { dbContext, requestInfoContext, siteContext } from "~/context";
import { emptySearchQuery, slugify } from "~/search/params";
import { searchStock } from "~/services/search.server";

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const site = context.get(siteContext);
  const db = context.get(dbContext);
  const { now, origin } = context.get(requestInfoContext);
  const bodyParam = url.searchParams.get("body")?.trim() ?? "";
  const all = await searchStock(db, site, { ...emptySearchQuery(1), hitsPerPage: 1 }, now);
  const body = all.facets.body.find((b) => b.value.toLowerCase() === bodyParam.toLowerCase() || slugify(b.value) === slugify(bodyParam));
  const makes: { make: string; models: { name: string; count: number; href: string }[] }[] = [];
  if (body) {
    const byBody = await searchStock(db, site, { ...emptySearchQuery(1), hitsPerPage: 1, refinements: { body: [body.value] } }, now);
    for (const make of byBody.facets.make) {
      const r = await searchStock(db, site, { ...emptySearchQuery(1), hitsPerPage: 1, refinements: { body: [body.value], make: [make.value] } }, now);
      makes.push({
        make: make.value,
        models: r.facets.model.map((m) => ({ name: m.value, count: m.count, href: `/search/${slugify(make.value)}/${slugify(m.value)}?body=${encodeURIComponent(body.value)}` })),
      });
    }
  }
  return {
    siteName: site.name,
    body: body?.value ?? null,
    asked: bodyParam,
    bodies: all.facets.body.map((b) => ({ name: b.value, count: b.count, href: `/models?body=${encodeURIComponent(b.value)}` })),
    makes,
    canonical: `${site.config.url ?? origin}/models${body ? `?body=${encodeURIComponent(body.value)}` : ""}`,
    itemPlural: site.config.itemNoun.plural,
  };
}

export function meta({ loaderData: data }: Route.MetaArgs) {
  if (!data) return [{ title: "Models" }];
  const title = data.body ? `${data.body} models` : "Models by body type";
  return [
    { title: `${title} | ${data.siteName}` },
    { name: "description", content: data.body ? `Every ${data.body} model in stock at ${data.siteName}, by make.` : `Browse ${data.itemPlural} at ${data.siteName} by body type.` },
    { tagName: "link", rel: "canonical", href: data.canonical },
  ];
}

export default function Models({ loaderData: d }: Route.ComponentProps) {
  return (
    <>
      <h1 className="text-3xl font-bold">{d.body ? `${d.body} models` : "Models by body type"}</h1>
      {d.asked && !d.body ? <p className="mt-2 text-slate-600">We have no {d.itemPlural} with the body type "{d.asked}" right now.</p> : null}
      {d.body ? (
        <div className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {d.makes.map((m) => (
            <section key={m.make} aria-labelledby={`make-${slugify(m.make)}`} className="rounded-lg bg-white p-4 shadow-sm">
              <h2 id={`make-${slugify(m.make)}`} className="text-lg font-semibold">
                {m.make}
              </h2>
              <ul className="mt-2 space-y-1">
                {m.models.map((model) => (
                  <li key={model.name}>
                    <Link to={model.href} className="text-[var(--site-primary)] underline">
                      {model.name}
                    </Link>{" "}
                    <span className="text-sm text-slate-500">({model.count})</span>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      ) : null}
      <nav aria-label="Body types" className="mt-8">
        <h2 className="text-lg font-semibold">Body types</h2>
        <ul className="mt-2 flex flex-wrap gap-2">
          {d.bodies.map((b) => (
            <li key={b.name}>
              <Link to={b.href} aria-current={b.name === d.body ? "page" : undefined} className="inline-block rounded-full border border-slate-300 bg-white px-3 py-1 text-sm">
                {b.name} ({b.count})
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </>
  );
}

import { z } from "zod";
import type { Route } from "./+types/print";
import { BodyIllustration } from "~/components/vehicle/body-illustration";
import { dbContext, requestInfoContext, siteContext } from "~/context";
import { getCarBySlug } from "~/services/cars.server";
import { buildVdpView } from "~/services/vdp.server";

const Query = z.object({ car_id: z.string().regex(/^[a-z0-9-]{1,200}$/) });

/** /print?car_id={slug}: the printable vehicle page (spec 2.1 / 2.4; opened from the VDP, event 61). */
export async function loader({ request, context, url }: Route.LoaderArgs) {
  const parsed = Query.safeParse(Object.fromEntries(url.searchParams));
  if (!parsed.success) throw new Response("Which car? Add ?car_id={the car's slug}.", { status: 400 });
  const site = context.get(siteContext);
  const db = context.get(dbContext);
  const { now, origin } = context.get(requestInfoContext);
  const lookup = await getCarBySlug(db, site, parsed.data.car_id);
  if (lookup.kind !== "found") throw new Response("Not Found", { status: 404 });
  return { vdp: await buildVdpView(db, site, lookup.car, { now: new Date(now), origin }), siteName: site.name };
}

export function meta({ loaderData: data }: Route.MetaArgs) {
  return data
    ? [{ title: `Print: ${data.vdp.title} | ${data.siteName}` }, { name: "robots", content: "noindex" }, { tagName: "link", rel: "canonical", href: data.vdp.canonical }]
    : [{ title: "Print" }];
}

export default function PrintPage({ loaderData }: Route.ComponentProps) {
  const { vdp, siteName } = loaderData;
  return (
    <article aria-labelledby="print-title" className="mx-auto max-w-3xl bg-white p-6">
      <style href="forecourt-print" precedence="default">{"@media print { body > header, body > footer, .print-hidden { display: none !important; } main { padding: 0 !important; } }"}</style>
      <p className="print-hidden mb-4">
        <button type="button" onClick={() => window.print()} className="rounded bg-[var(--site-primary)] px-4 py-2 font-semibold text-[var(--site-on-primary)]">
          Print this page
        </button>
      </p>
      <p className="text-sm text-slate-600">{siteName}</p>
      <h1 id="print-title" className="text-2xl font-bold">
        {vdp.title}
      </h1>
      <p className="mt-1 text-2xl font-bold" data-testid="print-price">
        {vdp.inStock ? vdp.price.text : "SOLD"}
      </p>
      <div className="mt-4 w-80">
        {vdp.image.kind === "photo" ? (
          <img src={vdp.image.src} alt={vdp.imageAlt} width={vdp.image.width} height={vdp.image.height} />
        ) : (
          <BodyIllustration body={vdp.image.body} label={`${vdp.simpleBody ?? vdp.itemNoun} illustration`} />
        )}
      </div>
      <h2 className="mt-6 text-lg font-semibold">Specifications</h2>
      <dl className="mt-2 grid grid-cols-2 gap-x-6 text-sm">
        {[...(vdp.icons.km ? [{ label: "Odometer", value: vdp.icons.km, name: "odo" }] : []), ...vdp.specs.filter((s) => s.name !== "km"), ...vdp.keyInfo.map((k) => ({ ...k, name: k.label }))].map((s) => (
          <div key={s.name} className="flex justify-between border-b border-slate-100 py-1">
            <dt className="text-slate-600">{s.label}</dt>
            <dd className="font-medium">{s.value}</dd>
          </div>
        ))}
      </dl>
      {vdp.features.length ? (
        <>
          <h2 className="mt-6 text-lg font-semibold">Features</h2>
          <ul className="mt-2 list-disc columns-2 pl-6 text-sm">
            {vdp.features.map((f) => (
              <li key={f}>{f}</li>
            ))}
          </ul>
        </>
      ) : null}
      <h2 className="mt-6 text-lg font-semibold">Dealer comments</h2>
      {vdp.comments.paragraphs.map((p, i) => (
        <p key={i} className="mt-1 text-sm">
          {p}
        </p>
      ))}
      <p className="mt-6 text-sm">
        {vdp.location ? `${vdp.location.name}, ${vdp.location.address}. ` : ""}
        {vdp.phone ? `Phone ${vdp.phone.display}. ` : ""}Stock number {vdp.stockNumber}.
      </p>
    </article>
  );
}

/**
 * `/sites/{slug}/photos` (issue 49 item 2): the way into a car's photos from the site page. A GET
 * form takes a stock number and opens that car's photo page; an unknown one (or a car at a
 * location the member does not work at) is said so next to the field, keeping what was typed.
 */
import { data, redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/photos-find";
import { findPhotoCar } from "~/console/car-photos.server";
import { guardConsoleRoute } from "~/console/guard.server";

const StockNumberSchema = z.string().trim().min(1, "Enter a stock number.").max(100, "A stock number has at most 100 characters.");

export async function loader(args: Route.LoaderArgs) {
  const { db, site } = await guardConsoleRoute("console-site-photos", args);
  const scoped = site!;
  const typed = args.url.searchParams.get("stockNumber");
  const page = { site: { slug: scoped.site.slug, name: scoped.site.name }, typed: typed ?? "", error: null as string | null };
  if (typed === null) return page;
  const parsed = StockNumberSchema.safeParse(typed);
  if (!parsed.success) return data({ ...page, error: parsed.error.issues[0].message }, { status: 400 });
  const car = await findPhotoCar(db, scoped, parsed.data);
  if (!car) return data({ ...page, error: `No car with stock number ${parsed.data} among the cars you can see.` }, { status: 404 });
  return redirect(`/sites/${scoped.site.slug}/stock/${encodeURIComponent(car.stockNumber)}/photos`);
}

export default function ConsolePhotosFind({ loaderData }: Route.ComponentProps) {
  const { site, typed, error } = loaderData;
  return (
    <section aria-labelledby="photos-find-title">
      <title>{`Photos · ${site.name} · Forecourt console`}</title>
      <p className="text-sm">
        <a href={`/sites/${site.slug}`} className="underline">
          {site.name}
        </a>
      </p>
      <h1 id="photos-find-title" className="text-2xl font-bold">
        Photos
      </h1>
      <form method="get" className="mt-3 flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="photos-stock-number" className="block text-sm font-medium">
            Stock number
          </label>
          <input id="photos-stock-number" name="stockNumber" defaultValue={typed} required aria-invalid={error ? true : undefined} aria-describedby={error ? "photos-stock-number-error" : undefined} className="mt-1 rounded border border-slate-500 px-2 py-1" />
        </div>
        <button type="submit" className="rounded bg-slate-900 px-3 py-1 text-white">
          Open the car's photos
        </button>
        {error ? (
          <p id="photos-stock-number-error" className="w-full text-sm font-semibold text-red-700">
            {error}
          </p>
        ) : null}
      </form>
    </section>
  );
}

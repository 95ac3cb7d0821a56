/**
 * `/sites/{slug}/offers/preview` (issue 50 item 7): a signed preview link (decision 276's, with
 * the moment and drafts in its claims) that opens the site's own host as it will be at a chosen
 * moment in the site's time zone: offers whose dates or scheduled publication fall by then show,
 * ones unpublished by then do not. With `offer`, it opens that offer's page and shows drafts, so
 * any draft can be previewed. A GET form: the chosen moment is in the URL.
 */
import { addDays } from "date-fns/addDays";
import { TZDate } from "@date-fns/tz";
import { data } from "react-router";
import type { Route } from "./+types/offers-preview";
import { guardConsoleRoute } from "~/console/guard.server";
import { loadSiteOffer } from "~/console/offers.server";
import { PREVIEW_PATH, PREVIEW_TTL_SECONDS, signPreviewToken } from "~/console/preview-token.server";
import { siteOrigin } from "~/console/site-links";
import { recordAudit } from "~/console/staff.server";
import { instantOfLocalInput, localInputOf, momentInWords } from "~/domain/content/schedule";
import { getSiteBySlug } from "~/services/sites.server";

const ROUTE_ID = "console-site-offers-preview";

/** Tomorrow 9:00 in the zone: the form's first suggestion. */
function tomorrowNine(now: number, timeZone: string): string {
  const day = addDays(new TZDate(now, timeZone), 1);
  return `${localInputOf(day, timeZone).slice(0, 10)}T09:00`;
}

export async function loader(args: Route.LoaderArgs) {
  const { db, site, member, console } = await guardConsoleRoute(ROUTE_ID, args);
  const scoped = site!.site;
  const full = await getSiteBySlug(db, scoped.slug);
  if (!full) throw data("Not found", { status: 404 });
  const zone = full.config.timeZone;
  const params = args.url.searchParams;
  const rawOffer = params.get("offer");
  const offer = rawOffer && /^\d{1,9}$/.test(rawOffer) ? await loadSiteOffer(db, scoped.id, Number(rawOffer)) : null;
  const at = params.get("at") ?? "";
  const drafts = params.get("drafts") === "1" || offer !== null;
  const base = { nextPath: params.get("next"), site: { slug: scoped.slug, name: scoped.name }, timeZone: zone, at: at || tomorrowNine(Date.now(), zone), drafts, offer: offer ? { id: offer.id, name: offer.name } : null, link: null as string | null, moment: null as string | null, error: null as string | null, minutes: PREVIEW_TTL_SECONDS / 60 };
  if (!params.has("at") && !offer) return base;
  const asOf = at ? instantOfLocalInput(at, zone) : new Date();
  if (!asOf) return data({ ...base, error: "Enter a date and time, e.g. 2026-12-07 09:00." }, { status: 400 });
  const token = await signPreviewToken(db, scoped.id, member.id, Date.now(), { asOf: asOf.getTime(), drafts });
  await recordAudit(db, { userId: member.id, actorEmail: member.email, siteId: scoped.id, action: "content.preview", entity: offer ? "offer" : "site-content", entityId: offer ? String(offer.id) : null, after: { asOf: asOf.toISOString(), drafts }, ipAddress: console.clientIp });
  // Another editor's link names the page its change shows on (a same-site path).
  const asked = params.get("next");
  const next = offer ? `/offers/${offer.id}` : asked && /^\/(?![/\\])[^\s]{0,300}$/.test(asked) ? asked : "/special-offers";
  return { ...base, link: `${siteOrigin(console.origin, scoped.hosts, scoped.slug)}${PREVIEW_PATH}?token=${encodeURIComponent(token)}&next=${encodeURIComponent(next)}`, moment: momentInWords(asOf, zone) };
}

export function action() {
  throw data("Not allowed", { status: 405 });
}

export default function ConsoleOffersPreview({ loaderData }: Route.ComponentProps) {
  const { site, timeZone, at, drafts, offer, link, moment, error, minutes, nextPath } = loaderData;
  return (
    <section aria-labelledby="preview-title">
      <title>{`Preview as of a moment · ${site.name} · Forecourt console`}</title>
      <p className="text-sm">
        <a href={`/sites/${site.slug}/offers`} className="underline">
          {site.name} offers
        </a>
      </p>
      <h1 id="preview-title" className="text-2xl font-bold">
        {offer ? `Preview "${offer.name}"` : "Preview the site as of a moment"}
      </h1>
      <form method="get" className="mt-4 grid max-w-md gap-3">
        {offer ? <input type="hidden" name="offer" value={offer.id} /> : null}
        {nextPath ? <input type="hidden" name="next" value={nextPath} /> : null}
        <div className="grid gap-1">
          <label htmlFor="preview-at" className="font-semibold">
            As of ({timeZone})
          </label>
          <input id="preview-at" type="datetime-local" name="at" defaultValue={at} aria-describedby={error ? "preview-at-error" : undefined} aria-invalid={error ? true : undefined} className="rounded border border-slate-400 px-2 py-1" />
          {error ? (
            <p id="preview-at-error" className="text-sm font-semibold text-red-800">
              {error}
            </p>
          ) : null}
        </div>
        {offer ? null : (
          <label className="flex items-center gap-2">
            <input type="checkbox" name="drafts" value="1" defaultChecked={drafts} />
            Also show drafts
          </label>
        )}
        <button type="submit" className="justify-self-start rounded bg-slate-900 px-3 py-2 text-white">
          Make the preview link
        </button>
      </form>
      {link ? (
        <>
          <p className="mt-4">
            <a href={link} className="rounded bg-slate-900 px-3 py-2 text-white" target="_blank" rel="noopener">
              Open the preview as of {moment}
            </a>
          </p>
          <p className="mt-3 text-sm text-slate-700">The link works for {minutes} minutes, in this browser, and shows only this site. Shoppers never see it; preview pages are never cached.</p>
        </>
      ) : null}
    </section>
  );
}

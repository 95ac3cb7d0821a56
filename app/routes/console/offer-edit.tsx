/**
 * `/sites/{slug}/offers/edit` (issue 50 items 1 and 7): the offer editor; `?id=` edits that offer
 * of the site, none creates one (as a draft). One plain HTML form posts every field with the
 * button's intent: save, publish now, or schedule (publish at / unpublish at, in the site's time
 * zone). A refused post answers 400 with every typed value and the message beside its field.
 * Duplicate, retire, unpublish and cancelling a schedule are small forms of their own.
 */
import { data, redirect } from "react-router";
import type { Route } from "./+types/offer-edit";
import { fieldProblem, formProblem, parseConsoleForm, readPostedForm } from "~/console/form.server";
import { FormStatus, type FormOutcome } from "~/console/forms";
import { guardConsoleAction, guardConsoleRoute } from "~/console/guard.server";
import { OfferButtons, OfferFields, pendingInWords } from "~/console/offer-fields";
import {
  cancelOfferSchedule,
  duplicateOffer,
  loadSiteOffer,
  offerFormValues,
  OfferFormSchema,
  offerImageOf,
  OfferInputError,
  offerModelChoices,
  offerValues,
  saveOffer,
  scheduleOfForm,
  scheduleOffer,
  setOfferStatus,
  type OfferActor,
} from "~/console/offers.server";
import { accessOf } from "~/console/permissions";
import { FailedChangesList, publishingInWords } from "~/console/schedule-ui";
import { answerScheduleListIntent, listSiteFailed } from "~/console/scheduling.server";
import { momentInWords, SCHEDULE_LIST_NOTICES } from "~/domain/content/schedule";
import { getSiteBySlug } from "~/services/sites.server";
import { ImageUploadError, MAX_UPLOAD_BYTES } from "~/services/content-images.server";

const ROUTE_ID = "console-site-offer-edit";
const FORM = "offer";

function offerIdOf(url: URL): number | null {
  const raw = url.searchParams.get("id");
  if (raw === null) return null;
  if (!/^\d{1,9}$/.test(raw)) throw data("Not found", { status: 404 });
  return Number(raw);
}

async function siteOf(db: Parameters<typeof getSiteBySlug>[0], slug: string) {
  const site = await getSiteBySlug(db, slug);
  if (!site) throw data("Not found", { status: 404 });
  return site;
}

export async function loader(args: Route.LoaderArgs) {
  const { db, site, member } = await guardConsoleRoute(ROUTE_ID, args);
  const scoped = site!.site;
  const full = await siteOf(db, scoped.slug);
  const id = offerIdOf(args.url);
  const offer = id === null ? null : await loadSiteOffer(db, scoped.id, id);
  if (id !== null && !offer) throw data("Not found", { status: 404 });
  const zone = full.config.timeZone;
  return {
    site: { slug: scoped.slug, name: scoped.name },
    timeZone: zone,
    offer: offer ? { id: offer.id, status: offer.status, imageUrl: offer.imageUrl, pending: offer.pending.map((p) => ({ action: p.action, at: momentInWords(p.runAt, zone) })) } : null,
    failed: offer ? await listSiteFailed(db, scoped.id, zone, { entity: "offer", entityIds: [offer.id] }, Date.now()) : [],
    values: offer ? offerFormValues(offer, zone) : ({} as Record<string, string>),
    models: await offerModelChoices(db),
    mayEdit: member.grants.some((g) => accessOf(g.role, "content.edit") !== null),
    done: args.url.searchParams.get("done"),
    maxUploadMb: MAX_UPLOAD_BYTES / 1024 / 1024,
  };
}

export async function action(args: Route.ActionArgs) {
  const { db, site, member, console } = await guardConsoleAction("console-site-offer-edit", args);
  const scoped = site!.site;
  const full = await siteOf(db, scoped.slug);
  const actor: OfferActor = { member, ipAddress: console.clientIp };
  const id = offerIdOf(args.url);
  if (id !== null && !(await loadSiteOffer(db, scoped.id, id))) throw data("Not found", { status: 404 });
  const { form, intent: posted, typed } = await readPostedForm(args.request);
  const intent = posted || "save";
  const back = (offerId: number, done: string) => redirect(`/sites/${scoped.slug}/offers/edit?id=${offerId}&done=${done}`);
  try {
    if (id !== null && (intent === "duplicate" || intent === "retire" || intent === "unpublish" || intent === "cancel-schedule" || intent === "dismiss-failed")) {
      if (intent === "duplicate") return back(await duplicateOffer(db, actor, scoped.id, id), "duplicated");
      if (intent === "dismiss-failed") return back(id, await answerScheduleListIntent(db, actor, scoped.id, intent, form.get("changeId")));
      if (intent === "cancel-schedule") await cancelOfferSchedule(db, actor, scoped.id, id);
      else await setOfferStatus(db, actor, scoped.id, id, intent === "retire" ? "retired" : "draft");
      return back(id, intent);
    }
    const parsed = parseConsoleForm(FORM, form, OfferFormSchema);
    if (!parsed.ok) return formProblem({ ...parsed.problem, values: typed });
    const zone = full.config.timeZone;
    const now = Date.now();
    const at = scheduleOfForm(parsed.value, zone, intent, now);
    const values = await offerValues(db, parsed.value, zone);
    const image = await offerImageOf(db, form, { siteId: scoped.id, dealerGroupId: null }, member.id);
    if (image !== undefined) values.imageUrl = image;
    const saved = await saveOffer(db, actor, scoped.id, id, values);
    if (intent === "publish") await setOfferStatus(db, actor, scoped.id, saved, "published");
    if (intent === "schedule") await scheduleOffer(db, actor, scoped.id, saved, at, now);
    return back(saved, intent === "publish" ? "published" : intent === "schedule" ? "scheduled" : "saved");
  } catch (error) {
    if (error instanceof OfferInputError) return fieldProblem(FORM, error.field, error.message, typed);
    if (error instanceof ImageUploadError) return fieldProblem(FORM, "image", error.message, typed);
    throw error;
  }
}

const DONE: Record<string, string> = {
  saved: "Saved.",
  published: "Published: shoppers see it on the next request (between its start and expiry).",
  scheduled: "Scheduled. The change takes effect within a minute of its time.",
  duplicated: "Duplicated: this is the copy, a draft.",
  retire: "Retired: it shows nowhere and is kept for the record.",
  unpublish: "Unpublished: it is a draft again.",
  "cancel-schedule": "Schedule cancelled.",
  dismissed: SCHEDULE_LIST_NOTICES.dismissed,
};

const STATUS: Record<string, string> = { draft: "Draft (shoppers do not see it)", published: "Published", retired: "Retired" };

export default function ConsoleOfferEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { site, offer, failed, values, models, timeZone, mayEdit, done, maxUploadMb } = loaderData;
  const outcome = actionData as FormOutcome;
  const heading = offer ? `Edit offer` : "New offer or promo card";
  return (
    <section aria-labelledby="offer-title">
      <title>{`${heading} · ${site.name} · Forecourt console`}</title>
      <p className="text-sm">
        <a href={`/sites/${site.slug}/offers`} className="underline">
          {site.name} offers
        </a>
      </p>
      <h1 id="offer-title" className="text-2xl font-bold">
        {heading}
      </h1>
      {offer ? (
        <p className="mt-1">
          Status: <strong>{STATUS[offer.status] ?? offer.status}</strong>. {pendingInWords(offer.pending)}
        </p>
      ) : null}
      {offer && failed.length ? (
        <section aria-labelledby="offer-failed" className="mt-3">
          <FailedChangesList failed={failed} describe={publishingInWords} headingId="offer-failed" />
        </section>
      ) : null}
      {done && DONE[done] && !outcome ? (
        <p role="status" className="mt-3 rounded border border-green-700 bg-green-50 p-3 text-sm">
          {DONE[done]}
        </p>
      ) : null}
      <FormStatus outcome={outcome} />
      <form method="post" encType="multipart/form-data" className="mt-4 grid gap-4 sm:grid-cols-2" noValidate>
        <OfferFields outcome={outcome} values={values} models={models} timeZone={timeZone} maxUploadMb={maxUploadMb} imageUrl={offer?.imageUrl ?? null} where="this site" />
        {mayEdit ? <OfferButtons isNew={!offer} /> : null}
      </form>
      {offer && mayEdit ? (
        <div className="mt-6 flex flex-wrap gap-3 border-t border-slate-300 pt-4">
          <a href={`/sites/${site.slug}/offers/preview?offer=${offer.id}`} className="rounded border border-slate-700 px-3 py-2 underline">
            Preview this offer
          </a>
          {(["duplicate", ...(offer.pending.length ? ["cancel-schedule"] : []), ...(offer.status === "published" ? ["unpublish"] : []), ...(offer.status !== "retired" ? ["retire"] : [])] as const).map((intent) => (
            <form key={intent} method="post">
              <input type="hidden" name="intent" value={intent} />
              <button type="submit" className="rounded border border-slate-700 px-3 py-2">
                {{ duplicate: "Duplicate", "cancel-schedule": "Cancel the schedule", unpublish: "Unpublish now", retire: "Retire" }[intent]}
              </button>
            </form>
          ))}
        </div>
      ) : null}
    </section>
  );
}

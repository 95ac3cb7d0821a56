/**
 * `/sites/{slug}/offers/edit` (issue 50 items 1 and 7): the offer editor; `?id=` edits that offer
 * of the site, none creates one (as a draft). One plain HTML form posts every field with the
 * button's intent: save, publish now, or schedule (publish at / unpublish at, in the site's time
 * zone). A refused post answers 400 with every typed value and the message beside its field.
 * Duplicate, retire, unpublish and cancelling a schedule are small forms of their own.
 */
import { data, redirect } from "react-router";
import type { Route } from "./+types/offer-edit";
import { fieldProblem, formProblem, parseConsoleForm } from "~/console/form.server";
import { errorsOf, FieldNotes, FormStatus, keptValue, type FormOutcome } from "~/console/forms";
import { guardConsoleAction, guardConsoleRoute } from "~/console/guard.server";
import {
  cancelOfferSchedule,
  duplicateOffer,
  loadSiteOffer,
  offerFormValues,
  OfferFormSchema,
  OfferInputError,
  offerModelChoices,
  offerValues,
  saveOffer,
  scheduleOffer,
  setOfferStatus,
  type OfferActor,
} from "~/console/offers.server";
import { accessOf } from "~/console/permissions";
import { instantOfLocalInput, momentInWords } from "~/domain/content/schedule";
import { COMPARISON_RATE_WARNING } from "~/domain/finance/disclosure-text";
import { getSiteBySlug } from "~/services/sites.server";
import { ImageUploadError, MAX_UPLOAD_BYTES, storeContentImage } from "~/services/content-images.server";

const ROUTE_ID = "console-site-offer-edit";
const FORM = "offer";

/** What was typed (files are not sent back: a browser cannot refill a file input). */
function typedValues(form: FormData): Record<string, string> {
  return Object.fromEntries([...form.entries()].filter((e): e is [string, string] => typeof e[1] === "string"));
}

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
  const form = await args.request.formData();
  const intent = String(form.get("intent") ?? "save");
  const back = (offerId: number, done: string) => redirect(`/sites/${scoped.slug}/offers/edit?id=${offerId}&done=${done}`);
  try {
    if (id !== null && (intent === "duplicate" || intent === "retire" || intent === "unpublish" || intent === "cancel-schedule")) {
      if (intent === "duplicate") return back(await duplicateOffer(db, actor, scoped.id, id), "duplicated");
      if (intent === "cancel-schedule") await cancelOfferSchedule(db, actor, scoped.id, id);
      else await setOfferStatus(db, actor, scoped.id, id, intent === "retire" ? "retired" : "draft");
      return back(id, intent);
    }
    const typed = typedValues(form);
    const parsed = parseConsoleForm(FORM, form, OfferFormSchema);
    if (!parsed.ok) return formProblem({ ...parsed.problem, values: typed });
    const zone = full.config.timeZone;
    const now = Date.now();
    const publishAt = parsed.value.publishAt ? instantOfLocalInput(parsed.value.publishAt, zone) : null;
    const unpublishAt = parsed.value.unpublishAt ? instantOfLocalInput(parsed.value.unpublishAt, zone) : null;
    // Checked before anything is saved, so a refused schedule never leaves a half-made offer.
    if (intent === "schedule") {
      if (!publishAt && !unpublishAt) return fieldProblem(FORM, "publishAt", "Publish at: enter when to publish (or Unpublish at: when to take it down).", typed);
      if (publishAt && publishAt.getTime() <= now) return fieldProblem(FORM, "publishAt", "Publish at must be in the future (or use Publish now).", typed);
      if (unpublishAt && unpublishAt.getTime() <= now) return fieldProblem(FORM, "unpublishAt", "Unpublish at must be in the future.", typed);
    }
    const values = await offerValues(db, parsed.value, zone);
    const image = form.get("image");
    if (image instanceof File && image.size > 0) values.imageUrl = await storeContentImage(db, scoped.id, image, member.id);
    else if (form.get("removeImage") === "1") values.imageUrl = null;
    const saved = await saveOffer(db, actor, scoped.id, id, values);
    if (intent === "publish") await setOfferStatus(db, actor, scoped.id, saved, "published");
    if (intent === "schedule") await scheduleOffer(db, actor, scoped.id, saved, { publishAt, unpublishAt }, now);
    return back(saved, intent === "publish" ? "published" : intent === "schedule" ? "scheduled" : "saved");
  } catch (error) {
    if (error instanceof OfferInputError) return fieldProblem(FORM, error.field, error.message, typedValues(form));
    if (error instanceof ImageUploadError) return fieldProblem(FORM, "image", error.message, typedValues(form));
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
};

const STATUS: Record<string, string> = { draft: "Draft (shoppers do not see it)", published: "Published", retired: "Retired" };

function Field({ outcome, name, label, values, help, type = "text", wide, children }: { outcome: FormOutcome; name: string; label: string; values: Record<string, string>; help?: string; type?: string; wide?: boolean; children?: (props: { id: string; name: string; defaultValue: string; "aria-describedby"?: string; "aria-invalid"?: boolean }) => React.ReactNode }) {
  const errors = errorsOf(outcome, FORM, name);
  const id = `f-${name}`;
  const described = [help ? `${id}-help` : null, errors.length ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  const props = { id, name, defaultValue: keptValue(outcome, FORM, name, values[name] ?? ""), "aria-describedby": described, "aria-invalid": errors.length ? true : undefined };
  return (
    <div className={`grid gap-1 ${wide ? "sm:col-span-2" : ""}`}>
      <label htmlFor={id} className="font-semibold">
        {label}
      </label>
      {children ? children(props) : <input type={type} className="rounded border border-slate-400 px-2 py-1" {...props} />}
      <FieldNotes id={id} help={help} errors={errors} />
    </div>
  );
}

export default function ConsoleOfferEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { site, offer, values, models, timeZone, mayEdit, done, maxUploadMb } = loaderData;
  const outcome = actionData as FormOutcome;
  const f = { outcome, values };
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
          Status: <strong>{STATUS[offer.status] ?? offer.status}</strong>.{" "}
          {offer.pending.length ? offer.pending.map((p) => `${p.action === "publish" ? "Publishes" : "Unpublishes"} ${p.at}`).join("; ") + "." : "Nothing scheduled."}
        </p>
      ) : null}
      {done && DONE[done] && !outcome ? (
        <p role="status" className="mt-3 rounded border border-green-700 bg-green-50 p-3 text-sm">
          {DONE[done]}
        </p>
      ) : null}
      <FormStatus outcome={outcome} />
      <form method="post" encType="multipart/form-data" className="mt-4 grid gap-4 sm:grid-cols-2" noValidate>
        <Field {...f} name="name" label="Name" wide />
        <Field {...f} name="kind" label="Kind">
          {(p) => (
            <select {...p} className="rounded border border-slate-400 px-2 py-1">
              <option value="offer">Offer (special offers page)</option>
              <option value="promo_card">Promo card (among search results)</option>
            </select>
          )}
        </Field>
        <Field {...f} name="category" label="Category" help="e.g. Finance offer, Service offer." />
        <Field {...f} name="modelId" label="Model">
          {(p) => (
            <select {...p} className="rounded border border-slate-400 px-2 py-1">
              <option value="">No model</option>
              {models.map((m) => (
                <option key={m.id} value={m.id}>
                  {m.label}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field {...f} name="carType" label="Car type" help="A promo card shows only for searches of this car type.">
          {(p) => (
            <select {...p} className="rounded border border-slate-400 px-2 py-1">
              <option value="">Every car type</option>
              <option value="new">New</option>
              <option value="demo">Demo</option>
              <option value="used">Used</option>
            </select>
          )}
        </Field>
        <Field {...f} name="description" label="Description" wide>
          {(p) => <textarea {...p} rows={4} className="rounded border border-slate-400 px-2 py-1" />}
        </Field>
        <Field {...f} name="disclaimer" label="Disclaimer" wide>
          {(p) => <textarea {...p} rows={3} className="rounded border border-slate-400 px-2 py-1" />}
        </Field>
        <Field {...f} name="image" label="Image" help={`JPEG, PNG, WebP, AVIF or HEIC (iPhone), at most ${maxUploadMb} MB. Location and camera details are removed. Empty: the model's image, else the site's offers banner.`} wide>
          {(p) => <input type="file" accept="image/jpeg,image/png,image/webp,image/avif,image/heic,image/heif" id={p.id} name={p.name} aria-describedby={p["aria-describedby"]} aria-invalid={p["aria-invalid"]} />}
        </Field>
        {offer?.imageUrl ? (
          <div className="flex items-center gap-3 sm:col-span-2">
            <img src={offer.imageUrl} alt="The offer's current image" width={160} height={90} className="h-[90px] w-[160px] rounded object-cover" />
            <label className="flex items-center gap-2">
              <input type="checkbox" name="removeImage" value="1" /> Remove the image
            </label>
          </div>
        ) : null}
        <Field {...f} name="linkUrl" label="Link (promo cards)" help="A path on this site such as /trade-in, or an https:// address." wide />
        <Field {...f} name="startsAt" label="Starts" type="datetime-local" help={`Shown from this time (${timeZone}). Empty: at once.`} />
        <Field {...f} name="expiresAt" label="Expires" type="datetime-local" help={`Shown until this time (${timeZone}). Empty: no expiry.`} />
        <fieldset className="grid gap-3 rounded border border-slate-300 p-3 sm:col-span-2 sm:grid-cols-3">
          <legend className="px-1 font-semibold">Finance (only for a finance offer)</legend>
          <Field {...f} name="financeRate" label="Finance rate (% p.a.)" />
          <Field {...f} name="comparisonRate" label="Comparison rate (% p.a.)" help="Required with a finance rate." />
          <Field {...f} name="termYears" label="Term (years)" help="Default 5." />
          <p className="text-sm text-slate-700 sm:col-span-3">Shown with the rates, always: {COMPARISON_RATE_WARNING}</p>
        </fieldset>
        <fieldset className="grid gap-3 rounded border border-slate-300 p-3 sm:col-span-2 sm:grid-cols-2">
          <legend className="px-1 font-semibold">Schedule ({timeZone})</legend>
          <Field {...f} name="publishAt" label="Publish at" type="datetime-local" />
          <Field {...f} name="unpublishAt" label="Unpublish at" type="datetime-local" />
        </fieldset>
        {mayEdit ? (
          <div className="flex flex-wrap gap-3 sm:col-span-2">
            <button type="submit" name="intent" value="save" className="rounded border border-slate-700 px-3 py-2">
              {offer ? "Save" : "Save as draft"}
            </button>
            <button type="submit" name="intent" value="publish" className="rounded bg-slate-900 px-3 py-2 text-white">
              Save and publish now
            </button>
            <button type="submit" name="intent" value="schedule" className="rounded border border-slate-700 px-3 py-2">
              Save and schedule
            </button>
          </div>
        ) : null}
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

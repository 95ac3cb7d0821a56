/**
 * `/sites/{slug}/promotions` (issue 50 item 3): the home page's feature banner, the promotional
 * popup (image, title, description, button, dates) and the home banners, as fields with their
 * messages, a preview, and a save that publishes a settings version. Links to this site are
 * checked like the navigation's. The sub-footer's licence numbers belong to the locations.
 */
import { redirect } from "react-router";
import type { Route } from "./+types/promotions";
import { resolvedSite } from "~/console/content.server";
import { Field, Notice, PreviewAndSave } from "~/console/content-ui";
import { SitePageHeading } from "~/console/site-page";
import { formProblem, parseConsoleForm, readPostedForm } from "~/console/form.server";
import { FormStatus, keptValue, type FormOutcome } from "~/console/forms";
import { SCHEDULE_LIST_NOTICES } from "~/domain/content/schedule";
import { guardConsoleAction, guardConsoleRoute } from "~/console/guard.server";
import { brokenLinks } from "~/console/navigation.server";
import { promotionLinks, promotionsConfig, PromotionsFormSchema, promotionsValues } from "~/console/promotions.server";
import { publishConfigChange, SettingsConflict } from "~/console/settings.server";
import { answerScheduleListIntent, applyAtInstant, isScheduleListIntent, listSiteFailed, listSitePending, scheduleSiteChange } from "~/console/scheduling.server";
import { ApplyAtControls, PendingChangesList } from "~/console/schedule-ui";
import { listLocations } from "~/services/locations.server";

const ROUTE_ID = "console-site-promotions";
const FORM = "promotions";

export async function loader(args: Route.LoaderArgs) {
  const { db, site } = await guardConsoleRoute(ROUTE_ID, args);
  const full = await resolvedSite(db, site!.site.slug);
  const nav = full.config.navigation;
  const done = args.url.searchParams.get("done");
  return {
    site: { slug: full.slug, name: full.name },
    values: promotionsValues(nav),
    bannerRows: nav.banners.length + 1,
    licences: (await listLocations(db, full)).map((l) => ({ name: l.name, licence: l.dealerLicenseNumber, repairerLicence: l.motorVehicleRepairer })),
    notice: done === "scheduled" ? "Scheduled. The change takes effect within a minute of its time." : done === "cancelled" || done === "dismissed" ? SCHEDULE_LIST_NOTICES[done] : done ? `Published as settings version ${done}: shoppers see it on their next page.` : null,
    timeZone: full.config.timeZone,
    pending: await listSitePending(db, full.id, full.config.timeZone, { entity: "site-config", entityIds: [full.id], actions: ["promotions"] }),
    failed: await listSiteFailed(db, full.id, full.config.timeZone, { entity: "site-config", entityIds: [full.id], actions: ["promotions"] }, Date.now()),
  };
}


export async function action(args: Route.ActionArgs) {
  const { db, site, member, console } = await guardConsoleAction("console-site-promotions", args);
  const full = await resolvedSite(db, site!.site.slug);
  const { form, intent, typed } = await readPostedForm(args.request);
  if (isScheduleListIntent(intent)) {
    return redirect(`/sites/${full.slug}/promotions?done=${await answerScheduleListIntent(db, { member, ipAddress: console.clientIp }, full.id, intent, form.get("changeId"))}`);
  }
  if (intent !== "preview" && intent !== "save" && intent !== "schedule") return formProblem({ form: FORM, errors: { form: ["Choose Preview or Save."] }, values: typed });
  const parsed = parseConsoleForm(FORM, form, PromotionsFormSchema);
  if (!parsed.ok) return formProblem({ ...parsed.problem, values: typed });
  const broken = await brokenLinks(promotionLinks(parsed.value), (path) => console.probeSitePath?.(full.slug, path) ?? Promise.resolve({ status: 200, location: null }));
  if (broken.size) {
    const errors: Record<string, string[]> = { form: [...broken.values()] };
    for (const [name, value] of Object.entries(typed)) if (broken.has(value)) errors[name] = [broken.get(value)!];
    return formProblem({ form: FORM, errors, values: typed });
  }
  const promotions = promotionsConfig(parsed.value, full.config.navigation, Date.now());
  if (intent === "preview") return { problem: null, done: null, values: typed, preview: promotions };
  if (intent === "schedule") {
    const when = applyAtInstant(form.get("applyAt"), full.config.timeZone, Date.now());
    if (!when.ok) return formProblem({ form: FORM, errors: { applyAt: [when.message] }, values: typed });
    await scheduleSiteChange(db, { member, ipAddress: console.clientIp }, { siteId: full.id, entity: "site-config", entityId: full.id, action: "promotions", runAt: when.runAt, payload: { navigation: promotions }, label: "promotions" });
    return redirect(`/sites/${full.slug}/promotions?done=scheduled`);
  }
  try {
    const version = await publishConfigChange(db, { member, ipAddress: console.clientIp }, full.id, (config) => ({ ...config, navigation: { ...((config.navigation as Record<string, unknown> | undefined) ?? {}), ...promotions } }));
    return redirect(`/sites/${full.slug}/promotions?done=${version}`);
  } catch (error) {
    if (error instanceof SettingsConflict) return formProblem({ form: FORM, errors: { form: [error.message] }, values: typed });
    throw error;
  }
}

type Outcome = FormOutcome & { values?: Record<string, string>; preview?: ReturnType<typeof promotionsConfig> };

function YesNo({ outcome, name, label, value }: { outcome: Outcome; name: string; label: string; value: string }) {
  const id = `${FORM}-${name}`;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <select id={id} name={name} defaultValue={keptValue(outcome, FORM, name, value)} className="mt-1 w-full rounded border border-slate-500 px-1 py-1">
        <option value="yes">Yes</option>
        <option value="no">No</option>
      </select>
    </div>
  );
}

export default function ConsolePromotions({ loaderData, actionData }: Route.ComponentProps) {
  const { site, values: stored, bannerRows, licences, notice, timeZone, pending, failed } = loaderData;
  const outcome = actionData as Outcome;
  const values = outcome?.values ?? stored;
  const field = (name: string, label: string, extra: { type?: string; help?: string; rows?: number } = {}) => <Field outcome={outcome} form={FORM} name={name} label={label} value={values[name] ?? ""} {...extra} />;
  const dates = (prefix: string) => (
    <>
      {field(`${prefix}.buttonLabel`, "Button text")}
      {field(`${prefix}.buttonUrl`, "Button link", { help: "A path of this site, e.g. /special-offers, or an https:// address." })}
      {field(`${prefix}.startsAt`, "Starts (empty: now)", { type: "date" })}
      {field(`${prefix}.expiresAt`, "Expires (empty: never; runs to the end of that day)", { type: "date" })}
    </>
  );
  const preview = outcome?.preview;
  return (
    <section aria-labelledby="promotions-title">
      <SitePageHeading site={site} title="Banners and popup" id="promotions-title" />
      <Notice text={notice} />
      <FormStatus outcome={outcome} />
      <form method="post" className="mt-4 grid gap-4" aria-label="Banners and popup">
        <fieldset className="grid gap-3 rounded border border-slate-300 p-3 sm:grid-cols-3">
          <legend className="px-1 font-bold">Feature banner (home page)</legend>
          <YesNo outcome={outcome} name="featureBanner.enabled" label="Show the feature banner" value={values["featureBanner.enabled"] ?? "yes"} />
          {field("featureBanner.offersUrl", "Latest offers link")}
          {field("featureBanner.tradeInUrl", "Sell your car link")}
        </fieldset>
        <fieldset className="grid gap-3 rounded border border-slate-300 p-3 sm:grid-cols-2">
          <legend className="px-1 font-bold">Promotional popup</legend>
          <YesNo outcome={outcome} name="popup.show" label="Show a popup" value={values["popup.show"] ?? "no"} />
          {field("popup.title", "Title")}
          {field("popup.description", "Description", { rows: 3 })}
          {field("popup.imageUrl", "Image address (optional)")}
          {field("popup.imageAlt", "Image description for screen readers (empty if decorative)")}
          {dates("popup")}
        </fieldset>
        {Array.from({ length: bannerRows }, (_, i) => (
          <fieldset key={i} className="grid gap-3 rounded border border-slate-300 p-3 sm:grid-cols-2">
            <legend className="px-1 font-bold">{i < bannerRows - 1 ? `Home banner ${i + 1} (empty the title to remove it)` : "New home banner"}</legend>
            {field(`banners[${i}].title`, "Title")}
            {field(`banners[${i}].subtitle`, "Subtitle")}
            {dates(`banners[${i}]`)}
          </fieldset>
        ))}
        <PreviewAndSave saveLabel="Save and publish" />
        <ApplyAtControls outcome={outcome} form={FORM} timeZone={timeZone} label="Schedule this version" />
      </form>
      <PendingChangesList pending={pending} failed={failed} describe={() => "The banners and popup scheduled then apply"} previewHref={`/sites/${site.slug}/offers/preview?next=%2F`} />
      {preview ? (
        <section aria-labelledby="promotions-preview" className="mt-6 rounded border-2 border-dashed border-amber-700 p-4">
          <h2 id="promotions-preview" className="text-sm font-bold uppercase text-amber-900">
            Preview (not saved)
          </h2>
          <p className="mt-2">{preview.featureBanner.enabled ? `Feature banner shown: offers ${preview.featureBanner.offersUrl}, sell your car ${preview.featureBanner.tradeInUrl}.` : "No feature banner."}</p>
          {preview.popup ? (
            <div className="mt-3 max-w-md rounded border border-slate-400 p-3" role="group" aria-label="Popup preview">
              {preview.popup.imageUrl ? <img src={preview.popup.imageUrl} alt={preview.popup.imageAlt} className="mb-2 max-h-40" /> : null}
              <p className="text-lg font-bold">{preview.popup.title}</p>
              <p>{preview.popup.description}</p>
              {preview.popup.button ? <p className="mt-2 inline-block rounded bg-slate-900 px-3 py-1 text-white">{preview.popup.button.label}</p> : null}
              <p className="mt-1 text-sm">
                {preview.popup.startsAt ? `From ${preview.popup.startsAt}` : "From now"}, {preview.popup.expiresAt ? `until the end of ${preview.popup.expiresAt}` : "no expiry"}
              </p>
            </div>
          ) : (
            <p className="mt-2">No popup.</p>
          )}
          {preview.banners.map((b, i) => (
            <div key={i} className="mt-3 rounded bg-slate-100 p-3" role="group" aria-label={`Banner ${i + 1} preview`}>
              <p className="text-lg font-bold">{b.title}</p>
              <p>{b.subtitle}</p>
              {b.buttons.map((btn) => (
                <p key={btn.url} className="mt-1 inline-block rounded bg-slate-900 px-3 py-1 text-white">
                  {btn.label}
                </p>
              ))}
            </div>
          ))}
        </section>
      ) : null}
      <section aria-labelledby="licences-title" className="mt-6">
        <h2 id="licences-title" className="text-xl font-bold">
          Licence numbers in the sub-footer
        </h2>
        <p className="text-sm">The sub-footer lists each location's dealer and motor vehicle repairer licence numbers; they are edited with the location.</p>
        <ul className="list-disc pl-6">
          {licences.map((l) => (
            <li key={l.name}>
              {l.name}: dealer licence {l.licence ?? "none"}, repairer licence {l.repairerLicence ?? "none"}
            </li>
          ))}
        </ul>
      </section>
    </section>
  );
}

/**
 * `/sites/{slug}/redirects` (issue 50 items 2 and 7): the site's redirects, old address to new
 * (301), answered by the public site wherever it has no page of its own. Saving a redirect that
 * would close a loop (A -> B -> C -> A) is refused with the loop named. Adding or removing one
 * can be scheduled for a time in the site's time zone instead, checked against the redirects as
 * they will be then.
 */
import { redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/redirects";
import { ContentInputError, deleteRedirect, listRedirects, RedirectFormSchema, RedirectRemovalFormSchema, resolvedSite, saveRedirect, scheduleRedirectChange } from "~/console/content.server";
import { Field, Notice } from "~/console/content-ui";
import { SitePageHeading } from "~/console/site-page";
import { fieldProblem, formProblem, parseConsoleForm, readPostedForm } from "~/console/form.server";
import { errorsOf, FieldErrors, FormStatus, keptValue, type FormOutcome } from "~/console/forms";
import { SCHEDULE_LIST_NOTICES } from "~/domain/content/schedule";
import { guardConsoleAction, guardConsoleRoute } from "~/console/guard.server";
import { answerScheduleListIntent, applyAtInstant, isScheduleListIntent, listSiteFailed, listSitePending } from "~/console/scheduling.server";
import { ApplyAtControls, PendingChangesList } from "~/console/schedule-ui";
import { ScrollingTable } from "~/console/scrolling-table";
import { MAX_DB_ID } from "~/domain/db-id";

const ROUTE_ID = "console-site-redirects";
const FORM = "redirect";
const REMOVAL_FORM = "redirect-removal";
const NOTICES: Record<string, string> = {
  saved: "Redirect saved.",
  deleted: "Redirect removed.",
  scheduled: "Scheduled. The change takes effect within a minute of its time.",
  ...SCHEDULE_LIST_NOTICES,
};

export async function loader(args: Route.LoaderArgs) {
  const { db, site } = await guardConsoleRoute(ROUTE_ID, args);
  const full = await resolvedSite(db, site!.site.slug);
  const rows = await listRedirects(db, full.id);
  const pending = await listSitePending(db, full.id, full.config.timeZone, { entity: "redirect", entityIds: [full.id] });
  const failed = await listSiteFailed(db, full.id, full.config.timeZone, { entity: "redirect", entityIds: [full.id] }, Date.now());
  // A redirect scheduled to be added can be scheduled to go again (a redirect for a week).
  const scheduledFroms = pending.filter((p) => p.action === "add").map((p) => String(p.payload?.from ?? ""));
  const done = args.url.searchParams.get("done");
  return {
    site: { slug: full.slug, name: full.name },
    redirects: rows.map((r) => ({ id: r.id, from: r.from, to: r.to })),
    removable: [...new Set([...rows.map((r) => r.from), ...scheduledFroms])].filter(Boolean).sort(),
    pending,
    failed,
    timeZone: full.config.timeZone,
    notice: (done && NOTICES[done]) || null,
  };
}

export async function action(args: Route.ActionArgs) {
  const { db, site, member, console } = await guardConsoleAction("console-site-redirects", args);
  const scoped = site!.site;
  const actor = { member, ipAddress: console.clientIp };
  const { form, intent, typed } = await readPostedForm(args.request);
  const back = (done: string) => redirect(`/sites/${scoped.slug}/redirects?done=${done}`);
  if (intent === "delete") {
    const id = z.coerce.number().int().positive().max(MAX_DB_ID).safeParse(form.get("id"));
    if (!id.success) return formProblem({ form: FORM, errors: { form: ["That redirect does not exist."] }, values: {} });
    await deleteRedirect(db, actor, scoped.id, id.data);
    return back("deleted");
  }
  if (isScheduleListIntent(intent)) {
    return back(await answerScheduleListIntent(db, actor, scoped.id, intent, form.get("changeId")));
  }
  if (intent === "schedule" || intent === "schedule-removal") {
    const removal = intent === "schedule-removal";
    const name = removal ? REMOVAL_FORM : FORM;
    const parsed = removal ? parseConsoleForm(REMOVAL_FORM, form, RedirectRemovalFormSchema) : parseConsoleForm(FORM, form, RedirectFormSchema);
    if (!parsed.ok) return formProblem(parsed.problem);
    const { config } = await resolvedSite(db, scoped.slug);
    const when = applyAtInstant(form.get("applyAt"), config.timeZone, Date.now());
    if (!when.ok) return fieldProblem(name, "applyAt", when.message, typed);
    try {
      const change = removal ? { action: "remove" as const, from: parsed.value.from } : { action: "add" as const, from: parsed.value.from, to: (parsed.value as z.infer<typeof RedirectFormSchema>).to };
      await scheduleRedirectChange(db, actor, { id: scoped.id, timeZone: config.timeZone }, change, when.runAt);
    } catch (error) {
      if (error instanceof ContentInputError) return fieldProblem(name, error.field, error.message, typed);
      throw error;
    }
    return back("scheduled");
  }
  if (intent !== "save") return formProblem({ form: FORM, errors: { form: ["Choose Save or Remove."] }, values: {} });
  const parsed = parseConsoleForm(FORM, form, RedirectFormSchema);
  if (!parsed.ok) return formProblem(parsed.problem);
  try {
    await saveRedirect(db, actor, scoped.id, parsed.value);
  } catch (error) {
    if (error instanceof ContentInputError) return fieldProblem(FORM, error.field, error.message, typed);
    throw error;
  }
  return back("saved");
}

/** A pending redirect change in the page's list. */
function describePending(p: { action: string; payload?: Record<string, unknown> | null }): string {
  const from = String(p.payload?.from ?? "");
  return p.action === "add" ? `Redirect ${from} → ${String(p.payload?.to ?? "")} is added` : `The redirect from ${from} is removed`;
}

export default function ConsoleRedirects({ loaderData, actionData }: Route.ComponentProps) {
  const { site, redirects, notice, removable, pending, failed, timeZone } = loaderData;
  const outcome = actionData as FormOutcome;
  return (
    <section aria-labelledby="redirects-title">
      <SitePageHeading site={site} title="Redirects" id="redirects-title" />
      <p className="mt-2 text-sm">
        A redirect sends shoppers and search engines from an old address to a new one (301). It applies only where the site has no page of its own at the old address. Saving an old address again replaces its redirect.
      </p>
      <Notice text={notice} />
      <FormStatus outcome={outcome} />
      <form method="post" className="mt-4 grid gap-3 sm:grid-cols-2" aria-label="Add a redirect">
        <Field outcome={outcome} form={FORM} name="from" label="Old address" value="" help="A path of this site, e.g. /pages/old-offer." />
        <Field outcome={outcome} form={FORM} name="to" label="New address" value="" help="A path of this site, e.g. /special-offers, or an https:// address." />
        <p className="sm:col-span-2">
          <button type="submit" name="intent" value="save" className="rounded bg-slate-900 px-3 py-1 text-white">
            Save redirect
          </button>
        </p>
        <div className="sm:col-span-2">
          <ApplyAtControls outcome={outcome} form={FORM} timeZone={timeZone} label="Schedule this redirect" />
        </div>
      </form>
      {removable.length ? <RemovalForm outcome={outcome} removable={removable} timeZone={timeZone} /> : null}
      <PendingChangesList pending={pending} failed={failed} describe={describePending} previewHref={`/sites/${site.slug}/offers/preview?next=${encodeURIComponent(String(pending[0]?.payload?.from ?? "/"))}`} />
      {redirects.length ? (
        <ScrollingTable label="Redirects" className="mt-4">
          <caption className="sr-only">The site's redirects by old address</caption>
          <thead>
            <tr>
              <th scope="col">Old address</th>
              <th scope="col">New address</th>
              <th scope="col">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {redirects.map((r) => (
              <tr key={r.id} className="border-t border-slate-200 align-top">
                <td className="break-all">{r.from}</td>
                <td className="break-all">{r.to}</td>
                <td>
                  <form method="post">
                    <input type="hidden" name="id" value={r.id} />
                    <button type="submit" name="intent" value="delete" className="underline" aria-label={`Remove the redirect from ${r.from}`}>
                      Remove
                    </button>
                  </form>
                </td>
              </tr>
            ))}
          </tbody>
        </ScrollingTable>
      ) : (
        <p className="mt-4">This site has no redirects yet.</p>
      )}
    </section>
  );
}

/** Schedules removing a redirect (one of today's, or one scheduled to be added). */
function RemovalForm({ outcome, removable, timeZone }: { outcome: FormOutcome; removable: string[]; timeZone: string }) {
  const id = `${REMOVAL_FORM}-from`;
  const errors = errorsOf(outcome, REMOVAL_FORM, "from");
  return (
    <form method="post" className="mt-4" aria-label="Remove a redirect at a time">
      <label htmlFor={id} className="block text-sm font-medium">
        Redirect to remove at a time
      </label>
      <select id={id} name="from" defaultValue={keptValue(outcome, REMOVAL_FORM, "from")} aria-invalid={errors.length ? true : undefined} aria-describedby={errors.length ? `${id}-error` : undefined} className="mt-1 rounded border border-slate-500 px-2 py-1">
        {removable.map((from) => (
          <option key={from} value={from}>
            {from}
          </option>
        ))}
      </select>
      <FieldErrors id={`${id}-error`} messages={errors} />
      <ApplyAtControls outcome={outcome} form={REMOVAL_FORM} timeZone={timeZone} intent="schedule-removal" label="Schedule the removal" />
    </form>
  );
}

/**
 * `/sites/{slug}/pages/edit[?id=N]` (issue 50 item 2): a content page's Markdown editor. "Preview"
 * renders what was typed exactly as the live page will (marked, then sanitize-html, with the
 * site's facts filled in) without saving; "Save" stores it (a new page stays unpublished until
 * published). An unpublished page's URL answers 404 or redirects where the editor chooses.
 * Plain forms: everything works without JavaScript, and a refused post keeps what was typed.
 */
import { data, redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/page-edit";
import { ContentInputError, pageForEdit, PageFormSchema, resolvedSite, savePage, setPagePublished } from "~/console/content.server";
import { Field, Notice, PreviewAndSave } from "~/console/content-ui";
import { SitePageHeading } from "~/console/site-page";
import { fieldProblem, formProblem, parseConsoleForm, readPostedForm } from "~/console/form.server";
import { FormStatus, type FormOutcome } from "~/console/forms";
import { SCHEDULE_LIST_NOTICES } from "~/domain/content/schedule";
import { guardConsoleAction, guardConsoleRoute } from "~/console/guard.server";
import { siteFor } from "~/console/staff.server";
import { renderPagePreview } from "~/services/content.server";
import { answerScheduleListIntent, applyAtInstant, isScheduleListIntent, listSiteFailed, listSitePending, scheduleSiteChange } from "~/console/scheduling.server";
import { ApplyAtControls, PendingChangesList, publishingInWords } from "~/console/schedule-ui";

const ROUTE_ID = "console-site-page-edit";
const FORM = "page";


function idOf(url: URL): number | null {
  const id = Number(url.searchParams.get("id"));
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

export async function loader(args: Route.LoaderArgs) {
  const { db, site } = await guardConsoleRoute(ROUTE_ID, args);
  const scoped = site!.site;
  const id = idOf(args.url);
  const row = id === null ? null : await pageForEdit(db, scoped.id, id);
  if (id !== null && !row) throw data("No such page", { status: 404 });
  const done = args.url.searchParams.get("done");
  const timeZone = (await resolvedSite(db, scoped.slug)).config.timeZone;
  return {
    site: { slug: scoped.slug, name: scoped.name },
    timeZone,
    pending: row ? await listSitePending(db, scoped.id, timeZone, { entity: "page", entityIds: [row.id] }) : [],
    failed: row ? await listSiteFailed(db, scoped.id, timeZone, { entity: "page", entityIds: [row.id] }, Date.now()) : [],
    page: row
      ? { id: row.id, slug: row.slug, kind: row.kind, title: row.title, description: row.description, body: row.body, imageUrl: row.imageUrl ?? "", published: row.enabled, shared: row.siteId === null }
      : { id: null, slug: "pages/", kind: "page" as const, title: "", description: "", body: "", imageUrl: "", published: false, shared: false },
    notice: done === "saved" ? "Saved." : done === "published" ? "Published: shoppers see this page now." : done === "unpublished" ? "Unpublished: shoppers no longer see this page." : done === "scheduled" ? "Scheduled. The change takes effect within a minute of its time." : done === "cancelled" || done === "dismissed" ? SCHEDULE_LIST_NOTICES[done] : null,
  };
}

const ScheduleSchema = z.object({ change: z.enum(["publish", "unpublish"], { error: "Choose Publish or Unpublish." }) });

const UnpublishSchema = z.object({
  then: z.enum(["404", "redirect"], { error: "Choose what its address answers." }),
  redirectTo: z.string().trim().max(500, "Use at most 500 characters.").optional(),
});

export async function action(args: Route.ActionArgs) {
  const { db, site, member, console } = await guardConsoleAction("console-site-page-edit", args);
  const scoped = site!.site;
  const actor = { member, ipAddress: console.clientIp };
  const { form, intent, typed } = await readPostedForm(args.request);
  const id = idOf(args.url);
  const back = (rowId: number, done: string) => redirect(`/sites/${scoped.slug}/pages/edit?id=${rowId}&done=${done}`);
  try {
    if (intent === "preview" || intent === "save") {
      const parsed = parseConsoleForm(FORM, form, PageFormSchema);
      if (!parsed.ok) return formProblem(parsed.problem);
      if (intent === "save") return back(await savePage(db, actor, scoped.id, id, parsed.value, (await console.publicRoutes?.()) ?? []), "saved");
      const full = await resolvedSite(db, scoped.slug);
      const preview = await renderPagePreview(db, full, parsed.value);
      return { problem: null, done: null, preview, values: typed };
    }
    if ((intent === "publish" || intent === "unpublish" || intent === "schedule" || isScheduleListIntent(intent)) && id !== null) {
      // Publishing is its own permission (the matrix's content.publish), on top of the page's content.edit.
      await siteFor(db, member, scoped.slug, "content.publish");
      if (isScheduleListIntent(intent)) return back(id, await answerScheduleListIntent(db, actor, scoped.id, intent, form.get("changeId")));
      if (intent === "schedule") {
        const row = await pageForEdit(db, scoped.id, id);
        if (!row) throw new ContentInputError("This page no longer exists.");
        const parsed = parseConsoleForm("schedule", form, ScheduleSchema);
        if (!parsed.ok) return formProblem({ ...parsed.problem, values: typed });
        const when = applyAtInstant(form.get("applyAt"), (await resolvedSite(db, scoped.slug)).config.timeZone, Date.now());
        if (!when.ok) return fieldProblem("schedule", "applyAt", when.message, typed);
        await scheduleSiteChange(db, actor, { siteId: scoped.id, entity: "page", entityId: row.id, action: parsed.value.change, runAt: when.runAt, label: `/${row.slug}` });
        return back(id, "scheduled");
      }
      if (intent === "publish") {
        await setPagePublished(db, actor, scoped.id, id, true);
        return back(id, "published");
      }
      const parsed = parseConsoleForm("unpublish", form, UnpublishSchema);
      if (!parsed.ok) return formProblem(parsed.problem);
      if (parsed.value.then === "redirect" && !parsed.value.redirectTo) return fieldProblem("unpublish", "redirectTo", "Enter where its address should go, e.g. /special-offers.", typed);
      await setPagePublished(db, actor, scoped.id, id, false, parsed.value.then === "redirect" ? parsed.value.redirectTo! : null);
      return back(id, "unpublished");
    }
  } catch (error) {
    if (error instanceof ContentInputError) return fieldProblem(intent === "unpublish" ? "unpublish" : FORM, intent === "unpublish" ? "redirectTo" : error.field, error.message, typed);
    throw error;
  }
  return formProblem({ form: FORM, errors: { form: ["Choose Preview, Save, Publish or Unpublish."] }, values: {} });
}

type Outcome = FormOutcome & { preview?: { title: string; html: string }; values?: Record<string, string> };

export default function ConsolePageEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { site, page, notice, timeZone, pending, failed } = loaderData;
  const outcome = actionData as Outcome;
  const typed = (name: keyof typeof page) => outcome?.values?.[name] ?? String(page[name] ?? "");
  const isArticle = page.kind === "article";
  return (
    <section aria-labelledby="page-edit-title">
      <SitePageHeading site={site} title={page.id ? `Edit page: ${page.title}` : "New page"} id="page-edit-title" />
      <p className="text-sm">
        <a href={`/sites/${site.slug}/pages`} className="underline">
          All pages
        </a>
      </p>
      {/* The live preview (progressive enhancement: the Preview button works without it). */}
      <script src="/console/markdown-preview.js" defer />
      <Notice text={notice} />
      {outcome?.problem?.form === FORM ? <FormStatus outcome={outcome} /> : null}
      <p className="mt-2 text-sm">
        {page.id ? (page.published ? "This page is published." : "This page is not published: its address answers 404 or its redirect.") : "A new page is saved unpublished; publish it when it is ready."}
        {page.shared ? " It is the platform's shared template: saving makes this site's own copy." : ""}
      </p>
      <form method="post" className="mt-4 grid gap-4" aria-label="Page" data-live-preview={`/sites/${site.slug}/pages/preview`}>
        <Field outcome={outcome} form={FORM} name="slug" label="Address (after the site's domain)" value={typed("slug")} help={<>For example pages/our-team, about-us, or blog/vehicle-reviews/2026-ranger-review (a blog article).</>} />
        <Field outcome={outcome} form={FORM} name="title" label="Title" value={typed("title")} />
        <Field outcome={outcome} form={FORM} name="description" label="Description (search engines and lists)" value={typed("description")} />
        <Field outcome={outcome} form={FORM} name="imageUrl" label="Image address (optional)" value={typed("imageUrl")} />
        <Field outcome={outcome} form={FORM} name="body" label="Body (Markdown)" rows={18} value={typed("body")} help={<>Headings with ##, lists with -, links as [text](/path). Raw HTML is removed. {"{{site_name}}"}, {"{{phone}}"} and {"{{address}}"} are filled in with the site's details.</>} />
        <PreviewAndSave saveLabel="Save" />
      </form>
      {/* Shown after the Preview button; with JavaScript, the live preview fills it as staff type. */}
      <section aria-labelledby="preview-title" data-live-preview-output="" hidden={!outcome?.preview} className="mt-6 rounded border-2 border-dashed border-amber-700 p-4">
        <h2 id="preview-title" className="text-sm font-bold uppercase text-amber-900">
          Preview (not saved)
        </h2>
        <p data-live-preview-status="" aria-live="polite" className="text-sm" />
        <article className="prose mt-2 max-w-none" aria-label="Page preview">
          <p className="text-2xl font-bold" data-live-preview-title="">
            {outcome?.preview?.title}
          </p>
          {/* Sanitised on the server by the same renderer as the live page (sanitize-html). */}
          <div data-live-preview-html="" dangerouslySetInnerHTML={{ __html: outcome?.preview?.html ?? "" }} />
        </article>
      </section>
      {page.id ? (
        page.published ? (
          <form method="post" className="mt-6 grid gap-3 rounded border border-slate-300 p-4" aria-labelledby="unpublish-title">
            <h2 id="unpublish-title" className="font-bold">
              Unpublish
            </h2>
            {outcome?.problem?.form === "unpublish" ? <FormStatus outcome={outcome} /> : null}
            <fieldset>
              <legend className="text-sm font-medium">Afterwards its address /{page.slug}</legend>
              <label className="mr-4">
                <input type="radio" name="then" value="404" defaultChecked /> answers "page not found" (404)
              </label>
              <label>
                <input type="radio" name="then" value="redirect" /> redirects (301) to
              </label>
            </fieldset>
            <Field outcome={outcome} form="unpublish" name="redirectTo" label="Redirect to (when redirecting)" value="" help={<>A path of this site, e.g. /special-offers, or an https:// address.</>} />
            <p>
              <button type="submit" name="intent" value="unpublish" className="rounded border border-red-800 px-3 py-1 text-red-900">
                Unpublish
              </button>
            </p>
          </form>
        ) : (
          <form method="post" className="mt-6">
            <button type="submit" name="intent" value="publish" className="rounded bg-green-800 px-3 py-1 text-white">
              Publish
            </button>{" "}
            <span className="text-sm">Shoppers then see it at /{page.slug}{isArticle ? " and in the blog list" : ""}.</span>
          </form>
        )
      ) : null}
      {page.id ? (
        <>
          <form method="post" className="mt-6 rounded border border-slate-300 p-4" aria-labelledby="schedule-title">
            <h2 id="schedule-title" className="font-bold">
              Publish or unpublish at a time
            </h2>
            {outcome?.problem?.form === "schedule" ? <FormStatus outcome={outcome} /> : null}
            <label htmlFor="schedule-change" className="mt-2 block text-sm font-medium">
              Change
            </label>
            <select id="schedule-change" name="change" defaultValue={outcome?.values?.change ?? (page.published ? "unpublish" : "publish")} className="mt-1 rounded border border-slate-500 px-1 py-1">
              <option value="publish">Publish</option>
              <option value="unpublish">Unpublish (its address then answers 404, or a redirect set on the Redirects page)</option>
            </select>
            <ApplyAtControls outcome={outcome} form="schedule" timeZone={timeZone} />
          </form>
          <PendingChangesList pending={pending} failed={failed} describe={publishingInWords} previewHref={`/sites/${site.slug}/offers/preview?next=${encodeURIComponent(`/${page.slug}`)}`} />
        </>
      ) : null}
    </section>
  );
}

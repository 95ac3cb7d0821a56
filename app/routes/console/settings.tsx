/**
 * `/sites/{slug}/settings` (issue 48 item 5): the whole SiteConfig as a form generated from its
 * schema (app/console/settings-form.ts), saved as a draft, previewed, published. A plain HTML form:
 * it works without JavaScript; a refused save answers 400 with every typed value and a message
 * next to each wrong field.
 */
import { data, redirect } from "react-router";
import type { Route } from "./+types/settings";
import { guardConsoleAction, guardConsoleRoute } from "~/console/guard.server";
import { changesAllowed, lockedSections, settingsReach } from "~/console/settings-access.server";
import { encodeField, parseSettingsForm, settingsSections, valueAt, type SettingsField } from "~/console/settings-form";
import { discardDraft, loadSiteSettings, publishDraft, saveDraft, SettingsConflict } from "~/console/settings.server";
import { SiteConfigSchema } from "~/sites/site-config";
import { themeContrastErrors } from "~/console/theme.server";
import { DraftBanner } from "~/console/draft-banner";
import { readConsoleFormData } from "~/console/form.server";

const ROUTE_ID = "console-site-settings";

export async function loader(args: Route.LoaderArgs) {
  const { db, site, member } = await guardConsoleRoute(ROUTE_ID, args);
  const scoped = site!.site;
  const state = await loadSiteSettings(db, scoped.id);
  const [edit, publish] = await Promise.all([settingsReach(db, member, scoped.slug, "settings.edit"), settingsReach(db, member, scoped.slug, "settings.publish")]);
  const locked = lockedSections(edit);
  const own = state.draft?.config ?? state.published;
  const defaults = SiteConfigSchema.parse({});
  const sections = settingsSections().map((section) => ({
    ...section,
    locked: locked.has(section.key),
    fields: section.fields.map((field) => {
      const inherited = valueAt(state.group?.config, field.path);
      return {
        ...field,
        value: encodeField(field, valueAt(own, field.path)),
        inherited: inherited === undefined ? null : encodeField(field, inherited),
        fallback: encodeField(field, valueAt(defaults, field.path)),
      };
    }),
  }));
  const url = args.url;
  return {
    site: { slug: scoped.slug, name: scoped.name },
    groupName: state.group?.name ?? null,
    sections,
    draft: state.draft ? { revision: state.draft.revision, updatedAt: state.draft.updatedAt.toISOString() } : null,
    latestVersion: state.latestVersion,
    may: { edit: edit !== null, publish: publish !== null && (!state.draft || changesAllowed(publish, state.published, state.draft.config)) },
    notice: url.searchParams.get("done"),
  };
}

export async function action(args: Route.ActionArgs) {
  const { db, site, member, console } = await guardConsoleAction("console-site-settings", args);
  const scoped = site!.site;
  const form = await readConsoleFormData(args.request);
  const intent = String(form.get("intent") ?? "save");
  const actor = { member, ipAddress: console.clientIp };
  const back = (done: string) => redirect(`/sites/${scoped.slug}/settings?done=${done}`);
  const state = await loadSiteSettings(db, scoped.id);
  if (intent === "publish") {
    const reach = await settingsReach(db, member, scoped.slug, "settings.publish");
    if (!reach) throw data("Your role cannot publish settings.", { status: 403 });
    if (state.draft && !changesAllowed(reach, state.published, state.draft.config)) throw data("This draft changes sections your role cannot publish.", { status: 403 });
    try {
      const version = await publishDraft(db, actor, scoped.id);
      return back(`published-${version}`);
    } catch (error) {
      if (error instanceof SettingsConflict) return data({ result: null, conflict: error.message }, { status: 409 });
      throw error;
    }
  }
  const reach = await settingsReach(db, member, scoped.slug, "settings.edit");
  if (!reach) throw data("Your role cannot change settings.", { status: 403 });
  if (intent === "discard") {
    await discardDraft(db, actor, scoped.id);
    return back("discarded");
  }
  const own = state.draft?.config ?? state.published;
  const submission = parseSettingsForm(form, state.group?.config ?? {}, own, lockedSections(reach));
  if (submission.status !== "success") return data({ result: submission.reply(), conflict: null }, { status: 400 });
  // Issue 50 item 6: the theme's colour pairs must meet WCAG 2.2 AA, whichever page saves them.
  const contrast = themeContrastErrors(state.group?.config ?? {}, submission.value);
  if (Object.keys(contrast).length) return data({ result: submission.reply({ fieldErrors: contrast }), conflict: null }, { status: 400 });
  await saveDraft(db, actor, scoped.id, submission.value);
  return back("saved");
}

const NOTICES: Record<string, string> = { saved: "Draft saved. Preview it, or publish it when it is right.", discarded: "Draft discarded." };

export default function ConsoleSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { site, sections, draft, may, notice, groupName, latestVersion } = loaderData;
  const result = actionData?.result ?? null;
  const errors = (result?.error ?? {}) as Record<string, string[] | null>;
  const typed = (result?.initialValue ?? null) as Record<string, unknown> | null;
  const errorCount = Object.values(errors).filter((e) => e?.length).length;
  const published = /^published-(\d{1,9})$/.exec(notice ?? "")?.[1] ?? null;
  return (
    <section aria-labelledby="settings-title">
      <title>{`Settings · ${site.name} · Forecourt console`}</title>
      <p className="text-sm">
        <a href={`/sites/${site.slug}`} className="underline">
          {site.name}
        </a>
      </p>
      <h1 id="settings-title" className="text-2xl font-bold">
        Settings
      </h1>
      <p className="mt-1 text-sm text-slate-700">
        {latestVersion ? `Published version ${latestVersion}. ` : "Not yet published from the console. "}
        <a href={`/sites/${site.slug}/settings/versions`} className="underline">
          Versions and rollback
        </a>
      </p>
      {published ? (
        <p role="status" className="mt-3 rounded border border-green-700 bg-green-50 p-2">
          Published as version {published}. The public site shows it on its next request.
        </p>
      ) : notice && NOTICES[notice] ? (
        <p role="status" className="mt-3 rounded border border-green-700 bg-green-50 p-2">
          {NOTICES[notice]}
        </p>
      ) : null}
      {actionData?.conflict ? (
        <p role="alert" className="mt-3 rounded border border-red-700 bg-red-50 p-2">
          {actionData.conflict}
        </p>
      ) : null}
      {errorCount ? (
        <div role="alert" className="mt-3 rounded border border-red-700 bg-red-50 p-2">
          <p className="font-semibold">Not saved: {errorCount === 1 ? "1 field needs" : `${errorCount} fields need`} a change.</p>
          <ul className="list-disc pl-5">
            {Object.entries(errors)
              .filter(([, e]) => e?.length)
              .map(([name]) => (
                <li key={name}>
                  <a href={`#f-${name}`} className="underline">
                    {name}
                  </a>
                </li>
              ))}
          </ul>
        </div>
      ) : null}
      {draft ? <DraftBanner slug={site.slug} draft={draft} may={may} discard /> : null}
      <nav aria-label="Settings sections" className="mt-4 text-sm">
        <ul className="flex flex-wrap gap-x-3 gap-y-1">
          {sections.map((s) => (
            <li key={s.key}>
              <a href={`#s-${s.key}`} className="underline">
                {s.title}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <p className="mt-3 text-sm text-slate-700">An empty field uses the {groupName ? `value of the dealer group ${groupName}, or the` : ""} default shown under it.</p>
      <form method="post" noValidate className="mt-2">
        {sections.map((section) => (
          <fieldset key={section.key} id={`s-${section.key}`} className="mt-6 rounded border border-slate-300 p-4" disabled={section.locked || !may.edit}>
            <legend className="px-1 text-lg font-semibold">{section.title}</legend>
            {section.help ? <p className="text-sm text-slate-700">{section.help}</p> : null}
            {section.locked && may.edit ? <p className="text-sm text-slate-700">Your role cannot change this section.</p> : null}
            {section.fields.map((field) => (
              <SettingsInput key={field.path} field={field} typed={typed ? String(valueAt(typed, field.path) ?? "") : null} errors={errors[field.path] ?? null} groupName={groupName} />
            ))}
          </fieldset>
        ))}
        {may.edit ? (
          <p className="sticky bottom-0 mt-4 border-t border-slate-300 bg-white py-3">
            <button type="submit" name="intent" value="save" className="rounded bg-slate-900 px-4 py-2 text-white">
              Save draft
            </button>
          </p>
        ) : null}
      </form>
    </section>
  );
}

type FieldView = SettingsField & { value: string; inherited: string | null; fallback: string };

/** One generated field: label, input, help, what an empty value means, and its error. */
function SettingsInput({ field, typed, errors, groupName }: { field: FieldView; typed: string | null; errors: string[] | null; groupName: string | null }) {
  const id = `f-${field.path}`;
  const value = typed ?? field.value;
  const invalid = Boolean(errors?.length);
  const described = [field.help ? `${id}-help` : null, `${id}-empty`, invalid ? `${id}-error` : null].filter(Boolean).join(" ");
  const empty = field.inherited !== null ? `Inherited from ${groupName ?? "the dealer group"}: ${field.inherited || "(empty)"}` : `Default: ${field.fallback || "(empty)"}`;
  const common = { id, name: field.path, "aria-describedby": described, "aria-invalid": invalid || undefined, className: "mt-1 w-full rounded border border-slate-500 px-2 py-1" };
  return (
    <div className="mt-4">
      <label htmlFor={id} className="block font-medium">
        {field.label}
      </label>
      {field.help ? (
        <p id={`${id}-help`} className="text-sm text-slate-700">
          {field.help}
        </p>
      ) : null}
      {field.kind === "boolean" || field.kind === "enum" ? (
        <select {...common} defaultValue={value}>
          <option value="">{field.inherited !== null ? "Inherited" : "Default"}</option>
          {(field.kind === "boolean" ? ["true", "false"] : (field.options ?? [])).map((o) => (
            <option key={o} value={o}>
              {o === "true" ? "Yes" : o === "false" ? "No" : o}
            </option>
          ))}
        </select>
      ) : field.kind === "list" || field.kind === "json" ? (
        <textarea {...common} defaultValue={value} rows={field.kind === "json" ? Math.min(12, Math.max(3, value.split("\n").length)) : 3} spellCheck={false} />
      ) : (
        <input {...common} type="text" inputMode={field.kind === "number" ? "decimal" : undefined} defaultValue={value} />
      )}
      <p id={`${id}-empty`} className="text-xs text-slate-600">
        {field.kind === "list" ? "One per line. " : field.kind === "json" ? "JSON. " : ""}
        {empty}
      </p>
      {invalid ? (
        <p id={`${id}-error`} className="text-sm font-semibold text-red-700">
          {errors!.join(" ")}
        </p>
      ) : null}
    </div>
  );
}

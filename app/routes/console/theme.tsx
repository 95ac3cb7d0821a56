/**
 * `/sites/{slug}/theme` (issue 50 item 6): the brand colours, tagline, logo and favicon. Saved as
 * the site's settings draft (preview, publish, versions and rollback as on the settings page);
 * every colour pair the theme produces is checked for WCAG 2.2 AA contrast on save, and a failing
 * theme is refused with the pair and its ratio named, everything typed kept. Uploads are
 * re-encoded without metadata (app/console/uploads.server.ts). A plain multipart form.
 */
import { data, redirect } from "react-router";
import type { Route } from "./+types/theme";
import { guardConsoleAction, guardConsoleRoute } from "~/console/guard.server";
import { parseConsoleForm, type FormProblem, readConsoleFormData } from "~/console/form.server";
import { DraftBanner } from "~/console/draft-banner";
import { FieldErrors, FormStatus } from "~/console/forms";
import { changesAllowed, settingsReach } from "~/console/settings-access.server";
import { loadSiteSettings, publishDraft, saveDraft, SettingsConflict } from "~/console/settings.server";
import { themeContrastErrors, ThemeFormSchema, withTheme } from "~/console/theme.server";
import { ACCEPT_ATTRIBUTE } from "~/console/content-fields";
import { processImageUpload, storeSiteAsset, uploadedFile, UploadRefused } from "~/console/uploads.server";
import { themeContrastPairs } from "~/domain/display/theme-contrast";
import { resolveSiteConfig } from "~/sites/resolve-config";
import { answerScheduleListIntent, applyAtInstant, isScheduleListIntent, listSiteFailed, listSitePending, scheduleSiteChange } from "~/console/scheduling.server";
import { ApplyAtControls, PendingChangesList } from "~/console/schedule-ui";

const ROUTE_ID = "console-site-theme";
type Outcome = { problem: FormProblem | null; done: string | null };

export async function loader(args: Route.LoaderArgs) {
  const { db, site, member } = await guardConsoleRoute(ROUTE_ID, args);
  const scoped = site!.site;
  const state = await loadSiteSettings(db, scoped.id);
  const own = state.draft?.config ?? state.published;
  const ownTheme = ((own.theme ?? {}) as Record<string, string | null | undefined>) ?? {};
  const resolvedConfig = resolveSiteConfig(state.group?.config ?? {}, own);
  const resolved = resolvedConfig.theme;
  const [edit, publish] = await Promise.all([settingsReach(db, member, scoped.slug, "settings.edit"), settingsReach(db, member, scoped.slug, "settings.publish")]);
  return {
    site: { slug: scoped.slug, name: scoped.name },
    values: { primary: ownTheme.primary ?? "", onPrimary: ownTheme.onPrimary ?? "", accent: ownTheme.accent ?? "", tagline: ownTheme.tagline ?? "" },
    resolved: { primary: resolved.primary, onPrimary: resolved.onPrimary, accent: resolved.accent, logoUrl: resolved.logoUrl, faviconUrl: resolved.faviconUrl },
    pairs: themeContrastPairs(resolved),
    draft: state.draft ? { revision: state.draft.revision } : null,
    may: { edit: edit !== null, publish: publish !== null && (!state.draft || changesAllowed(publish, state.published, state.draft.config)) },
    done: args.url.searchParams.get("done"),
    timeZone: resolvedConfig.timeZone,
    pending: await listSitePending(db, scoped.id, resolvedConfig.timeZone, { entity: "site-config", entityIds: [scoped.id], actions: ["theme"] }),
    failed: await listSiteFailed(db, scoped.id, resolvedConfig.timeZone, { entity: "site-config", entityIds: [scoped.id], actions: ["theme"] }, Date.now()),
  };
}

export async function action(args: Route.ActionArgs) {
  const { db, site, member, console } = await guardConsoleAction("console-site-theme", args);
  const scoped = site!.site;
  const actor = { member, ipAddress: console.clientIp };
  const form = await readConsoleFormData(args.request);
  const intent = String(form.get("intent") ?? "save");
  const back = (done: string) => redirect(`/sites/${scoped.slug}/theme?done=${done}`);
  if (isScheduleListIntent(intent)) {
    return back(await answerScheduleListIntent(db, actor, scoped.id, intent, form.get("changeId")));
  }
  if (intent === "publish") {
    const reach = await settingsReach(db, member, scoped.slug, "settings.publish");
    const state = await loadSiteSettings(db, scoped.id);
    if (!reach || (state.draft && !changesAllowed(reach, state.published, state.draft.config))) throw data("Your role cannot publish this draft.", { status: 403 });
    try {
      const version = await publishDraft(db, actor, scoped.id);
      return back(`published-${version}`);
    } catch (error) {
      if (error instanceof SettingsConflict) return data<Outcome>({ problem: { form: "theme", errors: { form: [error.message] }, values: {} }, done: null }, { status: 409 });
      throw error;
    }
  }
  const parsed = parseConsoleForm("theme", form, ThemeFormSchema);
  if (!parsed.ok) return data<Outcome>({ problem: parsed.problem, done: null }, { status: 400 });
  const typed = Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === "string"));
  const state = await loadSiteSettings(db, scoped.id);
  // Saving edits the draft; scheduling publishes the theme over the published settings at its time
  // (the theme section replaced whole, the rest of the published settings and any draft kept).
  const scheduling = intent === "schedule";
  const own = scheduling ? state.published : (state.draft?.config ?? state.published);
  let runAt: Date | null = null;
  if (scheduling) {
    const reach = await settingsReach(db, member, scoped.slug, "settings.publish");
    if (!reach || !changesAllowed(reach, state.published, withTheme(own, parsed.value))) throw data("Your role cannot publish the theme.", { status: 403 });
    const when = applyAtInstant(form.get("applyAt"), resolveSiteConfig(state.group?.config ?? {}, state.published).timeZone, Date.now());
    if (!when.ok) return data<Outcome>({ problem: { form: "theme", errors: { applyAt: [when.message] }, values: typed }, done: null }, { status: 400 });
    runAt = when.runAt;
  }
  // Colours first: a refused theme stores no upload.
  const contrast = themeContrastErrors(state.group?.config ?? {}, withTheme(own, parsed.value));
  if (Object.keys(contrast).length) {
    const errors = Object.fromEntries(Object.entries(contrast).map(([path, messages]) => [path.replace(/^theme\./, ""), messages]));
    return data<Outcome>({ problem: { form: "theme", errors: { form: ["Not saved: the colours below do not have enough contrast for WCAG 2.2 AA."], ...errors }, values: typed }, done: null }, { status: 400 });
  }
  const uploads: { logoUrl?: string; faviconUrl?: string } = {};
  for (const [name, kind, key] of [["logo", "logo", "logoUrl"], ["favicon", "favicon", "faviconUrl"]] as const) {
    const file = uploadedFile(form, name);
    if (!file) continue;
    try {
      uploads[key] = await storeSiteAsset(db, scoped.id, kind, await processImageUpload(file, kind), member.id);
    } catch (error) {
      if (error instanceof UploadRefused) return data<Outcome>({ problem: { form: "theme", errors: { [name]: [error.message] }, values: typed }, done: null }, { status: 400 });
      throw error;
    }
  }
  const themed = withTheme(own, parsed.value, uploads);
  if (runAt) {
    await scheduleSiteChange(db, actor, { siteId: scoped.id, entity: "site-config", entityId: scoped.id, action: "theme", runAt, payload: { theme: themed.theme as Record<string, unknown> }, label: "theme" });
    return back("scheduled");
  }
  await saveDraft(db, actor, scoped.id, themed);
  return back("saved");
}

const COLOURS = [
  ["primary", "Primary colour", "Header, buttons, links."],
  ["onPrimary", "Text on the primary colour", "Text and icons on the header and buttons."],
  ["accent", "Accent colour", "Prices, tags, the keyboard focus outline."],
] as const;

export default function ConsoleTheme({ loaderData, actionData }: Route.ComponentProps) {
  const { site, values, resolved, pairs, draft, may, timeZone, pending, failed } = loaderData;
  const outcome = actionData as Outcome | undefined;
  const problem = outcome?.problem?.form === "theme" ? outcome.problem : null;
  const value = (name: string) => (problem ? String(problem.values[name] ?? "") : ((values as Record<string, string>)[name] ?? ""));
  const errors = (name: string) => problem?.errors[name] ?? [];
  const published = /^published-(\d{1,9})$/.exec(loaderData.done ?? "")?.[1];
  const DONE: Record<string, string> = {
    saved: "Theme saved as a draft. Preview it, or publish it when it is right.",
    scheduled: "Scheduled. The theme is published within a minute of its time.",
    cancelled: "Scheduled theme cancelled.",
    dismissed: "Dismissed: that theme change no longer shows here.",
  };
  const done = published ? `Published as version ${published}. The public site shows it on its next request.` : (DONE[loaderData.done ?? ""] ?? null);
  return (
    <section aria-labelledby="theme-title">
      <title>{`Brand theme · ${site.name} · Forecourt console`}</title>
      <p className="text-sm">
        <a href={`/sites/${site.slug}`} className="underline">
          {site.name}
        </a>
      </p>
      <h1 id="theme-title" className="text-2xl font-bold">
        Brand theme
      </h1>
      <p className="mt-1 text-sm text-slate-700">
        The theme is part of the site settings: it is saved as the settings draft and published from here or from{" "}
        <a href={`/sites/${site.slug}/settings`} className="underline">
          Settings
        </a>{" "}
        (
        <a href={`/sites/${site.slug}/settings/versions`} className="underline">
          versions and rollback
        </a>
        ).
      </p>
      <FormStatus outcome={done ? { problem: null, done } : problem ? outcome : undefined} />
      {draft ? <DraftBanner slug={site.slug} draft={draft} may={may} /> : null}

      <form method="post" encType="multipart/form-data" noValidate className="mt-4">
        <fieldset disabled={!may.edit} className="rounded border border-slate-300 p-4">
          <legend className="px-1 text-lg font-semibold">Colours</legend>
          <p className="text-sm text-slate-700">A colour like #1d4ed8. Empty: the dealer group's colour or the default.</p>
          {COLOURS.map(([name, label, help]) => {
            const e = errors(name);
            return (
              <div key={name} className="mt-3">
                <label htmlFor={name} className="block font-medium">
                  {label}
                </label>
                <p id={`${name}-help`} className="text-sm text-slate-700">
                  {help} Now: <span className="inline-block h-3 w-3 border border-slate-500 align-middle" style={{ background: resolved[name] }} /> {resolved[name]}
                </p>
                <input id={name} name={name} type="text" defaultValue={value(name)} aria-invalid={e.length ? true : undefined} aria-describedby={e.length ? `${name}-help ${name}-error` : `${name}-help`} className="mt-1 w-40 rounded border border-slate-500 px-2 py-1 font-mono" />
                <FieldErrors id={`${name}-error`} messages={e} />
              </div>
            );
          })}
          <div className="mt-3">
            <label htmlFor="tagline" className="block font-medium">
              Tagline
            </label>
            <input id="tagline" name="tagline" type="text" defaultValue={value("tagline")} aria-invalid={errors("tagline").length ? true : undefined} aria-describedby={errors("tagline").length ? "tagline-error" : undefined} className="mt-1 w-full rounded border border-slate-500 px-2 py-1" />
            <FieldErrors id="tagline-error" messages={errors("tagline")} />
          </div>
        </fieldset>

        <fieldset disabled={!may.edit} className="mt-4 rounded border border-slate-300 p-4">
          <legend className="px-1 text-lg font-semibold">Logo and favicon</legend>
          <p className="text-sm text-slate-700">PNG, JPEG, WebP, GIF or SVG, at most 2 MB; stored as PNG without camera data. The logo is fitted into 800 x 200, the favicon into 64 x 64.</p>
          {(
            [
              ["logo", "Logo", resolved.logoUrl, "removeLogo"],
              ["favicon", "Favicon", resolved.faviconUrl, "removeFavicon"],
            ] as const
          ).map(([name, label, current, remove]) => (
            <div key={name} className="mt-3">
              <label htmlFor={name} className="block font-medium">
                New {label.toLowerCase()}
              </label>
              <p className="text-sm text-slate-700">
                {current ? (
                  <>
                    Now: <code>{current}</code>{" "}
                    <label>
                      <input type="checkbox" name={remove} /> Remove the {label.toLowerCase()}
                    </label>
                  </>
                ) : name === "logo" ? (
                  "Now: none (the site's name is shown as a word mark)."
                ) : (
                  "Now: none (the site's initials on the primary colour)."
                )}
              </p>
              <input id={name} name={name} type="file" accept={ACCEPT_ATTRIBUTE} aria-invalid={errors(name).length ? true : undefined} aria-describedby={errors(name).length ? `${name}-error` : undefined} className="mt-1" />
              <FieldErrors id={`${name}-error`} messages={errors(name)} />
            </div>
          ))}
        </fieldset>
        {may.edit ? (
          <p className="mt-4">
            <button type="submit" name="intent" value="save" className="rounded bg-slate-900 px-4 py-2 text-white">
              Save theme as draft
            </button>
          </p>
        ) : null}
        {may.edit && may.publish ? <ApplyAtControls outcome={outcome} form="theme" timeZone={timeZone} label="Schedule this theme (published at that time; the draft is kept)" /> : null}
      </form>
      <PendingChangesList pending={pending} failed={failed} describe={() => "The theme scheduled then is published"} previewHref={`/sites/${site.slug}/offers/preview?next=%2F`} />

      <section aria-labelledby="pairs-title" className="mt-8">
        <h2 id="pairs-title" className="text-xl font-semibold">
          Contrast of the current theme
        </h2>
        <ul className="mt-2 text-sm">
          {pairs.map((p) => (
            <li key={p.label}>
              {p.label}: {p.foreground} on {p.background}, {p.ratio.toFixed(2)}:1 (needs {p.minimum}:1) {p.ratio >= p.minimum ? "passes" : "FAILS"}
            </li>
          ))}
        </ul>
      </section>
    </section>
  );
}

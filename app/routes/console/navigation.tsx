/**
 * `/sites/{slug}/navigation` (issue 50 item 4): the site's navigation overrides over its template
 * (hide, turn on, rename, relink, move, add), previewed as shoppers will see the menus, and the
 * model menu's statuses. Saving publishes at once as a settings version (audited, rollback on the
 * versions page), or either form is scheduled for a time in the site's time zone; a link that
 * answers 404 on the site is refused with the link named.
 */
import { asc, eq } from "drizzle-orm";
import { data, redirect } from "react-router";
import type { Route } from "./+types/navigation";
import { resolvedSite } from "~/console/content.server";
import { Notice, PreviewAndSave } from "~/console/content-ui";
import { SitePageHeading } from "~/console/site-page";
import { parseConsoleForm, readPostedForm } from "~/console/form.server";
import { FieldErrors, FormStatus, errorsOf, keptValue, type FormOutcome } from "~/console/forms";
import { SCHEDULE_LIST_NOTICES } from "~/domain/content/schedule";
import { guardConsoleAction, guardConsoleRoute } from "~/console/guard.server";
import { NAV_ACTION_LABELS, NAV_ACTIONS, type NavRow } from "~/console/navigation-rows";
import { checkNavigationRows, NavigationFormSchema, navigationProblem, previewNavigation, rowsOf } from "~/console/navigation.server";
import { publishConfigChange, SettingsConflict } from "~/console/settings.server";
import { answerScheduleListIntent, applyAtInstant, isScheduleListIntent, listSiteFailed, listSitePending, scheduleSiteChange } from "~/console/scheduling.server";
import { ApplyAtControls, PendingChangesList } from "~/console/schedule-ui";
import type { NavigationTree } from "~/domain/navigation/navigation";
import { manufacturers, models } from "../../../db/schema/index";

const ROUTE_ID = "console-site-navigation";
const FORM = "navigation";
const STATUSES_FORM = "statuses";
const BLANK_ROWS = 3;
const STATUSES = [
  { value: "current", label: "On sale" },
  { value: "all_new", label: "All new ('New ' before the name)" },
  { value: "coming_soon", label: "Coming soon (under Upcoming)" },
  { value: "discontinued", label: "Discontinued" },
] as const;

export async function loader(args: Route.LoaderArgs) {
  const { db, site } = await guardConsoleRoute(ROUTE_ID, args);
  const full = await resolvedSite(db, site!.site.slug);
  const nav = full.config.navigation;
  const brand = full.config.brand;
  const brandModels = brand
    ? await db.select({ slug: models.slug, name: models.name, status: models.status }).from(models).innerJoin(manufacturers, eq(models.manufacturerId, manufacturers.id)).where(eq(manufacturers.slug, brand)).orderBy(asc(models.name))
    : [];
  const done = args.url.searchParams.get("done");
  return {
    site: { slug: full.slug, name: full.name },
    rows: rowsOf(nav.overrides).rows,
    menus: previewNavigation(full.config, nav.overrides),
    models: brandModels.map((m) => ({ ...m, own: nav.modelStatuses[m.slug] ?? "" })),
    notice: done === "scheduled" ? "Scheduled. The change takes effect within a minute of its time." : done === "cancelled" || done === "dismissed" ? SCHEDULE_LIST_NOTICES[done] : done ? `Published as settings version ${done}: shoppers see it on their next page.` : null,
    timeZone: full.config.timeZone,
    pending: await listSitePending(db, full.id, full.config.timeZone, { entity: "site-config", entityIds: [full.id], actions: ["navigation", "model-statuses"] }),
    failed: await listSiteFailed(db, full.id, full.config.timeZone, { entity: "site-config", entityIds: [full.id], actions: ["navigation", "model-statuses"] }, Date.now()),
  };
}

export async function action(args: Route.ActionArgs) {
  const { db, site, member, console } = await guardConsoleAction("console-site-navigation", args);
  const full = await resolvedSite(db, site!.site.slug);
  const actor = { member, ipAddress: console.clientIp };
  const { form, intent } = await readPostedForm(args.request);
  if (isScheduleListIntent(intent)) {
    return redirect(`/sites/${full.slug}/navigation?done=${await answerScheduleListIntent(db, actor, full.id, intent, form.get("changeId"))}`);
  }
  const publish = async (change: (navigation: Record<string, unknown>) => void) => {
    try {
      const version = await publishConfigChange(db, actor, full.id, (config) => {
        const navigation = { ...((config.navigation as Record<string, unknown> | undefined) ?? {}) };
        change(navigation);
        return { ...config, navigation };
      });
      return redirect(`/sites/${full.slug}/navigation?done=${version}`);
    } catch (error) {
      if (error instanceof SettingsConflict) return data({ problem: { form: FORM, errors: { form: [error.message] }, values: {} }, done: null, rows: null, preview: null }, { status: 400 });
      throw error;
    }
  };
  if (intent === "statuses" || intent === "schedule-statuses") {
    const statuses: Record<string, string> = {};
    for (const [key, value] of form.entries()) {
      const slug = /^status:(.+)$/.exec(key)?.[1];
      if (slug && typeof value === "string" && STATUSES.some((s) => s.value === value)) statuses[slug] = value;
    }
    if (intent === "schedule-statuses") {
      const when = applyAtInstant(form.get("applyAt"), full.config.timeZone, Date.now());
      const typedStatuses = Object.fromEntries([...form.entries()].filter(([k, v]) => k.startsWith("status:") && typeof v === "string")) as Record<string, string>;
      if (!when.ok) return data({ problem: { form: STATUSES_FORM, errors: { applyAt: [when.message] }, values: { ...typedStatuses, applyAt: String(form.get("applyAt") ?? "") } }, done: null, rows: null, preview: null }, { status: 400 });
      await scheduleSiteChange(db, actor, { siteId: full.id, entity: "site-config", entityId: full.id, action: "model-statuses", runAt: when.runAt, payload: { navigation: { modelStatuses: statuses } }, label: "model statuses" });
      return redirect(`/sites/${full.slug}/navigation?done=scheduled`);
    }
    return publish((navigation) => {
      navigation.modelStatuses = statuses;
    });
  }
  if (intent !== "preview" && intent !== "save" && intent !== "schedule") return data({ problem: { form: FORM, errors: { form: ["Choose Preview or Save."] }, values: {} }, done: null, rows: null, preview: null }, { status: 400 });
  const parsed = parseConsoleForm(FORM, form, NavigationFormSchema);
  if (!parsed.ok) return data({ problem: parsed.problem, done: null, rows: null, preview: null }, { status: 400 });
  const typed = parsed.value.rows.map((row) => ({ ...row, action: row.action }) as Omit<NavRow, "action"> & { action: NavRow["action"] | "none" });
  const rows = typed.flatMap((row, index) => (row.action === "none" ? [] : [{ index, row: row as NavRow }]));
  const checked = await checkNavigationRows(full.config, rows, (path) => console.probeSitePath?.(full.slug, path) ?? Promise.resolve({ status: 200, location: null }));
  if (!checked.ok) return data({ problem: navigationProblem(checked.errors, {}), done: null, rows: typed, preview: null }, { status: 400 });
  // Overrides the rows cannot show (a CSS class, a new footer section) are kept as they were.
  const overrides = [...checked.overrides, ...rowsOf(full.config.navigation.overrides).kept];
  if (intent === "preview") return { problem: null, done: null, rows: typed, preview: previewNavigation(full.config, overrides) };
  if (intent === "schedule") {
    const when = applyAtInstant(form.get("applyAt"), full.config.timeZone, Date.now());
    if (!when.ok) return data({ problem: { form: FORM, errors: { applyAt: [when.message] }, values: { applyAt: String(form.get("applyAt") ?? "") } }, done: null, rows: typed, preview: null }, { status: 400 });
    await scheduleSiteChange(db, actor, { siteId: full.id, entity: "site-config", entityId: full.id, action: "navigation", runAt: when.runAt, payload: { navigation: { overrides } }, label: "navigation" });
    return redirect(`/sites/${full.slug}/navigation?done=scheduled`);
  }
  return publish((navigation) => {
    navigation.overrides = overrides;
  });
}

type Outcome = FormOutcome & { rows?: (Omit<NavRow, "action"> & { action: string })[] | null; preview?: NavigationTree | null };

function Menus({ menus, label }: { menus: NavigationTree; label: string }) {
  const list = (items: NavigationTree["header"]) => (
    <ul className="list-disc pl-6">
      {items.map((i, n) => (
        <li key={`${i.name}-${n}`}>
          {i.name} <span className="text-sm text-slate-700">({i.url})</span>
          {i.dropdownItems?.length ? list(i.dropdownItems) : null}
        </li>
      ))}
    </ul>
  );
  return (
    <div className="grid gap-4 sm:grid-cols-2" role="group" aria-label={label}>
      <div>
        <h3 className="font-semibold">Header</h3>
        {list(menus.header)}
      </div>
      <div>
        <h3 className="font-semibold">Footer</h3>
        {menus.footer.map((s) => (
          <div key={s.title}>
            <p className="mt-1 font-medium">{s.title}</p>
            {list(s.items)}
          </div>
        ))}
      </div>
    </div>
  );
}

export default function ConsoleNavigation({ loaderData, actionData }: Route.ComponentProps) {
  const { site, rows, menus, models: brandModels, notice, timeZone, pending, failed } = loaderData;
  const outcome = actionData as Outcome;
  const shown = outcome?.rows ?? [...rows, ...Array.from({ length: BLANK_ROWS }, () => ({ area: "header" as const, target: "", action: "none", name: "", url: "", position: "" }))];
  const cell = (i: number, field: keyof NavRow) => {
    const id = `nav-${i}-${field}`;
    const errors = errorsOf(outcome, FORM, `rows[${i}].${field}`);
    return { id, name: `rows[${i}].${field}`, "aria-invalid": errors.length ? true : undefined, "aria-describedby": errors.length ? `${id}-error` : undefined, errors };
  };
  return (
    <section aria-labelledby="navigation-title">
      <SitePageHeading site={site} title="Navigation" id="navigation-title" />
      <p className="mt-2 text-sm">Each row changes one item of the site's header or footer menus, over the template. Name an item by its text, e.g. Service, or Service/Recalls for a sub-item (in the footer, the section title first). Links to this site are checked when you save.</p>
      <Notice text={notice} />
      {outcome?.problem?.form === FORM ? <FormStatus outcome={outcome} /> : null}
      <form method="post" className="mt-4" aria-label="Navigation changes">
        {shown.map((row, i) => {
          const f = (field: keyof NavRow) => cell(i, field);
          const fields = [
            { key: "target", label: "Item" },
            { key: "name", label: "Name" },
            { key: "url", label: "Link" },
            { key: "position", label: "Position" },
          ] as const;
          return (
            <fieldset key={i} className="mt-3 grid gap-2 rounded border border-slate-300 p-3 sm:grid-cols-6">
              <legend className="px-1 text-sm font-medium">Change {i + 1}</legend>
              <div>
                <label htmlFor={f("area").id} className="block text-sm">
                  Menu
                </label>
                <select id={f("area").id} name={f("area").name} defaultValue={row.area} className="mt-1 w-full rounded border border-slate-500 px-1 py-1">
                  <option value="header">Header</option>
                  <option value="footer">Footer</option>
                </select>
              </div>
              <div className="sm:col-span-2">
                <label htmlFor={f("action").id} className="block text-sm">
                  Change
                </label>
                <select id={f("action").id} name={f("action").name} defaultValue={row.action} className="mt-1 w-full rounded border border-slate-500 px-1 py-1">
                  <option value="none">(none: remove this change)</option>
                  {NAV_ACTIONS.map((a) => (
                    <option key={a} value={a}>
                      {NAV_ACTION_LABELS[a]}
                    </option>
                  ))}
                </select>
              </div>
              {fields.map(({ key, label }) => {
                const c = f(key);
                return (
                  <div key={key}>
                    <label htmlFor={c.id} className="block text-sm">
                      {label}
                    </label>
                    <input id={c.id} name={c.name} defaultValue={row[key]} aria-invalid={c["aria-invalid"]} aria-describedby={c["aria-describedby"]} inputMode={key === "position" ? "numeric" : undefined} className="mt-1 w-full rounded border border-slate-500 px-1 py-1" />
                    <FieldErrors id={`${c.id}-error`} messages={c.errors} />
                  </div>
                );
              })}
            </fieldset>
          );
        })}
        <PreviewAndSave saveLabel="Save and publish" />
        <ApplyAtControls outcome={outcome} form={FORM} timeZone={timeZone} label="Schedule these changes" />
      </form>
      <PendingChangesList pending={pending} failed={failed} describe={(p) => (p.action === "model-statuses" ? "The model menu statuses scheduled then apply" : "The navigation changes scheduled then apply")} previewHref={`/sites/${site.slug}/offers/preview?next=%2F`} />
      <section aria-labelledby="menus-title" className="mt-6">
        <h2 id="menus-title" className="text-xl font-bold">
          {outcome?.preview ? "Preview (not saved)" : "Menus as shoppers see them"}
        </h2>
        <Menus menus={outcome?.preview ?? menus} label={outcome?.preview ? "Previewed menus" : "Published menus"} />
      </section>
      {brandModels.length ? (
        <section aria-labelledby="models-title" className="mt-6">
          <h2 id="models-title" className="text-xl font-bold">
            Model menu statuses
          </h2>
          <form method="post" className="mt-2 grid gap-2 sm:grid-cols-2">
            {brandModels.map((m) => (
              <div key={m.slug}>
                <label htmlFor={`status-${m.slug}`} className="block text-sm">
                  {m.name}
                </label>
                <select id={`status-${m.slug}`} name={`status:${m.slug}`} defaultValue={keptValue(outcome, STATUSES_FORM, `status:${m.slug}`, m.own)} className="mt-1 w-full rounded border border-slate-500 px-1 py-1">
                  <option value="">As the platform ({STATUSES.find((s) => s.value === m.status)?.label ?? "On sale"})</option>
                  {STATUSES.map((s) => (
                    <option key={s.value} value={s.value}>
                      {s.label}
                    </option>
                  ))}
                </select>
              </div>
            ))}
            <p className="sm:col-span-2">
              <button type="submit" name="intent" value="statuses" className="rounded bg-slate-900 px-3 py-1 text-white">
                Save and publish statuses
              </button>
            </p>
            <div className="sm:col-span-2">
              <ApplyAtControls outcome={outcome} form={STATUSES_FORM} timeZone={timeZone} intent="schedule-statuses" label="Schedule these statuses" />
            </div>
          </form>
        </section>
      ) : null}
    </section>
  );
}

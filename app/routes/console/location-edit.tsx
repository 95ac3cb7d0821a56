/**
 * `/sites/{slug}/locations/edit` (new) and `?location={slug}` (edit), issue 50 item 5: a
 * location's details, address (placed by the embedded geocoder; "Look up" fills the suburb and
 * state of a postcode), phones, licences, visibility, photo, weekly hours and alternating-Saturday
 * rule; then its special and holiday hours, with the coming year's public holidays of its state
 * offered. Plain forms that work without JavaScript; a refused post answers 400 with every typed
 * value and a message next to each wrong field. Every save is live on the next request; the
 * details, the weekly hours and special hours can each be scheduled for a time instead.
 */
import { data, redirect } from "react-router";
import type { Route } from "./+types/location-edit";
import { SCHEDULE_LIST_NOTICES } from "~/domain/content/schedule";
import { guardConsoleAction, guardConsoleRoute } from "~/console/guard.server";
import { parseConsoleForm, type FormProblem, readConsoleFormData } from "~/console/form.server";
import { FieldErrors, FormStatus } from "~/console/forms";
import {
  getSiteLocation,
  holdsOnSite,
  HolidaysFormSchema,
  listManufacturers,
  LocationFormSchema,
  LocationRefused,
  lookupPostcodeSuburbs,
  putSpecialHours,
  removeSpecialHours,
  saturdayRule,
  saveLocation,
  scheduleLocationDetails,
  SpecialHoursFormSchema,
  weeklyFromForm,
  type ConsoleLocation,
} from "~/console/locations.server";
import { ACCEPT_ATTRIBUTE, LOCATION_TYPES } from "~/console/content-fields";
import { processImageUpload, storeSiteAsset, uploadedFile, UploadRefused } from "~/console/uploads.server";
import { upcomingPublicHolidays } from "~/domain/locations/public-holidays";
import { AU_STATES } from "~/domain/locations/states";
import { DAY_LONG, localClock } from "~/domain/opening-hours";
import { resolveSiteConfig } from "~/sites/resolve-config";
import { sites, dealerGroups } from "../../../db/schema/index";
import { eq } from "drizzle-orm";
import { answerScheduleListIntent, applyAtInstant, isScheduleListIntent, listSiteFailed, listSitePending, scheduleSiteChange } from "~/console/scheduling.server";
import { ApplyAtControls, PendingChangesList } from "~/console/schedule-ui";

const ROUTE_ID = "console-site-location-edit";
type Values = Record<string, string | string[]>;

/** The form's field values from a stored location (the names LocationFormSchema reads). */
function valuesOf(l: ConsoleLocation | null): Values {
  if (!l) return { visible: "on", saturdayMode: "site", ...Object.fromEntries([0, 1, 2, 3, 4, 5, 6].map((d) => [`status${d}`, "Closed"])) };
  const v: Values = {
    name: l.name,
    slug: l.slug,
    locationType: l.locationType ?? "",
    locationSubtype: l.locationSubtype ?? "",
    manufacturers: l.manufacturers,
    street: l.street ?? "",
    city: l.city,
    state: l.state,
    postcode: l.postcode,
    phone: l.phone ?? "",
    landlinePhone: l.landlinePhone ?? "",
    email: l.email ?? "",
    dealerLicenseNumber: l.dealerLicenseNumber ?? "",
    motorVehicleRepairer: l.motorVehicleRepairer ?? "",
    saturdayMode: l.alternatingSaturday?.mode ?? "site",
    saturdayAnchor: l.alternatingSaturday?.mode === "on" ? l.alternatingSaturday.anchorDate : "",
    saturdayText: l.alternatingSaturday?.mode === "on" ? l.alternatingSaturday.appointmentText : "",
  };
  if (l.visible) v.visible = "on";
  if (l.primary) v.primary = "on";
  for (const d of [0, 1, 2, 3, 4, 5, 6]) {
    const e = l.openingHours.find((h) => h.weekday === d);
    v[`status${d}`] = e?.status === "Open" ? "Open" : "Closed";
    v[`open${d}`] = e?.open ?? "";
    v[`close${d}`] = e?.close ?? "";
  }
  return v;
}

async function siteConfigOf(db: Parameters<typeof getSiteLocation>[0], siteId: number) {
  const [row] = await db.select({ config: sites.config, group: dealerGroups.config }).from(sites).leftJoin(dealerGroups, eq(dealerGroups.id, sites.dealerGroupId)).where(eq(sites.id, siteId));
  return resolveSiteConfig(row?.group ?? {}, row?.config ?? {});
}

export async function loader(args: Route.LoaderArgs) {
  const { db, site, member } = await guardConsoleRoute(ROUTE_ID, args);
  const scoped = site!.site;
  const slug = args.url.searchParams.get("location");
  const location = slug ? await getSiteLocation(db, scoped.id, slug) : null;
  if (slug && !location) throw data("No such location", { status: 404 });
  const config = await siteConfigOf(db, scoped.id);
  const today = localClock(new Date(), config.timeZone).date;
  const siteRule = config.locationsPage.alternatingSaturday;
  const setDates = new Set(location?.specialHours.map((s) => s.date) ?? []);
  return {
    site: { slug: scoped.slug, name: scoped.name },
    location: location ? { slug: location.slug, name: location.name, imageUrl: location.imageUrl } : null,
    values: valuesOf(location),
    manufacturers: await listManufacturers(db),
    canEdit: await holdsOnSite(db, member, scoped.slug, "content.publish"),
    siteRule: siteRule ? `every other Saturday for ${siteRule.locationTypes.join(", ")} locations, from ${siteRule.anchorDate}` : "none: every Saturday has normal hours",
    specials: (location?.specialHours ?? []).filter((s) => s.date >= today),
    holidays: location ? (await upcomingPublicHolidays(today, location.state)).map((h) => ({ ...h, set: setDates.has(h.date) })) : [],
    timeZone: config.timeZone,
    locationPath: location ? `/${config.links.locationDetailPrefix}/${location.slug}` : null,
    pending: location ? await listSitePending(db, scoped.id, config.timeZone, { entity: "location", entityIds: [location.id] }) : [],
    failed: location ? await listSiteFailed(db, scoped.id, config.timeZone, { entity: "location", entityIds: [location.id] }, Date.now()) : [],
    done: args.url.searchParams.get("done"),
  };
}

type Outcome = { problem: FormProblem | null; done: string | null };

function refused(form: string, errors: Record<string, string[]>, values: Record<string, unknown>) {
  return data<Outcome>({ problem: { form, errors, values }, done: null }, { status: 400 });
}

/** The form data's plain values (files left out) for giving back what was typed. */
function typedValues(form: FormData): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of form.entries()) {
    if (typeof value !== "string") continue;
    const prior = out[key];
    out[key] = prior === undefined ? value : Array.isArray(prior) ? [...prior, value] : [prior, value];
  }
  return out;
}

export async function action(args: Route.ActionArgs) {
  const { db, site, member, console } = await guardConsoleAction("console-site-location-edit", args);
  const scoped = site!.site;
  const actor = { member, ipAddress: console.clientIp };
  const slug = args.url.searchParams.get("location");
  const form = await readConsoleFormData(args.request);
  const intent = String(form.get("intent") ?? "");
  const back = (locationSlug: string, done: string) => redirect(`/sites/${scoped.slug}/locations/edit?location=${encodeURIComponent(locationSlug)}&done=${done}`);

  if (intent === "lookup") {
    const postcode = String(form.get("postcode") ?? "");
    const hit = lookupPostcodeSuburbs(postcode);
    const values = typedValues(form);
    if (!hit) return refused("location", { postcode: [`Invalid postcode: ${postcode || "(empty)"} is not an Australian postcode we know.`] }, values);
    const typedCity = String(values.city ?? "");
    const city = hit.suburbs.find((s) => s.toLowerCase() === typedCity.trim().toLowerCase()) ?? (hit.suburbs.length === 1 ? hit.suburbs[0] : typedCity);
    return { problem: { form: "location", errors: {}, values: { ...values, city, state: hit.state } }, done: `Postcode ${postcode.trim()} (${hit.state}) covers: ${hit.suburbs.join(", ")}. Check the suburb, then save.` } satisfies Outcome;
  }

  if (slug && isScheduleListIntent(intent)) {
    return back(slug, await answerScheduleListIntent(db, actor, scoped.id, intent, form.get("changeId")));
  }

  if (slug && (intent === "add-special" || intent === "remove-special" || intent === "add-holidays" || intent === "schedule-special")) {
    try {
      if (intent === "remove-special") {
        const date = String(form.get("date") ?? "");
        await removeSpecialHours(db, actor, scoped.id, slug, date);
        return back(slug, "special-removed");
      }
      if (intent === "add-holidays") {
        const parsed = parseConsoleForm("holidays", form, HolidaysFormSchema);
        if (!parsed.ok) return data<Outcome>({ problem: parsed.problem, done: null }, { status: 400 });
        const entries = parsed.value.holiday.map((h) => {
          const [date, ...name] = h.split("|");
          return { date, status: "Closed" as const, startHour: null, endHour: null, note: name.join("|") };
        });
        await putSpecialHours(db, actor, scoped.id, slug, entries);
        return back(slug, "holidays-added");
      }
      const parsed = parseConsoleForm("special", form, SpecialHoursFormSchema);
      if (!parsed.ok) return data<Outcome>({ problem: parsed.problem, done: null }, { status: 400 });
      const v = parsed.value;
      const open = v.status === "Open";
      const entry = { date: v.date, status: v.status, startHour: open ? v.startHour! : null, endHour: open ? v.endHour! : null, ...(v.note ? { note: v.note } : {}) };
      if (intent === "schedule-special") {
        const when = await scheduledFor(db, scoped.id, form);
        if (!when.ok) return refused("special", { applyAt: [when.message] }, typedValues(form));
        const location = await getSiteLocation(db, scoped.id, slug);
        if (!location) throw new LocationRefused("form", "This location no longer exists.");
        await scheduleSiteChange(db, actor, { siteId: scoped.id, entity: "location", entityId: location.id, action: "special-hours", runAt: when.runAt, payload: { entries: [entry] }, label: location.slug });
        return back(slug, "scheduled");
      }
      await putSpecialHours(db, actor, scoped.id, slug, [entry]);
      return back(slug, "special-added");
    } catch (error) {
      if (error instanceof LocationRefused) throw data(error.message, { status: 404 });
      throw error;
    }
  }

  const parsed = parseConsoleForm("location", form, LocationFormSchema);
  if (!parsed.ok) return data<Outcome>({ problem: parsed.problem, done: null }, { status: 400 });
  const values = typedValues(form);
  if (slug && intent === "schedule-hours") {
    // Only the weekly hours and the Saturday rule are scheduled; the rest of the form is not saved.
    const when = await scheduledFor(db, scoped.id, form);
    if (!when.ok) return refused("location", { applyAt: [when.message] }, values);
    const location = await getSiteLocation(db, scoped.id, slug);
    if (!location) throw data("No such location", { status: 404 });
    await scheduleSiteChange(db, actor, { siteId: scoped.id, entity: "location", entityId: location.id, action: "weekly-hours", runAt: when.runAt, payload: { openingHours: weeklyFromForm(parsed.value), alternatingSaturday: saturdayRule(parsed.value) }, label: location.slug });
    return back(slug, "scheduled");
  }
  // Scheduling the details checks them as a save does; the hours are not scheduled with them.
  const applyAt = slug !== null && intent === "schedule-details" ? await scheduledFor(db, scoped.id, form) : null;
  if (applyAt && !applyAt.ok) return refused("location", { applyAt: [applyAt.message] }, values);
  let imageUrl: string | undefined;
  const file = uploadedFile(form, "image");
  if (file) {
    try {
      imageUrl = await storeSiteAsset(db, scoped.id, "location-image", await processImageUpload(file, "location-image"), member.id);
    } catch (error) {
      if (error instanceof UploadRefused) return refused("location", { image: [error.message] }, values);
      throw error;
    }
  }
  try {
    if (slug && applyAt?.ok) {
      await scheduleLocationDetails(db, actor, scoped.id, slug, parsed.value, applyAt.runAt, imageUrl);
      return back(slug, "scheduled");
    }
    const row = await saveLocation(db, actor, { id: scoped.id, dealerGroupId: scoped.dealerGroupId }, slug, parsed.value, imageUrl);
    return back(row.slug, slug ? "saved" : "created");
  } catch (error) {
    if (error instanceof LocationRefused) return refused("location", { [error.field]: [error.message] }, values);
    throw error;
  }
}

/** The form's "Apply at" as an instant in the site's time zone. */
async function scheduledFor(db: Parameters<typeof getSiteLocation>[0], siteId: number, form: FormData) {
  return applyAtInstant(form.get("applyAt"), (await siteConfigOf(db, siteId)).timeZone, Date.now());
}

const DONE: Record<string, string> = {
  scheduled: "Scheduled. The change takes effect within a minute of its time.",
  ...SCHEDULE_LIST_NOTICES,
  created: "Location added. It shows on the public site now (if shown).",
  saved: "Location saved. The public site shows it on its next request.",
  "special-added": "Special hours saved. The public site shows them on its next request.",
  "special-removed": "Special hours removed.",
  "holidays-added": "Closed on the chosen public holidays. The public site shows them on its next request.",
};

/** A pending change of the location in the editor's list. */
function describePending(p: { action: string; payload?: Record<string, unknown> | null }): string {
  if (p.action === "weekly-hours") return "New weekly hours apply";
  if (p.action === "special-hours") return "Special hours are added";
  return `New details apply (${p.payload?.visible === false ? "hidden from" : "shown on"} the public site)`;
}

const input = "mt-1 w-full rounded border border-slate-500 px-2 py-1";

export default function ConsoleLocationEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { site, location, manufacturers, canEdit, specials, holidays, siteRule, timeZone, pending, failed, locationPath } = loaderData;
  const outcome = actionData as Outcome | undefined;
  const mine = (form: string) => (outcome?.problem?.form === form ? outcome.problem : null);
  const problem = mine("location");
  const values: Record<string, unknown> = problem ? problem.values : loaderData.values;
  const text = (name: string) => (typeof values[name] === "string" ? (values[name] as string) : "");
  const list = (name: string) => (Array.isArray(values[name]) ? (values[name] as string[]) : typeof values[name] === "string" ? [values[name] as string] : []);
  const errors = (form: string, name: string) => mine(form)?.errors[name] ?? [];
  const field = (name: string, label: string, props: { type?: string; help?: string; required?: boolean; autoComplete?: string } = {}) => {
    const e = errors("location", name);
    const describedBy = [props.help ? `${name}-help` : null, e.length ? `${name}-error` : null].filter(Boolean).join(" ") || undefined;
    return (
      <div className="mt-3">
        <label htmlFor={name} className="block font-medium">
          {label}
        </label>
        {props.help ? (
          <p id={`${name}-help`} className="text-sm text-slate-700">
            {props.help}
          </p>
        ) : null}
        <input id={name} name={name} type={props.type ?? "text"} defaultValue={text(name)} required={props.required} autoComplete={props.autoComplete} aria-invalid={e.length ? true : undefined} aria-describedby={describedBy} className={input} />
        <FieldErrors id={`${name}-error`} messages={e} />
      </div>
    );
  };
  const done = outcome?.done ?? (loaderData.done ? DONE[loaderData.done] : null);
  const title = location ? `Edit ${location.name}` : "Add a location";
  return (
    <section aria-labelledby="location-title">
      <title>{`${title} · ${site.name} · Forecourt console`}</title>
      <p className="text-sm">
        <a href={`/sites/${site.slug}`} className="underline">
          {site.name}
        </a>{" "}
        ›{" "}
        <a href={`/sites/${site.slug}/locations`} className="underline">
          Locations
        </a>
      </p>
      <h1 id="location-title" className="text-2xl font-bold">
        {title}
      </h1>
      <FormStatus outcome={done ? { problem: null, done } : outcome?.problem && Object.keys(outcome.problem.errors).length ? outcome : undefined} />
      {!canEdit ? <p className="mt-2 text-sm">Your role can look at locations but not change them.</p> : null}

      <form method="post" encType="multipart/form-data" noValidate className="mt-4">
        <fieldset disabled={!canEdit} className="rounded border border-slate-300 p-4">
          <legend className="px-1 text-lg font-semibold">Details</legend>
          {field("name", "Name", { required: true })}
          {field("slug", "Address name (slug)", { help: "The end of the location page's address, e.g. osborne-park. Empty: made from the name." })}
          <div className="mt-3">
            <label htmlFor="locationType" className="block font-medium">
              Type
            </label>
            <select id="locationType" name="locationType" defaultValue={text("locationType")} className={input}>
              <option value="">None</option>
              {LOCATION_TYPES.map((t) => (
                <option key={t} value={t}>
                  {t}
                </option>
              ))}
            </select>
          </div>
          {field("locationSubtype", "Subtype", { help: "Optional, e.g. used-cars, commercial." })}
          <fieldset className="mt-3">
            <legend className="font-medium">Manufacturers</legend>
            <div role="group" aria-label="Manufacturers" className="mt-1 grid max-h-48 grid-cols-2 gap-x-4 overflow-y-auto rounded border border-slate-300 p-2 sm:grid-cols-4">
              {manufacturers.map((m) => (
                <label key={m.slug} className="text-sm">
                  <input type="checkbox" name="manufacturers" value={m.slug} defaultChecked={list("manufacturers").includes(m.slug)} /> {m.name}
                </label>
              ))}
            </div>
          </fieldset>
        </fieldset>

        <fieldset disabled={!canEdit} className="mt-4 rounded border border-slate-300 p-4">
          <legend className="px-1 text-lg font-semibold">Address</legend>
          {field("street", "Street address", { autoComplete: "off" })}
          {field("postcode", "Postcode", { required: true, help: "Placed on the map from the embedded postcode data." })}
          <button type="submit" name="intent" value="lookup" className="mt-2 rounded border border-slate-700 px-3 py-1">
            Look up the suburb of this postcode
          </button>
          {field("city", "Suburb", { required: true })}
          <div className="mt-3">
            <label htmlFor="state" className="block font-medium">
              State or territory
            </label>
            <select id="state" name="state" defaultValue={text("state")} aria-invalid={errors("location", "state").length ? true : undefined} aria-describedby={errors("location", "state").length ? "state-error" : undefined} className={input}>
              <option value="">Choose</option>
              {AU_STATES.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
            <FieldErrors id="state-error" messages={errors("location", "state")} />
          </div>
        </fieldset>

        <fieldset disabled={!canEdit} className="mt-4 rounded border border-slate-300 p-4">
          <legend className="px-1 text-lg font-semibold">Contact and licences</legend>
          {field("phone", "Phone", { type: "tel" })}
          {field("landlinePhone", "Landline", { type: "tel" })}
          {field("email", "Email", { type: "email" })}
          {field("dealerLicenseNumber", "Dealer licence number")}
          {field("motorVehicleRepairer", "Motor vehicle repairer licence")}
        </fieldset>

        <fieldset disabled={!canEdit} className="mt-4 rounded border border-slate-300 p-4">
          <legend className="px-1 text-lg font-semibold">Visibility and photo</legend>
          <p className="mt-2">
            <label>
              <input type="checkbox" name="visible" defaultChecked={text("visible") === "on"} /> Shown on the public site
            </label>
          </p>
          <p className="mt-2">
            <label>
              <input type="checkbox" name="primary" defaultChecked={text("primary") === "on"} /> Main location (the header's phone and Call Now)
            </label>
          </p>
          {location?.imageUrl ? (
            <p className="mt-2 text-sm">
              Current photo: <code>{location.imageUrl}</code>{" "}
              <label>
                <input type="checkbox" name="removeImage" /> Remove it
              </label>
            </p>
          ) : null}
          <div className="mt-3">
            <label htmlFor="image" className="block font-medium">
              New photo
            </label>
            <p id="image-help" className="text-sm text-slate-700">
              PNG, JPEG, WebP, GIF or SVG, at most 2 MB. Camera data (location, device) is removed.
            </p>
            <input id="image" name="image" type="file" accept={ACCEPT_ATTRIBUTE} aria-describedby={errors("location", "image").length ? "image-help image-error" : "image-help"} className="mt-1" />
            <FieldErrors id="image-error" messages={errors("location", "image")} />
          </div>
        </fieldset>

        <fieldset disabled={!canEdit} className="mt-4 rounded border border-slate-300 p-4">
          <legend className="px-1 text-lg font-semibold">Opening hours</legend>
          <p className="text-sm text-slate-700">Times are the site's local time ({timeZone}), 24-hour.</p>
          {[1, 2, 3, 4, 5, 6, 0].map((d) => (
            <fieldset key={d} className="mt-3 flex flex-wrap items-end gap-3">
              <legend className="w-full font-medium">{DAY_LONG[d]}</legend>
              <label className="text-sm">
                Open or closed
                <select name={`status${d}`} defaultValue={text(`status${d}`) || "Closed"} className={input}>
                  <option value="Open">Open</option>
                  <option value="Closed">Closed</option>
                </select>
              </label>
              {(["open", "close"] as const).map((k) => {
                const name = `${k}${d}`;
                const e = errors("location", name);
                return (
                  <div key={k} className="text-sm">
                    <label htmlFor={name}>{k === "open" ? "Opens" : "Closes"}</label>
                    <input id={name} name={name} type="time" defaultValue={text(name)} aria-invalid={e.length ? true : undefined} aria-describedby={e.length ? `${name}-error` : undefined} className={input} />
                    <FieldErrors id={`${name}-error`} messages={e} />
                  </div>
                );
              })}
            </fieldset>
          ))}
        </fieldset>

        <fieldset disabled={!canEdit} className="mt-4 rounded border border-slate-300 p-4">
          <legend className="px-1 text-lg font-semibold">Alternating Saturdays</legend>
          <p className="text-sm text-slate-700">The site's rule: {siteRule}.</p>
          {(
            [
              ["site", "Follow the site's rule"],
              ["on", "Normal hours every other Saturday; the others read the text below"],
              ["off", "Normal hours every Saturday"],
            ] as const
          ).map(([value, label]) => (
            <p key={value} className="mt-1">
              <label>
                <input type="radio" name="saturdayMode" value={value} defaultChecked={(text("saturdayMode") || "site") === value} /> {label}
              </label>
            </p>
          ))}
          {field("saturdayAnchor", "A Saturday with normal hours", { type: "date" })}
          {field("saturdayText", "Text on the other Saturdays", { help: "Default: By Appointment Only." })}
        </fieldset>

        {canEdit ? (
          <p className="mt-4">
            <button type="submit" name="intent" value="save" className="rounded bg-slate-900 px-4 py-2 text-white">
              {location ? "Save location" : "Add location"}
            </button>
          </p>
        ) : null}
        {canEdit && location ? (
          <ApplyAtControls
            outcome={outcome}
            form="location"
            timeZone={timeZone}
            actions={[
              { intent: "schedule-details", label: "Schedule the details, address, contact, visibility and photo (the hours are not changed)" },
              { intent: "schedule-hours", label: "Schedule the opening hours and Saturday rule (nothing else is saved)" },
            ]}
          />
        ) : null}
      </form>
      {location ? <PendingChangesList pending={pending} failed={failed} describe={describePending} previewHref={`/sites/${site.slug}/offers/preview?next=${encodeURIComponent(locationPath ?? "/")}`} /> : null}

      {location ? <SpecialHoursSection outcome={outcome} timeZone={timeZone} specials={specials} holidays={holidays} canEdit={canEdit} errors={(name) => errors("special", name)} holidayErrors={errors("holidays", "holiday")} typed={mine("special")?.values ?? null} /> : null}
    </section>
  );
}

function SpecialHoursSection(props: {
  outcome: Outcome | undefined;
  timeZone: string;
  specials: { date: string; status: string; startHour: string | null; endHour: string | null; note?: string }[];
  holidays: { date: string; name: string; national: boolean; set: boolean }[];
  canEdit: boolean;
  errors: (name: string) => string[];
  holidayErrors: string[];
  typed: Record<string, unknown> | null;
}) {
  const typed = (name: string) => (typeof props.typed?.[name] === "string" ? (props.typed[name] as string) : "");
  const small = (name: string, label: string, type: string) => {
    const e = props.errors(name);
    return (
      <div className="text-sm">
        <label htmlFor={`special-${name}`}>{label}</label>
        <input id={`special-${name}`} name={name} type={type} defaultValue={typed(name)} aria-invalid={e.length ? true : undefined} aria-describedby={e.length ? `special-${name}-error` : undefined} className={input} />
        <FieldErrors id={`special-${name}-error`} messages={e} />
      </div>
    );
  };
  return (
    <section aria-labelledby="special-title" className="mt-8">
      <h2 id="special-title" className="text-xl font-semibold">
        Special and holiday hours
      </h2>
      <p className="text-sm text-slate-700">On these dates the hours below replace the weekly hours and the Saturday rule.</p>
      {props.specials.length ? (
        <ul className="mt-2">
          {props.specials.map((s) => (
            <li key={s.date} className="flex flex-wrap items-center gap-3 border-b border-slate-200 py-1">
              <span>
                {s.date}: {s.status === "Open" ? `open ${s.startHour} to ${s.endHour}` : "closed"}
                {s.note ? ` (${s.note})` : ""}
              </span>
              {props.canEdit ? (
                <form method="post">
                  <input type="hidden" name="date" value={s.date} />
                  <button type="submit" name="intent" value="remove-special" className="rounded border border-slate-700 px-2 text-sm" aria-label={`Remove the special hours of ${s.date}`}>
                    Remove
                  </button>
                </form>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2">No special hours from today on.</p>
      )}
      {props.canEdit ? (
        <>
          <form method="post" noValidate className="mt-4 rounded border border-slate-300 p-4">
            <fieldset>
              <legend className="font-semibold">Add special hours on a date</legend>
              <div className="flex flex-wrap items-end gap-3">
                {small("date", "Date", "date")}
                <div className="text-sm">
                  <label htmlFor="special-status">Open or closed</label>
                  <select id="special-status" name="status" defaultValue={typed("status") || "Closed"} className={input}>
                    <option value="Closed">Closed</option>
                    <option value="Open">Open</option>
                  </select>
                </div>
                {small("startHour", "Opens", "time")}
                {small("endHour", "Closes", "time")}
                {small("note", "Note (e.g. Christmas Day)", "text")}
              </div>
              <button type="submit" name="intent" value="add-special" className="mt-3 rounded bg-slate-900 px-3 py-1 text-white">
                Save special hours
              </button>
              <ApplyAtControls outcome={props.outcome} form="special" timeZone={props.timeZone} intent="schedule-special" label="Schedule these special hours" />
            </fieldset>
          </form>
          <form method="post" className="mt-4 rounded border border-slate-300 p-4">
            <fieldset>
              <legend className="font-semibold">Public holidays in the coming year</legend>
              <p className="text-sm text-slate-700">National and state public holidays for this location's state. Choose the days the location is closed.</p>
              <FieldErrors id="holiday-error" messages={props.holidayErrors} />
              <ul className="mt-2 grid gap-1 sm:grid-cols-2">
                {props.holidays.map((h) => (
                  <li key={`${h.date}|${h.name}`}>
                    <label className="text-sm">
                      <input type="checkbox" name="holiday" value={`${h.date}|${h.name}`} disabled={h.set} /> {h.date} {h.name}
                      {h.national ? "" : " (state)"}
                      {h.set ? " (special hours already set)" : ""}
                    </label>
                  </li>
                ))}
              </ul>
              <button type="submit" name="intent" value="add-holidays" className="mt-3 rounded bg-slate-900 px-3 py-1 text-white">
                Close on the chosen holidays
              </button>
            </fieldset>
          </form>
        </>
      ) : null}
    </section>
  );
}

/**
 * `/sites/{slug}/stock/{stock number or car id}` (issue 49 item 1): edit one car, every field the
 * feed carries, with a message beside each wrong field and every typed value kept (a plain form:
 * it works without JavaScript). Sales open only the cars of their assigned locations; another
 * location's car answers 404, by URL or by post.
 */
import { data, redirect } from "react-router";
import type { Route } from "./+types/stock-car";
import { CAR_FIELD_SECTIONS, carEditSchema, type CarEdit, type CarField } from "~/console/car-fields";
import { fieldProblem, formProblem, parseConsoleForm, readConsoleFormData } from "~/console/form.server";
import { describedBy, errorsOf, FieldNotes, FormStatus, keptValue, LabelledField, type FormOutcome } from "~/console/forms";
import { guardConsoleAction, guardConsoleRoute } from "~/console/guard.server";
import { siteOrigin } from "~/console/site-links";
import { holdsOnSite } from "~/console/staff.server";
import { reachableLocations } from "~/console/location-scope";
import { findCar, saveCar, StockInputError } from "~/console/stock.server";
import { siteTimeZone } from "~/console/leads.server";
import { localClock } from "~/domain/opening-hours";

const FORM = "car";

/** A stored value as its input shows it. */
function shown(field: CarField, value: unknown, timeZone: string): string | boolean {
  if (field.kind === "bool") return value === true;
  if (value === null || value === undefined) return "";
  if (field.kind === "lines") return (value as string[]).join("\n");
  // The sold date, as the site's staff count days.
  if (value instanceof Date) return localClock(value, timeZone).date;
  return String(value);
}

function notFound(): never {
  throw data("No such car in your stock.", { status: 404 });
}

export async function loader(args: Route.LoaderArgs) {
  const { db, site, member, console } = await guardConsoleRoute("console-site-stock-car", args);
  const scoped = site!;
  const car = (await findCar(db, scoped, args.params.car)) ?? notFound();
  const [locations, timeZone] = await Promise.all([reachableLocations(db, scoped), siteTimeZone(db, scoped.site.id, scoped.configVersion)]);
  const values = Object.fromEntries(CAR_FIELD_SECTIONS.flatMap((s) => s.fields).map((f) => [f.name, shown(f, (car.values as CarEdit)[f.name], timeZone)]));
  const saved = args.url.searchParams.get("saved");
  return {
    site: { slug: scoped.site.slug, name: scoped.site.name },
    car: { id: car.id, stockNumber: car.stockNumber, name: car.name, vdp: `${siteOrigin(console.origin, scoped.site.hosts, scoped.site.slug)}/cars/${car.slug}` },
    values,
    locations,
    canEdit: holdsOnSite(member, scoped.site, "stock.edit"),
    notice: saved === "0" ? "Nothing changed." : saved ? `Saved: ${saved}.` : null,
  };
}

export async function action(args: Route.ActionArgs) {
  const { db, site, member, console } = await guardConsoleAction("console-site-stock-car", args);
  const scoped = site!;
  const car = (await findCar(db, scoped, args.params.car)) ?? notFound();
  const form = await readConsoleFormData(args.request);
  const parsed = parseConsoleForm(FORM, form, carEditSchema);
  if (!parsed.ok) return formProblem(parsed.problem);
  try {
    const changed = await saveCar(db, scoped, car, parsed.value as CarEdit, { member, ipAddress: console.clientIp });
    const labels = CAR_FIELD_SECTIONS.flatMap((s) => s.fields).filter((f) => changed.includes(f.name)).map((f) => f.label.replace(/ \(.*\)$/, ""));
    return redirect(`/sites/${scoped.site.slug}/stock/${encodeURIComponent(car.stockNumber)}?saved=${encodeURIComponent(labels.join(", ") || "0")}`);
  } catch (error) {
    if (error instanceof StockInputError) return fieldProblem(FORM, error.field, error.message, Object.fromEntries(form));
    throw error;
  }
}

const inputClass = "mt-1 w-full rounded border border-slate-500 px-2 py-1 disabled:bg-slate-100";

function Field({ field, value, outcome, locations, disabled }: { field: CarField; value: string | boolean; outcome: FormOutcome; locations: { id: number; name: string }[]; disabled: boolean }) {
  const id = `car-${field.name}`;
  const errors = errorsOf(outcome, FORM, field.name);
  const common = { id, name: field.name, disabled, ...describedBy(id, errors, Boolean(field.help)) };
  const kept = keptValue(outcome, FORM, field.name, typeof value === "string" ? value : "");
  if (field.kind === "bool") {
    const checked = outcome?.problem?.form === FORM ? outcome.problem.values[field.name] === "on" : value === true;
    return (
      <div className="flex items-start gap-2">
        <input type="checkbox" {...common} defaultChecked={checked} className="mt-1" />
        <div>
          <label htmlFor={id} className="text-sm font-medium">
            {field.label}
          </label>
          <FieldNotes id={id} help={field.help} errors={errors} />
        </div>
      </div>
    );
  }
  let control: React.ReactNode;
  if (field.kind === "select" || field.kind === "location") {
    const choices = field.kind === "select" ? field.options : [{ value: "", label: "No location" }, ...locations.map((l) => ({ value: String(l.id), label: l.name }))];
    control = (
      <select {...common} defaultValue={kept} className={inputClass}>
        {choices.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </select>
    );
  } else if (field.kind === "textarea" || field.kind === "lines") {
    control = <textarea {...common} defaultValue={kept} rows={field.kind === "lines" ? 5 : 6} className={inputClass} />;
  } else {
    const type = field.kind === "date" ? "date" : "text";
    const inputMode = field.kind === "money" || field.kind === "whole" ? "numeric" : field.kind === "decimal" ? "decimal" : undefined;
    control = <input type={type} inputMode={inputMode} {...common} defaultValue={kept} className={inputClass} />;
  }
  return (
    <LabelledField id={id} label={field.label} help={field.help} errors={errors}>
      {control}
    </LabelledField>
  );
}

export default function ConsoleStockCar({ loaderData, actionData }: Route.ComponentProps) {
  const { site, car, values, locations, canEdit, notice } = loaderData;
  const outcome = actionData as FormOutcome;
  return (
    <section aria-labelledby="car-title">
      <title>{`${car.stockNumber} · Stock · ${site.name} · Forecourt console`}</title>
      <p className="text-sm">
        <a href={`/sites/${site.slug}`} className="underline">
          {site.name}
        </a>{" "}
        ›{" "}
        <a href={`/sites/${site.slug}/stock`} className="underline">
          Stock
        </a>
      </p>
      <h1 id="car-title" className="text-2xl font-bold">
        {car.name} <span className="text-base font-normal">{`(stock number ${car.stockNumber})`}</span>
      </h1>
      <p className="mt-1 text-sm">
        <a href={car.vdp} className="underline">
          View the car on the website
        </a>
      </p>
      {notice && !outcome ? (
        <p role="status" className="mt-3 rounded border border-green-700 bg-green-50 p-3 text-sm">
          {notice}
        </p>
      ) : null}
      <FormStatus outcome={outcome} />
      <form method="post" noValidate className="mt-4" aria-labelledby="car-title">
        {CAR_FIELD_SECTIONS.map((section) => (
          <fieldset key={section.title} className="mt-4 grid gap-3 rounded border border-slate-300 p-4 sm:grid-cols-3">
            <legend className="px-1 font-semibold">{section.title}</legend>
            {section.fields.map((field) => (
              <Field key={field.name} field={field} value={values[field.name]} outcome={outcome} locations={locations} disabled={!canEdit} />
            ))}
          </fieldset>
        ))}
        {canEdit ? (
          <p className="mt-4">
            <button type="submit" name="intent" value="save" className="rounded bg-slate-900 px-4 py-2 text-white">
              Save the car
            </button>
          </p>
        ) : (
          <p className="mt-4 text-sm">Your role can look at this car but not change it.</p>
        )}
      </form>
    </section>
  );
}

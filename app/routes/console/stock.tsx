/**
 * `/sites/{slug}/stock` (issue 49 item 1): find any car of the site by stock number, VIN, rego,
 * make and model, status, car type, location or age in stock (a GET form: the filter is in the
 * URL), paged on the server; and bulk actions on the ticked cars or on every car of the filter,
 * each with a confirmation step that shows the count (plain forms: it works without JavaScript).
 * Sales see and change the cars of their assigned locations only.
 */
import { data, redirect } from "react-router";
import type { Route } from "./+types/stock";
import { CAR_TYPE_LABELS, STATUS_LABELS } from "~/console/car-fields";
import { formProblem, parseConsoleForm, type FormProblem, readConsoleFormData } from "~/console/form.server";
import { describedBy, errorsOf, FieldErrors, keptValue, LabelledField, type FormOutcome } from "~/console/forms";
import { guardConsoleAction, guardConsoleRoute } from "~/console/guard.server";
import { holdsOnSite } from "~/console/staff.server";
import { reachableLocations } from "~/console/location-scope";
import { applyBulk, BulkSchema, FILTER_KEYS, listStock, previewBulk, StockFilterSchema, StockInputError, stockMakes, type BulkRequest } from "~/console/stock.server";
import { AGE_BANDS, BULK_ACTIONS, STOCK_SORTS } from "~/console/stock-options";
import { ScrollingTable } from "~/console/scrolling-table";
import { wholeNumberText } from "~/domain/display/number-text";

const FORM = "bulk";

/** The list's filter from its URL, and the values as typed (kept in the form when refused). */
function filterOf(url: URL) {
  const params = Object.fromEntries(url.searchParams);
  const parsed = StockFilterSchema.safeParse(params);
  const values = Object.fromEntries([...FILTER_KEYS, "sort"].map((k) => [k, params[k] ?? ""])) as Record<(typeof FILTER_KEYS)[number] | "sort", string>;
  const errors = parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message]));
  return { filter: parsed.success ? parsed.data : null, values, errors: errors as Record<string, string>, params };
}

/** The list's query string for a filter's typed values (empty ones left out). */
function queryOf(values: Record<string, string>, extra: Record<string, string> = {}): string {
  return new URLSearchParams(Object.entries({ ...values, ...extra }).filter(([, v]) => v)).toString();
}

export async function loader(args: Route.LoaderArgs) {
  const { db, site, member } = await guardConsoleRoute("console-site-stock", args);
  const scoped = site!;
  const { filter, values, errors, params } = filterOf(args.url);
  const [page, makes, locs] = await Promise.all([filter ? listStock(db, scoped, filter, Date.now()) : null, stockMakes(db, scoped), reachableLocations(db, scoped)]);
  return data(
    {
      site: { slug: scoped.site.slug, name: scoped.site.name },
      limited: scoped.reach === "assigned-locations",
      values,
      errors,
      page,
      makes,
      locations: locs,
      canEdit: holdsOnSite(member, scoped.site, "stock.edit"),
      done: params.done && /^\d+$/.test(params.done) ? Number(params.done) : null,
    },
    { status: filter ? 200 : 400 },
  );
}

/** What the action answers: a refused post, or the confirmation step of a bulk action. */
type StockActionData = { problem: FormProblem | null; done: string | null; review?: BulkRequest & { count: number; locationName: string | null; moved: boolean } };

export async function action(args: Route.ActionArgs): Promise<StockActionData | Response | ReturnType<typeof formProblem>> {
  const { db, site, member, console } = await guardConsoleAction("console-site-stock", args);
  const scoped = site!;
  const form = await readConsoleFormData(args.request);
  const intent = String(form.get("intent") ?? "");
  const parsed = parseConsoleForm(FORM, form, BulkSchema);
  if (!parsed.ok) return formProblem(parsed.problem);
  const { filter, values } = filterOf(args.url);
  if (!filter) return formProblem({ form: FORM, errors: { form: ["The list's filter is not valid: fix it first."] }, values: parsed.value as unknown as Record<string, unknown> });
  const request = parsed.value;
  const typed: Record<string, unknown> = { ...Object.fromEntries(form), car: form.getAll("car") };
  try {
    const now = new Date();
    const preview = await previewBulk(db, scoped, request, filter, now.getTime());
    if (preview.belowZero) {
      const field = request.bulkAction === "price-amount" ? "amount" : "percent";
      return formProblem({ form: FORM, errors: { [field]: [`${wholeNumberText(preview.belowZero)} of these cars would get a price below $0. Choose a smaller change.`] }, values: typed });
    }
    if (preview.count === 0) return formProblem({ form: FORM, errors: { form: ["No car would change: none of them needs this action."] }, values: typed });
    // Apply only what was confirmed: when the count has moved since, ask again with the new one.
    if (intent !== "bulk-apply" || request.expected !== preview.count) return { problem: null, done: null, review: { ...request, count: preview.count, locationName: preview.locationName, moved: intent === "bulk-apply" } };
    const changed = await applyBulk(db, scoped, request, filter, { member, ipAddress: console.clientIp }, now);
    return redirect(`/sites/${scoped.site.slug}/stock?${queryOf(values, { done: String(changed) })}`);
  } catch (error) {
    if (error instanceof StockInputError) return formProblem({ form: FORM, errors: { [error.field]: [error.message] }, values: typed });
    throw error;
  }
}

/** A price as the list shows it (en-AU grouping, without starting ICU per row: decision 372). */
const dollars = (n: number | null) => (n === null ? "No price" : `$${wholeNumberText(n)}`);

/** What a bulk action will do, in words, for its confirmation. */
function describe(review: NonNullable<StockActionData["review"]>): string {
  const cars = `${wholeNumberText(review.count)} ${review.count === 1 ? "car" : "cars"}`;
  switch (review.bulkAction) {
    case "price-amount":
      return `${review.amount! > 0 ? "Raise" : "Lower"} the price of ${cars} by $${wholeNumberText(Math.abs(review.amount!))}?`;
    case "price-percent":
      return `${review.percent! > 0 ? "Raise" : "Lower"} the price of ${cars} by ${Math.abs(review.percent!)}%?`;
    case "hide":
      return `Hide ${cars} from the website?`;
    case "show":
      return `Show ${cars} on the website?`;
    case "move":
      return `Move ${cars} to ${review.locationName}?`;
    case "sold":
      return `Mark ${cars} sold? They show as SOLD on the website for the site's include-sold days, then leave it.`;
  }
}

const inputClass = "mt-1 w-full rounded border border-slate-500 px-2 py-1";

export default function ConsoleStock({ loaderData, actionData }: Route.ComponentProps) {
  const { site, limited, values, errors, page, makes, locations, canEdit, done } = loaderData;
  const outcome = actionData as (FormOutcome & { review?: StockActionData["review"] }) | undefined;
  const review = outcome && "review" in outcome ? outcome.review : undefined;
  const query = queryOf(values);
  const listUrl = `/sites/${site.slug}/stock${query ? `?${query}` : ""}`;
  const pageLink = (n: number) => `/sites/${site.slug}/stock?${queryOf(values, { page: n > 1 ? String(n) : "" })}`;
  const filterErrors = (name: string) => (errors[name] ? [errors[name]] : []);
  const filterSelect = (name: keyof typeof values, label: string, choices: { value: string; label: string }[], any?: string) => (
    <LabelledField id={`stock-${name}`} label={label} errors={filterErrors(name)}>
      <select id={`stock-${name}`} name={name} defaultValue={values[name] || (any ? "" : choices[0]?.value)} {...describedBy(`stock-${name}`, filterErrors(name))} className={inputClass}>
        {any ? <option value="">{any}</option> : null}
        {choices.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </select>
    </LabelledField>
  );
  const bulkErrors = (field: string) => errorsOf(outcome, FORM, field);
  const bulkInput = (name: "amount" | "percent", label: string, inputMode: "numeric" | "decimal") => (
    <LabelledField id={`bulk-${name}`} label={label} errors={bulkErrors(name)}>
      <input id={`bulk-${name}`} name={name} inputMode={inputMode} defaultValue={keptValue(outcome, FORM, name)} className={inputClass} {...describedBy(`bulk-${name}`, bulkErrors(name))} />
    </LabelledField>
  );
  // A refused bulk post keeps its ticks.
  const keptCars = outcome?.problem?.form === FORM ? outcome.problem.values.car : undefined;
  const ticked = new Set((Array.isArray(keptCars) ? keptCars : keptCars ? [keptCars] : []).map(String));
  return (
    <section aria-labelledby="stock-title">
      <title>{`Stock · ${site.name} · Forecourt console`}</title>
      <p className="text-sm">
        <a href={`/sites/${site.slug}`} className="underline">
          {site.name}
        </a>
      </p>
      <h1 id="stock-title" className="text-2xl font-bold">
        Stock
      </h1>
      {limited ? <p className="mt-1 text-sm text-slate-700">{`The cars of your locations: ${locations.map((l) => l.name).join(", ") || "none assigned"}.`}</p> : null}
      {done !== null ? (
        <p role="status" className="mt-3 rounded border border-green-700 bg-green-50 p-3 text-sm">
          {`Changed ${wholeNumberText(done)} ${done === 1 ? "car" : "cars"}.`}
        </p>
      ) : null}
      <form method="get" action={`/sites/${site.slug}/stock`} className="mt-3 grid gap-3 sm:grid-cols-4" aria-label="Find cars">
        <LabelledField id="stock-q" label="Stock number, VIN, rego, make or model" errors={filterErrors("q")}>
          <input id="stock-q" name="q" type="search" defaultValue={values.q} {...describedBy("stock-q", filterErrors("q"))} className={inputClass} />
        </LabelledField>
        {filterSelect("make", "Make", makes.map((m) => ({ value: m, label: m })), "Any make")}
        <LabelledField id="stock-model" label="Model" errors={filterErrors("model")}>
          <input id="stock-model" name="model" type="text" defaultValue={values.model} {...describedBy("stock-model", filterErrors("model"))} className={inputClass} />
        </LabelledField>
        {filterSelect("status", "Status", Object.entries(STATUS_LABELS).map(([value, label]) => ({ value, label })), "Any status")}
        {filterSelect("carType", "Car type", Object.entries(CAR_TYPE_LABELS).map(([value, label]) => ({ value, label })), "Any car type")}
        {filterSelect("location", "Location", locations.map((l) => ({ value: String(l.id), label: l.name })), "Any location")}
        {filterSelect("age", "Age in stock", Object.entries(AGE_BANDS).map(([value, b]) => ({ value, label: b.label })), "Any age")}
        {filterSelect("sort", "Sort", Object.entries(STOCK_SORTS).map(([value, label]) => ({ value, label })))}
        <p className="flex flex-wrap items-center gap-3 sm:col-span-4">
          <button type="submit" className="rounded bg-slate-900 px-3 py-1 text-white">
            Find
          </button>
          <a href={`/sites/${site.slug}/stock`} className="underline">
            Clear filters
          </a>
        </p>
      </form>

      {review ? (
        <form method="post" action={listUrl} className="mt-4 rounded border-2 border-amber-700 bg-amber-50 p-4" aria-labelledby="confirm-title">
          <h2 id="confirm-title" className="font-semibold">
            Confirm the bulk action
          </h2>
          {review.moved ? <p className="mt-1 text-sm font-semibold">The number of cars changed since you asked: please confirm again.</p> : null}
          <p className="mt-1">{describe(review)}</p>
          <input type="hidden" name="intent" value="bulk-apply" />
          <input type="hidden" name="bulkAction" value={review.bulkAction} />
          <input type="hidden" name="target" value={review.target} />
          <input type="hidden" name="expected" value={review.count} />
          {review.car.map((id) => (
            <input key={id} type="hidden" name="car" value={id} />
          ))}
          {review.amount !== undefined ? <input type="hidden" name="amount" value={review.amount} /> : null}
          {review.percent !== undefined ? <input type="hidden" name="percent" value={review.percent} /> : null}
          {review.toLocation !== undefined ? <input type="hidden" name="toLocation" value={review.toLocation} /> : null}
          <p className="mt-3 flex flex-wrap items-center gap-3">
            <button type="submit" className="rounded bg-slate-900 px-3 py-1 text-white">
              {`Yes, change ${wholeNumberText(review.count)} ${review.count === 1 ? "car" : "cars"}`}
            </button>
            <a href={listUrl} className="underline">
              Cancel
            </a>
          </p>
        </form>
      ) : null}

      {page ? (
        <form method="post" action={listUrl} aria-label="Cars and bulk actions">
          <p className="mt-4" aria-live="polite">
            {`${wholeNumberText(page.total)} ${page.total === 1 ? "car matches" : "cars match"}. Page ${page.page} of ${page.pages}.`}
          </p>
          {page.rows.length ? (
            <ScrollingTable label="Cars" className="mt-2">
              <caption className="sr-only">Cars matching the filter</caption>
              <thead>
                <tr>
                  {canEdit ? (
                    <th scope="col">
                      <span className="sr-only">Select</span>
                    </th>
                  ) : null}
                  <th scope="col">Stock number</th>
                  <th scope="col">Car</th>
                  <th scope="col">VIN</th>
                  <th scope="col">Rego</th>
                  <th scope="col">Type</th>
                  <th scope="col">Status</th>
                  <th scope="col">Price</th>
                  <th scope="col">On website</th>
                  <th scope="col">Location</th>
                  <th scope="col">Days in stock</th>
                </tr>
              </thead>
              <tbody>
                {page.rows.map((car) => (
                  <tr key={car.id} className="border-t border-slate-200">
                    {canEdit ? (
                      <td>
                        <input type="checkbox" name="car" value={car.id} defaultChecked={ticked.has(String(car.id))} aria-label={`Select ${car.stockNumber}`} />
                      </td>
                    ) : null}
                    <td>
                      <a href={`/sites/${site.slug}/stock/${encodeURIComponent(car.stockNumber)}`} className="underline">
                        {car.stockNumber}
                      </a>
                    </td>
                    <td>{car.title}</td>
                    <td className="font-mono text-xs">{car.vin ?? ""}</td>
                    <td>{car.rego ?? ""}</td>
                    <td>{CAR_TYPE_LABELS[car.carType as keyof typeof CAR_TYPE_LABELS] ?? car.carType}</td>
                    <td>
                      {STATUS_LABELS[car.status as keyof typeof STATUS_LABELS] ?? car.status}
                      {car.reserved ? " (reserved)" : ""}
                    </td>
                    <td className="text-right">{dollars(car.price)}</td>
                    <td>{car.showOnDealerWebsite ? "Shown" : "Hidden"}</td>
                    <td>{car.location ?? "None"}</td>
                    <td className="text-right">{car.daysInStock}</td>
                  </tr>
                ))}
              </tbody>
            </ScrollingTable>
          ) : (
            <p className="mt-2">No car matches{query ? " this filter" : " yet"}.</p>
          )}
          <FieldErrors id="bulk-car-error" messages={bulkErrors("car")} />
          {canEdit && page.total ? (
            <fieldset className="mt-4 grid gap-3 rounded border border-slate-300 p-4 sm:grid-cols-4">
              <legend className="px-1 font-semibold">Bulk action</legend>
              <div className="sm:col-span-4">
                <span className="text-sm font-medium" id="bulk-target-label">
                  Cars
                </span>
                <div role="radiogroup" aria-labelledby="bulk-target-label" className="flex flex-wrap gap-4">
                  <label>
                    <input type="radio" name="target" value="selected" defaultChecked={keptValue(outcome, FORM, "target", "selected") === "selected"} /> The ticked cars
                  </label>
                  <label>
                    <input type="radio" name="target" value="filter" defaultChecked={keptValue(outcome, FORM, "target") === "filter"} /> {`Every car of this filter (${wholeNumberText(page.total)})`}
                  </label>
                </div>
              </div>
              <LabelledField id="bulk-action" label="Action" errors={bulkErrors("bulkAction")}>
                <select id="bulk-action" name="bulkAction" defaultValue={keptValue(outcome, FORM, "bulkAction")} className={inputClass} {...describedBy("bulk-action", bulkErrors("bulkAction"))}>
                  <option value="">Choose an action</option>
                  {Object.entries(BULK_ACTIONS).map(([value, label]) => (
                    <option key={value} value={value}>
                      {label}
                    </option>
                  ))}
                </select>
              </LabelledField>
              {bulkInput("amount", "Amount (whole dollars, minus to lower)", "numeric")}
              {bulkInput("percent", "Percentage (minus to lower)", "decimal")}
              <LabelledField id="bulk-toLocation" label="Move to location" errors={bulkErrors("toLocation")}>
                <select id="bulk-toLocation" name="toLocation" defaultValue={keptValue(outcome, FORM, "toLocation")} className={inputClass} {...describedBy("bulk-toLocation", bulkErrors("toLocation"))}>
                  <option value="">Choose a location</option>
                  {locations.map((l) => (
                    <option key={l.id} value={l.id}>
                      {l.name}
                    </option>
                  ))}
                </select>
              </LabelledField>
              <p className="sm:col-span-4">
                <button type="submit" name="intent" value="bulk-review" className="rounded bg-slate-900 px-3 py-1 text-white">
                  Review the change
                </button>
              </p>
              {outcome?.problem?.form === FORM && outcome.problem.errors.form ? (
                <p role="alert" className="text-sm font-semibold text-red-800 sm:col-span-4">
                  {outcome.problem.errors.form.join(" ")}
                </p>
              ) : null}
            </fieldset>
          ) : null}
          <nav aria-label="Pages" className="mt-4 flex gap-4">
            {page.page > 1 ? (
              <a href={pageLink(page.page - 1)} className="underline" rel="prev">
                Previous page
              </a>
            ) : null}
            {page.page < page.pages ? (
              <a href={pageLink(page.page + 1)} className="underline" rel="next">
                Next page
              </a>
            ) : null}
          </nav>
        </form>
      ) : (
        <p role="alert" className="mt-4">
          Please check the highlighted filter.
        </p>
      )}
    </section>
  );
}

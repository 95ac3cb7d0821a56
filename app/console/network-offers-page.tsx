/**
 * The page of a dealer group's or the network's offers (issue 50 item 1), shared by
 * `/groups/{slug}/offers` and `/platform/offers`: the list, and one form that creates (no `?id=`)
 * or edits an offer with its excluded sites; publish, unpublish and retire. Plain forms that work
 * without JavaScript; a refused post keeps every typed value, with the message beside its field.
 */
import { Field, Notice } from "./content-ui";
import { FieldErrors, FormStatus, errorsOf, type FormOutcome } from "./forms";
import type { loadScopeOffersPage } from "./network-offers-page.server";

const FORM = "offer";

type PageData = Awaited<ReturnType<typeof loadScopeOffersPage>>;

/** The page: heading, list, and the form. */
export function ScopeOffersPage({ title, intro, back, base, loaderData, actionData }: { title: string; intro: string; back: { href: string; label: string }; base: string; loaderData: PageData; actionData: unknown }) {
  const outcome = actionData as FormOutcome;
  const problem = outcome?.problem?.form === FORM ? outcome.problem : null;
  const values = (problem?.values ?? loaderData.values) as Record<string, string | string[]>;
  const text = (name: string) => (typeof values[name] === "string" ? (values[name] as string) : "");
  const excluded = new Set(Array.isArray(values.excluded) ? values.excluded : typeof values.excluded === "string" ? [values.excluded] : []);
  const field = (name: string, label: string, extra: { type?: string; rows?: number; help?: string } = {}) => <Field outcome={outcome} form={FORM} name={name} label={label} value={text(name)} {...extra} />;
  const editing = loaderData.editing;
  const excludedErrors = errorsOf(outcome, FORM, "excluded");
  return (
    <section aria-labelledby="scope-offers-title">
      <title>{`${title} · Forecourt console`}</title>
      <p className="text-sm">
        <a href={back.href} className="underline">
          {back.label}
        </a>
      </p>
      <h1 id="scope-offers-title" className="text-2xl font-bold">
        {title}
      </h1>
      <p className="mt-2 text-sm">{intro}</p>
      <Notice text={loaderData.notice} />
      <FormStatus outcome={outcome} />
      <table className="mt-4 w-full text-left text-sm">
        <caption className="sr-only">{title}</caption>
        <thead>
          <tr>
            <th className="px-2 py-1">Offer</th>
            <th className="px-2 py-1">Status</th>
            <th className="px-2 py-1">Runs</th>
            <th className="px-2 py-1">Not shown on</th>
          </tr>
        </thead>
        <tbody>
          {loaderData.offers.map((o) => (
            <tr key={o.id} className="border-t border-slate-200">
              <td className="px-2 py-1">
                <a href={`${base}?id=${o.id}`} className="underline">
                  {o.name}
                </a>
              </td>
              <td className="px-2 py-1">{o.status}</td>
              <td className="px-2 py-1">
                {o.startsAt ?? "now"} to {o.expiresAt ?? "no expiry"}
              </td>
              <td className="px-2 py-1">{o.excluded.join(", ") || "none"}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {loaderData.offers.length ? null : <p className="mt-2">No offers yet.</p>}
      <h2 className="mt-6 text-xl font-bold">{editing ? `Edit: ${editing.name} (${editing.status})` : "New offer"}</h2>
      {editing ? (
        <p className="text-sm">
          <a href={base} className="underline">
            New offer instead
          </a>
        </p>
      ) : null}
      <form method="post" className="mt-3 grid gap-3 sm:grid-cols-2" aria-label={editing ? `Edit ${editing.name}` : "New offer"} noValidate>
        {field("name", "Name")}
        {field("category", "Category (e.g. Network offer)")}
        {field("description", "Description", { rows: 3 })}
        {field("disclaimer", "Disclaimer", { rows: 3 })}
        {field("linkUrl", "Link (optional)", { help: "A path of the sites, e.g. /trade-in, or an https:// address." })}
        {field("startsAt", `Starts (${loaderData.timeZone}; empty: now)`, { type: "datetime-local" })}
        {field("expiresAt", `Expires (${loaderData.timeZone}; empty: never)`, { type: "datetime-local" })}
        {field("financeRate", "Finance rate (% p.a., optional)")}
        {field("comparisonRate", "Comparison rate (% p.a.; required with a finance rate)")}
        {field("termYears", "Term (years, 1 to 7)")}
        <fieldset className="sm:col-span-2" aria-describedby={excludedErrors.length ? "offer-excluded-error" : undefined}>
          <legend className="text-sm font-medium">Not shown on these sites</legend>
          <ul className="mt-1 grid gap-1 sm:grid-cols-3">
            {loaderData.sites.map((s) => (
              <li key={s.id}>
                <label className="text-sm">
                  <input type="checkbox" name="excluded" value={s.id} defaultChecked={excluded.has(String(s.id))} /> {s.name}
                </label>
              </li>
            ))}
          </ul>
          <FieldErrors id="offer-excluded-error" messages={excludedErrors} />
        </fieldset>
        <p className="flex flex-wrap gap-3 sm:col-span-2">
          <button type="submit" name="intent" value="save" className="rounded border border-slate-900 px-3 py-1">
            {editing ? "Save" : "Save as a draft"}
          </button>
          <button type="submit" name="intent" value="publish" className="rounded bg-slate-900 px-3 py-1 text-white">
            Save and publish
          </button>
        </p>
      </form>
      {editing ? (
        <form method="post" className="mt-3 flex flex-wrap gap-3">
          {editing.status === "published" ? (
            <button type="submit" name="intent" value="unpublish" className="rounded border border-slate-700 px-3 py-1">
              Unpublish now
            </button>
          ) : null}
          {editing.status !== "retired" ? (
            <button type="submit" name="intent" value="retire" className="rounded border border-red-800 px-3 py-1 text-red-900">
              Retire
            </button>
          ) : null}
        </form>
      ) : null}
    </section>
  );
}

/**
 * The page of a dealer group's or the network's offers (issue 50 items 1 and 7), shared by
 * `/groups/{slug}/offers` and `/platform/offers`: the list with pending scheduled changes, and one
 * form (a site offer's fields, offer-fields.tsx, plus the excluded sites) that creates (no `?id=`)
 * or edits an offer or promo card; publish now or at a time, unpublish, retire, cancel a schedule,
 * dismiss a scheduled change the job could not apply,
 * and links to preview each site as of a moment. Plain forms that work without JavaScript; a
 * refused post keeps every typed value, with the message beside its field.
 */
import { Notice } from "./content-ui";
import { FieldErrors, FormStatus, errorsOf, type FormOutcome } from "./forms";
import { OfferButtons, OfferFields, pendingInWords } from "./offer-fields";
import { FailedChangesList, publishingInWords } from "./schedule-ui";
import type { loadScopeOffersPage } from "./network-offers-page.server";

const FORM = "offer";

type PageData = Awaited<ReturnType<typeof loadScopeOffersPage>>;

/** The page: heading, list, and the form. */
export function ScopeOffersPage({ title, intro, back, base, loaderData, actionData }: { title: string; intro: string; back: { href: string; label: string }; base: string; loaderData: PageData; actionData: unknown }) {
  const outcome = actionData as FormOutcome;
  const problem = outcome?.problem?.form === FORM ? outcome.problem : null;
  const values = (problem?.values ?? loaderData.values) as Record<string, string | string[]>;
  const excluded = new Set(Array.isArray(values.excluded) ? values.excluded : typeof values.excluded === "string" ? [values.excluded] : []);
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
      <p className="mt-1 text-sm text-slate-700">Times are in {loaderData.timeZone}. Promo cards show among each site&apos;s search results at that site&apos;s promo card positions, after the site&apos;s own cards.</p>
      <Notice text={loaderData.notice} />
      <FormStatus outcome={outcome} />
      <table className="mt-4 w-full text-left text-sm">
        <caption className="sr-only">{title}</caption>
        <thead>
          <tr>
            <th className="px-2 py-1">Offer</th>
            <th className="px-2 py-1">Kind</th>
            <th className="px-2 py-1">Status</th>
            <th className="px-2 py-1">Runs</th>
            <th className="px-2 py-1">Scheduled</th>
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
              <td className="px-2 py-1">{o.kind}</td>
              <td className="px-2 py-1">{o.status}</td>
              <td className="px-2 py-1">
                {o.startsAt ?? "now"} to {o.expiresAt ?? "no expiry"}
              </td>
              <td className="px-2 py-1">
                {o.pending.length ? pendingInWords(o.pending) : "None"}
                {o.failed ? <strong className="block text-red-800">{`${o.failed} ${o.failed === 1 ? "change" : "changes"} did not happen`}</strong> : null}
              </td>
              <td className="px-2 py-1">{o.excluded.join(", ") || "none"}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {loaderData.offers.length ? null : <p className="mt-2">No offers yet.</p>}
      <h2 className="mt-6 text-xl font-bold">{editing ? `Edit: ${editing.name} (${editing.status})` : "New offer or promo card"}</h2>
      {editing ? (
        <>
          <p className="text-sm">{pendingInWords(editing.pending)}</p>
          {editing.failed.length ? <FailedChangesList failed={editing.failed} describe={publishingInWords} headingId="scope-offer-failed" /> : null}
          <p className="mt-2 text-sm">
            <a href={base} className="underline">
              New offer instead
            </a>
          </p>
        </>
      ) : null}
      <form method="post" encType="multipart/form-data" className="mt-3 grid gap-4 sm:grid-cols-2" aria-label={editing ? `Edit ${editing.name}` : "New offer"} noValidate>
        <OfferFields outcome={outcome} values={values as Record<string, string>} models={loaderData.models} timeZone={loaderData.timeZone} maxUploadMb={loaderData.maxUploadMb} imageUrl={editing?.imageUrl ?? null} where="each site" />
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
        <OfferButtons isNew={!editing} />
      </form>
      {editing ? (
        <form method="post" className="mt-3 flex flex-wrap gap-3">
          <button type="submit" name="intent" value="duplicate" className="rounded border border-slate-700 px-3 py-1">
            Duplicate
          </button>
          {editing.pending.length ? (
            <button type="submit" name="intent" value="cancel-schedule" className="rounded border border-slate-700 px-3 py-1">
              Cancel the schedule
            </button>
          ) : null}
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
      <h2 className="mt-6 text-xl font-bold">Preview a site as of a moment</h2>
      <p className="text-sm">A site as shoppers will see it at a moment you choose, with the offers scheduled by then (drafts too, if you tick it there):</p>
      <ul className="mt-1 flex flex-wrap gap-3 text-sm">
        {loaderData.sites.map((s) => (
          <li key={s.id}>
            <a href={`/sites/${s.slug}/offers/preview`} className="underline">
              {s.name}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

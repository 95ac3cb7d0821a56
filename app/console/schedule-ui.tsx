/** The console's scheduling controls (issue 50 item 7): "Apply at" with its button, and the pending changes with Cancel. */
import { errorsOf, FieldNotes, keptValue, type FormOutcome } from "./forms";

/**
 * An "Apply at" date-time field (site time) and a button posting `intent=schedule`, inside the
 * editor's own form, so the schedule carries exactly what the form would save now. `actions`: one
 * button per part of the form that is scheduled on its own, sharing the one time field.
 */
export function ApplyAtControls({ outcome, form, timeZone, label = "Schedule", intent = "schedule", actions = [{ intent, label }] }: { outcome: FormOutcome; form: string; timeZone: string; label?: string; intent?: string; actions?: { intent: string; label: string }[] }) {
  const id = `${form}-applyAt`;
  const errors = errorsOf(outcome, form, "applyAt");
  return (
    <div className="mt-3 flex flex-wrap items-end gap-3 rounded border border-slate-300 p-3">
      <div>
        <label htmlFor={id} className="block text-sm font-medium">
          Apply at (site time, {timeZone})
        </label>
        <input id={id} name="applyAt" type="datetime-local" defaultValue={keptValue(outcome, form, "applyAt")} aria-invalid={errors.length ? true : undefined} aria-describedby={`${id}-help${errors.length ? ` ${id}-error` : ""}`} className="mt-1 rounded border border-slate-500 px-2 py-1" />
        <FieldNotes id={id} help="The change is applied once at this time, within a minute, on every server." errors={errors} />
      </div>
      {actions.map((a) => (
        <button key={a.intent} type="submit" name="intent" value={a.intent} className="rounded border border-slate-700 px-3 py-1">
          {a.label}
        </button>
      ))}
    </div>
  );
}

/** A publish or unpublish change of an offer or a page in words: "Publishes" or "Unpublishes". */
export function publishingInWords(change: { action: string }): string {
  return change.action === "publish" ? "Publishes" : "Unpublishes";
}

/**
 * The pending scheduled changes of an editor, each with a Cancel button (`intent=cancel-scheduled`),
 * then the ones the job could not apply (`failed`: the last 30 days'), each with why and a Dismiss
 * button (`intent=dismiss-failed`).
 */
export function PendingChangesList({
  pending,
  failed = [],
  describe,
  title = "Scheduled changes",
  previewHref,
}: {
  pending: { id: number; action: string; at: string; by: string | null; entityId: number; payload?: Record<string, unknown> | null }[];
  failed?: { id: number; action: string; at: string; by: string | null; entityId: number; payload?: Record<string, unknown> | null; reason: string }[];
  describe: (p: { action: string; entityId: number; payload?: Record<string, unknown> | null }) => string;
  title?: string;
  previewHref?: string;
}) {
  const headingId = `pending-${title.toLowerCase().replace(/[^a-z]+/g, "-")}`;
  return (
    <section aria-labelledby={headingId} className="mt-4">
      <h2 id={headingId} className="text-lg font-bold">
        {title}
      </h2>
      {pending.length ? (
        <ul className="mt-1 grid gap-1">
          {pending.map((p) => (
            <li key={p.id} className="flex flex-wrap items-center gap-3">
              <span>
                {describe(p)} at {p.at}
                {p.by ? ` (scheduled by ${p.by})` : ""}
              </span>
              <form method="post">
                <input type="hidden" name="changeId" value={p.id} />
                <button type="submit" name="intent" value="cancel-scheduled" className="rounded border border-slate-700 px-2 py-0.5 text-sm" aria-label={`Cancel: ${describe(p)} at ${p.at}`}>
                  Cancel
                </button>
              </form>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-1 text-sm">Nothing scheduled.</p>
      )}
      {failed.length ? <FailedChangesList failed={failed} describe={describe} headingId={`${headingId}-failed`} /> : null}
      {previewHref ? (
        <p className="mt-1 text-sm">
          <a href={previewHref} className="underline">
            Preview the site as of a moment
          </a>{" "}
          (shows every change scheduled by then).
        </p>
      ) : null}
    </section>
  );
}

/** Scheduled changes that did not happen, with the reason and who scheduled them; Dismiss (`intent=dismiss-failed`) hides one. */
export function FailedChangesList({ failed, describe, headingId }: { failed: NonNullable<Parameters<typeof PendingChangesList>[0]["failed"]>; describe: Parameters<typeof PendingChangesList>[0]["describe"]; headingId: string }) {
  return (
    <>
      <h3 id={headingId} className="mt-3 font-semibold">
        Scheduled changes that did not happen
      </h3>
      <ul aria-labelledby={headingId} className="mt-1 grid gap-2">
        {failed.map((f) => (
          <li key={f.id} className="rounded border border-red-700 p-2">
            <p>
              <strong>Not applied:</strong>{` ${describe(f)} at ${f.at}${f.by ? ` (scheduled by ${f.by})` : ""}.`}
            </p>
            <p className="text-sm">{`Why: ${f.reason}`}</p>
            <form method="post" className="mt-1">
              <input type="hidden" name="changeId" value={f.id} />
              <button type="submit" name="intent" value="dismiss-failed" className="rounded border border-slate-700 px-2 py-0.5 text-sm" aria-label={`Dismiss: ${describe(f)} at ${f.at} did not happen`}>
                Dismiss
              </button>
            </form>
          </li>
        ))}
      </ul>
    </>
  );
}

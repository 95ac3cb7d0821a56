/**
 * `/sites/{slug}/leads/{id}` (issue 49 item 4): one lead. Contact details (with `leads.personal`),
 * the car, the form's answers, the pages visited, the source and linked query parameters, and
 * every delivery attempt per channel with its error. Staff with `leads.edit` change its status,
 * assign it, add notes (kept as its history) and retry a dead delivery. Every view is written to
 * the audit trail. A lead outside the member's reach (another site's; for sales, another
 * location's) answers 404 like one that does not exist.
 */
import { data } from "react-router";
import type { Route } from "./+types/lead";
import { fieldProblem, formDone, formProblem, parseConsoleForm, readConsoleFormData } from "~/console/form.server";
import { errorsOf, FieldErrors, FormStatus, keptValue, type FormOutcome } from "~/console/forms";
import { guardConsoleAction, guardConsoleRoute } from "~/console/guard.server";
import { assigneesFor, changeLead, formatInTimeZone, LeadActionError, LeadActionSchema, leadDetail, recordLeadView, siteTimeZone } from "~/console/leads.server";
import { ScrollingTable } from "~/console/scrolling-table";
import { reachIn } from "~/console/staff.server";
import { LEAD_STATUSES, LEAD_STATUS_LABELS } from "~/domain/leads/status";

const ROUTE_ID = "console-site-lead";

function leadIdOf(params: { leadId?: string }): number {
  const id = Number(params.leadId);
  if (!/^\d{1,9}$/.test(params.leadId ?? "") || id < 1) throw data("Not found", { status: 404 });
  return id;
}

export async function loader(args: Route.LoaderArgs) {
  const { db, site, member, console } = await guardConsoleRoute(ROUTE_ID, args);
  const scoped = site!;
  const id = leadIdOf(args.params);
  const personal = reachIn(member, scoped.site, "leads.personal") !== null;
  const viewer = { scoped, personal };
  const lead = await leadDetail(db, viewer, id);
  if (!lead) throw data("Not found", { status: 404 });
  await recordLeadView(db, viewer, { member, ip: console.clientIp }, id);
  const canEdit = reachIn(member, scoped.site, "leads.edit") !== null;
  const [timeZone, assignees] = await Promise.all([siteTimeZone(db, scoped.site.id, scoped.configVersion), canEdit ? assigneesFor(db, scoped, lead) : []]);
  const at = (d: Date | null) => (d ? formatInTimeZone(d, timeZone) : null);
  return {
    site: { slug: scoped.site.slug, name: scoped.site.name },
    timeZone,
    personal,
    canEdit,
    assignees,
    lead: {
      ...lead,
      createdAt: at(lead.createdAt)!,
      deliveries: lead.deliveries.map((d) => ({ ...d, nextAttemptAt: at(d.nextAttemptAt), sentAt: at(d.sentAt) })),
      notes: lead.notes.map((n) => ({ ...n, at: at(n.at)! })),
    },
  };
}

export async function action(args: Route.ActionArgs) {
  const { db, site, member, console } = await guardConsoleAction("console-site-lead", args);
  const id = leadIdOf(args.params);
  const formData = await readConsoleFormData(args.request);
  const form = `lead-${String(formData.get("intent") ?? "")}`;
  const parsed = parseConsoleForm(form, formData, LeadActionSchema);
  if (!parsed.ok) return formProblem(parsed.problem);
  try {
    const done = await changeLead(db, site!, { member, ip: console.clientIp }, id, parsed.value);
    if (done === null) throw data("Not found", { status: 404 });
    return formDone(done);
  } catch (error) {
    if (error instanceof LeadActionError) return fieldProblem(form, error.field, error.message, Object.fromEntries([...formData].map(([k, v]) => [k, String(v)])));
    throw error;
  }
}

/** A field's ARIA state: invalid and described by its messages, only when it has some. */
function invalid(messages: string[], id: string) {
  return messages.length ? { "aria-invalid": true, "aria-describedby": id } : {};
}

const DELIVERY_LABELS: Record<string, string> = { pending: "Pending", sent: "Sent", dead: "Failed (gave up)" };

export default function ConsoleLead({ loaderData, actionData }: Route.ComponentProps) {
  const { site, lead, personal, canEdit, assignees, timeZone } = loaderData;
  const outcome = actionData as FormOutcome;
  const hidden = !personal ? "Hidden: your role does not include shoppers' personal data." : lead.anonymised ? "Anonymised (retention)." : null;
  const noteErrors = errorsOf(outcome, "lead-note", "body");
  return (
    <article aria-labelledby="lead-title">
      <title>{`Lead #${lead.id} · ${site.name} · Forecourt console`}</title>
      <p className="text-sm">
        <a href={`/sites/${site.slug}`} className="underline">
          {site.name}
        </a>{" "}
        ›{" "}
        <a href={`/sites/${site.slug}/leads`} className="underline">
          Leads
        </a>
      </p>
      <h1 id="lead-title" className="text-2xl font-bold">
        Lead #{lead.id}: {lead.category}
        {lead.subcategory ? ` / ${lead.subcategory}` : ""}
      </h1>
      <p className="mt-1 text-sm">
        Received {lead.createdAt} ({timeZone}) · Status <strong data-testid="lead-status">{LEAD_STATUS_LABELS[lead.status]}</strong> · Assigned to {lead.assignedTo ?? "nobody"}
      </p>
      <FormStatus outcome={outcome} />

      <div className="mt-4 grid gap-4 md:grid-cols-2">
        <section aria-labelledby="contact-title" className="rounded border border-slate-300 p-4">
          <h2 id="contact-title" className="font-semibold">
            Contact details
          </h2>
          {hidden ? (
            <p className="mt-2 text-sm">{hidden}</p>
          ) : (
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              <dt>Name</dt>
              <dd>{lead.name}</dd>
              <dt>E-mail</dt>
              <dd>{lead.email ? <a href={`mailto:${lead.email}`} className="underline">{lead.email}</a> : "-"}</dd>
              <dt>Phone</dt>
              <dd>{lead.phone ? <a href={`tel:${lead.phone}`} className="underline">{lead.phone}</a> : "-"}</dd>
              <dt>Postcode</dt>
              <dd>{lead.postcode ?? "-"}</dd>
            </dl>
          )}
        </section>
        <section aria-labelledby="car-title" className="rounded border border-slate-300 p-4">
          <h2 id="car-title" className="font-semibold">
            Car and location
          </h2>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt>Car</dt>
            <dd>{lead.car ?? "None (not about one car)"}</dd>
            <dt>Stock number</dt>
            <dd>{lead.stockNumber ?? "-"}</dd>
            <dt>VIN</dt>
            <dd>{lead.vin ?? "-"}</dd>
            <dt>Car type</dt>
            <dd>{lead.carType ?? "-"}</dd>
            <dt>Location</dt>
            <dd>{lead.location ?? "-"}</dd>
            <dt>Form</dt>
            <dd>{lead.form}</dd>
          </dl>
        </section>
      </div>

      <section aria-labelledby="answers-title" className="mt-4">
        <h2 id="answers-title" className="font-semibold">
          Form answers
        </h2>
        {lead.answers === null ? (
          <p className="text-sm">{hidden}</p>
        ) : lead.answers.length ? (
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            {lead.answers.map((a) => (
              <div key={a.key} className="contents">
                <dt className="font-medium">{a.key}</dt>
                <dd className="break-words whitespace-pre-wrap">{a.value}</dd>
              </div>
            ))}
          </dl>
        ) : (
          <p className="text-sm">No other answers.</p>
        )}
      </section>

      <div className="mt-4 grid gap-4 md:grid-cols-2">
        <section aria-labelledby="trail-title">
          <h2 id="trail-title" className="font-semibold">
            Pages visited
          </h2>
          {lead.visitedPages.length ? (
            <ol className="mt-2 list-decimal pl-6 text-sm break-all">
              {lead.visitedPages.map((p, i) => (
                <li key={`${i}-${p}`}>{p}</li>
              ))}
            </ol>
          ) : (
            <p className="text-sm">None recorded.</p>
          )}
          <p className="mt-2 text-sm break-all">Sent from: {lead.page ?? "-"}</p>
        </section>
        <section aria-labelledby="source-title">
          <h2 id="source-title" className="font-semibold">
            Source
          </h2>
          <p className="mt-2 text-sm">{lead.source ?? "Unknown"}</p>
          {lead.linkedParams.length ? (
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm" aria-label="Linked query parameters">
              {lead.linkedParams.map((p, i) => (
                <div key={`${i}-${p.key}`} className="contents">
                  <dt className="font-medium">{p.key}</dt>
                  <dd className="break-all">{p.value}</dd>
                </div>
              ))}
            </dl>
          ) : (
            <p className="text-sm">No linked query parameters.</p>
          )}
        </section>
      </div>

      <section aria-labelledby="deliveries-title" className="mt-4">
        <h2 id="deliveries-title" className="font-semibold">
          Deliveries
        </h2>
        {errorsOf(outcome, "lead-retry", "delivery").length ? <FieldErrors id="retry-error" messages={errorsOf(outcome, "lead-retry", "delivery")} /> : null}
        {lead.deliveries.length ? (
          <ScrollingTable label="Deliveries" className="mt-2">
            <caption className="sr-only">Every delivery of this lead, by channel</caption>
            <thead>
              <tr>
                <th scope="col">Channel</th>
                <th scope="col">To</th>
                <th scope="col">State</th>
                <th scope="col">Attempts</th>
                <th scope="col">Last error</th>
                <th scope="col">Sent / next attempt</th>
                {canEdit ? <th scope="col">Action</th> : null}
              </tr>
            </thead>
            <tbody>
              {lead.deliveries.map((d) => (
                <tr key={d.id} className="border-t border-slate-200 align-top" data-testid={`delivery-${d.id}`}>
                  <td>{d.channel}</td>
                  <td className="break-all">{d.target}</td>
                  <td>{DELIVERY_LABELS[d.status] ?? d.status}</td>
                  <td>{d.attempts}</td>
                  <td className="break-all">{d.lastError ?? "-"}</td>
                  <td>{d.sentAt ?? (d.status === "pending" ? d.nextAttemptAt : "-")}</td>
                  {canEdit ? (
                    <td>
                      {d.status === "dead" ? (
                        <form method="post">
                          <input type="hidden" name="intent" value="retry" />
                          <input type="hidden" name="delivery" value={d.id} />
                          <button type="submit" className="rounded bg-slate-900 px-2 py-1 text-white">
                            {`Retry ${d.channel} delivery`}
                          </button>
                        </form>
                      ) : null}
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </ScrollingTable>
        ) : (
          <p className="text-sm">No deliveries.</p>
        )}
      </section>

      {canEdit ? (
        <div className="mt-4 grid gap-4 md:grid-cols-2">
          <SelectForm
            outcome={outcome}
            intent="status"
            field="status"
            title="Status"
            label="Status"
            submit="Change status"
            current={lead.status}
            options={LEAD_STATUSES.map((s) => ({ value: s, label: LEAD_STATUS_LABELS[s] }))}
          />
          <SelectForm
            outcome={outcome}
            intent="assign"
            field="assignee"
            title="Assignment"
            label="Assigned to"
            submit="Assign"
            current={lead.assignedToId ?? ""}
            options={[{ value: "", label: "Nobody" }, ...assignees.map((a) => ({ value: a.id, label: a.name ? `${a.name} (${a.email})` : a.email }))]}
          />
        </div>
      ) : null}

      <section aria-labelledby="notes-title" className="mt-4">
        <h2 id="notes-title" className="font-semibold">
          Notes
        </h2>
        {lead.notes.length ? (
          <ol className="mt-2 space-y-2 text-sm">
            {lead.notes.map((n) => (
              <li key={n.id} className="rounded border border-slate-200 p-2">
                <p className="text-slate-700">
                  {n.author ?? "Unknown"} · {n.at}
                </p>
                <p className="whitespace-pre-wrap">{n.body}</p>
              </li>
            ))}
          </ol>
        ) : (
          <p className="text-sm">No notes yet.</p>
        )}
        {canEdit ? (
          <form method="post" className="mt-3">
            <input type="hidden" name="intent" value="note" />
            <label htmlFor="lead-note" className="block text-sm font-medium">
              New note
            </label>
            <textarea id="lead-note" name="body" rows={3} defaultValue={keptValue(outcome, "lead-note", "body")} {...invalid(noteErrors, "lead-note-error")} className="mt-1 w-full rounded border border-slate-500 px-2 py-1" />
            <FieldErrors id="lead-note-error" messages={noteErrors} />
            <button type="submit" className="mt-2 rounded bg-slate-900 px-3 py-1 text-white">
              Add note
            </button>
          </form>
        ) : null}
      </section>
    </article>
  );
}

/** One change of the lead by a select (status, assignee): a plain POST form with its intent. */
function SelectForm(props: { outcome: FormOutcome; intent: string; field: string; title: string; label: string; submit: string; current: string; options: { value: string; label: string }[] }) {
  const { outcome, intent, field } = props;
  const form = `lead-${intent}`;
  const messages = errorsOf(outcome, form, field);
  return (
    <form method="post" className="rounded border border-slate-300 p-4" aria-labelledby={`${form}-title`}>
      <h2 id={`${form}-title`} className="font-semibold">
        {props.title}
      </h2>
      <input type="hidden" name="intent" value={intent} />
      <label htmlFor={`${form}-${field}`} className="mt-2 block text-sm font-medium">
        {props.label}
      </label>
      <select id={`${form}-${field}`} name={field} defaultValue={keptValue(outcome, form, field, props.current)} {...invalid(messages, `${form}-${field}-error`)} className="mt-1 rounded border border-slate-500 px-2 py-1">
        {props.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldErrors id={`${form}-${field}-error`} messages={messages} />
      <button type="submit" className="mt-2 block rounded bg-slate-900 px-3 py-1 text-white">
        {props.submit}
      </button>
    </form>
  );
}

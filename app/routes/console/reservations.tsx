/**
 * `/sites/{slug}/reservations` (issue 49 item 5): the site's holds and purchases with their
 * payment state and expiry, and the staff actions on them (capture, release, refund, extend).
 * Plain forms, one per button, each carrying its own idempotency key: a double click or a re-sent
 * form never acts twice (app/console/reservations.server.ts).
 */
import { randomUUID } from "node:crypto";
import { data } from "react-router";
import type { Route } from "./+types/reservations";
import { paymentsAdapterFor } from "~/adapters/payments/index.server";
import { parseConsoleForm, readConsoleFormData } from "~/console/form.server";
import { errorsOf, FieldErrors, keptValue, type FormOutcome } from "~/console/forms";
import { consoleOf, guardConsoleAction, guardConsoleRoute } from "~/console/guard.server";
import { accessOf } from "~/console/permissions";
import { listConsoleReservations, ReservationActionSchema, ReservationFilterSchema, RESERVATIONS_PAGE_SIZE, runReservationAction } from "~/console/reservations.server";
import { Pager } from "~/console/pager";
import { ScrollingTable } from "~/console/scrolling-table";
import { FilterSelect, SitePageHeading } from "~/console/site-page";
import { getSiteBySlug } from "~/services/sites.server";


const STATUS_LABELS: Record<string, string> = { active: "Held", captured: "Sold (deposit captured)", released: "Released", expired: "Expired" };
const KINDS = { hold: "Holds (reserve online)", purchase: "Purchases (buy online)" };
const PAYMENT_LABELS: Record<string, string> = {
  pending: "Awaiting the provider",
  authorised: "Authorised (held on the card)",
  capturing: "Capturing",
  captured: "Captured",
  releasing: "Releasing",
  released: "Released or refunded",
  declined: "Declined",
};

export async function loader(args: Route.LoaderArgs) {
  const { db, site, member } = await guardConsoleRoute("console-site-reservations", args);
  const scoped = site!;
  const params = Object.fromEntries(args.url.searchParams);
  const values = { status: params.status ?? "", kind: params.kind ?? "", page: params.page ?? "" };
  const parsed = ReservationFilterSchema.safeParse(params);
  const filter = parsed.success ? parsed.data : ReservationFilterSchema.parse({});
  const errors = parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), `Choose ${i.message}.`]));
  const [{ rows, total }, full] = await Promise.all([listConsoleReservations(db, scoped, filter), getSiteBySlug(db, scoped.site.slug)]);
  const timeZone = full?.config.timeZone ?? "Australia/Sydney";
  const when = new Intl.DateTimeFormat("en-AU", { timeZone, weekday: "short", day: "numeric", month: "short", year: "numeric", hour: "numeric", minute: "2-digit" });
  const now = Date.now();
  const canEdit = member.grants.some((g) => accessOf(g.role, "reservations.edit") !== null && (g.role === "platform_operator" || (g.role === "group_admin" && g.dealerGroupId === scoped.site.dealerGroupId) || g.siteId === scoped.site.id));
  const adapter = paymentsAdapterFor(db);
  const body = {
    site: { slug: scoped.site.slug, name: scoped.site.name },
    timeZone,
    testLabel: adapter.testLabel,
    limitedToLocations: scoped.reach === "assigned-locations",
    values,
    errors,
    canEdit,
    page: filter.page,
    pages: Math.max(1, Math.ceil(total / RESERVATIONS_PAGE_SIZE)),
    total,
    rows: rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      status: r.status,
      statusLabel: STATUS_LABELS[r.status] ?? r.status,
      endReason: r.endReason,
      created: when.format(r.createdAt),
      expires: when.format(r.expiresAt),
      isOverdue: r.status === "active" && r.expiresAt.getTime() <= now,
      ended: r.endedAt ? when.format(r.endedAt) : null,
      deposit: `$${(r.depositCents / 100).toLocaleString("en-AU", { minimumFractionDigits: r.depositCents % 100 ? 2 : 0 })}`,
      payment: PAYMENT_LABELS[r.payment.status] ?? r.payment.status,
      paymentError: r.payment.status === "capturing" || r.payment.status === "releasing" ? r.payment.lastError : null,
      provider: r.payment.provider === "test" ? "Test provider" : "Stripe",
      car: r.car,
      location: r.location,
      shopper: r.shopper,
      leadId: r.leadId,
      // One key per button and page view: a re-sent form repeats the first answer.
      keys: { capture: randomUUID(), release: randomUUID(), refund: randomUUID(), extend: randomUUID() },
    })),
  };
  return parsed.success ? body : data(body, { status: 400 });
}

export async function action(args: Route.ActionArgs) {
  const { db, site, member } = await guardConsoleAction("console-site-reservations", args);
  const form = await readConsoleFormData(args.request);
  const formId = `reservation-${String(form.get("intent") ?? "")}-${String(form.get("reservation") ?? "")}`;
  const parsed = parseConsoleForm(formId, form, ReservationActionSchema);
  if (!parsed.ok) {
    const { problem } = parsed;
    // A bad intent or reservation is not a field the page shows: say so at the top.
    if (!problem.errors.hours) problem.errors.form = [problem.errors.key?.[0] ?? "That action is not available: reload the page and try again."];
    return data({ problem, done: null as string | null }, { status: 400 });
  }
  const outcome = await runReservationAction(db, paymentsAdapterFor(db), site!, member, { ...parsed.value, ip: consoleOf(args.context).clientIp }, Date.now());
  if (outcome.kind === "not-found") throw data("Not found", { status: 404 });
  // The reservation moved on (another tab, the expiry job): the page shows why, nothing typed is lost.
  if (outcome.kind === "refused") return data({ problem: { form: formId, errors: { form: [outcome.message] }, values: Object.fromEntries(form) as Record<string, unknown> }, done: null as string | null }, { status: 409 });
  return { problem: null, done: outcome.message };
}

export default function ConsoleReservations({ loaderData, actionData }: Route.ComponentProps) {
  const { site, rows, values, errors, canEdit, page, pages, total, testLabel, timeZone, limitedToLocations } = loaderData;
  const outcome = actionData as FormOutcome;
  const query = (p: number) => `?${new URLSearchParams({ ...Object.fromEntries(Object.entries(values).filter(([k, v]) => v && k !== "page")), page: String(p) })}`;
  return (
    <section aria-labelledby="reservations-title">
      <SitePageHeading site={site} title="Reservations and orders" id="reservations-title" />
      <p className="mt-1 text-sm text-slate-700">
        Holds and online purchases with their deposit. Times in {timeZone}.{limitedToLocations ? " Your locations only." : ""}
        {testLabel ? ` Payments go through the test provider (${testLabel}).` : ""}
      </p>
      {outcome?.done ? (
        <p role="status" className="mt-3 rounded border border-green-700 bg-green-50 p-3 text-sm">
          {outcome.done}
        </p>
      ) : null}
      {outcome?.problem?.errors.form ? (
        <p role="alert" className="mt-3 rounded border border-red-700 bg-red-50 p-3 text-sm">
          {outcome.problem.errors.form.join(" ")}
        </p>
      ) : outcome?.problem ? (
        <p role="alert" className="mt-3 rounded border border-red-700 bg-red-50 p-3 text-sm">
          Not done: please check the highlighted field.
        </p>
      ) : null}
      <form method="get" className="mt-3 flex flex-wrap items-end gap-3" aria-label="Filter reservations">
        <FilterSelect id="res-status" name="status" label="Status" any="Any" options={STATUS_LABELS} value={values.status} error={errors.status} />
        <FilterSelect id="res-kind" name="kind" label="Kind" any="Holds and purchases" options={KINDS} value={values.kind} error={errors.kind} />
        <button type="submit" className="rounded bg-slate-900 px-3 py-1 text-white">
          Filter
        </button>
        <a href={`/sites/${site.slug}/reservations`} className="underline">
          Clear filters
        </a>
      </form>
      {errors.page ? <FieldErrors id="res-page-error" messages={[errors.page]} /> : null}
      {rows.length ? (
        <ScrollingTable label="Reservations" className="mt-4">
          <caption className="sr-only">Reservations, newest first ({total.toLocaleString("en-AU")} in all)</caption>
          <thead>
            <tr>
              <th scope="col">Reservation</th>
              <th scope="col">Car</th>
              <th scope="col">Shopper</th>
              <th scope="col">Deposit and payment</th>
              <th scope="col">Status and expiry</th>
              {canEdit ? <th scope="col">Actions</th> : null}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => {
              const extendForm = `reservation-extend-${r.id}`;
              const hoursErrors = errorsOf(outcome, extendForm, "hours");
              return (
                <tr key={r.id} className="border-t border-slate-200 align-top" data-testid={`reservation-${r.id}`}>
                  <th scope="row" className="font-normal">
                    <strong>#{r.id}</strong> {r.kind === "purchase" ? "Purchase" : "Hold"}
                    <br />
                    <span className="text-slate-700">{r.created}</span>
                    {r.leadId ? (
                      <>
                        <br />
                        Lead #{r.leadId}
                      </>
                    ) : null}
                  </th>
                  <td>
                    {r.car.name}
                    <br />
                    Stock number {r.car.stockNumber}
                    {r.location ? (
                      <>
                        <br />
                        {r.location}
                      </>
                    ) : null}
                  </td>
                  <td>
                    {r.shopper.name}
                    <br />
                    <a href={`tel:${r.shopper.phone}`} className="underline">
                      {r.shopper.phone}
                    </a>
                    <br />
                    <a href={`mailto:${r.shopper.email}`} className="break-all underline">
                      {r.shopper.email}
                    </a>
                  </td>
                  <td>
                    {r.deposit} · <span data-testid="payment-status">{r.payment}</span>
                    <br />
                    <span className="text-slate-700">{r.provider}</span>
                    {r.paymentError ? <p className="text-sm text-red-800">Provider retry pending: {r.paymentError}</p> : null}
                  </td>
                  <td>
                    <span data-testid="reservation-status">{r.statusLabel}</span>
                    {r.endReason && r.endReason !== "captured by dealer" ? ` (${r.endReason})` : null}
                    <br />
                    {r.status === "active" ? (
                      <span className={r.isOverdue ? "font-semibold text-red-800" : undefined}>
                        {r.isOverdue ? "Expired at" : "Expires"} {r.expires}
                      </span>
                    ) : r.ended ? (
                      <span className="text-slate-700">Ended {r.ended}</span>
                    ) : null}
                  </td>
                  {canEdit ? (
                    <td>
                      {r.status === "active" ? (
                        <div className="flex flex-col gap-2">
                          <ActionButton reservation={r.id} intent="capture" idempotencyKey={r.keys.capture} label="Capture deposit" name={`Capture deposit of reservation #${r.id}`} />
                          <ActionButton reservation={r.id} intent="release" idempotencyKey={r.keys.release} label="Release hold" name={`Release hold of reservation #${r.id}`} />
                          <form method="post" className="flex flex-wrap items-end gap-1" aria-label={`Extend the hold of reservation #${r.id}`}>
                            <input type="hidden" name="intent" value="extend" />
                            <input type="hidden" name="reservation" value={r.id} />
                            <input type="hidden" name="key" value={r.keys.extend} />
                            <div>
                              <label htmlFor={`${extendForm}-hours`} className="block text-xs font-medium">
                                Hours to add
                              </label>
                              <input
                                id={`${extendForm}-hours`}
                                name="hours"
                                inputMode="numeric"
                                defaultValue={keptValue(outcome, extendForm, "hours", "24")}
                                aria-invalid={hoursErrors.length ? true : undefined}
                                aria-describedby={hoursErrors.length ? `${extendForm}-hours-error` : undefined}
                                className="w-16 rounded border border-slate-500 px-1"
                              />
                            </div>
                            <button type="submit" aria-label={`Extend hold of reservation #${r.id}`} className="rounded border border-slate-700 px-2 py-0.5">
                              Extend hold
                            </button>
                            <FieldErrors id={`${extendForm}-hours-error`} messages={hoursErrors} />
                          </form>
                        </div>
                      ) : r.status === "captured" ? (
                        <ActionButton reservation={r.id} intent="refund" idempotencyKey={r.keys.refund} label="Refund deposit" name={`Refund deposit of reservation #${r.id}`} />
                      ) : (
                        <span className="text-slate-700">None</span>
                      )}
                    </td>
                  ) : null}
                </tr>
              );
            })}
          </tbody>
        </ScrollingTable>
      ) : (
        <p className="mt-4">No reservations{values.status || values.kind ? " match these filters" : " yet"}.</p>
      )}
      <Pager label="Pages of reservations" page={page} pages={pages} href={query} />
    </section>
  );
}

/** One action as its own small form: a button posting the reservation, the intent and a fresh key. */
function ActionButton({ reservation, intent, idempotencyKey, label, name }: { reservation: number; intent: string; idempotencyKey: string; label: string; name: string }) {
  return (
    <form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="reservation" value={reservation} />
      <input type="hidden" name="key" value={idempotencyKey} />
      <button type="submit" aria-label={name} className="rounded border border-slate-700 px-2 py-0.5">
        {label}
      </button>
    </form>
  );
}

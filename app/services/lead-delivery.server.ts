/**
 * Lead delivery worker (DESIGN 6): sends the outbox (lead_deliveries) with retries, exponential
 * backoff and a dead-letter state. Safe with several app nodes: jobs are claimed with
 * `FOR UPDATE SKIP LOCKED` plus a lease (`locked_until`), so a job is sent by one node at a time
 * and a node that dies mid-send only delays it until the lease runs out.
 *
 * Delivery is at-least-once: a crash between sending and marking "sent" resends after the lease.
 * Messages carry the lead id (and the webhook an idempotency key) so receivers can drop repeats.
 */
import { createHash } from "node:crypto";
import { SpanStatusCode, trace } from "@opentelemetry/api";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { cars, leadDeliveries, leads, locations, sites } from "../../db/schema/index";
import { toAdfXml } from "~/adapters/adf/adf";
import { adfProblems, InvalidAdfError } from "~/adapters/adf/validate-adf.server";
import type { LeadChannels, OutgoingMessage } from "~/adapters/lead-channels.server";
import { backoffMs, type DeliveryChannel } from "~/domain/leads/routing";
import { resolveSiteConfig } from "~/sites/resolve-config";
import { purgeCarViewVisits } from "./cars.server";
import { purgeRateLimits } from "./leads.server";
import { purgeAbandonedJourneys } from "./journeys.server";
import { dealerGroups } from "../../db/schema/index";
import { leadDeliveryAttempts } from "../../server/metrics";

/** How long a claimed job is held before another node may take it over (ms). */
export const LEASE_MS = 60_000;

interface ClaimedJob {
  id: number;
  lead_id: number;
  channel: DeliveryChannel;
  target: string;
  attempts: number;
}

function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

/**
 * Claims up to `limit` due pending jobs for this worker (increments attempts, sets a lease).
 * @param now epoch ms
 */
export async function claimDueJobs(db: Database, now: number, limit = 20): Promise<ClaimedJob[]> {
  const at = new Date(now).toISOString();
  const until = new Date(now + LEASE_MS).toISOString();
  const result = await db.execute(sql`
    update lead_deliveries set attempts = attempts + 1, locked_until = ${until}::timestamptz
    where id in (
      select id from lead_deliveries
      where status = 'pending' and next_attempt_at <= ${at}::timestamptz
        and (locked_until is null or locked_until < ${at}::timestamptz)
      order by next_attempt_at, id
      limit ${limit}
      for update skip locked
    )
    returning id, lead_id, channel, target, attempts`);
  return rowsOf<ClaimedJob>(result);
}

/**
 * The visit trail of a lead for the dealer's email (spec 7 lead_attributes): the pages of the
 * shopper's session, in order, and what the visit was linked from (utm_* and click ids).
 */
function visitLines(attributes: unknown): string[] {
  const a = (attributes ?? {}) as { visited_pages?: unknown; linked_query_params?: unknown };
  const pages = Array.isArray(a.visited_pages) ? a.visited_pages.filter((x): x is string => typeof x === "string") : [];
  const linked = typeof a.linked_query_params === "string" ? a.linked_query_params : "";
  return [...(pages.length ? [`Pages visited: ${pages.join(" > ")}`] : []), ...(linked ? [`Linked from: ${linked}`] : [])];
}

/**
 * Builds the subject, text, JSON and ADF of one lead. When `target` is the lead's
 * `confirmation_to` address (issue 10: reservations and purchases), the email is the shopper's
 * confirmation instead of the dealer's lead notice.
 * @throws when the lead is gone
 */
export async function buildLeadMessage(db: Database, leadId: number, target?: string): Promise<{ message: OutgoingMessage; maxAttempts: number }> {
  const [row] = await db
    .select({ lead: leads, site: sites, group: dealerGroups, car: cars, location: locations })
    .from(leads)
    .innerJoin(sites, eq(leads.siteId, sites.id))
    .leftJoin(dealerGroups, eq(sites.dealerGroupId, dealerGroups.id))
    .leftJoin(cars, eq(leads.carId, cars.id))
    .leftJoin(locations, eq(leads.locationId, locations.id))
    .where(eq(leads.id, leadId));
  if (!row) throw new Error(`lead ${leadId} not found`);
  const { lead, site, car, location } = row;
  const config = resolveSiteConfig(row.group?.config ?? {}, site.config);
  const p = lead.payload as Record<string, unknown>;
  const tradeIn = tradeInOf(p);
  const carLine = car ? `${car.year ?? ""} ${car.make} ${car.model} (stock ${car.stockNumber})`.trim() : null;
  const lines = [
    `New ${lead.category}${lead.subcategory ? ` / ${lead.subcategory}` : ""} lead #${lead.id} from ${site.name}`,
    "",
    `Name: ${lead.firstName} ${lead.lastName ?? ""}`.trim(),
    `Email: ${lead.email ?? "-"}`,
    `Mobile: ${lead.phone ?? "-"}`,
    `Postcode: ${lead.postcode ?? "-"}`,
    ...(carLine ? [`Vehicle: ${carLine}`] : []),
    ...(location ? [`Dealership: ${location.name}`] : []),
    ...(p.offer_from_client !== undefined ? [`Offer: $${p.offer_from_client}`] : []),
    ...(tradeIn ? tradeInLines(tradeIn, p) : []),
    ...(p.preferred_datetime ? [`Preferred time: ${p.preferred_datetime}`] : []),
    ...(Array.isArray(p.additional_services) && p.additional_services.length ? [`Additional services: ${p.additional_services.join(", ")}`] : []),
    ...(p.deposit_dollars !== undefined ? [`Deposit: $${p.deposit_dollars} (${p.deposit_status ?? "authorised"}, fully refundable)`] : []),
    ...(p.reservation_expires_at ? [`Held until: ${p.reservation_expires_at}`] : []),
    ...(p.message ? ["", `Message: ${p.message}`] : []),
    "",
    `Page: ${p.url ?? "-"}`,
    ...visitLines(p.lead_attributes),
    `Received: ${lead.createdAt.toISOString()}`,
  ];
  if (target !== undefined && typeof p.confirmation_to === "string" && p.confirmation_to === target) {
    const text = [
      `Hi ${lead.firstName},`,
      "",
      typeof p.confirmation_text === "string" ? p.confirmation_text : `Thank you: ${site.name} has received your request.`,
      ...(carLine ? ["", `Vehicle: ${carLine}`] : []),
      ...(p.deposit_dollars !== undefined ? [`Deposit: $${p.deposit_dollars}, fully refundable`] : []),
      ...(p.reservation_expires_at ? [`Held until: ${p.reservation_expires_at}`] : []),
      ...(location ? [`Dealership: ${location.name}${location.phone ? `, ${location.phone}` : ""}`] : []),
      "",
      `Your reference: ${lead.id}`,
      site.name,
    ].join("\n");
    return { message: { subject: `${site.name}: ${lead.category} confirmation (reference ${lead.id})`, text, json: { lead_id: lead.id }, xml: "" }, maxAttempts: config.leads.maxDeliveryAttempts };
  }
  const message: OutgoingMessage = {
    subject: `[Lead #${lead.id}] ${lead.category}${carLine ? `: ${carLine}` : ""}`,
    text: lines.join("\n"),
    json: { lead_id: lead.id, idempotency_key: `${site.slug}:${lead.submissionKey}`, site: site.slug, form: lead.form, created_at: lead.createdAt.toISOString(), ...p },
    xml: toAdfXml({
      id: lead.id,
      requestDate: lead.createdAt.toISOString(),
      firstName: lead.firstName,
      lastName: lead.lastName,
      email: lead.email,
      phone: lead.phone,
      postcode: lead.postcode,
      comments:
        [
          typeof p.message === "string" ? p.message : "",
          p.deposit_dollars !== undefined ? `Deposit: $${p.deposit_dollars} AUD (${p.deposit_status ?? "authorised"}, fully refundable)` : "",
          p.reservation_expires_at ? `Held until: ${p.reservation_expires_at}` : "",
        ].filter(Boolean).join("\n") || null,
      vehicle: car
        ? { year: car.year, make: car.make, model: car.model, vin: car.vin, stock: car.stockNumber, km: car.km, priceDollars: car.price, status: car.carType === "new" ? "new" : "used", interest: lead.form === "test-drive" ? "test-drive" : "buy" }
        : null,
      tradeIn: tradeIn ? { year: tradeIn.year, make: tradeIn.make, model: tradeIn.model, km: tradeIn.kms, offerDollars: tradeIn.offer_price } : null,
      vendor: { name: location?.name ?? site.name, url: config.url, contactName: location?.name ?? site.name, email: location?.email ?? config.leads.defaultEmail, phone: location?.phone ?? config.phones.main },
      provider: { name: "Forecourt", url: config.url },
    }),
  };
  return { message, maxAttempts: config.leads.maxDeliveryAttempts };
}

/** The trade-in attached to a lead's payload (issue 11, app/services/trade-in.server.ts), or null. */
interface PayloadTradeIn {
  year: number;
  make: string;
  model: string;
  kms: number | null;
  rego: string | null;
  regoState: string | null;
  offer_price: number | null;
  valuation: { kind: string; low?: number; high?: number; basis_text?: string; reason?: string };
}

function tradeInOf(p: Record<string, unknown>): PayloadTradeIn | null {
  const t = p.trade_in as PayloadTradeIn | undefined;
  return t && typeof t === "object" && typeof t.make === "string" ? t : null;
}

function tradeInLines(t: PayloadTradeIn, p: Record<string, unknown>): string[] {
  const dollars = (n: number) => `$${n.toLocaleString("en-AU")}`;
  const v = t.valuation;
  return [
    `Trade-in: ${t.year} ${t.make} ${t.model}, ${t.kms?.toLocaleString("en-AU") ?? "?"} km${t.rego ? `, rego ${t.rego} ${t.regoState ?? ""}`.trimEnd() : ""}`,
    v.kind === "estimate" && t.offer_price !== null
      ? `Trade-in offer: ${dollars(t.offer_price)} (range ${dollars(v.low!)} to ${dollars(v.high!)}; ${v.basis_text})`
      : `Trade-in offer: none given online (${v.reason ?? "no figure"}); please contact the customer`,
    ...(p.PreferredContactMethod ? [`Preferred contact: ${p.PreferredContactMethod}`] : []),
    ...(p.finance ? [`Interested in finance: ${p.finance}`] : []),
  ];
}

/**
 * The stable Message-ID local part of one lead on one channel to one target (issue 51 section 6):
 * `lead-{leadId}.{channel}.{12 hex digits of the target's SHA-256}`. A re-send of the same job,
 * or of a re-queued dead one, carries the same id; two targets of one lead differ.
 */
export function leadMessageKey(leadId: number, channel: string, target: string): string {
  return `lead-${leadId}.${channel}.${createHash("sha256").update(target).digest("hex").slice(0, 12)}`;
}

export interface DeliveryReport {
  sent: number;
  retried: number;
  dead: number;
}

/**
 * Claims and sends one batch of due jobs.
 * @param now epoch ms (tests pass a clock)
 */
export async function deliverDue(db: Database, channels: LeadChannels, now = Date.now(), limit = 20): Promise<DeliveryReport> {
  const report: DeliveryReport = { sent: 0, retried: 0, dead: 0 };
  for (const job of await claimDueJobs(db, now, limit)) {
    // One trace per job when tracing is on (server/tracing.ts): its queries and the webhook's
    // fetch() are children. The lead's content is never an attribute.
    await tracer.startActiveSpan("lead delivery", { attributes: { "forecourt.lead_delivery.channel": job.channel, "forecourt.lead_delivery.attempt": job.attempts } }, async (span) => {
      try {
        await deliverJob(db, channels, job, now, report);
      } finally {
        span.end();
      }
    });
  }
  return report;
}

const tracer = trace.getTracer("forecourt");

/** Sends one claimed job and records the outcome (sent, back to pending with a backoff, or dead). */
async function deliverJob(db: Database, channels: LeadChannels, job: ClaimedJob, now: number, report: DeliveryReport): Promise<void> {
  let maxAttempts = 8;
  try {
    const built = await buildLeadMessage(db, job.lead_id, job.target);
    maxAttempts = built.maxAttempts;
    if (job.channel === "adf") {
      const problems = await adfProblems(built.message.xml);
      if (problems.length) throw new InvalidAdfError(problems);
    }
    // At-least-once: a send whose "sent" mark is lost goes again with the same Message-ID.
    await channels.send(job.channel, job.target, { ...built.message, messageKey: leadMessageKey(job.lead_id, job.channel, job.target) });
    await db.update(leadDeliveries).set({ status: "sent", sentAt: new Date(), lockedUntil: null, lastError: null }).where(eq(leadDeliveries.id, job.id));
    report.sent++;
    leadDeliveryAttempts.inc({ channel: job.channel, outcome: "sent" });
  } catch (error) {
    const dead = job.attempts >= maxAttempts || error instanceof InvalidAdfError;
    await db
      .update(leadDeliveries)
      .set({
        status: dead ? "dead" : "pending",
        lockedUntil: null,
        lastError: String(error instanceof Error ? error.message : error).slice(0, 1000),
        nextAttemptAt: new Date(now + backoffMs(job.attempts)),
      })
      .where(eq(leadDeliveries.id, job.id));
    if (dead) report.dead++;
    else report.retried++;
    leadDeliveryAttempts.inc({ channel: job.channel, outcome: dead ? "dead" : "retry" });
    trace.getActiveSpan()?.setStatus({ code: SpanStatusCode.ERROR, message: dead ? "dead" : "retry" });
  }
}

/**
 * Runs {@link deliverDue} every `intervalMs` (default 2 s) until stopped. Errors (e.g. the
 * database is unreachable) are logged and the next tick tries again.
 */
export function startDeliveryWorker(db: Database, channels: LeadChannels, options: { intervalMs?: number; log?: (error: unknown) => void } = {}) {
  let stopped = false;
  let running: Promise<void> | null = null;
  let lastPurge = 0;
  const tick = async () => {
    try {
      if (Date.now() - lastPurge > 3_600_000) {
        lastPurge = Date.now();
        await purgeRateLimits(db, lastPurge);
        await purgeCarViewVisits(db, lastPurge);
        await purgeAbandonedJourneys(db, lastPurge);
      }
      // Drain while there is work, then wait for the next tick.
      for (let i = 0; i < 50 && !stopped; i++) {
        const r = await deliverDue(db, channels);
        if (r.sent + r.retried + r.dead === 0) break;
      }
    } catch (error) {
      options.log?.(error);
    }
  };
  const timer = setInterval(() => {
    if (!running) running = tick().finally(() => (running = null));
  }, options.intervalMs ?? 2000);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}

/** Puts one job (any status) back in the queue for an immediate attempt. @returns whether it existed */
export async function retryDelivery(db: Database, id: number): Promise<boolean> {
  const rows = await db
    .update(leadDeliveries)
    .set({ status: "pending", attempts: 0, nextAttemptAt: new Date(), lockedUntil: null })
    .where(eq(leadDeliveries.id, id))
    .returning({ id: leadDeliveries.id });
  return rows.length > 0;
}

/** Re-queues every dead job. @returns how many */
export async function retryDeadDeliveries(db: Database): Promise<number> {
  const rows = await db
    .update(leadDeliveries)
    .set({ status: "pending", attempts: 0, nextAttemptAt: new Date(), lockedUntil: null })
    .where(and(eq(leadDeliveries.status, "dead"), sql`${leadDeliveries.target} <> '(no route configured)'`))
    .returning({ id: leadDeliveries.id });
  return rows.length;
}

/** Deliveries with their lead, newest first; `status` filters. */
export async function listDeliveries(db: Database, status?: "pending" | "sent" | "dead", limit = 100) {
  return db
    .select({ id: leadDeliveries.id, leadId: leadDeliveries.leadId, siteId: leadDeliveries.siteId, channel: leadDeliveries.channel, target: leadDeliveries.target, status: leadDeliveries.status, attempts: leadDeliveries.attempts, nextAttemptAt: leadDeliveries.nextAttemptAt, lastError: leadDeliveries.lastError, createdAt: leadDeliveries.createdAt })
    .from(leadDeliveries)
    .where(status ? inArray(leadDeliveries.status, [status]) : undefined)
    .orderBy(sql`${leadDeliveries.id} desc`)
    .limit(limit);
}

/** Delivery counts of one site by status (for `npm run leads -- summary`). */
export interface DeliverySummaryRow {
  siteSlug: string;
  status: string;
  count: number;
}

/** Counts every site's deliveries by status, sites in slug order (issue 16 defect 8: dead deliveries are visible). */
export async function deliverySummary(db: Database): Promise<DeliverySummaryRow[]> {
  const rows = await db
    .select({ siteSlug: sites.slug, status: leadDeliveries.status, count: sql<number>`count(*)::int` })
    .from(leadDeliveries)
    .innerJoin(sites, eq(leadDeliveries.siteId, sites.id))
    .groupBy(sites.slug, leadDeliveries.status)
    .orderBy(sites.slug, leadDeliveries.status);
  return rows.map((r) => ({ ...r, count: Number(r.count) }));
}

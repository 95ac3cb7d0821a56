/**
 * Lead intake (DESIGN 6; spec 4 "Multi-step lead form", spec 7 "Lead submit"). A lead that passes
 * validation and the spam guard is written with all its delivery jobs in ONE transaction before
 * the shopper sees /success. The submission key (unique per site) makes resubmissions return
 * the same lead.
 */
import { randomUUID } from "node:crypto";
import { and, desc, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { leadDeliveries, leadRateLimits, leads, locations } from "../../db/schema/index";
import type { Car } from "~/domain/car";
import { routeLead } from "~/domain/leads/routing";
import { departmentOf, type LeadFormKind } from "~/forms/lead-forms";
import type { Site } from "~/sites/site";

/** Spec 8 has no wording for these; ours are plain and say what to do. */
export const RATE_LIMIT_MESSAGE = "We have received too many enquiries from your connection. Please try again in an hour or call us.";
export const SPAM_MESSAGE = "Your enquiry could not be accepted. Please call us instead.";

export interface LeadInput {
  /** A lead form, or (issue 10) a reservation, an online purchase or an online payment. */
  form: LeadFormKind | "reservation" | "online-purchase" | "online-payment";
  /** Validated form values (output of leadFormSchema). */
  values: Record<string, unknown> & { name: string; last_name?: string; email?: string; phone?: string; postcode?: string; location_id?: number; submission_key?: string; company_website?: string };
  category: string;
  subcategory: string | null;
  car: Car | null;
  /** The client's IP address (rate limit), user agent and page URL (spec 7 userData). */
  ip: string | null;
  userAgent: string | null;
  url: string | null;
  /** Epoch ms. */
  now: number;
  /** Issue 10: a paid reservation or purchase is never refused by the spam rate limit. */
  skipRateLimit?: boolean;
  /** Issue 10: extra delivery jobs (e.g. the shopper's confirmation email, see `confirmation_to`). */
  extraTargets?: { channel: "email" | "webhook" | "adf"; target: string }[];
}

export type LeadResult =
  | { kind: "accepted"; leadId: number; duplicate: boolean; deliveries: number }
  | { kind: "rejected"; reason: "spam" | "rate-limited"; message: string };

/**
 * Counts one request in a fixed one-hour window for each bucket (per IP, per site) and says
 * whether all are within their limits. Counters live in the database so every node shares them.
 */
async function withinRateLimits(db: Database, site: Site, ip: string | null, now: number): Promise<boolean> {
  const windowStart = new Date(Math.floor(now / 3_600_000) * 3_600_000);
  const buckets: [string, number][] = [[`site:${site.id}`, site.config.leads.rateLimitPerSitePerHour]];
  if (ip) buckets.push([`ip:${site.id}:${ip}`, site.config.leads.rateLimitPerIpPerHour]);
  for (const [bucket, limit] of buckets) {
    const [row] = await db
      .insert(leadRateLimits)
      .values({ bucket, windowStart, count: 1 })
      .onConflictDoUpdate({ target: [leadRateLimits.bucket, leadRateLimits.windowStart], set: { count: sql`${leadRateLimits.count} + 1` } })
      .returning({ count: leadRateLimits.count });
    if (row.count > limit) return false;
  }
  return true;
}

/**
 * Accepts a validated lead: honeypot and rate-limit checks, then lead + delivery jobs in one
 * transaction. A known submission key returns the stored lead (duplicate: true) without counting
 * against the rate limit.
 * @throws database errors (the caller shows 'An unexpected error occured'; nothing was stored)
 */
export async function submitLead(db: Database, site: Site, input: LeadInput): Promise<LeadResult> {
  const { values } = input;
  if (values.company_website) return { kind: "rejected", reason: "spam", message: SPAM_MESSAGE };
  let key = values.submission_key ?? randomUUID();
  const fingerprint = `${values.email ?? ""}|${values.phone ?? ""}`;
  const existing = await findByKey(db, site, key);
  if (existing && existing.fingerprint === fingerprint) return { kind: "accepted", leadId: existing.id, duplicate: true, deliveries: 0 };
  // The same key from another person (e.g. a cached page's server-made key): a new lead with a fresh key.
  if (existing) key = randomUUID();
  if (!input.skipRateLimit && !(await withinRateLimits(db, site, input.ip, input.now))) return { kind: "rejected", reason: "rate-limited", message: RATE_LIMIT_MESSAGE };

  const locationId = values.location_id ?? input.car?.location?.id ?? null;
  const [location] = locationId
    ? await db.select({ id: locations.id, email: locations.email }).from(locations).where(and(eq(locations.siteId, site.id), eq(locations.id, locationId)))
    : [];
  const car = input.car;
  const { visited_pages, linked_query_params, ...fields } = values as Record<string, unknown>;
  const payload = {
    ...fields,
    company_website: undefined,
    _js: undefined,
    category: input.category,
    subcategory: input.subcategory,
    url: input.url,
    source: "Website",
    user_agent: input.userAgent,
    dealership_slug: site.slug,
    car_id: car?.id ?? null,
    car_dealership_id: car?.location?.id ?? null,
    stock_number: car?.stockNumber ?? null,
    "Vehicle Make": car?.make ?? null,
    "Vehicle Model": car?.model ?? null,
    manufacturer_slug: car ? car.make.toLowerCase().replace(/\s+/g, "-") : null,
    car_type: car?.carType ?? null,
    vehicle_status: car?.status ?? null,
    location_id: location?.id ?? null,
    lead_attributes: {
      visited_pages: splitList(visited_pages as string | undefined),
      linked_query_params: (linked_query_params as string | undefined) ?? "",
    },
  };
  const targets = [
    ...routeLead(site.config.leads, { department: departmentOf(input.form as LeadFormKind), locationId: location?.id ?? null, locationEmail: location?.email ?? null }),
    ...(input.extraTargets ?? []),
  ];

  const jobs = targets.length
    ? targets.map((t) => ({ channel: t.channel, target: t.target, status: "pending", last_error: null }))
    : // No route configured: keep a dead job so `npm run leads -- list` shows the lead needs attention.
      [{ channel: "email", target: "(no route configured)", status: "dead", last_error: "no delivery route configured for this site" }];

  // The lead and its delivery jobs in ONE statement (a data-modifying CTE is atomic): both are
  // stored or neither is. A single statement also needs no reserved connection, which keeps
  // postgres.js out of its crash on a connection lost mid-transaction (docs/decisions/034).
  const result = await db.execute(sql`
    with new_lead as (
      insert into ${leads} (site_id, submission_key, form, category, subcategory, car_id, location_id, first_name, last_name, email, phone, postcode, payload, ip, created_at)
      values (${site.id}, ${key}, ${input.form}, ${input.category}, ${input.subcategory}, ${car?.id ?? null}, ${location?.id ?? null},
              ${values.name}, ${values.last_name ?? null}, ${values.email ?? null}, ${values.phone ?? null}, ${values.postcode ?? null},
              ${JSON.stringify(payload)}::jsonb, ${input.ip}, ${new Date(input.now).toISOString()}::timestamptz)
      on conflict (site_id, submission_key) do nothing
      returning id
    ), jobs as (
      insert into ${leadDeliveries} (lead_id, site_id, channel, target, status, last_error)
      select new_lead.id, ${site.id}, j.channel, j.target, j.status, j.last_error
      from new_lead, jsonb_to_recordset(${JSON.stringify(jobs)}::jsonb) as j(channel text, target text, status text, last_error text)
      returning lead_id
    )
    select (select id from new_lead) as id, (select count(*) from jobs)::int as deliveries`);
  const [row] = (Array.isArray(result) ? result : (result as unknown as { rows: unknown[] }).rows) as { id: number | null; deliveries: number }[];
  if (row.id === null) {
    // A concurrent request with the same key committed first: return its lead.
    const other = await findByKey(db, site, key);
    if (!other || other.fingerprint !== fingerprint) throw new Error("submission key taken by another lead");
    return { kind: "accepted", leadId: other.id, duplicate: true, deliveries: 0 };
  }
  return { kind: "accepted", leadId: Number(row.id), duplicate: false, deliveries: Number(row.deliveries) };
}

async function findByKey(db: Database, site: Site, key: string): Promise<{ id: number; fingerprint: string } | null> {
  const [row] = await db.select({ id: leads.id, email: leads.email, phone: leads.phone }).from(leads).where(and(eq(leads.siteId, site.id), eq(leads.submissionKey, key))).limit(1);
  return row ? { id: row.id, fingerprint: `${row.email ?? ""}|${row.phone ?? ""}` } : null;
}

function splitList(value: string | undefined): string[] {
  return (value ?? "").split(/\s*\n\s*|\s*,\s*/).filter(Boolean).slice(0, 20);
}

/**
 * Deletes rate-limit windows older than `keepHours` (default 48). Run by the delivery worker.
 * @returns how many rows were deleted
 */
export async function purgeRateLimits(db: Database, now: number, keepHours = 48): Promise<number> {
  const rows = await db
    .delete(leadRateLimits)
    .where(sql`${leadRateLimits.windowStart} < ${new Date(now - keepHours * 3_600_000).toISOString()}::timestamptz`)
    .returning({ bucket: leadRateLimits.bucket });
  return rows.length;
}

/** The latest leads of a site, newest first (for tests and the CLI). */
export async function listLeads(db: Database, site: Site, limit = 50) {
  return db.select().from(leads).where(eq(leads.siteId, site.id)).orderBy(desc(leads.id)).limit(limit);
}

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
import { routeLead, siteEnquiryAddress } from "~/domain/leads/routing";
import { linkedQueryParams } from "~/domain/leads/linked-params";
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
  /** Spec 7 generic form submit `page_id`: the form page the lead came from (a lead page id, e.g. 'service'). */
  pageId?: string;
  /** Issue 10: extra delivery jobs (e.g. the shopper's confirmation email, see `confirmation_to`). */
  extraTargets?: { channel: "email" | "webhook" | "adf"; target: string }[];
}

export type LeadResult =
  | { kind: "accepted"; leadId: number; duplicate: boolean; deliveries: number }
  | { kind: "rejected"; reason: "spam" | "rate-limited"; message: string };

/**
 * Takes one token from each bucket of a fixed one-hour window: first the client's (per IP, or
 * one shared "unknown client" bucket), then the site's. A request only counts where it was
 * accepted: a refused request takes nothing from the site's budget, and the client's token is
 * given back when the site refuses (issue 16 defect 1). So one client can use at most its own
 * limit of the site's budget, and shoppers from other addresses keep getting through.
 * Counters live in the database so every node shares them.
 * @param now epoch ms
 * @returns whether the request is within both limits (and was counted)
 */
export async function takeRateLimitTokens(db: Database, site: Site, ip: string | null, now: number): Promise<boolean> {
  const windowStart = new Date(Math.floor(now / 3_600_000) * 3_600_000);
  const client: [string, number] = [`ip:${site.id}:${ip ?? "unknown"}`, site.config.leads.rateLimitPerIpPerHour];
  const wholeSite: [string, number] = [`site:${site.id}`, site.config.leads.rateLimitPerSitePerHour];
  const take = async ([bucket, limit]: [string, number]) => {
    const rows = await db
      .insert(leadRateLimits)
      .values({ bucket, windowStart, count: 1 })
      .onConflictDoUpdate({
        target: [leadRateLimits.bucket, leadRateLimits.windowStart],
        set: { count: sql`${leadRateLimits.count} + 1` },
        setWhere: sql`${leadRateLimits.count} < ${limit}`,
      })
      .returning({ count: leadRateLimits.count });
    return rows.length === 1 && rows[0].count <= limit;
  };
  if (!(await take(client))) return false;
  if (await take(wholeSite)) return true;
  await db
    .update(leadRateLimits)
    .set({ count: sql`greatest(${leadRateLimits.count} - 1, 0)` })
    .where(and(eq(leadRateLimits.bucket, client[0]), eq(leadRateLimits.windowStart, windowStart)));
  return false;
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
  // A resubmission is the same form, contact and message under the same key; anything else is a
  // new lead (issue 16 defect 9: a test drive reusing an enquiry's key was dropped).
  const fingerprint = leadFingerprint(input.form, values.email, values.phone, values.message);
  const existing = await findByKey(db, site, key);
  if (existing && existing.fingerprint === fingerprint) return { kind: "accepted", leadId: existing.id, duplicate: true, deliveries: 0 };
  // The same key from another person (e.g. a cached page's server-made key): a new lead with a fresh key.
  if (existing) key = randomUUID();
  if (!input.skipRateLimit && !(await takeRateLimitTokens(db, site, input.ip, input.now))) return { kind: "rejected", reason: "rate-limited", message: RATE_LIMIT_MESSAGE };

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
    page_id: input.pageId ?? null,
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
      linked_query_params: linkedQueryParams((linked_query_params as string | undefined) ?? ""),
    },
  };
  const siteEmail = siteEnquiryAddress(site, await primaryLocationEmail(db, site));
  const targets = [
    ...routeLead(site.config.leads, { department: departmentOf(input.form as LeadFormKind), locationId: location?.id ?? null, locationEmail: location?.email ?? null, siteEmail }),
    ...(input.extraTargets ?? []),
  ];
  const jobs = targets.map((t) => ({ channel: t.channel, target: t.target, status: "pending", last_error: null }));

  // The lead and its delivery jobs in ONE transaction: both are stored or neither is. A lost
  // connection fails the transaction with a catchable error (docs/decisions/160).
  const row = await db.transaction(async (tx) => {
    const [lead] = await tx
      .insert(leads)
      .values({
        siteId: site.id,
        submissionKey: key,
        form: input.form,
        category: input.category,
        subcategory: input.subcategory,
        carId: car?.id ?? null,
        locationId: location?.id ?? null,
        firstName: values.name,
        lastName: values.last_name ?? null,
        email: values.email ?? null,
        phone: values.phone ?? null,
        postcode: values.postcode ?? null,
        payload,
        ip: input.ip,
        createdAt: new Date(input.now),
      })
      .onConflictDoNothing({ target: [leads.siteId, leads.submissionKey] })
      .returning({ id: leads.id });
    if (!lead) return { id: null, deliveries: 0 };
    await tx.insert(leadDeliveries).values(jobs.map((j) => ({ leadId: lead.id, siteId: site.id, channel: j.channel, target: j.target, status: j.status, lastError: j.last_error })));
    return { id: lead.id, deliveries: jobs.length };
  });
  if (row.id === null) {
    // A concurrent request with the same key committed first: return its lead.
    const other = await findByKey(db, site, key);
    if (!other || other.fingerprint !== fingerprint) throw new Error("submission key taken by another lead");
    return { kind: "accepted", leadId: other.id, duplicate: true, deliveries: 0 };
  }
  return { kind: "accepted", leadId: Number(row.id), duplicate: false, deliveries: Number(row.deliveries) };
}

/** The email of the site's primary location (else its first location with an email), or null. */
export async function primaryLocationEmail(db: Database, site: Site): Promise<string | null> {
  const [row] = await db
    .select({ email: locations.email })
    .from(locations)
    .where(and(eq(locations.siteId, site.id), sql`${locations.email} is not null and ${locations.email} <> ''`))
    .orderBy(desc(locations.primary), locations.id)
    .limit(1);
  return row?.email ?? null;
}

function leadFingerprint(form: string, email: unknown, phone: unknown, message: unknown): string {
  return JSON.stringify([form, email ?? "", phone ?? "", typeof message === "string" ? message : ""]);
}

async function findByKey(db: Database, site: Site, key: string): Promise<{ id: number; fingerprint: string } | null> {
  const [row] = await db
    .select({ id: leads.id, form: leads.form, email: leads.email, phone: leads.phone, payload: leads.payload })
    .from(leads)
    .where(and(eq(leads.siteId, site.id), eq(leads.submissionKey, key)))
    .limit(1);
  return row ? { id: row.id, fingerprint: leadFingerprint(row.form, row.email, row.phone, row.payload.message) } : null;
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

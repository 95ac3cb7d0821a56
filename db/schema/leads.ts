import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { cars } from "./cars";
import { staffUsers } from "./console";
import type { LeadStatus } from "../../app/domain/leads/status";
import { locations } from "./locations";
import { sites } from "./sites";

/**
 * An accepted lead (spec 3 "Lead payload", spec 7 "Lead submit"; DESIGN 6).
 * Written in one transaction with its delivery jobs. `submissionKey` (client-generated UUID, or a
 * server fallback) is unique per site, so a resubmission returns the same lead.
 */
export const leads = pgTable(
  "leads",
  {
    id: serial("id").primaryKey(),
    siteId: integer("site_id").notNull().references(() => sites.id, { onDelete: "cascade" }),
    submissionKey: text("submission_key").notNull(),
    /** Which form sent it: enquiry, test-drive, offer, finance, photos, service, parts, fleet, general, feedback. */
    form: text("form").notNull(),
    category: text("category").notNull(),
    subcategory: text("subcategory"),
    carId: integer("car_id").references(() => cars.id, { onDelete: "set null" }),
    locationId: integer("location_id").references(() => locations.id, { onDelete: "set null" }),
    firstName: text("first_name").notNull(),
    lastName: text("last_name"),
    email: text("email"),
    /** E.164, e.g. +61412345678. */
    phone: text("phone"),
    postcode: text("postcode"),
    /** The full validated payload (spec 3 lead payload + spec 7 userData). */
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    ip: text("ip"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Where the dealer's staff are with it (issue 49 item 4): new | contacted | appointment | won | lost. */
    status: text("status").$type<LeadStatus>().notNull().default("new"),
    /** The staff member working it (console), or null. */
    assignedTo: text("assigned_to").references(() => staffUsers.id, { onDelete: "set null" }),
    /** When the retention job removed the shopper's personal data (site config leads.retentionDays). */
    anonymisedAt: timestamp("anonymised_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("leads_site_submission_key").on(t.siteId, t.submissionKey),
    index("leads_site_created").on(t.siteId, t.createdAt),
    index("leads_site_status_created").on(t.siteId, t.status, t.createdAt),
    index("leads_site_location_created").on(t.siteId, t.locationId, t.createdAt),
    index("leads_site_form_created").on(t.siteId, t.form, t.createdAt, t.id),
    // The retention job's leads still to anonymise (migration 0043).
    index("leads_site_created_not_anonymised").on(t.siteId, t.createdAt).where(sql`anonymised_at is null`),
  ],
);

/** A note staff wrote on a lead: kept in order as its history (who, when); never edited. */
export const leadNotes = pgTable(
  "lead_notes",
  {
    id: serial("id").primaryKey(),
    leadId: integer("lead_id").notNull().references(() => leads.id, { onDelete: "cascade" }),
    siteId: integer("site_id").notNull().references(() => sites.id, { onDelete: "cascade" }),
    userId: text("user_id").references(() => staffUsers.id, { onDelete: "set null" }),
    authorEmail: text("author_email"),
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("lead_notes_lead").on(t.leadId, t.id)],
);

/**
 * Outbox: one row per (lead, channel, target). The delivery worker claims due rows
 * (`FOR UPDATE SKIP LOCKED`), sends, and marks them sent, or schedules a retry with exponential
 * backoff, or marks them dead after the configured number of attempts.
 */
export const leadDeliveries = pgTable(
  "lead_deliveries",
  {
    id: serial("id").primaryKey(),
    leadId: integer("lead_id").notNull().references(() => leads.id, { onDelete: "cascade" }),
    siteId: integer("site_id").notNull().references(() => sites.id, { onDelete: "cascade" }),
    /** email | webhook | adf */
    channel: text("channel").notNull(),
    /** Email address (email, adf) or URL (webhook). */
    target: text("target").notNull(),
    /** pending | sent | dead */
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    /** Set while a worker holds the job; a stale lock (crashed node) is reclaimed after a timeout. */
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("lead_deliveries_due").on(t.status, t.nextAttemptAt), index("lead_deliveries_lead").on(t.leadId)],
);

/** Fixed-window rate-limit counters shared by every app node (DESIGN 6 "per-IP rate limit"). */
export const leadRateLimits = pgTable(
  "lead_rate_limits",
  {
    /** e.g. "ip:203.0.113.9" or "site:12". */
    bucket: text("bucket").notNull(),
    /** Start of the window (UTC). */
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [uniqueIndex("lead_rate_limits_bucket_window").on(t.bucket, t.windowStart)],
);

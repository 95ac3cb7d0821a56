import { boolean, customType, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { sites } from "./sites";

/** PostgreSQL `bytea` as bytes (node-postgres gives a Buffer, PGlite a Uint8Array: both are bytes). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => "bytea",
});

/** Counts of one feed import (dry run or applied), as {@link importStock} reports them. */
export interface FeedImportCounts {
  read: number;
  created: number;
  updated: number;
  unchanged: number;
  withdrawn: number;
  rejected: number;
}

/**
 * One feed a site received (issue 49 item 3, migration 0032): an upload from its dry run to its
 * apply, or a pull of the site's feed URL. `content` holds the uploaded bytes between the dry
 * run and the apply (then null); `rejections` every refused row with its reason.
 */
export const feedImports = pgTable("feed_imports", {
  id: serial("id").primaryKey(),
  siteId: integer("site_id")
    .notNull()
    .references(() => sites.id, { onDelete: "cascade" }),
  source: text("source").$type<"upload" | "pull">().notNull(),
  /** The uploaded file's name, or the URL pulled. */
  fileName: text("file_name").notNull(),
  contentSha256: text("content_sha256"),
  content: bytea("content"),
  byteSize: integer("byte_size").notNull().default(0),
  encoding: text("encoding"),
  format: text("format"),
  fullSnapshot: boolean("full_snapshot").notNull().default(true),
  status: text("status").$type<"dry-run" | "applied" | "failed">().notNull(),
  counts: jsonb("counts").$type<FeedImportCounts>(),
  /** Stock numbers created, updated and withdrawn (the first few hundred of each). */
  changes: jsonb("changes").$type<FeedImportChanges>(),
  rejections: jsonb("rejections").$type<{ row: number; reason: string }[]>().notNull().default([]),
  /** Why the whole feed failed (unreadable file, unreachable URL), shown in the history. */
  error: text("error"),
  /**
   * Why a scheduled pull was held as a dry run instead of applied (it would change more of the
   * stock than its source allows); staff apply it from the history. Null for every other import.
   */
  heldReason: text("held_reason"),
  createdBy: text("created_by"),
  createdEmail: text("created_email"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  appliedBy: text("applied_by"),
  appliedEmail: text("applied_email"),
  appliedAt: timestamp("applied_at", { withTimezone: true }),
});

/** The cars a feed creates, updates and withdraws (each list capped; the counts are exact). */
export interface FeedImportChanges {
  created: FeedCarChange[];
  updated: FeedCarChange[];
  withdrawn: FeedCarChange[];
}

/** One car in {@link FeedImportChanges}: its feed row (null for a withdrawn car), stock number and name. */
export interface FeedCarChange {
  row: number | null;
  stockNumber: string;
  name: string;
}

/**
 * A site's feed URL and its pull schedule (a cron expression in the site's time zone, or null for
 * pulls on demand only). `lockedUntil` is the lease of the node pulling it now.
 */
export const feedSources = pgTable("feed_sources", {
  siteId: integer("site_id")
    .primaryKey()
    .references(() => sites.id, { onDelete: "cascade" }),
  url: text("url").notNull(),
  schedule: text("schedule"),
  fullSnapshot: boolean("full_snapshot").notNull().default(true),
  /**
   * Most of the listed stock (cars not withdrawn), in percent, one scheduled pull may update and
   * withdraw on its own; a pull that would change more is held as a dry run for staff to apply.
   */
  maxChangePercent: integer("max_change_percent").notNull().default(25),
  nextPullAt: timestamp("next_pull_at", { withTimezone: true }),
  lockedUntil: timestamp("locked_until", { withTimezone: true }),
  lastPullAt: timestamp("last_pull_at", { withTimezone: true }),
  lastOutcome: text("last_outcome"),
  updatedBy: text("updated_by"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

import { sql } from "drizzle-orm";
import { integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

/** A dealer group: one business owning one or more sites and locations (spec 3 "Site / dealer config"). */
export const dealerGroups = pgTable("dealer_groups", {
  id: serial("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  name: text("name").notNull(),
  /** Group-level SiteConfig values every site of the group inherits (site values win). */
  config: jsonb("config").notNull().default({}),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A site (the tenant). `config` holds the validated SiteConfig (app/sites/site-config.ts);
 * `stockVersion` is bumped whenever the site's stock changes, so each app node can tell
 * when its search read model is stale. Both versions are moved by database triggers (migration
 * 0018) whatever writes the change, and key the page cache (issue 15, docs/decisions/180).
 */
export const sites = pgTable("sites", {
  id: serial("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  name: text("name").notNull(),
  hosts: text("hosts").array().notNull().default(sql`'{}'::text[]`),
  dealerGroupId: integer("dealer_group_id").references(() => dealerGroups.id),
  config: jsonb("config").notNull().default({}),
  stockVersion: integer("stock_version").notNull().default(0),
  /** Moved by database triggers when the site's config or content (locations, offers, pages) changes (migration 0018, issue 15). */
  configVersion: integer("config_version").notNull().default(0),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  /** Set when an operator archives the site (issue 48): its hosts answer 410, its data is kept. */
  archivedAt: timestamp("archived_at", { withTimezone: true }),
});

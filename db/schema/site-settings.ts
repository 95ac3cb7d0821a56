import { integer, jsonb, pgTable, serial, text, timestamp, unique } from "drizzle-orm/pg-core";
import { sites } from "./sites";

/**
 * One unpublished settings draft per site (issue 48 item 5, migration 0028): the site's own
 * config values (a SiteConfig input, without the group's), as the console editor last saved them.
 * `baseVersion` is the published version the draft started from, so a publish over someone
 * else's newer one is refused instead of undoing it.
 */
export const siteConfigDrafts = pgTable("site_config_drafts", {
  siteId: integer("site_id")
    .primaryKey()
    .references(() => sites.id, { onDelete: "cascade" }),
  config: jsonb("config").notNull(),
  baseVersion: integer("base_version").notNull(),
  /** Moves on every save (preview pages are keyed by it). */
  revision: integer("revision").notNull().default(1),
  updatedBy: text("updated_by"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every published site config, numbered per site from 1 (append-only; a trigger refuses UPDATE).
 * `baseline` is the config found before the first console publish; `rollback` names the
 * version it copied in `rolledBackTo`.
 */
export const siteConfigVersions = pgTable(
  "site_config_versions",
  {
    id: serial("id").primaryKey(),
    siteId: integer("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    config: jsonb("config").notNull(),
    kind: text("kind").notNull(),
    rolledBackTo: integer("rolled_back_to"),
    createdBy: text("created_by"),
    actorEmail: text("actor_email"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique("site_config_versions_site_version").on(t.siteId, t.version)],
);

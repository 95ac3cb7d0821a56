import { customType, index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { dealerGroups, sites } from "./sites";

/**
 * A change of content due at a set instant (issue 50 item 7, migration 0035): `action` applied to
 * the row (`entity`, `entityId`) at `runAt` by the scheduler job
 * (app/services/scheduled-changes.server.ts). Any content kind can use it by registering its
 * entity's actions there; offers use `publish` and `unpublish`. Its owner is a site, else a dealer
 * group (a group's offer, migration 0044), else neither (a network offer).
 */
export const scheduledChanges = pgTable(
  "scheduled_changes",
  {
    id: serial("id").primaryKey(),
    siteId: integer("site_id").references(() => sites.id, { onDelete: "cascade" }),
    dealerGroupId: integer("dealer_group_id").references(() => dealerGroups.id, { onDelete: "cascade" }),
    entity: text("entity").notNull(),
    entityId: integer("entity_id").notNull(),
    action: text("action").notNull(),
    runAt: timestamp("run_at", { withTimezone: true }).notNull(),
    /** pending, applied, cancelled (replaced or withdrawn by staff) or failed (see `error`). */
    status: text("status").$type<"pending" | "applied" | "cancelled" | "failed">().notNull().default("pending"),
    createdBy: text("created_by"),
    actorEmail: text("actor_email"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    appliedAt: timestamp("applied_at", { withTimezone: true }),
    error: text("error"),
    /** The values the action writes (migration 0038), e.g. a location's weekly hours; null for publish and unpublish. */
    payload: jsonb("payload").$type<Record<string, unknown>>(),
  },
  (t) => [index("scheduled_changes_entity").on(t.entity, t.entityId)],
);

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => Buffer.from(value),
});

/**
 * An image staff uploaded for content (issue 50 item 1, migration 0035), re-encoded (no EXIF) and
 * served through `/images?src=/content-images/{id}.webp` on every node. Owned by a site, else a
 * dealer group (served on the group's sites), else neither (a network offer's: every site).
 */
export const contentImages = pgTable("content_images", {
  id: serial("id").primaryKey(),
  siteId: integer("site_id").references(() => sites.id, { onDelete: "cascade" }),
  dealerGroupId: integer("dealer_group_id").references(() => dealerGroups.id, { onDelete: "cascade" }),
  contentType: text("content_type").notNull(),
  width: integer("width").notNull(),
  height: integer("height").notNull(),
  bytes: bytea("bytes").notNull(),
  createdBy: text("created_by"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

import { sql } from "drizzle-orm";
import { integer, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";

/** Manufacturer (make), spec 3. Shared by all sites. */
export const manufacturers = pgTable("manufacturers", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  slug: text("slug").notNull().unique(),
  logoUrl: text("logo_url"),
});

/** Model of a manufacturer, spec 3. `status`: current, all_new, coming_soon or discontinued (spec 2.7). */
export const models = pgTable(
  "models",
  {
    id: serial("id").primaryKey(),
    manufacturerId: integer("manufacturer_id").notNull().references(() => manufacturers.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    slug: text("slug").notNull(),
    imageUrl: text("image_url"),
    body: text("body"),
    status: text("status").notNull().default("current"),
    overrideUrl: text("override_url"),
    /** Issue 13: mega-menu categories (spec 2.7), e.g. {suvs-4wds,electrified}; see app/domain/navigation. */
    categories: text("categories").array().notNull().default(sql`'{}'::text[]`),
  },
  (t) => [uniqueIndex("models_manufacturer_slug").on(t.manufacturerId, t.slug)],
);

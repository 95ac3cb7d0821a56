import { integer, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";

/** Manufacturer (make), spec 3. Shared by all sites. */
export const manufacturers = pgTable("manufacturers", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  slug: text("slug").notNull().unique(),
  logoUrl: text("logo_url"),
});

/** Model of a manufacturer, spec 3. `status` e.g. current or coming_soon. */
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
  },
  (t) => [uniqueIndex("models_manufacturer_slug").on(t.manufacturerId, t.slug)],
);

/**
 * Issue 14: content as data. Per-site pages and articles (Markdown, rendered and sanitised on the
 * server), the parts catalogue searched on /parts/search and shown on /{model slug}/accessories,
 * and unsubscribe requests. Offers live in ./content.ts.
 */
import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { locations } from "./locations";
import { sites } from "./sites";

/**
 * A content page, article or landing copy block. `siteId` null is a shared template every site
 * has; a row with the same slug and a site id overrides it for that site (`enabled` false hides it
 * there). `slug` is the URL path without the leading slash ("privacy-policy",
 * "pages/toyota-recalls", "blog/vehicle-reviews/2024-toyota-rav4"). `kind`: 'page' (served at its
 * slug), 'article' (a blog article, listed on /blog/vehicle-reviews), 'landing' (copy shown on a
 * lead page such as /service; never served on its own).
 */
export const contentPages = pgTable(
  "content_pages",
  {
    id: serial("id").primaryKey(),
    siteId: integer("site_id").references(() => sites.id, { onDelete: "cascade" }),
    slug: text("slug").notNull(),
    kind: text("kind").$type<"page" | "article" | "landing">().notNull().default("page"),
    title: text("title").notNull(),
    /** SEO meta description (plain text). */
    description: text("description").notNull().default(""),
    /** Markdown. Raw HTML in it is sanitised away on rendering. */
    body: text("body").notNull().default(""),
    imageUrl: text("image_url"),
    enabled: boolean("enabled").notNull().default(true),
    /** Shown from this instant (null: always); hidden from `unpublishedAt` (null: never). */
    publishedAt: timestamp("published_at", { withTimezone: true }),
    unpublishedAt: timestamp("unpublished_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [// The migration makes this index NULLS NOT DISTINCT: one shared template per slug.
    uniqueIndex("content_pages_site_slug").on(t.siteId, t.slug), index("content_pages_slug").on(t.slug)],
);

/**
 * A part or accessory a site sells (spec 3 "a third [search] works on categories and price within a
 * dealership"). `price` whole dollars incl. GST; `modelSlug` set for accessories that fit one model.
 */
export const parts = pgTable(
  "parts",
  {
    id: serial("id").primaryKey(),
    siteId: integer("site_id").notNull().references(() => sites.id, { onDelete: "cascade" }),
    locationId: integer("location_id").references(() => locations.id, { onDelete: "set null" }),
    partNumber: text("part_number").notNull(),
    name: text("name").notNull(),
    category: text("category").notNull(),
    description: text("description").notNull().default(""),
    price: integer("price"),
    modelSlug: text("model_slug"),
    modelName: text("model_name"),
  },
  (t) => [uniqueIndex("parts_site_number").on(t.siteId, t.partNumber), index("parts_site_model").on(t.siteId, t.modelSlug)],
);

/** An unsubscribe request from /pages/unsubscribe (the dealer's CRM acts on it). */
export const unsubscribeRequests = pgTable(
  "unsubscribe_requests",
  {
    id: serial("id").primaryKey(),
    siteId: integer("site_id").notNull().references(() => sites.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    reason: text("reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [index("unsubscribe_requests_site").on(t.siteId)],
);

/**
 * Issue 50 item 2: a site's redirect, answered `301` from `fromPath` to `toPath` where the site
 * would otherwise answer 404 (a removed or unpublished page, an old URL). Paths start with "/";
 * `toPath` may also be an absolute http(s) URL. Chains are followed by browsers; loops are refused
 * when saved (app/console/redirects.server.ts).
 */
export const siteRedirects = pgTable(
  "site_redirects",
  {
    id: serial("id").primaryKey(),
    siteId: integer("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    fromPath: text("from_path").notNull(),
    toPath: text("to_path").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("site_redirects_site_from").on(t.siteId, t.fromPath)],
);

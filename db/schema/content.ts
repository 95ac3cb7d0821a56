import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, real, serial, text, timestamp } from "drizzle-orm/pg-core";
import { manufacturers, models } from "./catalogue";
import { locations } from "./locations";
import { dealerGroups, sites } from "./sites";

/** A customer review of a location, spec 3 "Review". `rating` 1-5. */
export const reviews = pgTable(
  "reviews",
  {
    id: serial("id").primaryKey(),
    siteId: integer("site_id").notNull().references(() => sites.id, { onDelete: "cascade" }),
    locationId: integer("location_id").references(() => locations.id, { onDelete: "cascade" }),
    customerName: text("customer_name").notNull(),
    text: text("text").notNull(),
    rating: real("rating").notNull(),
    imageUrl: text("image_url"),
    reviewDate: timestamp("review_date", { withTimezone: true }).notNull(),
    replyText: text("reply_text"),
    replyDate: timestamp("reply_date", { withTimezone: true }),
    /** Issue 50 item 8: hidden from the site by a staff member at this instant (the reason is in the audit trail); null = shown. */
    hiddenAt: timestamp("hidden_at", { withTimezone: true }),
  },
  (t) => [index("reviews_site").on(t.siteId)],
);

/** An offer's publishing status (issue 50 item 1). */
export type OfferStatus = "draft" | "published" | "retired";

/**
 * A special offer or promo card, spec 3 "Offer". A promo card (`kind` 'promo_card') shows among
 * search results between `startsAt` and `expiresAt` and only for `carType` when set.
 * Issue 14: `siteId` null is a network offer shown on every site except `excludedSiteIds`
 * (spec 3 excluded_website_ids); offers show only between their dates.
 */
export const offers = pgTable(
  "offers",
  {
    id: serial("id").primaryKey(),
    siteId: integer("site_id").references(() => sites.id, { onDelete: "cascade" }),
    /** Issue 50 (migration 0038): with no site, the dealer group whose sites show it (null: the whole network). */
    dealerGroupId: integer("dealer_group_id").references(() => dealerGroups.id, { onDelete: "cascade" }),
    kind: text("kind").$type<"offer" | "promo_card">().notNull().default("offer"),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    disclaimer: text("disclaimer").notNull().default(""),
    category: text("category"),
    manufacturerId: integer("manufacturer_id").references(() => manufacturers.id),
    modelId: integer("model_id").references(() => models.id),
    imageUrl: text("image_url"),
    linkUrl: text("link_url"),
    carType: text("car_type"),
    startsAt: timestamp("starts_at", { withTimezone: true }),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    excludedSiteIds: integer("excluded_site_ids").array().notNull().default(sql`'{}'::integer[]`),
    /**
     * Issue 51: a finance offer's figures, `FinanceOfferSource` (app/domain/finance/finance-offer):
     * the site's lender data for a car type, or the offer's own rates. Null: not a finance offer.
     * The card's rates are worked out from this, never typed into its name or description.
     */
    finance: jsonb("finance"),
    /**
     * Issue 50: `published` shows to shoppers (between its dates); `draft` is being edited in the
     * console (previews only); `retired` shows nowhere and is kept for the record.
     */
    status: text("status").$type<OfferStatus>().notNull().default("published"),
  },
  (t) => [index("offers_site").on(t.siteId)],
);

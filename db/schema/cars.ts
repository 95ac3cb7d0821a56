import { sql } from "drizzle-orm";
import {
  boolean, date, index, integer, jsonb, pgTable, real, serial, text, timestamp, uniqueIndex,
} from "drizzle-orm/pg-core";
import type { CaravanSpecifications, FinanceLenderData } from "../../app/domain/car";
import { locations } from "./locations";
import { sites } from "./sites";

/**
 * A car (any stock item, including caravans), spec 3 "Car".
 * Money: whole dollars (integer). Distance: km. Fuel: L/100km. Engine: cc.
 * `sourceHash` is the hash of the imported, cleaned record: a re-import with the same hash
 * changes nothing (importer "unchanged").
 */
export const cars = pgTable(
  "cars",
  {
    id: serial("id").primaryKey(),
    siteId: integer("site_id").notNull().references(() => sites.id, { onDelete: "cascade" }),
    locationId: integer("location_id").references(() => locations.id, { onDelete: "set null" }),
    slug: text("slug").notNull(),
    name: text("name").notNull(),
    stockNumber: text("stock_number").notNull(),
    vin: text("vin"),
    nvic: text("nvic"),
    hasNvic: boolean("has_nvic").notNull().default(false),
    rego: text("rego"),
    regoExpiry: date("rego_expiry"),
    carType: text("car_type").$type<"new" | "demo" | "used">().notNull(),
    itemType: text("item_type").notNull().default("car"),
    make: text("make").notNull(),
    model: text("model").notNull(),
    series: text("series"),
    badge: text("badge"),
    year: integer("year"),
    certified: boolean("certified").notNull().default(false),
    tag: text("tag"),
    status: text("status").$type<"in_stock" | "coming_soon" | "sold" | "withdrawn">().notNull().default("in_stock"),
    sold: boolean("sold").notNull().default(false),
    soldAt: timestamp("sold_at", { withTimezone: true }),
    withdrawnAt: timestamp("withdrawn_at", { withTimezone: true }),
    reserved: boolean("reserved").notNull().default(false),
    showOnDealerWebsite: boolean("show_on_dealer_website").notNull().default(true),
    price: integer("price"),
    priceType: text("price_type"),
    beforePrice: integer("before_price"),
    offerPrice: integer("offer_price"),
    subscriptionPrice: integer("subscription_price"),
    preorder: boolean("preorder").notNull().default(false),
    km: integer("km"),
    colour: text("colour"),
    interiorColour: text("interior_colour"),
    simpleBody: text("simple_body"),
    bodyConfiguration: text("body_configuration"),
    simpleFuel: text("simple_fuel"),
    fuel: text("fuel"),
    drive: text("drive"),
    seats: integer("seats"),
    doors: integer("doors"),
    transmission: text("transmission"),
    simpleTransmission: text("simple_transmission"),
    /** Spec 3 'trans': the feed's own transmission text (migration 0022). */
    trans: text("trans"),
    gearNum: integer("gear_num"),
    cylinders: integer("cylinders"),
    engineSize: integer("engine_size"),
    engineSizeLitres: real("engine_size_litres"),
    fuelConsumptionCombined: real("fuel_consumption_combined"),
    complianceDate: text("compliance_date"),
    buildDate: text("build_date"),
    views: integer("views").notNull().default(0),
    dealerComments: text("dealer_comments"),
    standardEquipment: jsonb("standard_equipment").$type<string[]>().notNull().default([]),
    features: jsonb("features").$type<string[]>().notNull().default([]),
    carsalesTitle: text("carsales_title"),
    file: text("file"),
    photosCount: integer("photos_count").notNull().default(0),
    images: jsonb("images").$type<{ url: string }[]>().notNull().default([]),
    primaryImageUrl: text("primary_image_url"),
    /** Issue 17: 'drive_away' or 'excl_govt_charges' from the feed; null: the site's default (migration 0017). */
    priceBasis: text("price_basis").$type<"drive_away" | "excl_govt_charges">(),
    /** Spec 3 "Variant" block by the spec's key names (CarVariant), written by the importer (issue 52). */
    variant: jsonb("variant").$type<Record<string, string | number | null>>().notNull().default({}),
    caravan: jsonb("caravan").$type<CaravanSpecifications | null>(),
    autograbData: jsonb("autograb_data").$type<{ stateAverageMarketPrice: number | null; averageMarketPrice: number | null } | null>(),
    financeLenders: jsonb("finance_lenders").$type<Record<string, FinanceLenderData>>().notNull().default({}),
    paymentProcessors: jsonb("payment_processors").$type<string[]>().notNull().default([]),
    privateSuburb: text("private_suburb"),
    privatePostcode: text("private_postcode"),
    privateState: text("private_state"),
    customRank: integer("custom_rank").notNull().default(0),
    sourceHash: text("source_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("cars_site_stock_number").on(t.siteId, t.stockNumber),
    uniqueIndex("cars_site_slug").on(t.siteId, t.slug),
    index("cars_site_status").on(t.siteId, t.status),
    index("cars_site_make").on(t.siteId, t.make),
    index("cars_site_price").on(t.siteId, t.price),
    index("cars_site_visible").on(t.siteId).where(sql`show_on_dealer_website and status in ('in_stock','coming_soon','sold')`),
  ],
);

import { boolean, doublePrecision, index, integer, jsonb, pgTable, real, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { dealerGroups, sites } from "./sites";

/** Opening hour entry, spec 3: weekday 0 Sunday .. 6 Saturday, times "HH:mm" local to the site. */
export interface OpeningHourEntry {
  weekday: number;
  status: "Open" | "Closed";
  open: string | null;
  close: string | null;
}

/** Special or holiday hours, spec 3. `date` is YYYY-MM-DD in the site's time zone. */
export interface SpecialHourEntry {
  date: string;
  status: "Open" | "Closed";
  startHour: string | null;
  endHour: string | null;
  note?: string;
}

/**
 * A location's own alternating-Saturday rule (issue 50 item 5): `on` from a normal-hours Saturday
 * `anchorDate` (YYYY-MM-DD) with `appointmentText` on the other Saturdays, or `off` (every Saturday
 * normal hours). A null column follows the site's rule for its location type.
 */
export type LocationSaturdayRule = { mode: "on"; anchorDate: string; appointmentText: string } | { mode: "off" };

/** A dealership location (sales yard, service centre, parts counter), spec 3 "Dealership / location". */
export const locations = pgTable(
  "locations",
  {
    id: serial("id").primaryKey(),
    siteId: integer("site_id").notNull().references(() => sites.id, { onDelete: "cascade" }),
    dealerGroupId: integer("dealer_group_id").references(() => dealerGroups.id),
    name: text("name").notNull(),
    slug: text("slug").notNull(),
    /** sales, service, parts, service-and-parts, or null. */
    locationType: text("location_type"),
    locationSubtype: text("location_subtype"),
    /** Manufacturer slugs this location sells or services. */
    manufacturers: text("manufacturers").array().notNull().default([]),
    primary: boolean("primary").notNull().default(false),
    visible: boolean("visible").notNull().default(true),
    dealerLicenseNumber: text("dealer_license_number"),
    motorVehicleRepairer: text("motor_vehicle_repairer"),
    imageUrl: text("image_url"),
    street: text("street"),
    city: text("city").notNull(),
    state: text("state").notNull(),
    postcode: text("postcode").notNull(),
    lat: doublePrecision("lat"),
    long: doublePrecision("long"),
    placeId: text("place_id"),
    placeUrl: text("place_url"),
    phone: text("phone"),
    landlinePhone: text("landline_phone"),
    email: text("email"),
    openingHours: jsonb("opening_hours").$type<OpeningHourEntry[]>().notNull().default([]),
    specialHours: jsonb("special_hours").$type<SpecialHourEntry[]>().notNull().default([]),
    alternatingSaturday: jsonb("alternating_saturday").$type<LocationSaturdayRule | null>(),
    reviewAverage: real("review_average"),
    reviewCount: integer("review_count").notNull().default(0),
    distributionLocations: jsonb("distribution_locations").$type<string[]>().notNull().default([]),
  },
  (t) => [uniqueIndex("locations_site_slug").on(t.siteId, t.slug), index("locations_site").on(t.siteId)],
);

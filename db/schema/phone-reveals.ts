import { index, integer, pgTable, serial, timestamp } from "drizzle-orm/pg-core";
import { cars } from "./cars";
import { locations } from "./locations";
import { sites } from "./sites";

/**
 * One phone reveal on a VDP's call-the-dealer panel, spec 4 ("Phone reveal: the first click logs
 * a reveal call once") and spec 7 ("Phone-reveal log {car_id, dealership_id, website_id}").
 * `locationId` is the dealership (the car's location), `siteId` the website.
 */
export const phoneReveals = pgTable(
  "phone_reveals",
  {
    id: serial("id").primaryKey(),
    carId: integer("car_id").notNull().references(() => cars.id, { onDelete: "cascade" }),
    locationId: integer("location_id").references(() => locations.id, { onDelete: "set null" }),
    siteId: integer("site_id").notNull().references(() => sites.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("phone_reveals_site_car").on(t.siteId, t.carId)],
);

/** Issue 16: view.json counts a car's view at most once per visitor per day. */
import { date, index, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { cars } from "./cars";

/**
 * One row per car, visitor and day (the site's dates in UTC). `visitor` is a SHA-256 of the
 * client's address and user agent, never the address itself.
 */
export const carViewVisits = pgTable(
  "car_view_visits",
  {
    carId: integer("car_id")
      .notNull()
      .references(() => cars.id, { onDelete: "cascade" }),
    visitor: text("visitor").notNull(),
    day: date("day").notNull(),
  },
  (t) => [primaryKey({ columns: [t.carId, t.visitor, t.day] }), index("car_view_visits_day").on(t.day)],
);

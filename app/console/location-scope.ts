/**
 * The `where` that keeps a console query inside a member's reach in one site: the whole site, or
 * for sales (`assigned-locations`) only the rows whose location is one of theirs. Rows with no
 * location are outside a sales member's reach.
 */
import { and, eq, inArray, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { ScopedSite } from "./staff.server";

/**
 * @param siteId the table's site column
 * @param location the row's location id (a column, or an expression such as
 *   `coalesce(reservations.location_id, cars.location_id)`)
 */
export function withinReach(scoped: ScopedSite, siteId: AnyColumn, location: AnyColumn | SQL): SQL {
  const site = eq(siteId, scoped.site.id);
  if (scoped.reach !== "assigned-locations") return site;
  return and(site, inArray(sql`${location}`, scoped.locationIds.length ? scoped.locationIds : [-1]))!;
}

/**
 * A member's reach in one site: the `where` that keeps a console query inside it (the whole site,
 * or for sales, `assigned-locations`, only the rows whose location is one of theirs; rows with no
 * location are outside a sales member's reach), and the locations it holds.
 */
import { and, asc, eq, inArray, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client";
import { locations } from "../../db/schema/index";
import { memoByConfigVersion } from "~/services/site-memo.server";
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

/**
 * The locations a member may file cars under, and filter stock and leads by (sales: their
 * assigned ones), by name. A whole site's list is kept per config version (a location's change
 * moves it, migration 0018), so most pages read none; a sales member's is read each time. The
 * array is shared: do not change it.
 * @returns `{ id, name }` of each location, ordered by name
 */
export async function reachableLocations(db: Database, scoped: ScopedSite): Promise<{ id: number; name: string }[]> {
  const read = () => db.select({ id: locations.id, name: locations.name }).from(locations).where(withinReach(scoped, locations.siteId, locations.id)).orderBy(asc(locations.name));
  if (scoped.reach === "assigned-locations" || scoped.configVersion === undefined) return read();
  return memoByConfigVersion("console-locations", { id: scoped.site.id, configVersion: scoped.configVersion }, read);
}

/**
 * The site dashboard's figures (issue 48 "/sites/{slug}"; issue 49 item 7 extends it), counted
 * within the member's reach: sales see their assigned locations only.
 */
import { and, count, eq, gte, inArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { cars, leads, locations } from "../../db/schema/index";
import type { ScopedSite } from "./staff.server";

export interface SiteDashboard {
  /** Cars by status (in stock, coming soon, sold, withdrawn). */
  carsByStatus: { status: string; cars: number }[];
  /** Leads received in the last 7 days. */
  leadsLast7Days: number;
  locations: { id: number; name: string }[];
  /** True when the figures cover only the member's assigned locations. */
  limitedToLocations: boolean;
}

/**
 * Counts a site's stock and recent leads for the dashboard.
 * @param scoped the site opened with "site.view" (its reach decides the locations)
 * @param now epoch ms
 */
export async function siteDashboard(db: Database, scoped: ScopedSite, now: number): Promise<SiteDashboard> {
  const limited = scoped.reach === "assigned-locations";
  const siteId = scoped.site.id;
  const ids = scoped.locationIds.length ? scoped.locationIds : [-1];
  const carScope = limited ? and(eq(cars.siteId, siteId), inArray(cars.locationId, ids)) : eq(cars.siteId, siteId);
  const leadScope = limited ? and(eq(leads.siteId, siteId), inArray(leads.locationId, ids)) : eq(leads.siteId, siteId);
  const since = new Date(now - 7 * 24 * 60 * 60_000);
  const [byStatus, [recent], locs] = await Promise.all([
    db.select({ status: cars.status, cars: count() }).from(cars).where(carScope).groupBy(cars.status).orderBy(cars.status),
    db.select({ n: count() }).from(leads).where(and(leadScope, gte(leads.createdAt, since))),
    db
      .select({ id: locations.id, name: locations.name })
      .from(locations)
      .where(limited ? and(eq(locations.siteId, siteId), inArray(locations.id, ids)) : eq(locations.siteId, siteId))
      .orderBy(sql`${locations.name}`),
  ]);
  return { carsByStatus: byStatus.map((r) => ({ status: r.status, cars: Number(r.cars) })), leadsLast7Days: Number(recent?.n ?? 0), locations: locs, limitedToLocations: limited };
}

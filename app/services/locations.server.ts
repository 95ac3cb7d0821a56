/**
 * Locations of a site (spec 2.5): the directory and detail pages.
 */
import { and, asc, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { locations } from "../../db/schema/index";
import type { Site } from "~/sites/site";

export type Location = typeof locations.$inferSelect;

/** Visible locations of the site, sorted by name (spec 2.5: "Cards are sorted by name. Only locations with visible set are shown."). */
export async function listLocations(db: Database, site: Site): Promise<Location[]> {
  return db
    .select()
    .from(locations)
    .where(and(eq(locations.siteId, site.id), eq(locations.visible, true)))
    .orderBy(asc(locations.name));
}

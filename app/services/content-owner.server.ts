/**
 * Content that belongs to a site, a dealer group or the whole network (issue 50: offers, promo
 * cards and their images). A row names a site, else a dealer group (`site_id` null), else neither.
 */
import { and, eq, isNull, or, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Site } from "~/sites/site";

/** Whose content a row is: a site's, a dealer group's (`siteId` null), or the network's (both null). */
export interface ContentOwner {
  siteId: number | null;
  dealerGroupId: number | null;
}

/**
 * The condition "this row is the site's own, its dealer group's, or the network's".
 * @param columns the table's `site_id` and `dealer_group_id` columns
 */
export function ownedForSite(columns: { siteId: AnyPgColumn; dealerGroupId: AnyPgColumn }, site: Pick<Site, "id" | "dealerGroup">): SQL {
  const group = site.dealerGroup ? or(isNull(columns.dealerGroupId), eq(columns.dealerGroupId, site.dealerGroup.id)) : isNull(columns.dealerGroupId);
  return or(eq(columns.siteId, site.id), and(isNull(columns.siteId), group))!;
}

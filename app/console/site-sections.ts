/**
 * The sections of a site in the console, in the order the site page lists them. Each console part
 * adds its pages here (one line each); the site page shows a link only to members whose role holds
 * the section's permission on that site (the same matrix the route guards use).
 */
import type { Permission } from "./permissions";

export interface SiteSection {
  /** Link text. */
  label: string;
  /** Path under `/sites/{slug}/`, no leading slash. */
  path: string;
  /** The permission the section's page is guarded by (app/console/route-table.ts). */
  permission: Permission;
}

export const SITE_SECTIONS: readonly SiteSection[] = [
  { label: "Stock", path: "stock", permission: "stock.view" },
  { label: "Settings", path: "settings", permission: "settings.view" },
  { label: "Staff", path: "staff", permission: "staff.view" },
  { label: "Audit trail", path: "audit", permission: "audit.view" },
];

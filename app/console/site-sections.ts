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
  { label: "Photos", path: "photos", permission: "stock.view" },
  { label: "Feeds", path: "feeds", permission: "stock.view" },
  { label: "Leads", path: "leads", permission: "leads.view" },
  { label: "Reservations and orders", path: "reservations", permission: "reservations.view" },
  { label: "Trade-in valuations", path: "trade-ins", permission: "leads.view" },
  { label: "Offers and promo cards", path: "offers", permission: "content.view" },
  { label: "Pages", path: "pages", permission: "content.view" },
  { label: "Navigation", path: "navigation", permission: "content.view" },
  { label: "Banners and popup", path: "promotions", permission: "content.view" },
  { label: "Redirects", path: "redirects", permission: "content.view" },
  { label: "Reviews", path: "reviews", permission: "content.view" },
  { label: "Locations and hours", path: "locations", permission: "content.view" },
  { label: "Brand theme", path: "theme", permission: "settings.view" },
  { label: "Settings", path: "settings", permission: "settings.view" },
  { label: "Staff", path: "staff", permission: "staff.view" },
  { label: "Audit trail", path: "audit", permission: "audit.view" },
];

/**
 * The dealer console's route table (issue 48, decisions 249 and 251): one line per page, with the
 * permission its loader and actions require. app/routes.ts declares these under
 * {@link CONSOLE_PREFIX}; the permission test (tests/integration/console-permissions.test.ts) is
 * generated from this list, so a page added without a matrix entry fails it.
 */
import type { Permission } from "./permissions";

/** The internal path prefix of console routes (the console host's paths are rewritten under it). */
export const CONSOLE_PREFIX = "__console";

/**
 * Who may open a route:
 * - `public`: anyone (sign-in);
 * - `signed-in`: any staff member (their own list of sites, sign-out);
 * - a {@link Permission} with the tenant the path names: `site` (`:slug` is a site), `group`
 *   (`:slug` is a dealer group) or `platform` (no tenant).
 */
export type ConsoleGuard = { kind: "public" } | { kind: "signed-in" } | { kind: "site" | "group" | "platform"; permission: Permission };

export interface ConsoleRoute {
  /** Public path on the console host, React Router syntax ("" is `/`). */
  path: string;
  /** Module under app/. */
  file: string;
  id: string;
  guard: ConsoleGuard;
  /**
   * The permission the route's action (its form posts) requires, on the same tenant as `guard`,
   * when it differs from the page's (e.g. `staff.manage` on a page guarded by `staff.view`).
   */
  action?: Permission;
  /**
   * The action's high-value changes (the form's `intent` values, "*" for every post): they need a
   * sign-in in the last few minutes, or a re-authentication that keeps the typed values (ASVS
   * 3.7.1, 4.3.3; app/console/step-up.server.ts).
   */
  stepUp?: readonly string[];
}

export const CONSOLE_ROUTES: readonly ConsoleRoute[] = [
  { path: "", file: "routes/console/home.tsx", id: "console-home", guard: { kind: "signed-in" } },
  { path: "sign-in", file: "routes/console/sign-in.tsx", id: "console-sign-in", guard: { kind: "public" } },
  { path: "sign-out", file: "routes/console/sign-out.tsx", id: "console-sign-out", guard: { kind: "signed-in" } },
  { path: "sites/:slug", file: "routes/console/site.tsx", id: "console-site", guard: { kind: "site", permission: "site.view" } },
  { path: "sites/:slug/settings", file: "routes/console/settings.tsx", id: "console-site-settings", guard: { kind: "site", permission: "settings.view" }, action: "settings.edit", stepUp: ["publish"] },
  { path: "sites/:slug/staff", file: "routes/console/site-staff.tsx", id: "console-site-staff", guard: { kind: "site", permission: "staff.view" }, action: "staff.manage", stepUp: ["invite", "role", "remove"] },
  { path: "sites/:slug/audit", file: "routes/console/audit.tsx", id: "console-site-audit", guard: { kind: "site", permission: "audit.view" } },
  { path: "groups/:slug", file: "routes/console/group.tsx", id: "console-group", guard: { kind: "group", permission: "group.view" } },
  { path: "platform", file: "routes/console/platform.tsx", id: "console-platform", guard: { kind: "platform", permission: "platform.onboard" }, action: "platform.onboard", stepUp: ["*"] },
  // Issue 48 items 5 and 6: settings versions, the draft's preview link, the audit trail's CSV.
  { path: "sites/:slug/settings/versions", file: "routes/console/settings-versions.tsx", id: "console-site-settings-versions", guard: { kind: "site", permission: "settings.view" }, action: "settings.publish", stepUp: ["*"] },
  { path: "sites/:slug/settings/preview", file: "routes/console/settings-preview.tsx", id: "console-site-settings-preview", guard: { kind: "site", permission: "settings.edit" } },
  { path: "sites/:slug/audit/export", file: "routes/console/audit-export.tsx", id: "console-site-audit-export", guard: { kind: "site", permission: "audit.view" } },
  // Issue 48 items 2, 4 and 7: onboarding, staff of a group, a member's passkeys, invitations.
  { path: "platform/sites/:slug", file: "routes/console/platform-site.tsx", id: "console-platform-site", guard: { kind: "platform", permission: "platform.onboard" }, action: "platform.onboard", stepUp: ["*"] },
  { path: "groups/:slug/staff", file: "routes/console/group-staff.tsx", id: "console-group-staff", guard: { kind: "group", permission: "group.view" }, action: "group.manage", stepUp: ["invite", "role", "remove"] },
  { path: "account", file: "routes/console/account.tsx", id: "console-account", guard: { kind: "signed-in" }, stepUp: ["remove-passkey"] },
  { path: "invitations/:token", file: "routes/console/invitation.tsx", id: "console-invitation", guard: { kind: "public" } },
  // Issue 49 item 2: a car's photos (found by stock number), and their thumbnails by position.
  { path: "sites/:slug/photos", file: "routes/console/photos-find.tsx", id: "console-site-photos", guard: { kind: "site", permission: "stock.view" } },
  { path: "sites/:slug/stock/:stockNumber/photos", file: "routes/console/car-photos.tsx", id: "console-car-photos", guard: { kind: "site", permission: "stock.view" }, action: "stock.edit" },
  { path: "sites/:slug/stock/:stockNumber/photos/:position", file: "routes/console/car-photo-thumbnail.ts", id: "console-car-photo-thumbnail", guard: { kind: "site", permission: "stock.view" } },
  // Issue 49 item 3: feed uploads (dry run, apply), the feed URL and its schedule, the history and its rejection reports.
  { path: "sites/:slug/feeds", file: "routes/console/feeds.tsx", id: "console-site-feeds", guard: { kind: "site", permission: "stock.view" }, action: "stock.edit" },
  { path: "sites/:slug/feeds/rejections", file: "routes/console/feed-rejections.tsx", id: "console-site-feed-rejections", guard: { kind: "site", permission: "stock.view" } },
  // Issue 50 items 2, 3, 4 and 8: content pages, redirects, navigation, promotions, reviews display.
  { path: "sites/:slug/pages", file: "routes/console/pages.tsx", id: "console-site-pages", guard: { kind: "site", permission: "content.view" } },
  { path: "sites/:slug/pages/edit", file: "routes/console/page-edit.tsx", id: "console-site-page-edit", guard: { kind: "site", permission: "content.view" }, action: "content.edit" },
  { path: "sites/:slug/pages/preview", file: "routes/console/page-preview.ts", id: "console-site-page-preview", guard: { kind: "site", permission: "content.view" }, action: "content.edit" },
  { path: "sites/:slug/navigation", file: "routes/console/navigation.tsx", id: "console-site-navigation", guard: { kind: "site", permission: "content.view" }, action: "content.publish" },
  { path: "sites/:slug/promotions", file: "routes/console/promotions.tsx", id: "console-site-promotions", guard: { kind: "site", permission: "content.view" }, action: "content.publish" },
  { path: "sites/:slug/reviews", file: "routes/console/reviews.tsx", id: "console-site-reviews", guard: { kind: "site", permission: "content.view" }, action: "content.publish" },
  { path: "sites/:slug/redirects", file: "routes/console/redirects.tsx", id: "console-site-redirects", guard: { kind: "site", permission: "content.view" }, action: "content.publish" },
  // Issue 50 items 1 and 7: offers and promo cards (the editor: `?id=` edits, none creates), scheduling, preview "as of".
  { path: "sites/:slug/offers", file: "routes/console/offers.tsx", id: "console-site-offers", guard: { kind: "site", permission: "content.view" } },
  { path: "sites/:slug/offers/edit", file: "routes/console/offer-edit.tsx", id: "console-site-offer-edit", guard: { kind: "site", permission: "content.view" }, action: "content.edit" },
  // Issue 50 item 1: offers of a dealer group (its admins) and of the whole network (operators), with their excluded sites.
  { path: "groups/:slug/offers", file: "routes/console/group-offers.tsx", id: "console-group-offers", guard: { kind: "group", permission: "group.view" }, action: "group.manage" },
  { path: "platform/offers", file: "routes/console/platform-offers.tsx", id: "console-platform-offers", guard: { kind: "platform", permission: "network.offers" }, action: "network.offers" },
  { path: "sites/:slug/offers/preview", file: "routes/console/offers-preview.tsx", id: "console-site-offers-preview", guard: { kind: "site", permission: "content.view" } },
  // Issue 49 item 4: the leads inbox, its CSV export of the same filter, one lead (status, assignment, notes, retry).
  { path: "sites/:slug/leads", file: "routes/console/leads.tsx", id: "console-site-leads", guard: { kind: "site", permission: "leads.view" } },
  { path: "sites/:slug/leads.csv", file: "routes/console/leads-export.tsx", id: "console-site-leads-export", guard: { kind: "site", permission: "leads.view" } },
  { path: "sites/:slug/leads/:leadId", file: "routes/console/lead.tsx", id: "console-site-lead", guard: { kind: "site", permission: "leads.view" }, action: "leads.edit" },
  // Issue 50 items 5 and 6: locations (every save is live at once, so its action needs content.publish) and the brand theme (a settings draft).
  { path: "sites/:slug/locations", file: "routes/console/locations.tsx", id: "console-site-locations", guard: { kind: "site", permission: "content.view" } },
  { path: "sites/:slug/locations/edit", file: "routes/console/location-edit.tsx", id: "console-site-location-edit", guard: { kind: "site", permission: "content.view" }, action: "content.publish" },
  { path: "sites/:slug/theme", file: "routes/console/theme.tsx", id: "console-site-theme", guard: { kind: "site", permission: "settings.view" }, action: "settings.edit" },
  // Issue 49 items 5 and 6: reservations and orders (capture, release, refund, extend), trade-in valuations.
  { path: "sites/:slug/reservations", file: "routes/console/reservations.tsx", id: "console-site-reservations", guard: { kind: "site", permission: "reservations.view" }, action: "reservations.edit" },
  { path: "sites/:slug/trade-ins", file: "routes/console/trade-ins.tsx", id: "console-site-trade-ins", guard: { kind: "site", permission: "leads.view" } },
  // Issue 49 item 1: the site's stock, and one car by stock number (or id).
  { path: "sites/:slug/stock", file: "routes/console/stock.tsx", id: "console-site-stock", guard: { kind: "site", permission: "stock.view" }, action: "stock.edit" },
  { path: "sites/:slug/stock/:car", file: "routes/console/stock-car.tsx", id: "console-site-stock-car", guard: { kind: "site", permission: "stock.view" }, action: "stock.edit" },
];

/** The high-value intents of a console route's action (empty: none). */
export function stepUpIntentsOf(id: string): readonly string[] {
  return CONSOLE_ROUTES.find((r) => r.id === id)?.stepUp ?? [];
}

/** The guard of a console route id (loaders look theirs up here, so route and test agree). */
export function guardOf(id: string): ConsoleGuard {
  const route = CONSOLE_ROUTES.find((r) => r.id === id);
  if (!route) throw new Error(`console route ${id} is not in app/console/route-table.ts`);
  return route.guard;
}

/**
 * The guard of a console route's action: the page's guard with the table line's `action`
 * permission when it names one.
 */
export function actionGuardOf(id: string): ConsoleGuard {
  const route = CONSOLE_ROUTES.find((r) => r.id === id);
  if (!route) throw new Error(`console route ${id} is not in app/console/route-table.ts`);
  if (route.action && (route.guard.kind === "site" || route.guard.kind === "group" || route.guard.kind === "platform")) return { kind: route.guard.kind, permission: route.action };
  return route.guard;
}

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
}

export const CONSOLE_ROUTES: readonly ConsoleRoute[] = [
  { path: "", file: "routes/console/home.tsx", id: "console-home", guard: { kind: "signed-in" } },
  { path: "sign-in", file: "routes/console/sign-in.tsx", id: "console-sign-in", guard: { kind: "public" } },
  { path: "sign-out", file: "routes/console/sign-out.tsx", id: "console-sign-out", guard: { kind: "signed-in" } },
  { path: "sites/:slug", file: "routes/console/site.tsx", id: "console-site", guard: { kind: "site", permission: "site.view" } },
  { path: "sites/:slug/settings", file: "routes/console/settings.tsx", id: "console-site-settings", guard: { kind: "site", permission: "settings.view" }, action: "settings.edit" },
  { path: "sites/:slug/staff", file: "routes/console/site-staff.tsx", id: "console-site-staff", guard: { kind: "site", permission: "staff.view" }, action: "staff.manage" },
  { path: "sites/:slug/audit", file: "routes/console/audit.tsx", id: "console-site-audit", guard: { kind: "site", permission: "audit.view" } },
  { path: "groups/:slug", file: "routes/console/group.tsx", id: "console-group", guard: { kind: "group", permission: "group.view" } },
  { path: "platform", file: "routes/console/platform.tsx", id: "console-platform", guard: { kind: "platform", permission: "platform.onboard" }, action: "platform.onboard" },
  // Issue 48 items 5 and 6: settings versions, the draft's preview link, the audit trail's CSV.
  { path: "sites/:slug/settings/versions", file: "routes/console/settings-versions.tsx", id: "console-site-settings-versions", guard: { kind: "site", permission: "settings.view" }, action: "settings.publish" },
  { path: "sites/:slug/settings/preview", file: "routes/console/settings-preview.tsx", id: "console-site-settings-preview", guard: { kind: "site", permission: "settings.edit" } },
  { path: "sites/:slug/audit/export", file: "routes/console/audit-export.tsx", id: "console-site-audit-export", guard: { kind: "site", permission: "audit.view" } },
  // Issue 48 items 2, 4 and 7: onboarding, staff of a group, a member's passkeys, invitations.
  { path: "platform/sites/:slug", file: "routes/console/platform-site.tsx", id: "console-platform-site", guard: { kind: "platform", permission: "platform.onboard" }, action: "platform.onboard" },
  { path: "groups/:slug/staff", file: "routes/console/group-staff.tsx", id: "console-group-staff", guard: { kind: "group", permission: "group.view" }, action: "group.manage" },
  { path: "account", file: "routes/console/account.tsx", id: "console-account", guard: { kind: "signed-in" } },
  { path: "invitations/:token", file: "routes/console/invitation.tsx", id: "console-invitation", guard: { kind: "public" } },
  // Issue 49 item 1: the site's stock, and one car by stock number (or id).
  { path: "sites/:slug/stock", file: "routes/console/stock.tsx", id: "console-site-stock", guard: { kind: "site", permission: "stock.view" }, action: "stock.edit" },
  { path: "sites/:slug/stock/:car", file: "routes/console/stock-car.tsx", id: "console-site-stock-car", guard: { kind: "site", permission: "stock.view" }, action: "stock.edit" },
];

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

/**
 * The dealer console's roles and its ONE permission matrix (issue 48 "Roles and a written
 * permission matrix", decision 251, docs/console-permissions.md). Parts 2 and 3 of the console use
 * the same table: every loader and action asks {@link accessOf} (through the scoped queries in
 * app/console/staff.server.ts), never a role name.
 */

/** Staff roles, widest first. */
export const STAFF_ROLES = ["platform_operator", "group_admin", "site_manager", "sales", "content_editor", "read_only"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** What each role is called on screen. */
export const ROLE_LABELS: Record<StaffRole, string> = {
  platform_operator: "Platform operator",
  group_admin: "Group admin",
  site_manager: "Site manager",
  sales: "Sales",
  content_editor: "Content editor",
  read_only: "Read-only",
};

/**
 * How far a role's grant of a permission reaches inside a site it holds:
 * - `all`: the whole site;
 * - `assigned-locations`: only rows of the locations listed on the grant (sales);
 * - `editable-sections`: only the settings sections the config schema marks editable by content
 *   editors (the settings editor of issue 48 item 5 reads the mark).
 */
export type Reach = "all" | "assigned-locations" | "editable-sections";

/** Every permission the console checks (parts 1-3). `.view` reads; the rest change something. */
export const PERMISSIONS = [
  "site.view",
  "settings.view",
  "settings.edit",
  "settings.publish",
  "content.view",
  "content.edit",
  "content.publish",
  "stock.view",
  "stock.edit",
  "leads.view",
  "leads.personal",
  "leads.edit",
  "reservations.view",
  "reservations.edit",
  "staff.view",
  "staff.manage",
  "audit.view",
  "group.view",
  "group.manage",
  "platform.onboard",
  "network.offers",
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** Roles whose grant names a site (not a group, not the platform). */
export const SITE_ROLES = ["site_manager", "sales", "content_editor", "read_only"] as const satisfies readonly StaffRole[];
export type SiteRole = (typeof SITE_ROLES)[number];

const EVERY_SITE_ROLE_READS = { platform_operator: "all", group_admin: "all", site_manager: "all", read_only: "all" } as const;
const MANAGERS = { platform_operator: "all", group_admin: "all", site_manager: "all" } as const;

/**
 * The matrix: for each permission, the roles that hold it and how far it reaches. A role absent
 * from a row does not hold the permission. Platform operators hold every permission on every
 * site and group; group admins on every site of their group; the site roles on their one site.
 */
export const PERMISSION_MATRIX: Record<Permission, Partial<Record<StaffRole, Reach>>> = {
  "site.view": { ...EVERY_SITE_ROLE_READS, sales: "assigned-locations", content_editor: "all" },
  "settings.view": { ...EVERY_SITE_ROLE_READS, content_editor: "all" },
  "settings.edit": { ...MANAGERS, content_editor: "editable-sections" },
  "settings.publish": { ...MANAGERS, content_editor: "editable-sections" },
  "content.view": { ...EVERY_SITE_ROLE_READS, content_editor: "all" },
  "content.edit": { ...MANAGERS, content_editor: "all" },
  "content.publish": { ...MANAGERS, content_editor: "all" },
  "stock.view": { ...EVERY_SITE_ROLE_READS, sales: "assigned-locations", content_editor: "all" },
  "stock.edit": { ...MANAGERS, sales: "assigned-locations" },
  "leads.view": { ...EVERY_SITE_ROLE_READS, sales: "assigned-locations" },
  "leads.personal": { ...EVERY_SITE_ROLE_READS, sales: "assigned-locations" },
  "leads.edit": { ...MANAGERS, sales: "assigned-locations" },
  "reservations.view": { ...EVERY_SITE_ROLE_READS, sales: "assigned-locations" },
  "reservations.edit": { ...MANAGERS, sales: "assigned-locations" },
  "staff.view": { ...EVERY_SITE_ROLE_READS },
  "staff.manage": { ...MANAGERS },
  "audit.view": { ...EVERY_SITE_ROLE_READS },
  "group.view": { platform_operator: "all", group_admin: "all" },
  "group.manage": { platform_operator: "all", group_admin: "all" },
  "platform.onboard": { platform_operator: "all" },
  "network.offers": { platform_operator: "all" },
};

/**
 * How far `role` holds `permission`, or null when it does not.
 * @example accessOf("sales", "leads.view") // "assigned-locations"
 */
export function accessOf(role: StaffRole, permission: Permission): Reach | null {
  return PERMISSION_MATRIX[permission][role] ?? null;
}

/** The roles holding `permission` at any reach (for scoping queries). */
export function rolesWith(permission: Permission): StaffRole[] {
  return STAFF_ROLES.filter((role) => accessOf(role, permission) !== null);
}

/** True for permissions that change something (read-only staff hold none of them). */
export function isChange(permission: Permission): boolean {
  return !permission.endsWith(".view") && permission !== "leads.personal";
}

/**
 * Which roles a staff page may grant (invite or change to), by the tenant it manages: a site's
 * staff page grants the site roles, a dealer group's grants group admins. Platform operators are
 * made only with `npm run staff -- add EMAIL --role platform-operator --platform`, so no console
 * page (a group admin's included) can grant operator.
 */
export const GRANTABLE_ROLES = {
  site: SITE_ROLES,
  group: ["group_admin"],
} as const satisfies Record<string, readonly StaffRole[]>;

/** The matrix as the Markdown table of docs/console-permissions.md (a test keeps the two equal). */
export function matrixAsMarkdown(): string {
  const cell = (reach: Reach | undefined) => (reach === undefined ? "-" : reach === "all" ? "yes" : reach === "assigned-locations" ? "assigned locations" : "editable sections");
  return [
    `| permission | ${STAFF_ROLES.map((r) => ROLE_LABELS[r]).join(" | ")} |`,
    `|---|${STAFF_ROLES.map(() => "---").join("|")}|`,
    ...PERMISSIONS.map((p) => `| \`${p}\` | ${STAFF_ROLES.map((r) => cell(PERMISSION_MATRIX[p][r])).join(" | ")} |`),
  ].join("\n");
}

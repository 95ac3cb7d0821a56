/**
 * `npm run staff` (issue 48 item 2, decision 252): the commands, run inside the server process
 * (through its admin socket, server/admin-socket.ts) or, when no server holds the database, by the
 * command itself. Also the demo staff of SEED_DEMO.
 */
import { and, asc, eq, isNotNull } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../../db/client";
import { dealerGroups, sites } from "../../db/schema/index";
import type { StaffAuth } from "./auth.server";
import { ROLE_LABELS, STAFF_ROLES, type StaffRole } from "./permissions";
import { addStaffMember, type GrantTarget } from "./staff.server";

/** `staff add`: who, which role, where. */
export const StaffAddCommand = z.object({
  command: z.literal("add"),
  email: z.string().min(3).max(254),
  /** A role name, with hyphens or underscores (`site-manager` is `site_manager`). */
  role: z.preprocess((v) => (typeof v === "string" ? v.trim().toLowerCase().replace(/-/g, "_") : v), z.enum(STAFF_ROLES)),
  site: z.string().optional(),
  group: z.string().optional(),
  platform: z.boolean().optional(),
  /** Sales: location slugs of the site. */
  locations: z.array(z.string()).optional(),
  name: z.string().max(200).optional(),
});
/** `staff link`: a new one-time sign-in link for an existing member. */
export const StaffLinkCommand = z.object({ command: z.literal("link"), email: z.string().min(3).max(254) });
export const StaffCommand = z.discriminatedUnion("command", [StaffAddCommand, StaffLinkCommand]);
export type StaffCommand = z.infer<typeof StaffCommand>;

/** The answer printed by `npm run staff`. */
export interface StaffCommandResult {
  email: string;
  created?: boolean;
  /** One-time sign-in link on the console host. */
  link: string;
}

/**
 * Runs one staff command.
 * @param origin the console's public origin (the link's)
 * @throws StaffInputError (bad role/target, unknown site or group), Error for an unknown member
 */
export async function runStaffCommand(db: Database, auth: StaffAuth, origin: string, input: StaffCommand): Promise<StaffCommandResult> {
  if (input.command === "link") return { email: input.email, link: await auth.signInLink(origin, input.email) };
  const target: GrantTarget = input.platform ? { platform: true } : input.group ? { groupSlug: input.group } : { siteSlug: input.site ?? "", locationSlugs: input.locations };
  const { created } = await addStaffMember(db, { email: input.email, role: input.role, target, name: input.name });
  return { email: input.email.trim().toLowerCase(), created, link: await auth.signInLink(origin, input.email) };
}

/** The demo staff's e-mail for a role (SEED_DEMO; never real addresses). */
export function demoStaffEmail(role: StaffRole): string {
  return `${role.replace(/_/g, "-")}@demo.forecourt.localhost`;
}

/**
 * Makes one demo staff member per role (SEED_DEMO on a local console only, decision 252): the
 * operator, the admin of the first demo group with sites, and the site roles on that group's
 * first site; each marked `demo`. Returns a one-time sign-in link for each.
 */
export async function seedDemoStaff(db: Database, auth: StaffAuth, origin: string): Promise<{ role: string; email: string; link: string }[]> {
  const [site] = await db
    .select({ slug: sites.slug, groupId: sites.dealerGroupId })
    .from(sites)
    .where(and(isNotNull(sites.dealerGroupId)))
    .orderBy(asc(sites.id))
    .limit(1);
  if (!site) return [];
  const [group] = await db.select({ slug: dealerGroups.slug }).from(dealerGroups).where(eq(dealerGroups.id, site.groupId!));
  const lines: { role: string; email: string; link: string }[] = [];
  for (const role of STAFF_ROLES) {
    const email = demoStaffEmail(role);
    const target: GrantTarget = role === "platform_operator" ? { platform: true } : role === "group_admin" ? { groupSlug: group.slug } : { siteSlug: site.slug };
    await addStaffMember(db, { email, role, target, demo: true, name: `Demo ${ROLE_LABELS[role].toLowerCase()}` });
    lines.push({ role: ROLE_LABELS[role], email, link: await auth.signInLink(origin, email) });
  }
  return lines;
}

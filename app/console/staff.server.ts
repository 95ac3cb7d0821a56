/**
 * Console services that take the staff member first and scope every query by the permission
 * matrix (STYLE.md, the documenso rows): a site or group outside the member's grants is simply not
 * found, so a route cannot forget the check (issue 48 item 3, decision 251).
 */
import { randomUUID } from "node:crypto";
import { and, asc, eq, gt, inArray, or, sql, type SQL } from "drizzle-orm";
import { data } from "react-router";
import type { Database } from "../../db/client";
import { preparedPerDatabase } from "../../db/prepared";
import { dealerGroups, locations, sites, staffAudit, staffRoles, staffSessions, staffUsers } from "../../db/schema/index";
import { staffSessionState, type StaffSessionState } from "./auth.server";
import { accessOf, STAFF_ROLES, type Permission, type Reach, type StaffRole } from "./permissions";

/** One grant of a staff member: the platform, one dealer group, or one site (sales: some locations). */
export interface StaffGrant {
  role: StaffRole;
  dealerGroupId: number | null;
  siteId: number | null;
  /** Sales only: the locations whose leads, stock and reservations they work. */
  locationIds: number[];
}

/** A signed-in staff member and every grant they hold. */
export interface StaffMember {
  id: string;
  email: string;
  name: string;
  /** A demo sign-in (SEED_DEMO). */
  demo: boolean;
  grants: StaffGrant[];
  /** The session this request was signed in with (set by the console's guard; absent for members loaded otherwise). */
  session?: StaffSessionState;
}

/** A site as the console lists it. */
export interface ConsoleSite {
  id: number;
  slug: string;
  name: string;
  hosts: string[];
  dealerGroupId: number | null;
}

/** A site opened for one permission: how far the member reaches in it. */
export interface ScopedSite {
  site: ConsoleSite;
  reach: Reach;
  /** For `assigned-locations`: the location ids; empty otherwise. */
  locationIds: number[];
  /**
   * The site's config version when it was opened ({@link siteFor}), read in the same query, so a
   * page that needs the resolved config (the time zone) need not read the version again.
   */
  configVersion?: number;
  /**
   * The site's stock version when it was opened, read in the same query: lists whose figures
   * depend on the cars alone (the stock list's count) are kept per version.
   */
  stockVersion?: number;
}

/**
 * Loads a staff member and their grants.
 * @returns null when the user has no row (removed)
 */
export async function loadStaffMember(db: Database, userId: string): Promise<StaffMember | null> {
  const rows = await guardQueries(db).member.execute({ userId, sessionId: "" });
  return rows.length ? memberOf(rows) : null;
}

/**
 * Loads a staff member, their grants and their session `sessionId` as stored, in one round trip:
 * the console guard's read. The session the guard was given may come from the browser's signed
 * copy, which outlives a sign-out elsewhere, an ended session or a removal until it expires
 * (`SESSION_CACHE_SECONDS`); what counts is the stored session.
 * @param userId better-auth's user id
 * @param sessionId better-auth's session id (not the cookie's token)
 * @returns the member with `session` set; null when the user has no row (removed), or the session
 *   is ended, expired, or past 12 hours from its sign-in
 */
export async function loadSignedInMember(db: Database, userId: string, sessionId: string): Promise<StaffMember | null> {
  const rows = await guardQueries(db).member.execute({ userId, sessionId });
  const signedInAt = rows[0]?.signedInAt;
  const session = signedInAt ? staffSessionState(userId, { id: sessionId, createdAt: signedInAt, authMethod: rows[0].authMethod }) : null;
  return session ? { ...memberOf(rows), session } : null;
}

function memberOf(rows: readonly { id: string; email: string; name: string; demo: boolean; role: string | null; dealerGroupId: number | null; siteId: number | null; locationIds: number[] | null }[]): StaffMember {
  const { id, email, name, demo } = rows[0];
  const grants: StaffGrant[] = [];
  for (const row of rows) {
    if (row.role === null || !(STAFF_ROLES as readonly string[]).includes(row.role)) continue;
    grants.push({ role: row.role as StaffRole, dealerGroupId: row.dealerGroupId, siteId: row.siteId, locationIds: row.locationIds ?? [] });
  }
  return { id, email, name, demo, grants };
}

/** The grants of `member` that hold `permission`. */
function grantsWith(member: StaffMember, permission: Permission): StaffGrant[] {
  return member.grants.filter((g) => accessOf(g.role, permission) !== null);
}

/** A `where` on `sites` matching the sites where `member` holds `permission`, or null for none. */
function siteScope(member: StaffMember, permission: Permission): SQL | null {
  const grants = grantsWith(member, permission);
  if (grants.some((g) => g.role === "platform_operator")) return sql`true`;
  const groupIds = grants.filter((g) => g.role === "group_admin" && g.dealerGroupId !== null).map((g) => g.dealerGroupId!);
  const siteIds = grants.filter((g) => g.siteId !== null).map((g) => g.siteId!);
  const parts = [groupIds.length ? inArray(sites.dealerGroupId, groupIds) : null, siteIds.length ? inArray(sites.id, siteIds) : null].filter((p): p is SQL => p !== null);
  return parts.length ? (or(...parts) ?? null) : null;
}

const siteColumns = { id: sites.id, slug: sites.slug, name: sites.name, hosts: sites.hosts, dealerGroupId: sites.dealerGroupId };

/**
 * The sites where `member` holds `permission` (default: may open the dashboard), by name.
 */
export async function sitesFor(db: Database, member: StaffMember, permission: Permission = "site.view"): Promise<ConsoleSite[]> {
  const scope = siteScope(member, permission);
  if (!scope) return [];
  return db.select(siteColumns).from(sites).where(scope).orderBy(asc(sites.name));
}

/**
 * Opens one site for `permission`.
 * @throws a 404 response when the site does not exist or lies outside the member's grants
 *   (another tenant learns nothing), a 403 when the member works on the site but their role lacks
 *   `permission`
 */
export async function siteFor(db: Database, member: StaffMember, slug: string, permission: Permission): Promise<ScopedSite> {
  // The site by its slug, then the member's reach in it from their grants ({@link reachIn}, the
  // same rule as {@link siteScope}): one statement for every member and permission, so it is
  // prepared once rather than built per request with the member's grants in its SQL.
  const [row] = await guardQueries(db).siteBySlug.execute({ slug });
  const reach = row ? reachIn(member, row, permission) : null;
  if (!row || !reach) throw row && holdsOnSite(member, row, "site.view") ? forbidden() : notFound();
  const { configVersion, stockVersion, ...site } = row;
  return { site, ...reach, configVersion, stockVersion };
}

/**
 * The two queries every console request on a site makes, prepared once per database handle: the
 * signed-in member with their grants (a row per grant, one row with null grant columns for a
 * member without any: one round trip) and the session named (its columns null when it is not
 * theirs, ended or expired); and a site by its slug with its versions.
 */
const guardQueries = preparedPerDatabase((db) => ({
  member: db
    .select({ id: staffUsers.id, email: staffUsers.email, name: staffUsers.name, demo: staffUsers.demo, role: staffRoles.role, dealerGroupId: staffRoles.dealerGroupId, siteId: staffRoles.siteId, locationIds: staffRoles.locationIds, signedInAt: staffSessions.createdAt, authMethod: staffSessions.authMethod })
    .from(staffUsers)
    .leftJoin(staffSessions, and(eq(staffSessions.id, sql.placeholder("sessionId")), eq(staffSessions.userId, staffUsers.id), gt(staffSessions.expiresAt, sql`now()`)))
    .leftJoin(staffRoles, eq(staffRoles.userId, staffUsers.id))
    .where(eq(staffUsers.id, sql.placeholder("userId")))
    .orderBy(asc(staffRoles.id))
    .prepare("forecourt_console_member"),
  siteBySlug: db
    .select({ ...siteColumns, configVersion: sites.configVersion, stockVersion: sites.stockVersion })
    .from(sites)
    .where(eq(sites.slug, sql.placeholder("slug")))
    .prepare("forecourt_console_site_by_slug"),
}));

/**
 * How far `member` holds `permission` on `site` (the widest of their grants that reach it), or
 * null when none does. For a second permission on a site already opened with {@link siteFor}
 * (e.g. `leads.personal` on the leads inbox).
 */
export function reachIn(member: StaffMember, site: Pick<ConsoleSite, "id" | "dealerGroupId">, permission: Permission): { reach: Reach; locationIds: number[] } | null {
  const reaches = grantsWith(member, permission)
    .filter((g) => g.role === "platform_operator" || (g.role === "group_admin" && g.dealerGroupId === site.dealerGroupId) || g.siteId === site.id)
    .map((g) => ({ reach: accessOf(g.role, permission)!, locationIds: g.locationIds }));
  const widest = reaches.find((r) => r.reach === "all") ?? reaches[0];
  if (!widest) return null;
  return { reach: widest.reach, locationIds: widest.reach === "assigned-locations" ? widest.locationIds : [] };
}

/**
 * True when `member` holds `permission` on `site` through any grant (to show or leave out a
 * page's change controls; the action's own guard still decides).
 */
export function holdsOnSite(member: StaffMember, site: ConsoleSite, permission: Permission): boolean {
  return grantsWith(member, permission).some((g) => g.role === "platform_operator" || (g.role === "group_admin" && g.dealerGroupId === site.dealerGroupId) || g.siteId === site.id);
}

/** A dealer group as the console shows it. */
export interface ConsoleGroup {
  id: number;
  slug: string;
  name: string;
}

/**
 * Opens one dealer group for `permission` (platform operators: any; group admins: theirs).
 * @throws 404 outside the member's grants, 403 when they work on a site of the group but lack it
 */
export async function groupFor(db: Database, member: StaffMember, slug: string, permission: Permission): Promise<ConsoleGroup> {
  const grants = grantsWith(member, permission);
  const [group] = await db.select({ id: dealerGroups.id, slug: dealerGroups.slug, name: dealerGroups.name }).from(dealerGroups).where(eq(dealerGroups.slug, slug));
  if (group && grants.some((g) => g.role === "platform_operator" || (g.role === "group_admin" && g.dealerGroupId === group.id))) return group;
  if (group) {
    const visible = siteScope(member, "site.view");
    const [seen] = visible ? await db.select({ id: sites.id }).from(sites).where(and(eq(sites.dealerGroupId, group.id), visible)).limit(1) : [];
    if (seen) throw forbidden();
  }
  throw notFound();
}

/**
 * Checks a platform-wide permission (onboarding).
 * @throws a 403 response for anyone without it
 */
export function requirePlatform(member: StaffMember, permission: Permission): void {
  if (!grantsWith(member, permission).some((g) => g.role === "platform_operator")) throw forbidden();
}

function notFound() {
  return data("Not found", { status: 404 });
}

function forbidden() {
  return data("Your role does not include this page.", { status: 403 });
}

/** One audit row (written with the change, in the same transaction: pass the transaction). */
export interface AuditEntry {
  userId: string | null;
  actorEmail: string | null;
  action: string;
  siteId?: number | null;
  dealerGroupId?: number | null;
  entity?: string | null;
  entityId?: string | null;
  before?: unknown;
  after?: unknown;
  ipAddress?: string | null;
}

/** Appends an audit row. */
export async function recordAudit(db: Pick<Database, "insert">, entry: AuditEntry): Promise<void> {
  await db.insert(staffAudit).values({ ...entry, before: entry.before ?? null, after: entry.after ?? null });
}

/** Where a new grant applies. */
export type GrantTarget = { platform: true } | { groupSlug: string } | { siteSlug: string; locationSlugs?: string[] };

/** Input of {@link addStaffMember}. */
export interface NewStaffMember {
  email: string;
  role: StaffRole;
  target: GrantTarget;
  name?: string;
  demo?: boolean;
  /** Who adds them (null: the command line). */
  actor?: { userId: string | null; email: string | null };
}

/** Why a staff change was refused (shown as is), and the form field it belongs beside. */
export class StaffInputError extends Error {
  constructor(
    message: string,
    readonly field: string = "form",
  ) {
    super(message);
  }
}

/**
 * Creates a staff member (or finds them by e-mail) and grants them `role` on the target, with
 * the audit row in the same transaction. Adding the same grant twice changes nothing.
 * @throws StaffInputError for a bad e-mail, a role that does not fit the target, or an unknown
 *   site, group or location
 */
export async function addStaffMember(db: Database, input: NewStaffMember): Promise<{ userId: string; created: boolean }> {
  const email = input.email.trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new StaffInputError(`not an e-mail address: ${input.email}`);
  const target = input.target;
  if (input.role === "platform_operator" && !("platform" in target)) throw new StaffInputError("a platform operator takes --platform");
  if (input.role === "group_admin" && !("groupSlug" in target)) throw new StaffInputError("a group admin takes --group SLUG");
  if (input.role !== "platform_operator" && input.role !== "group_admin" && !("siteSlug" in target)) throw new StaffInputError(`a ${input.role} takes --site SLUG`);
  return db.transaction(async (tx) => {
    let dealerGroupId: number | null = null;
    let siteId: number | null = null;
    let locationIds: number[] = [];
    if ("groupSlug" in target) {
      const [group] = await tx.select({ id: dealerGroups.id }).from(dealerGroups).where(eq(dealerGroups.slug, target.groupSlug));
      if (!group) throw new StaffInputError(`no dealer group with slug ${target.groupSlug}`);
      dealerGroupId = group.id;
    }
    if ("siteSlug" in target) {
      const [site] = await tx.select({ id: sites.id }).from(sites).where(eq(sites.slug, target.siteSlug));
      if (!site) throw new StaffInputError(`no site with slug ${target.siteSlug}`);
      siteId = site.id;
      if (target.locationSlugs?.length) {
        const rows = await tx.select({ id: locations.id, slug: locations.slug }).from(locations).where(and(eq(locations.siteId, site.id), inArray(locations.slug, target.locationSlugs)));
        const missing = target.locationSlugs.filter((s) => !rows.some((r) => r.slug === s));
        if (missing.length) throw new StaffInputError(`no location ${missing.join(", ")} on site ${target.siteSlug}`);
        locationIds = rows.map((r) => r.id);
      }
    }
    const { userId, created, granted } = await ensureGrant(tx, { email, name: input.name, demo: input.demo, role: input.role, dealerGroupId, siteId, locationIds });
    if (granted) {
      await recordAudit(tx, {
        userId: input.actor?.userId ?? null,
        actorEmail: input.actor?.email ?? null,
        action: "staff.add",
        siteId,
        dealerGroupId,
        entity: "staff-member",
        entityId: userId,
        after: { email, role: input.role, locationIds },
      });
    }
    return { userId, created };
  });
}

/** A grant to make sure of: who (by e-mail), which role, where. */
export interface GrantInput {
  email: string;
  name?: string;
  demo?: boolean;
  role: StaffRole;
  dealerGroupId: number | null;
  siteId: number | null;
  locationIds: number[];
}

/**
 * Finds the staff member by e-mail (creating them when new) and gives them the grant unless they
 * hold the same role on the same tenant already. Run it inside the caller's transaction, which
 * writes the audit row.
 */
export async function ensureGrant(tx: Pick<Database, "select" | "insert">, input: GrantInput): Promise<{ userId: string; created: boolean; granted: boolean }> {
  const [existing] = await tx.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.email, input.email));
  const userId = existing?.id ?? randomUUID();
  if (!existing) await tx.insert(staffUsers).values({ id: userId, email: input.email, name: input.name ?? "", emailVerified: true, demo: input.demo ?? false });
  const same = await tx
    .select({ id: staffRoles.id })
    .from(staffRoles)
    .where(
      and(
        eq(staffRoles.userId, userId),
        eq(staffRoles.role, input.role),
        input.dealerGroupId === null ? sql`${staffRoles.dealerGroupId} IS NULL` : eq(staffRoles.dealerGroupId, input.dealerGroupId),
        input.siteId === null ? sql`${staffRoles.siteId} IS NULL` : eq(staffRoles.siteId, input.siteId),
      ),
    );
  if (!same.length) await tx.insert(staffRoles).values({ userId, role: input.role, dealerGroupId: input.dealerGroupId, siteId: input.siteId, locationIds: input.locationIds });
  return { userId, created: !existing, granted: !same.length };
}

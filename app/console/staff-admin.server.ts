/**
 * Staff management of one site or one dealer group (issue 48 item 7, decision 281): invite by
 * e-mail with a role (and locations for sales), change a role, assign locations, remove, and
 * accept an invitation. Every change is one transaction with its audit row; removal ends the
 * person's sessions in that transaction. Callers have passed the route's action guard
 * (`staff.manage` on the site, `group.manage` on the group); every query here is also scoped by
 * the site or group, so an id from another tenant is simply not found.
 */
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { and, asc, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { dealerGroups, locations, sites, staffInvitations, staffRoles, staffSessions, staffUsers } from "../../db/schema/index";
import { GRANTABLE_ROLES, ROLE_LABELS, STAFF_ROLES, type StaffRole } from "./permissions";
import { ensureGrant, recordAudit, StaffInputError } from "./staff.server";

/** How long an invitation link works. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60_000;

/** The tenant a staff page manages. */
export type StaffScope = { kind: "site"; siteId: number; name: string } | { kind: "group"; dealerGroupId: number; name: string };

/** Who makes a change (for the audit row). */
export interface StaffActor {
  userId: string;
  email: string;
  ip: string | null;
}

/** One grant as a staff page lists it. */
export interface StaffRow {
  grantId: number;
  userId: string;
  email: string;
  role: StaffRole;
  locationIds: number[];
}

/** A pending invitation as a staff page lists it. */
export interface PendingInvitation {
  id: string;
  email: string;
  role: StaffRole;
  expiresAt: string;
}

function scopeWhere(scope: StaffScope) {
  return scope.kind === "site" ? eq(staffRoles.siteId, scope.siteId) : eq(staffRoles.dealerGroupId, scope.dealerGroupId);
}

function auditScope(scope: StaffScope) {
  return scope.kind === "site" ? { siteId: scope.siteId } : { dealerGroupId: scope.dealerGroupId };
}

function isRole(value: string): value is StaffRole {
  return (STAFF_ROLES as readonly string[]).includes(value);
}

/** The grants and pending invitations of a site or group, by e-mail. */
export async function listStaff(db: Database, scope: StaffScope, now: number): Promise<{ staff: StaffRow[]; invitations: PendingInvitation[] }> {
  const grants = await db
    .select({ grantId: staffRoles.id, userId: staffRoles.userId, email: staffUsers.email, role: staffRoles.role, locationIds: staffRoles.locationIds })
    .from(staffRoles)
    .innerJoin(staffUsers, eq(staffUsers.id, staffRoles.userId))
    .where(scopeWhere(scope))
    .orderBy(asc(staffUsers.email), asc(staffRoles.id));
  const pending = await db
    .select({ id: staffInvitations.id, email: staffInvitations.email, role: staffInvitations.role, expiresAt: staffInvitations.expiresAt })
    .from(staffInvitations)
    .where(
      and(
        scope.kind === "site" ? eq(staffInvitations.siteId, scope.siteId) : eq(staffInvitations.dealerGroupId, scope.dealerGroupId),
        isNull(staffInvitations.acceptedAt),
        isNull(staffInvitations.revokedAt),
        gt(staffInvitations.expiresAt, new Date(now)),
      ),
    )
    .orderBy(asc(staffInvitations.email));
  return {
    staff: grants.filter((g): g is typeof g & { role: StaffRole } => isRole(g.role)),
    invitations: pending.filter((i): i is typeof i & { role: StaffRole } => isRole(i.role)).map((i) => ({ ...i, expiresAt: i.expiresAt.toISOString() })),
  };
}

/** The roles a page for `scope` may grant. */
export function grantableRoles(scope: StaffScope): readonly StaffRole[] {
  return scope.kind === "site" ? GRANTABLE_ROLES.site : GRANTABLE_ROLES.group;
}

/** Checks location ids against the site. @throws StaffInputError for one not on the site */
async function checkLocations(db: Pick<Database, "select">, scope: StaffScope, role: StaffRole, locationIds: number[]): Promise<number[]> {
  if (role !== "sales" || scope.kind !== "site") return [];
  if (!locationIds.length) return [];
  const rows = await db.select({ id: locations.id }).from(locations).where(and(eq(locations.siteId, scope.siteId), inArray(locations.id, locationIds)));
  if (rows.length !== new Set(locationIds).size) throw new StaffInputError("Choose locations of this site only.", "locations");
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** Sends mail; the server's mailer. */
export interface InvitationMailer {
  sendMail(to: string, subject: string, text: string): Promise<void>;
}

/**
 * Invites `email` to the scope with `role`: stores the invitation (the token's hash) with its
 * audit row, then e-mails the link `{origin}/invitations/{token}` (valid 7 days).
 * @throws StaffInputError (shown beside the field) for a role the page may not grant, locations
 *   of another site, or someone who already holds the role here
 */
export async function inviteStaff(
  db: Database,
  mailer: InvitationMailer,
  origin: string,
  actor: StaffActor,
  scope: StaffScope,
  input: { email: string; role: StaffRole; locationIds: number[] },
  now: number,
): Promise<{ id: string }> {
  const email = input.email.trim().toLowerCase();
  if (!grantableRoles(scope).includes(input.role)) throw new StaffInputError(`This page cannot grant ${ROLE_LABELS[input.role]}.`, "role");
  const token = randomBytes(32).toString("base64url");
  const id = randomUUID();
  await db.transaction(async (tx) => {
    const locationIds = await checkLocations(tx, scope, input.role, input.locationIds);
    const [holds] = await tx
      .select({ id: staffRoles.id })
      .from(staffRoles)
      .innerJoin(staffUsers, eq(staffUsers.id, staffRoles.userId))
      .where(and(eq(staffUsers.email, email), eq(staffRoles.role, input.role), scopeWhere(scope)));
    if (holds) throw new StaffInputError(`${email} is already ${ROLE_LABELS[input.role].toLowerCase()} here.`, "email");
    await tx.insert(staffInvitations).values({
      id,
      email,
      role: input.role,
      siteId: scope.kind === "site" ? scope.siteId : null,
      dealerGroupId: scope.kind === "group" ? scope.dealerGroupId : null,
      locationIds,
      tokenHash: hashToken(token),
      invitedBy: actor.userId,
      expiresAt: new Date(now + INVITATION_TTL_MS),
    });
    await recordAudit(tx, { userId: actor.userId, actorEmail: actor.email, action: "staff.invite", ...auditScope(scope), entity: "staff-invitation", entityId: id, after: { email, role: input.role, locationIds }, ipAddress: actor.ip });
  });
  await mailer.sendMail(
    email,
    `You are invited to ${scope.name} on the Forecourt dealer console`,
    `${actor.email} invited you to ${scope.name} as ${ROLE_LABELS[input.role].toLowerCase()}.\n\nAccept the invitation and sign in:\n\n${origin}/invitations/${token}\n\nThe link works once, for 7 days. If you did not expect it, you can ignore this e-mail.\n`,
  );
  return { id };
}

/** Loads a grant of the scope. @throws StaffInputError when it is not one (another tenant's id) */
async function grantIn(tx: Pick<Database, "select">, scope: StaffScope, grantId: number): Promise<StaffRow> {
  const [row] = await tx
    .select({ grantId: staffRoles.id, userId: staffRoles.userId, email: staffUsers.email, role: staffRoles.role, locationIds: staffRoles.locationIds })
    .from(staffRoles)
    .innerJoin(staffUsers, eq(staffUsers.id, staffRoles.userId))
    .where(and(eq(staffRoles.id, grantId), scopeWhere(scope)))
    .for("update");
  if (!row || !isRole(row.role)) throw new StaffInputError("That staff member is not on this page any more.");
  return row as StaffRow;
}

/**
 * Changes a grant's role (to one the page may grant). The person's next request uses it: grants
 * are read on every request.
 * @throws StaffInputError for a grant outside the scope, a role the page may not grant, or one
 *   the person already holds here
 */
export async function changeRole(db: Database, actor: StaffActor, scope: StaffScope, grantId: number, role: StaffRole, locationIds: number[]): Promise<void> {
  if (!grantableRoles(scope).includes(role)) throw new StaffInputError(`This page cannot grant ${ROLE_LABELS[role]}.`);
  await db.transaction(async (tx) => {
    const before = await grantIn(tx, scope, grantId);
    if (before.role === role && role !== "sales") return;
    const [twin] = await tx.select({ id: staffRoles.id }).from(staffRoles).where(and(eq(staffRoles.userId, before.userId), eq(staffRoles.role, role), scopeWhere(scope), sql`${staffRoles.id} <> ${grantId}`));
    if (twin) throw new StaffInputError(`${before.email} is already ${ROLE_LABELS[role].toLowerCase()} here.`);
    const ids = await checkLocations(tx, scope, role, role === "sales" ? (before.role === "sales" && !locationIds.length ? before.locationIds : locationIds) : []);
    await tx.update(staffRoles).set({ role, locationIds: ids }).where(eq(staffRoles.id, grantId));
    await recordAudit(tx, { userId: actor.userId, actorEmail: actor.email, action: "staff.role", ...auditScope(scope), entity: "staff-member", entityId: before.userId, before: { role: before.role, locationIds: before.locationIds }, after: { role, locationIds: ids }, ipAddress: actor.ip });
  });
}

/**
 * Sets the locations of a sales grant.
 * @throws StaffInputError for a grant outside the scope, not sales, or another site's location
 */
export async function assignLocations(db: Database, actor: StaffActor, scope: StaffScope, grantId: number, locationIds: number[]): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await grantIn(tx, scope, grantId);
    if (before.role !== "sales") throw new StaffInputError("Only sales staff are assigned locations.");
    const ids = await checkLocations(tx, scope, "sales", locationIds);
    await tx.update(staffRoles).set({ locationIds: ids }).where(eq(staffRoles.id, grantId));
    await recordAudit(tx, { userId: actor.userId, actorEmail: actor.email, action: "staff.locations", ...auditScope(scope), entity: "staff-member", entityId: before.userId, before: { locationIds: before.locationIds }, after: { locationIds: ids }, ipAddress: actor.ip });
  });
}

/**
 * Removes a grant and ends every session of the person in the same transaction: their next
 * request is signed out, whatever else they hold.
 * @throws StaffInputError for a grant outside the scope, or the actor's own grant
 */
export async function removeStaff(db: Database, actor: StaffActor, scope: StaffScope, grantId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await grantIn(tx, scope, grantId);
    if (before.userId === actor.userId) throw new StaffInputError("You cannot remove yourself; ask another manager.");
    await tx.delete(staffRoles).where(eq(staffRoles.id, grantId));
    await tx.delete(staffSessions).where(eq(staffSessions.userId, before.userId));
    await recordAudit(tx, { userId: actor.userId, actorEmail: actor.email, action: "staff.remove", ...auditScope(scope), entity: "staff-member", entityId: before.userId, before: { email: before.email, role: before.role, locationIds: before.locationIds }, ipAddress: actor.ip });
  });
}

/** Withdraws a pending invitation. @throws StaffInputError when it is not one of the scope's */
export async function revokeInvitation(db: Database, actor: StaffActor, scope: StaffScope, invitationId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(staffInvitations)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(staffInvitations.id, invitationId), scope.kind === "site" ? eq(staffInvitations.siteId, scope.siteId) : eq(staffInvitations.dealerGroupId, scope.dealerGroupId), isNull(staffInvitations.acceptedAt), isNull(staffInvitations.revokedAt)))
      .returning({ email: staffInvitations.email, role: staffInvitations.role });
    if (!row) throw new StaffInputError("That invitation was already accepted or withdrawn.");
    await recordAudit(tx, { userId: actor.userId, actorEmail: actor.email, action: "staff.invite-revoked", ...auditScope(scope), entity: "staff-invitation", entityId: invitationId, before: row, ipAddress: actor.ip });
  });
}

/** An invitation as its link's page shows it. */
export interface InvitationView {
  email: string;
  role: StaffRole;
  /** The site or dealer group's name. */
  to: string;
  state: "open" | "accepted" | "withdrawn" | "expired";
}

/** The invitation a link's token names, or null. */
export async function invitationByToken(db: Database, token: string, now: number): Promise<InvitationView | null> {
  const [row] = await db
    .select({ email: staffInvitations.email, role: staffInvitations.role, acceptedAt: staffInvitations.acceptedAt, revokedAt: staffInvitations.revokedAt, expiresAt: staffInvitations.expiresAt, site: sites.name, group: dealerGroups.name })
    .from(staffInvitations)
    .leftJoin(sites, eq(sites.id, staffInvitations.siteId))
    .leftJoin(dealerGroups, eq(dealerGroups.id, staffInvitations.dealerGroupId))
    .where(eq(staffInvitations.tokenHash, hashToken(token)));
  if (!row || !isRole(row.role)) return null;
  const state = row.acceptedAt ? "accepted" : row.revokedAt ? "withdrawn" : row.expiresAt.getTime() <= now ? "expired" : "open";
  return { email: row.email, role: row.role, to: row.site ?? row.group ?? "", state };
}

/**
 * Accepts an invitation: creates the staff member when new, the grant, marks the invitation
 * used, and writes the audit row, in one transaction. The link works once.
 * @returns the member's e-mail (the caller signs them in), or null when the link is not open
 */
export async function acceptInvitation(db: Database, token: string, ip: string | null, now: number): Promise<{ email: string; userId: string } | null> {
  return db.transaction(async (tx) => {
    const [inv] = await tx.select().from(staffInvitations).where(eq(staffInvitations.tokenHash, hashToken(token))).for("update");
    if (!inv || inv.acceptedAt || inv.revokedAt || inv.expiresAt.getTime() <= now || !isRole(inv.role)) return null;
    const { userId } = await ensureGrant(tx, { email: inv.email, role: inv.role, siteId: inv.siteId, dealerGroupId: inv.dealerGroupId, locationIds: inv.locationIds });
    await tx.update(staffInvitations).set({ acceptedAt: new Date(now) }).where(eq(staffInvitations.id, inv.id));
    await recordAudit(tx, { userId, actorEmail: inv.email, action: "staff.invite-accepted", siteId: inv.siteId, dealerGroupId: inv.dealerGroupId, entity: "staff-invitation", entityId: inv.id, after: { role: inv.role, locationIds: inv.locationIds }, ipAddress: ip });
    return { email: inv.email, userId };
  });
}

/**
 * Offers of a dealer group or of the whole network (issue 50 item 1): rows without a site, shown
 * on every site of the group (or of the network) except the sites in `excludedSiteIds`. Group
 * admins manage their group's (`/groups/{slug}/offers`), platform operators the network's
 * (`/platform/offers`). The form, its checks (a finance rate needs its comparison rate, NCCP
 * reg 100), the publishing states, scheduling (publish at, unpublish at: typed in the group's time
 * zone) and image uploads are the site offers' own; every change is audited in its transaction,
 * and the row's trigger moves every site's config version (the scheduler job's change too).
 */
import { and, asc, desc, eq, isNull } from "drizzle-orm";
import type { Database } from "../../db/client";
import { dealerGroups, offers, scheduledChanges, sites, type OfferStatus } from "../../db/schema/index";
import { resolveSiteConfig } from "~/sites/resolve-config";
import type { ContentOwner } from "~/services/content-owner.server";
import { cancelChanges, pendingChanges } from "~/services/scheduled-changes.server";
import { applyOfferSchedule, applyOfferStatus, insertOfferCopy, OfferInputError, type ConsoleOffer, type OfferActor, type OfferValues } from "./offers.server";
import { markFailedDismissed } from "./scheduling.server";
import { recordAudit } from "./staff.server";

/** Whose offers: a dealer group's, or the network's. `sites` are those the offers show on (and may exclude). */
export type OfferScope = { kind: "group"; groupId: number; timeZone: string; sites: ScopeSite[] } | { kind: "network"; timeZone: string; sites: ScopeSite[] };
type ScopeSite = { id: number; name: string; slug: string };

/**
 * The scope of a dealer group (its sites) or of the network (every site). Dates are typed in the
 * group's time zone (its config's, else the platform default).
 */
export async function offerScope(db: Database, groupId: number | null): Promise<OfferScope> {
  const list = await db
    .select({ id: sites.id, name: sites.name, slug: sites.slug })
    .from(sites)
    .where(groupId === null ? undefined : eq(sites.dealerGroupId, groupId))
    .orderBy(asc(sites.name));
  const [group] = groupId === null ? [] : await db.select({ config: dealerGroups.config }).from(dealerGroups).where(eq(dealerGroups.id, groupId));
  const timeZone = resolveSiteConfig(group?.config ?? {}, {}).timeZone;
  return groupId === null ? { kind: "network", timeZone, sites: list } : { kind: "group", groupId, timeZone, sites: list };
}

function owned(scope: OfferScope) {
  return and(isNull(offers.siteId), scope.kind === "group" ? eq(offers.dealerGroupId, scope.groupId) : isNull(offers.dealerGroupId));
}

/** Whose uploads the scope's images are (served on the scope's sites). */
export function scopeOwner(scope: OfferScope): ContentOwner {
  return { siteId: null, dealerGroupId: scope.kind === "group" ? scope.groupId : null };
}

/** The scope's offers and promo cards, drafts and published first, newest first, with their pending changes. */
export async function listScopeOffers(db: Database, scope: OfferScope): Promise<ConsoleOffer[]> {
  const rows = await db.select().from(offers).where(owned(scope)).orderBy(asc(offers.status), desc(offers.id));
  const pending = await pendingChanges(db, "offer", rows.map((r) => r.id));
  return rows.map((r) => ({ ...r, pending: pending.filter((p) => p.entityId === r.id) }));
}

/** One offer of the scope with its pending changes, or null (a site's, another group's, or none). */
export async function loadScopeOffer(db: Database, scope: OfferScope, id: number): Promise<ConsoleOffer | null> {
  const [row] = await db
    .select()
    .from(offers)
    .where(and(eq(offers.id, id), owned(scope)));
  return row ? { ...row, pending: await pendingChanges(db, "offer", [id]) } : null;
}

/**
 * The excluded sites a form posted, as ids of the scope's sites.
 * @throws OfferInputError naming the field when a posted id is not one of the scope's sites
 */
export function excludedSitesOf(scope: OfferScope, posted: readonly FormDataEntryValue[]): number[] {
  const allowed = new Set(scope.sites.map((s) => s.id));
  const ids = [...new Set(posted.map((v) => Number(v)))];
  if (ids.some((id) => !allowed.has(id))) throw new OfferInputError(`Excluded sites: choose from the ${scope.kind === "group" ? "group's" : "network's"} sites listed.`, "excluded");
  return ids.sort((a, b) => a - b);
}

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

function audit(tx: Tx, actor: OfferActor, scope: OfferScope, action: string, id: number, before: unknown, after: unknown) {
  return recordAudit(tx, { userId: actor.member.id, actorEmail: actor.member.email, siteId: null, dealerGroupId: scope.kind === "group" ? scope.groupId : null, action: `offer.${scope.kind}-${action}`, entity: "offer", entityId: String(id), before, after, ipAddress: actor.ipAddress });
}

async function lock(tx: Tx, scope: OfferScope, id: number) {
  const [row] = await tx
    .select()
    .from(offers)
    .where(and(eq(offers.id, id), owned(scope)))
    .for("update");
  if (!row) throw new OfferInputError("This offer no longer exists here.");
  return row;
}

/**
 * Creates (id null: a draft) or updates an offer of the scope with its excluded sites.
 * @returns the offer's id
 * @throws OfferInputError when the offer is not the scope's
 */
export async function saveScopeOffer(db: Database, actor: OfferActor, scope: OfferScope, id: number | null, values: OfferValues, excludedSiteIds: number[]): Promise<number> {
  return db.transaction(async (tx) => {
    const row = { ...values, excludedSiteIds };
    if (id === null) {
      const [created] = await tx
        .insert(offers)
        .values({ ...row, siteId: null, dealerGroupId: scope.kind === "group" ? scope.groupId : null, status: "draft" })
        .returning();
      await audit(tx, actor, scope, "create", created!.id, null, created);
      return created!.id;
    }
    const before = await lock(tx, scope, id);
    const [after] = await tx.update(offers).set(row).where(eq(offers.id, id)).returning();
    await audit(tx, actor, scope, "update", id, before, after);
    return id;
  });
}

/**
 * Publishes, takes down (`draft`) or retires an offer of the scope (audited).
 * @throws OfferInputError when it may not be published (a finance rate without its comparison rate, or retired)
 */
export async function setScopeOfferStatus(db: Database, actor: OfferActor, scope: OfferScope, id: number, status: OfferStatus): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await lock(tx, scope, id);
    await audit(tx, actor, scope, await applyOfferStatus(tx, before, status), id, { status: before.status }, { status });
  });
}

/**
 * Schedules an offer of the scope to publish and/or unpublish at instants (replacing earlier
 * schedules of the same action); the scheduler job applies them (audited).
 * @param at instants (UTC), converted from the scope's time zone; null leaves that action as it is
 * @param now epoch ms
 * @throws OfferInputError for an instant not in the future, or an offer that may not be published
 */
export async function scheduleScopeOffer(db: Database, actor: OfferActor, scope: OfferScope, id: number, at: { publishAt: Date | null; unpublishAt: Date | null }, now: number): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lock(tx, scope, id);
    await audit(tx, actor, scope, "schedule", id, null, await applyOfferSchedule(tx, actor, row, at, now));
  });
}

/**
 * Copies an offer of the scope (a dealer group's or the network's) as a new draft of the same
 * scope named "Copy of …", with its excluded sites, image, start and expiry; pending schedules are
 * not copied (audited as `offer.{group|network}-duplicate`).
 * @returns the copy's id
 * @throws OfferInputError when the offer is not the scope's
 */
export async function duplicateScopeOffer(db: Database, actor: OfferActor, scope: OfferScope, id: number): Promise<number> {
  return db.transaction(async (tx) => {
    const copy = await insertOfferCopy(tx, await lock(tx, scope, id));
    await audit(tx, actor, scope, "duplicate", copy.id, { from: id }, copy);
    return copy.id;
  });
}

/** Cancels an offer of the scope's pending scheduled changes (audited). */
export async function cancelScopeOfferSchedule(db: Database, actor: OfferActor, scope: OfferScope, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await lock(tx, scope, id);
    const count = await cancelChanges(tx, "offer", id);
    await audit(tx, actor, scope, "schedule-cancel", id, { pending: count }, { pending: 0 });
  });
}

/**
 * Dismisses a failed scheduled change of an offer of the scope (audited `offer.{kind}-schedule-dismiss`):
 * it leaves the offer's list of changes that did not happen. A change of another offer, or one not
 * failed or already dismissed, is left alone.
 * @returns whether a failed change was dismissed
 * @throws OfferInputError when the offer is not the scope's
 */
export async function dismissScopeOfferFailure(db: Database, actor: OfferActor, scope: OfferScope, id: number, changeId: number): Promise<boolean> {
  if (!Number.isSafeInteger(changeId)) return false;
  return db.transaction(async (tx) => {
    await lock(tx, scope, id);
    const row = await markFailedDismissed(tx, and(eq(scheduledChanges.id, changeId), eq(scheduledChanges.entity, "offer"), eq(scheduledChanges.entityId, id), isNull(scheduledChanges.siteId))!, actor.member.email);
    if (!row) return false;
    await audit(tx, actor, scope, "schedule-dismiss", id, { action: row.action, runAt: row.runAt.toISOString(), error: row.error }, null);
    return true;
  });
}

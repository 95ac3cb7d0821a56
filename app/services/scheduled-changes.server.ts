/**
 * Scheduled content changes (issue 50 item 7, decision 326): "publish this at 9:00 Monday",
 * "unpublish it at midnight". A change is a row of `scheduled_changes` (entity, row id, action,
 * instant); a job on every node applies the due ones. Safe with several nodes: a node claims due
 * rows with `FOR UPDATE SKIP LOCKED` inside the transaction that applies them, so each change is
 * applied once, by one node, atomically with its status; a node that dies mid-way rolls back and
 * another takes the row on its next tick. The content rows' own triggers (migration 0018) move the
 * site's config version, so every node's page cache shows the change on its next request (a dealer
 * group's or the network's offer has no site: it moves every site's).
 *
 * Every content kind of the console joins through {@link SCHEDULED_ENTITIES}: offers and pages
 * (publish, unpublish), the site's navigation, model menu statuses and promotions (banners, popup:
 * values merged into the published config as a new settings version), its brand theme (the theme
 * section replaced whole), a location's weekly or special hours or other details, and adding or
 * removing a redirect. A change that writes values carries them in `payload`, checked by the
 * console when it was typed; a redirect change is checked again when it applies.
 */
import { and, asc, eq, inArray, isNull, lte, ne, or, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { runEvery } from "./interval-worker.server";
import { contentPages, locations, offers, scheduledChanges, siteRedirects, staffAudit } from "../../db/schema/index";
import { REPLACING_CONFIG_ACTIONS, withScheduledLocation, type DueByMoment, type LocationChangeAction } from "~/domain/content/scheduled-overlay";
import { redirectChangeProblem, type RedirectChange } from "~/domain/content/redirects";
import { publishScheduledConfig } from "~/console/settings.server";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** What the job knows of a change when it applies it. */
export interface DueChange {
  entityId: number;
  siteId: number | null;
  /** A dealer group's change (its offers), with `siteId` null; both null: the network's. */
  dealerGroupId: number | null;
  payload: Record<string, unknown> | null;
  actorEmail: string | null;
}

/** Applies one action to one row, inside the job's transaction. */
export type ApplyChange = (tx: Tx, change: DueChange) => Promise<{ before: unknown; after: unknown } | null>;

/** Publishes or unpublishes an offer of the change's owner: its site's, its group's or the network's. */
async function setOfferStatus(tx: Tx, change: DueChange, to: "published" | "draft") {
  const id = change.entityId;
  const owner = change.siteId !== null ? eq(offers.siteId, change.siteId) : and(isNull(offers.siteId), change.dealerGroupId === null ? isNull(offers.dealerGroupId) : eq(offers.dealerGroupId, change.dealerGroupId));
  const [before] = await tx
    .select({ status: offers.status })
    .from(offers)
    .where(and(eq(offers.id, id), owner));
  if (!before) throw new Error(`offer ${id} no longer exists`);
  // A retired offer stays retired: a schedule made before it was retired does not bring it back.
  if (before.status === "retired") return null;
  await tx.update(offers).set({ status: to }).where(eq(offers.id, id));
  return { before: { status: before.status }, after: { status: to } };
}

/**
 * Publishes or unpublishes a site's page. A shared template gets the site's own copy first (as
 * publishing by hand does), so other sites keep the template as it is.
 */
async function setPageEnabled(tx: Tx, id: number, siteId: number | null, enabled: boolean) {
  if (siteId === null) throw new Error("a page change needs its site");
  const [row] = await tx
    .select()
    .from(contentPages)
    .where(and(eq(contentPages.id, id), or(eq(contentPages.siteId, siteId), isNull(contentPages.siteId))));
  if (!row) throw new Error(`page ${id} no longer exists`);
  let rowId = row.id;
  if (row.siteId === null) {
    const [own] = await tx.select({ id: contentPages.id }).from(contentPages).where(and(eq(contentPages.siteId, siteId), eq(contentPages.slug, row.slug)));
    if (own) rowId = own.id;
    else {
      const { id: _id, siteId: _site, ...copy } = row;
      rowId = (await tx.insert(contentPages).values({ ...copy, siteId, updatedAt: new Date() }).returning({ id: contentPages.id }))[0]!.id;
    }
  }
  await tx.update(contentPages).set({ enabled, updatedAt: new Date(), ...(enabled ? { unpublishedAt: null } : {}) }).where(eq(contentPages.id, rowId));
  return { before: { slug: row.slug, published: row.enabled }, after: { slug: row.slug, published: enabled } };
}

/**
 * Writes a location's scheduled hours or details (the site's own location only), as the preview
 * showed them. A location made the main one takes that from the site's other locations.
 */
async function applyLocationChange(tx: Tx, change: DueChange, action: LocationChangeAction) {
  const [row] = await tx
    .select()
    .from(locations)
    .where(and(eq(locations.id, change.entityId), change.siteId === null ? undefined : eq(locations.siteId, change.siteId)))
    .for("update");
  if (!row) throw new Error(`location ${change.entityId} no longer exists`);
  const next = withScheduledLocation(row, [{ locationId: row.id, action, payload: change.payload ?? {} }]);
  const fields = (Object.keys(next) as (keyof typeof row)[]).filter((k) => JSON.stringify(row[k]) !== JSON.stringify(next[k]));
  const pick = (from: typeof row): Partial<typeof row> => Object.fromEntries(fields.map((k) => [k, from[k]]));
  if (next.primary && !row.primary) await tx.update(locations).set({ primary: false }).where(and(eq(locations.siteId, row.siteId), eq(locations.primary, true), ne(locations.id, row.id)));
  if (fields.length) await tx.update(locations).set(pick(next)).where(eq(locations.id, row.id));
  return { before: { slug: row.slug, ...pick(row) }, after: { slug: row.slug, ...pick(next) } };
}

/**
 * Adds or removes one of the site's redirects, checked again against the redirects as they are
 * now: an add that would close a loop, or a removal of a redirect no longer there, fails.
 */
async function applyRedirectChange(tx: Tx, change: DueChange, action: "add" | "remove") {
  if (change.siteId === null || change.siteId !== change.entityId) throw new Error("a redirect change names its own site");
  const siteId = change.siteId;
  const payload = (change.payload ?? {}) as { from?: string; to?: string };
  if (typeof payload.from !== "string" || (action === "add" && typeof payload.to !== "string")) throw new Error("the redirect change has no paths");
  const wanted: RedirectChange = action === "add" ? { action, from: payload.from, to: payload.to! } : { action, from: payload.from };
  const rules = await tx.select({ from: siteRedirects.fromPath, to: siteRedirects.toPath }).from(siteRedirects).where(eq(siteRedirects.siteId, siteId)).for("update");
  const problem = redirectChangeProblem(rules, wanted);
  if (problem) throw new Error(problem.kind === "loop" ? `the redirect would make a loop: ${problem.loop.join(" → ")}` : `there is no redirect from ${wanted.from} to remove`);
  const before = rules.find((r) => r.from === wanted.from) ?? null;
  if (wanted.action === "remove") await tx.delete(siteRedirects).where(and(eq(siteRedirects.siteId, siteId), eq(siteRedirects.fromPath, wanted.from)));
  else
    await tx
      .insert(siteRedirects)
      .values({ siteId, fromPath: wanted.from, toPath: wanted.to })
      .onConflictDoUpdate({ target: [siteRedirects.siteId, siteRedirects.fromPath], set: { toPath: wanted.to, updatedAt: new Date() } });
  return { before, after: wanted.action === "add" ? { from: wanted.from, to: wanted.to } : null };
}

/**
 * Merges the payload's sections into the published config as a new settings version; the sections
 * named in `replace` replace the published section whole.
 */
async function publishSections(tx: Tx, change: DueChange, replace: readonly string[] = []) {
  if (change.siteId === null || change.siteId !== change.entityId) throw new Error("a site-config change names its own site");
  const sections = (change.payload ?? {}) as Record<string, Record<string, unknown>>;
  const version = await publishScheduledConfig(tx, change.siteId, sections, change.actorEmail, replace);
  return { before: null, after: { version, sections: Object.keys(sections) } };
}


/**
 * Every entity that can be scheduled, with its actions. `site-config` and `redirect` changes name
 * the site as their row; `navigation` and `promotions` are separate actions so each editor has its
 * own pending change (one per row and action); a site's redirect changes are one per old address
 * and action (their `key`).
 */
export const SCHEDULED_ENTITIES = {
  offer: {
    publish: (tx, c) => setOfferStatus(tx, c, "published"),
    unpublish: (tx, c) => setOfferStatus(tx, c, "draft"),
  },
  page: {
    publish: (tx, c) => setPageEnabled(tx, c.entityId, c.siteId, true),
    unpublish: (tx, c) => setPageEnabled(tx, c.entityId, c.siteId, false),
  },
  "site-config": {
    navigation: publishSections,
    promotions: publishSections,
    "model-statuses": publishSections,
    theme: (tx, c) => publishSections(tx, c, REPLACING_CONFIG_ACTIONS.theme),
  },
  location: {
    "weekly-hours": (tx, c) => applyLocationChange(tx, c, "weekly-hours"),
    "special-hours": (tx, c) => applyLocationChange(tx, c, "special-hours"),
    details: (tx, c) => applyLocationChange(tx, c, "details"),
  },
  redirect: {
    add: (tx, c) => applyRedirectChange(tx, c, "add"),
    remove: (tx, c) => applyRedirectChange(tx, c, "remove"),
  },
} satisfies Record<string, Record<string, ApplyChange>>;

export type ScheduledEntity = keyof typeof SCHEDULED_ENTITIES;
export type ScheduledAction<E extends ScheduledEntity> = keyof (typeof SCHEDULED_ENTITIES)[E] & string;

/** A pending change as the console lists it. */
export interface PendingChange {
  id: number;
  entityId: number;
  action: string;
  runAt: Date;
}

/**
 * Schedules `action` on a row at `runAt`, replacing any pending change of the same action on that
 * row (one pending "publish at" and one "unpublish at" per row). Run it inside the transaction
 * that audits the change.
 * @param change `siteId` (null for a dealer group's or the network's row) and `dealerGroupId` (a
 *   group's row; omitted or null otherwise) name its owner; `runAt` is the instant (UTC), which the
 *   console converts from the site's (or the group's) time zone; `key`: payload values that tell
 *   apart changes of one row and action (a site's redirects: `{ from }`): only a pending change
 *   with the same values is replaced
 */
export async function scheduleChange<E extends ScheduledEntity>(
  tx: Tx,
  change: { siteId: number | null; dealerGroupId?: number | null; entity: E; entityId: number; action: ScheduledAction<E>; runAt: Date; actor: { id: string; email: string } | null; payload?: Record<string, unknown> | null; key?: Record<string, string> },
): Promise<number> {
  await cancelChanges(tx, change.entity, change.entityId, change.action, change.key);
  const [row] = await tx
    .insert(scheduledChanges)
    .values({ siteId: change.siteId, dealerGroupId: change.siteId === null ? (change.dealerGroupId ?? null) : null, entity: change.entity, entityId: change.entityId, action: change.action, runAt: change.runAt, createdBy: change.actor?.id ?? null, actorEmail: change.actor?.email ?? null, payload: change.payload ?? null })
    .returning({ id: scheduledChanges.id });
  return row!.id;
}

/**
 * Cancels a row's pending changes (all of them, or of one action, or of one action whose payload
 * holds the `key` values).
 * @returns how many were cancelled
 */
export async function cancelChanges(tx: Pick<Database, "update">, entity: ScheduledEntity, entityId: number, action?: string, key: Record<string, string> = {}): Promise<number> {
  const sameKey = Object.entries(key).map(([name, value]) => sql`(${scheduledChanges.payload} ->> ${name}::text) = ${value}::text`);
  const cancelled = await tx
    .update(scheduledChanges)
    .set({ status: "cancelled" })
    .where(and(eq(scheduledChanges.entity, entity), eq(scheduledChanges.entityId, entityId), eq(scheduledChanges.status, "pending"), action ? eq(scheduledChanges.action, action) : undefined, ...sameKey))
    .returning({ id: scheduledChanges.id });
  return cancelled.length;
}

/** The pending changes of some rows of one entity, soonest first. */
export async function pendingChanges(db: Pick<Database, "select">, entity: ScheduledEntity, entityIds: number[]): Promise<PendingChange[]> {
  if (!entityIds.length) return [];
  return db
    .select({ id: scheduledChanges.id, entityId: scheduledChanges.entityId, action: scheduledChanges.action, runAt: scheduledChanges.runAt })
    .from(scheduledChanges)
    .where(and(eq(scheduledChanges.entity, entity), inArray(scheduledChanges.entityId, entityIds), eq(scheduledChanges.status, "pending")))
    .orderBy(asc(scheduledChanges.runAt), asc(scheduledChanges.id));
}

/**
 * A site's pending changes due at or before `asOf`, oldest first (the order the job applies
 * them): what a preview "as of" that moment lays over the current content.
 * @param asOf epoch ms
 */
export async function pendingChangesDueBy(db: Pick<Database, "select">, siteId: number, asOf: number): Promise<DueByMoment[]> {
  return db
    .select({ entity: scheduledChanges.entity, entityId: scheduledChanges.entityId, action: scheduledChanges.action, payload: scheduledChanges.payload })
    .from(scheduledChanges)
    .where(and(eq(scheduledChanges.siteId, siteId), eq(scheduledChanges.status, "pending"), lte(scheduledChanges.runAt, new Date(asOf))))
    .orderBy(asc(scheduledChanges.runAt), asc(scheduledChanges.id));
}

/**
 * Applies every change due at `now` (oldest first, at most `limit` per call), each in its own
 * savepoint: a change that fails (its row was deleted) is marked `failed` with the reason and the
 * others still apply. Each applied change is audited (actor "scheduler").
 * @param now epoch ms
 * @param options `limit` (default 100); `siteId` or `dealerGroupId`: only that site's or that
 *   group's own changes (tests sharing one database run the job for their own; the worker runs it
 *   for every site, group and the network)
 * @returns counts of applied and failed changes
 */
export async function runDueChanges(db: Database, now: number, options: { limit?: number; siteId?: number; dealerGroupId?: number } = {}): Promise<{ applied: number; failed: number }> {
  const { limit = 100, siteId, dealerGroupId } = options;
  return db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(scheduledChanges)
      .where(and(eq(scheduledChanges.status, "pending"), lte(scheduledChanges.runAt, new Date(now)), siteId === undefined ? undefined : eq(scheduledChanges.siteId, siteId), dealerGroupId === undefined ? undefined : eq(scheduledChanges.dealerGroupId, dealerGroupId)))
      .orderBy(asc(scheduledChanges.runAt), asc(scheduledChanges.id))
      .limit(limit)
      .for("update", { skipLocked: true });
    let applied = 0;
    let failed = 0;
    for (const change of due) {
      const actions = SCHEDULED_ENTITIES[change.entity as ScheduledEntity] as Record<string, ApplyChange> | undefined;
      const apply = actions?.[change.action];
      try {
        if (!apply) throw new Error(`no action ${change.action} for ${change.entity}`);
        const diff = await tx.transaction((sp) => apply(sp, { entityId: change.entityId, siteId: change.siteId, dealerGroupId: change.dealerGroupId, payload: change.payload, actorEmail: change.actorEmail }));
        await tx.update(scheduledChanges).set({ status: "applied", appliedAt: new Date(now) }).where(eq(scheduledChanges.id, change.id));
        await tx.insert(staffAudit).values({ userId: null, actorEmail: "scheduler", siteId: change.siteId, dealerGroupId: change.dealerGroupId, action: `${change.entity}.scheduled-${change.action}`, entity: change.entity, entityId: String(change.entityId), before: diff?.before ?? null, after: diff?.after ?? { scheduledBy: change.actorEmail } });
        applied++;
      } catch (error) {
        await tx.update(scheduledChanges).set({ status: "failed", appliedAt: new Date(now), error: error instanceof Error ? error.message.slice(0, 500) : "failed" }).where(eq(scheduledChanges.id, change.id));
        failed++;
      }
    }
    return { applied, failed };
  });
}

/**
 * Starts the scheduler on this node: applies due changes every `intervalMs` (default 15 s, so a
 * change takes effect within a minute of its time even with a slow tick). Safe on every node.
 * @returns stop(): waits for a tick under way
 */
export function startScheduledChangesWorker(db: Database, options: { intervalMs?: number; log?: (error: unknown) => void; clock?: () => number } = {}) {
  const clock = options.clock ?? Date.now;
  return runEvery(options.intervalMs ?? 15_000, async () => void (await runDueChanges(db, clock())), options.log);
}

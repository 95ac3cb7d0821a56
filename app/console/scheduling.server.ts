/**
 * Scheduling from every console editor (issue 50 item 7): a form's "Apply at" time, typed in the
 * site's time zone, becomes a pending scheduled change with the values the form checked; the
 * editors list their pending changes and can cancel them. The scheduler job applies them
 * (app/services/scheduled-changes.server.ts).
 */
import { and, asc, desc, eq, gte, inArray, isNull, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client";
import { contentPages, locations, offers, scheduledChanges } from "../../db/schema/index";
import type { Permission } from "./permissions";
import { FAILED_SHOWN_DAYS, instantOfLocalInput, momentInWords, WALL_CLOCK_PATTERN } from "~/domain/content/schedule";
import { scheduleChange, type ScheduledAction, type ScheduledEntity } from "~/services/scheduled-changes.server";
import type { SettingsActor } from "./settings.server";
import { recordAudit } from "./staff.server";

/** The form field every scheduling editor posts its time in ("YYYY-MM-DDTHH:MM", site time). */
export const APPLY_AT_FIELD = "applyAt";

/**
 * The instant of a form's "Apply at" value.
 * @param value the posted datetime-local value
 * @param timeZone the site's IANA time zone
 * @param now epoch ms
 * @returns the instant, or the message to show beside the field
 */
export function applyAtInstant(value: unknown, timeZone: string, now: number): { ok: true; runAt: Date } | { ok: false; message: string } {
  const text = typeof value === "string" ? value.trim() : "";
  if (!text) return { ok: false, message: "Apply at: enter the date and time (site time) to apply this change, or use the save button to apply it now." };
  const runAt = WALL_CLOCK_PATTERN.test(text) ? instantOfLocalInput(text, timeZone) : null;
  if (!runAt) return { ok: false, message: "Apply at: a date and time, e.g. 2026-12-24T17:00." };
  if (runAt.getTime() <= now) return { ok: false, message: "Apply at must be in the future (or use the save button to apply it now)." };
  return { ok: true, runAt };
}

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/**
 * Schedules a change of the site's content at `runAt` with its audit row (`{entity}.schedule`), in
 * one transaction. A pending change of the same row and action (and `key`) is replaced.
 * @param payload the checked values the change writes (none for publish and unpublish)
 * @param key payload values telling apart changes of one row and action (see scheduleChange)
 * @param check runs first in the same transaction, with the pending change being replaced still
 *   pending; it throws to refuse, and then nothing is stored
 * @returns the scheduled change's id
 */
export async function scheduleSiteChange<E extends ScheduledEntity>(
  db: Database,
  actor: SettingsActor,
  change: { siteId: number; entity: E; entityId: number; action: ScheduledAction<E>; runAt: Date; payload?: Record<string, unknown> | null; label: string; key?: Record<string, string>; check?: (tx: Tx) => Promise<void> },
): Promise<number> {
  return db.transaction(async (tx) => {
    await change.check?.(tx);
    const id = await scheduleChange(tx, { siteId: change.siteId, entity: change.entity, entityId: change.entityId, action: change.action, runAt: change.runAt, payload: change.payload ?? null, key: change.key, actor: { id: actor.member.id, email: actor.member.email } });
    await recordAudit(tx, { userId: actor.member.id, actorEmail: actor.member.email, siteId: change.siteId, action: `${change.entity}.schedule`, entity: change.entity, entityId: change.label, before: null, after: { action: change.action, runAt: change.runAt.toISOString(), ...(change.payload ? { payload: change.payload } : {}) }, ipAddress: actor.ipAddress });
    return id;
  });
}

/**
 * Cancels one pending change of the site (audited). A change of another site, or one already
 * applied, is left alone.
 * @returns whether a pending change was cancelled
 */
export async function cancelSiteChange(db: Database, actor: SettingsActor, siteId: number, changeId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(scheduledChanges)
      .set({ status: "cancelled" })
      .where(and(eq(scheduledChanges.id, changeId), eq(scheduledChanges.siteId, siteId), eq(scheduledChanges.status, "pending")))
      .returning();
    if (!row) return false;
    await recordAudit(tx, { userId: actor.member.id, actorEmail: actor.member.email, siteId, action: `${row.entity}.schedule-cancel`, entity: row.entity, entityId: String(row.entityId), before: { action: row.action, runAt: row.runAt.toISOString() }, after: null, ipAddress: actor.ipAddress });
    return true;
  });
}

/** A pending change as an editor lists it. */
export interface PendingSiteChange {
  id: number;
  entityId: number;
  action: string;
  /** When, in words in the site's time zone, e.g. "Thu 24 Dec 2026, 5:00 pm". */
  at: string;
  by: string | null;
  /** What the change writes (see scheduled-changes.server.ts), for the editor's description. */
  payload: Record<string, unknown> | null;
}

/**
 * The site's pending changes of one entity (optionally of some rows and actions), soonest first.
 * @param timeZone the site's zone, for `at`
 */
export async function listSitePending(db: Pick<Database, "select">, siteId: number, timeZone: string, filter: { entity: ScheduledEntity; entityIds?: number[]; actions?: string[] }): Promise<PendingSiteChange[]> {
  if (filter.entityIds && !filter.entityIds.length) return [];
  const rows = await db
    .select({ id: scheduledChanges.id, entityId: scheduledChanges.entityId, action: scheduledChanges.action, runAt: scheduledChanges.runAt, by: scheduledChanges.actorEmail, payload: scheduledChanges.payload })
    .from(scheduledChanges)
    .where(
      and(
        eq(scheduledChanges.siteId, siteId),
        eq(scheduledChanges.entity, filter.entity),
        eq(scheduledChanges.status, "pending"),
        filter.entityIds ? inArray(scheduledChanges.entityId, filter.entityIds) : undefined,
        filter.actions ? inArray(scheduledChanges.action, filter.actions) : undefined,
      ),
    )
    .orderBy(asc(scheduledChanges.runAt), asc(scheduledChanges.id));
  return rows.map((r) => ({ id: r.id, entityId: r.entityId, action: r.action, at: momentInWords(r.runAt, timeZone), by: r.by, payload: r.payload }));
}


/** A change the job could not apply, as an editor lists it. */
export interface FailedSiteChange extends PendingSiteChange {
  /** Why it did not happen, as the job recorded it (a sentence). */
  reason: string;
}

/**
 * Whether a failed change was dismissed. The status check allows no fifth value without a
 * migration, and a failed change is never applied again, so the dismissal is kept in its payload.
 */
const notDismissed = sql`(${scheduledChanges.payload} ->> 'dismissedAt') is null`;
const failedSince = (now: number) => and(eq(scheduledChanges.status, "failed"), gte(scheduledChanges.runAt, new Date(now - FAILED_SHOWN_DAYS * 86_400_000)), notDismissed);

/** The failed changes of `owner`'s rows of one entity (optionally of some rows and actions), latest first. */
async function listFailed(db: Pick<Database, "select">, owner: SQL, timeZone: string, filter: { entity: ScheduledEntity; entityIds?: number[]; actions?: string[] }, now: number): Promise<FailedSiteChange[]> {
  if (filter.entityIds && !filter.entityIds.length) return [];
  const rows = await db
    .select({ id: scheduledChanges.id, entityId: scheduledChanges.entityId, action: scheduledChanges.action, runAt: scheduledChanges.runAt, by: scheduledChanges.actorEmail, payload: scheduledChanges.payload, error: scheduledChanges.error })
    .from(scheduledChanges)
    .where(
      and(
        owner,
        eq(scheduledChanges.entity, filter.entity),
        failedSince(now),
        filter.entityIds ? inArray(scheduledChanges.entityId, filter.entityIds) : undefined,
        filter.actions ? inArray(scheduledChanges.action, filter.actions) : undefined,
      ),
    )
    .orderBy(desc(scheduledChanges.runAt), desc(scheduledChanges.id));
  return rows.map((r) => ({ id: r.id, entityId: r.entityId, action: r.action, at: momentInWords(r.runAt, timeZone), by: r.by, payload: r.payload, reason: reasonInWords(r.error) }));
}

/**
 * The site's failed changes of one entity (optionally of some rows and actions) due in the last
 * {@link FAILED_SHOWN_DAYS} days and not dismissed, latest first.
 * @param timeZone the site's zone, for `at` (when it was due)
 * @param now epoch ms
 */
export function listSiteFailed(db: Pick<Database, "select">, siteId: number, timeZone: string, filter: { entity: ScheduledEntity; entityIds?: number[]; actions?: string[] }, now: number): Promise<FailedSiteChange[]> {
  return listFailed(db, eq(scheduledChanges.siteId, siteId), timeZone, filter, now);
}

/**
 * Failed changes of rows that belong to no site (a dealer group's or the network's offers), due in
 * the last {@link FAILED_SHOWN_DAYS} days and not dismissed, latest first. The caller has checked
 * that `entityIds` are the scope's own.
 * @param timeZone the group's zone (or the platform's), for `at`
 * @param now epoch ms
 */
export function listUnsitedFailed(db: Pick<Database, "select">, timeZone: string, filter: { entity: ScheduledEntity; entityIds: number[]; actions?: string[] }, now: number): Promise<FailedSiteChange[]> {
  return listFailed(db, isNull(scheduledChanges.siteId), timeZone, filter, now);
}

/**
 * Marks one failed, not yet dismissed change matching `where` as dismissed (in its payload, with
 * who and when). @returns the change as it was, or undefined when none matched
 */
export async function markFailedDismissed(tx: Pick<Database, "update">, where: SQL, by: string) {
  const dismissal = { dismissedAt: new Date().toISOString(), dismissedBy: by };
  const [row] = await tx
    .update(scheduledChanges)
    .set({ payload: sql`coalesce(${scheduledChanges.payload}, '{}'::jsonb) || ${JSON.stringify(dismissal)}::jsonb` })
    .where(and(where, eq(scheduledChanges.status, "failed"), notDismissed))
    .returning();
  return row;
}

/** The job's reason as a sentence for staff ("the redirect would…" -> "The redirect would…."). */
export function reasonInWords(error: string | null): string {
  const text = (error ?? "").trim() || "the reason was not recorded";
  const sentence = text.charAt(0).toUpperCase() + text.slice(1);
  return /[.!?]$/.test(sentence) ? sentence : `${sentence}.`;
}

/** Where the site's failed changes are listed: one editor page, with how many wait there. */
export interface FailedChangesPlace {
  /** Link text, e.g. "Page: Summer trading hours". */
  label: string;
  /** Path under `/sites/{slug}/`, with its query. */
  path: string;
  /** The permission the page is guarded by (app/console/route-table.ts), to link only those the member may open. */
  permission: Permission;
  count: number;
}

const CONFIG_EDITORS: Record<string, { label: string; path: string; permission: Permission }> = {
  navigation: { label: "Navigation", path: "navigation", permission: "content.view" },
  "model-statuses": { label: "Navigation", path: "navigation", permission: "content.view" },
  promotions: { label: "Banners and popup", path: "promotions", permission: "content.view" },
  theme: { label: "Brand theme", path: "theme", permission: "settings.view" },
};

/**
 * The site's failed changes (due in the last {@link FAILED_SHOWN_DAYS} days, not dismissed) by
 * the editor page that lists them, for the dashboard; a change whose row is gone counts under
 * its editor's list page.
 * @param now epoch ms
 */
export async function failedChangesByPlace(db: Pick<Database, "select">, siteId: number, now: number): Promise<FailedChangesPlace[]> {
  const rows = await db
    .select({ entity: scheduledChanges.entity, entityId: scheduledChanges.entityId, action: scheduledChanges.action, count: sql<number>`count(*)::int` })
    .from(scheduledChanges)
    .where(and(eq(scheduledChanges.siteId, siteId), failedSince(now)))
    .groupBy(scheduledChanges.entity, scheduledChanges.entityId, scheduledChanges.action);
  if (!rows.length) return [];
  const ids = (entity: string) => rows.filter((r) => r.entity === entity).map((r) => r.entityId);
  const none = Promise.resolve([]);
  const [offerRows, pageRows, locationRows] = await Promise.all([
    ids("offer").length ? db.select({ id: offers.id, name: offers.name }).from(offers).where(and(eq(offers.siteId, siteId), inArray(offers.id, ids("offer")))) : none,
    ids("page").length ? db.select({ id: contentPages.id, name: contentPages.title }).from(contentPages).where(and(eq(contentPages.siteId, siteId), inArray(contentPages.id, ids("page")))) : none,
    ids("location").length ? db.select({ id: locations.id, name: locations.name, slug: locations.slug }).from(locations).where(and(eq(locations.siteId, siteId), inArray(locations.id, ids("location")))) : none,
  ]);
  const places = new Map<string, FailedChangesPlace>();
  for (const r of rows) {
    const offer = offerRows.find((o) => o.id === r.entityId);
    const page = pageRows.find((o) => o.id === r.entityId);
    const location = locationRows.find((o) => o.id === r.entityId);
    const place =
      r.entity === "offer"
        ? offer ? { label: `Offer: ${offer.name}`, path: `offers/edit?id=${offer.id}`, permission: "content.view" as const } : { label: "Offers and promo cards", path: "offers", permission: "content.view" as const }
        : r.entity === "page"
          ? page ? { label: `Page: ${page.name}`, path: `pages/edit?id=${page.id}`, permission: "content.view" as const } : { label: "Pages", path: "pages", permission: "content.view" as const }
          : r.entity === "location"
            ? location ? { label: `Location: ${location.name}`, path: `locations/edit?location=${encodeURIComponent(location.slug)}`, permission: "content.view" as const } : { label: "Locations and hours", path: "locations", permission: "content.view" as const }
            : r.entity === "redirect"
              ? { label: "Redirects", path: "redirects", permission: "content.view" as const }
              : (CONFIG_EDITORS[r.action] ?? { label: "Settings", path: "settings", permission: "settings.view" as const });
    const known = places.get(place.path);
    if (known) known.count += Number(r.count);
    else places.set(place.path, { ...place, count: Number(r.count) });
  }
  return [...places.values()].sort((a, b) => a.label.localeCompare(b.label));
}

/**
 * Dismisses one failed change of the site (audited `{entity}.schedule-dismiss`): it leaves the
 * editor's list and the dashboard's count. A change of another site, or one not failed, is left alone.
 * @returns whether a failed change was dismissed
 */
export async function dismissSiteFailure(db: Database, actor: SettingsActor, siteId: number, changeId: number): Promise<boolean> {
  if (!Number.isSafeInteger(changeId)) return false;
  return db.transaction(async (tx) => {
    const row = await markFailedDismissed(tx, and(eq(scheduledChanges.id, changeId), eq(scheduledChanges.siteId, siteId))!, actor.member.email);
    if (!row) return false;
    await recordAudit(tx, { userId: actor.member.id, actorEmail: actor.member.email, siteId, action: `${row.entity}.schedule-dismiss`, entity: row.entity, entityId: String(row.entityId), before: { action: row.action, runAt: row.runAt.toISOString(), error: row.error }, after: null, ipAddress: actor.ipAddress });
    return true;
  });
}

/** The two intents every scheduling editor's list posts, with the `done` notice each leads to. */
export const SCHEDULE_LIST_INTENTS = { "cancel-scheduled": "cancelled", "dismiss-failed": "dismissed" } as const;
export type ScheduleListIntent = keyof typeof SCHEDULE_LIST_INTENTS;
export const isScheduleListIntent = (intent: unknown): intent is ScheduleListIntent => typeof intent === "string" && Object.hasOwn(SCHEDULE_LIST_INTENTS, intent);

/**
 * Answers an editor list's Cancel (a pending change) or Dismiss (a failed one), audited; the
 * route has checked the permission (the same for both).
 * @param changeId the posted `changeId`
 * @returns the `done` value for the editor's notice
 */
export async function answerScheduleListIntent(db: Database, actor: SettingsActor, siteId: number, intent: ScheduleListIntent, changeId: FormDataEntryValue | null): Promise<"cancelled" | "dismissed"> {
  const id = Number(changeId);
  if (intent === "dismiss-failed") await dismissSiteFailure(db, actor, siteId, id);
  else await cancelSiteChange(db, actor, siteId, id);
  return SCHEDULE_LIST_INTENTS[intent];
}

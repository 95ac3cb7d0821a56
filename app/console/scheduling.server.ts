/**
 * Scheduling from every console editor (issue 50 item 7): a form's "Apply at" time, typed in the
 * site's time zone, becomes a pending scheduled change with the values the form checked; the
 * editors list their pending changes and can cancel them. The scheduler job applies them
 * (app/services/scheduled-changes.server.ts).
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Database } from "../../db/client";
import { scheduledChanges } from "../../db/schema/index";
import { instantOfLocalInput, momentInWords, WALL_CLOCK_PATTERN } from "~/domain/content/schedule";
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

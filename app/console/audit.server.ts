/**
 * The audit trail as the console shows and exports it (issue 48 item 6): one site's rows, plus
 * the sign-ins and failed sign-ins of the staff who work on it, filtered by who, what (entity or
 * action) and a date range. Read-only: the app has no route that edits or deletes a row, and the
 * table's trigger (migration 0024) refuses UPDATE, DELETE and TRUNCATE from anyone.
 */
import { and, desc, eq, gte, ilike, inArray, isNull, lt, or, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../../db/client";
import { staffAudit, staffRoles, staffUsers } from "../../db/schema/index";
import { isCalendarDate } from "~/domain/text/calendar-date";
import type { ConsoleSite } from "./staff.server";

/** A day typed into a date field ("2026-11-29"). */
export const daySchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "a date like 2026-11-29")
  .refine((s) => isCalendarDate(s, true), "a real date");

/** The audit view's filters, from its URL (every one optional). */
export const AuditFilterSchema = z.object({
  who: z.string().trim().max(200).optional().transform((v) => v || undefined),
  entity: z.string().trim().max(100).optional().transform((v) => v || undefined),
  from: daySchema.optional().or(z.literal("").transform(() => undefined)),
  to: daySchema.optional().or(z.literal("").transform(() => undefined)),
});
export type AuditFilter = z.infer<typeof AuditFilterSchema>;

/** One audit row as shown and exported. */
export interface AuditRow {
  id: number;
  at: Date;
  actor: string | null;
  action: string;
  entity: string | null;
  entityId: string | null;
  before: unknown;
  after: unknown;
  ipAddress: string | null;
}

/**
 * The site's audit rows, newest first.
 * @param filter who: part of the actor's e-mail; entity: part of the entity or action; from/to:
 *   UTC days, both included
 * @param limit at most this many rows
 */
export async function auditRows(db: Database, site: ConsoleSite, filter: AuditFilter, limit: number): Promise<AuditRow[]> {
  // Sign-ins carry no site: show those of the staff whose grants reach this site.
  const staffIds = db
    .select({ id: staffRoles.userId })
    .from(staffRoles)
    .where(or(eq(staffRoles.siteId, site.id), site.dealerGroupId === null ? undefined : eq(staffRoles.dealerGroupId, site.dealerGroupId)));
  const where: (SQL | undefined)[] = [or(eq(staffAudit.siteId, site.id), and(isNull(staffAudit.siteId), eq(staffAudit.entity, "staff-session"), inArray(staffAudit.userId, staffIds)))];
  if (filter.who) where.push(ilike(staffAudit.actorEmail, `%${escapeLike(filter.who)}%`));
  if (filter.entity) where.push(or(ilike(staffAudit.entity, `%${escapeLike(filter.entity)}%`), ilike(staffAudit.action, `%${escapeLike(filter.entity)}%`)));
  if (filter.from) where.push(gte(staffAudit.at, new Date(`${filter.from}T00:00:00Z`)));
  if (filter.to) where.push(lt(staffAudit.at, new Date(Date.parse(`${filter.to}T00:00:00Z`) + 86_400_000)));
  const rows = await db
    .select({ id: staffAudit.id, at: staffAudit.at, actor: staffAudit.actorEmail, email: staffUsers.email, action: staffAudit.action, entity: staffAudit.entity, entityId: staffAudit.entityId, before: staffAudit.before, after: staffAudit.after, ipAddress: staffAudit.ipAddress })
    .from(staffAudit)
    .leftJoin(staffUsers, eq(staffUsers.id, staffAudit.userId))
    .where(and(...where))
    .orderBy(desc(staffAudit.id))
    .limit(limit);
  return rows.map(({ email, ...r }) => ({ ...r, actor: r.actor ?? email }));
}

/** `text` matched literally inside an ILIKE pattern (its \\, % and _ escaped). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

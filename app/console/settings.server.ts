/**
 * Site settings drafts, publishing, versions and rollback (issue 48 item 5, decision 275). Every
 * change writes its audit row in the same transaction (item 6). Publishing writes `sites.config`,
 * whose trigger (migration 0018) moves the site's config version in that transaction: every
 * node's page cache and site list see it on their next request (decision 277).
 */
import { and, desc, eq, sql } from "drizzle-orm";
import { data } from "react-router";
import type { Database } from "../../db/client";
import { dealerGroups, siteConfigDrafts, siteConfigVersions, sites } from "../../db/schema/index";
import { isValidSiteConfig } from "./settings-form";
import { recordAudit, type StaffMember } from "./staff.server";

type Json = Record<string, unknown>;

/** Who makes a change, for the version and audit rows. */
export interface SettingsActor {
  member: Pick<StaffMember, "id" | "email">;
  ipAddress: string | null;
}

/** What the editor shows for one site. */
export interface SiteSettingsState {
  /** The site's own stored values (published). */
  published: Json;
  /** The dealer group's stored values (inherited), and its name. */
  group: { name: string; config: Json } | null;
  draft: { config: Json; revision: number; baseVersion: number; updatedAt: Date } | null;
  /** Highest version number (0 before the first publish). */
  latestVersion: number;
}

function asJson(value: unknown): Json {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Json) : {};
}

/** Loads a site's published values, its group's values and its draft. */
export async function loadSiteSettings(db: Database, siteId: number): Promise<SiteSettingsState> {
  const [row] = await db.select({ config: sites.config, groupName: dealerGroups.name, groupConfig: dealerGroups.config }).from(sites).leftJoin(dealerGroups, eq(dealerGroups.id, sites.dealerGroupId)).where(eq(sites.id, siteId));
  if (!row) throw data("No such site", { status: 404 });
  const [draft] = await db.select().from(siteConfigDrafts).where(eq(siteConfigDrafts.siteId, siteId));
  return {
    published: asJson(row.config),
    group: row.groupName === null ? null : { name: row.groupName, config: asJson(row.groupConfig) },
    draft: draft ? { config: asJson(draft.config), revision: draft.revision, baseVersion: draft.baseVersion, updatedAt: draft.updatedAt } : null,
    latestVersion: await latestVersion(db, siteId),
  };
}

async function latestVersion(db: Pick<Database, "select">, siteId: number): Promise<number> {
  const [row] = await db.select({ v: sql<number>`coalesce(max(${siteConfigVersions.version}), 0)` }).from(siteConfigVersions).where(eq(siteConfigVersions.siteId, siteId));
  return Number(row?.v ?? 0);
}

/**
 * The leaf-by-leaf difference of two configs: each changed dotted path with its value before and
 * after (`undefined` when absent). Arrays are compared whole.
 */
export function configDiff(before: unknown, after: unknown): { path: string; before: unknown; after: unknown }[] {
  const out: { path: string; before: unknown; after: unknown }[] = [];
  const walk = (a: unknown, b: unknown, path: string) => {
    const objA = typeof a === "object" && a !== null && !Array.isArray(a);
    const objB = typeof b === "object" && b !== null && !Array.isArray(b);
    // An object added or removed as a whole is listed leaf by leaf, like any other change.
    if ((objA && (objB || b === undefined)) || (objB && a === undefined)) {
      a ??= {};
      b ??= {};
      const keys = new Set([...Object.keys(a as Json), ...Object.keys(b as Json)]);
      for (const key of [...keys].sort()) walk((a as Json)[key], (b as Json)[key], path ? `${path}.${key}` : key);
      return;
    }
    if (JSON.stringify(a) !== JSON.stringify(b)) out.push({ path, before: a, after: b });
  };
  walk(before, after, "");
  return out;
}

/** A diff as the audit row's `before` and `after` objects (changed paths only). */
function auditDiff(before: unknown, after: unknown): { before: Json; after: Json } {
  const diff = configDiff(before, after);
  return { before: Object.fromEntries(diff.map((d) => [d.path, d.before ?? null])), after: Object.fromEntries(diff.map((d) => [d.path, d.after ?? null])) };
}

/**
 * Saves the site's draft (the editor's values, already checked by the schema) and audits it.
 * @returns the draft's new revision
 */
export async function saveDraft(db: Database, actor: SettingsActor, siteId: number, config: Json): Promise<number> {
  return db.transaction(async (tx) => {
    const [site] = await tx.select({ config: sites.config }).from(sites).where(eq(sites.id, siteId)).for("update");
    if (!site) throw data("No such site", { status: 404 });
    const [previous] = await tx.select().from(siteConfigDrafts).where(eq(siteConfigDrafts.siteId, siteId));
    const base = await latestVersion(tx, siteId);
    const revision = (previous?.revision ?? 0) + 1;
    await tx
      .insert(siteConfigDrafts)
      .values({ siteId, config, baseVersion: base, revision, updatedBy: actor.member.id })
      .onConflictDoUpdate({ target: siteConfigDrafts.siteId, set: { config, baseVersion: base, revision, updatedBy: actor.member.id, updatedAt: new Date() } });
    await recordAudit(tx, { userId: actor.member.id, actorEmail: actor.member.email, siteId, action: "settings.draft-save", entity: "site-settings", entityId: `draft ${revision}`, ...auditDiff(previous?.config ?? site.config, config), ipAddress: actor.ipAddress });
    return revision;
  });
}

/** Drops the site's draft (audited). */
export async function discardDraft(db: Database, actor: SettingsActor, siteId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [draft] = await tx.delete(siteConfigDrafts).where(eq(siteConfigDrafts.siteId, siteId)).returning();
    if (!draft) return;
    const [site] = await tx.select({ config: sites.config }).from(sites).where(eq(sites.id, siteId));
    await recordAudit(tx, { userId: actor.member.id, actorEmail: actor.member.email, siteId, action: "settings.draft-discard", entity: "site-settings", entityId: `draft ${draft.revision}`, ...auditDiff(draft.config, site?.config ?? {}), ipAddress: actor.ipAddress });
  });
}

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** Who publishes a config: a staff member, or the scheduler (no staff id) applying a scheduled change. */
type ConfigPublisher = { member: { id: string | null; email: string }; ipAddress: string | null };

/** Why a publish or rollback was refused (shown to the staff member). */
export class SettingsConflict extends Error {}

/**
 * Writes `config` as the site's published config and a new version, with its audit row, in ONE
 * transaction holding the site row's lock (two publishes of one site queue; neither is lost).
 * The first publish also keeps the config found before it as version 1 ("baseline"), so a
 * rollback can return to it.
 */
async function publishConfig(tx: Tx, actor: ConfigPublisher, siteId: number, config: Json, kind: "publish" | "rollback", rolledBackTo: number | null): Promise<number> {
  const [site] = await tx.select({ config: sites.config, groupConfig: dealerGroups.config }).from(sites).leftJoin(dealerGroups, eq(dealerGroups.id, sites.dealerGroupId)).where(eq(sites.id, siteId)).for("update", { of: sites });
  if (!site) throw data("No such site", { status: 404 });
  // Checked again inside the transaction: nothing invalid reaches sites.config, whatever the caller.
  if (!isValidSiteConfig(site.groupConfig, config)) throw new SettingsConflict("These settings are not valid with the dealer group's values. Open the draft, fix the marked fields and save it again.");
  let latest = await latestVersion(tx, siteId);
  if (latest === 0) {
    await tx.insert(siteConfigVersions).values({ siteId, version: 1, config: asJson(site.config), kind: "baseline", createdBy: null, actorEmail: null });
    latest = 1;
  }
  const version = latest + 1;
  await tx.update(sites).set({ config, updatedAt: new Date() }).where(eq(sites.id, siteId));
  await tx.insert(siteConfigVersions).values({ siteId, version, config, kind, rolledBackTo, createdBy: actor.member.id, actorEmail: actor.member.email });
  await recordAudit(tx, { userId: actor.member.id, actorEmail: actor.member.email, siteId, action: kind === "publish" ? "settings.publish" : "settings.rollback", entity: "site-settings", entityId: `version ${version}`, ...auditDiff(site.config, config), ipAddress: actor.ipAddress });
  return version;
}

/**
 * Publishes the site's draft: the published config, a new version and the audit row in one
 * transaction; the draft is removed.
 * @returns the new version number
 * @throws SettingsConflict when there is no draft, or a version was published after the draft was
 *   last saved (publishing it would silently undo that version)
 */
export async function publishDraft(db: Database, actor: SettingsActor, siteId: number): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.select({ id: sites.id }).from(sites).where(eq(sites.id, siteId)).for("update");
    const [draft] = await tx.select().from(siteConfigDrafts).where(eq(siteConfigDrafts.siteId, siteId));
    if (!draft) throw new SettingsConflict("There is no draft to publish. Save your changes as a draft first.");
    const latest = await latestVersion(tx, siteId);
    if (draft.baseVersion !== latest) throw new SettingsConflict(`Version ${latest} was published after this draft was saved. Open the draft, check it against the published settings and save it again before publishing.`);
    const version = await publishConfig(tx, actor, siteId, asJson(draft.config), "publish", null);
    await tx.delete(siteConfigDrafts).where(eq(siteConfigDrafts.siteId, siteId));
    return version;
  });
}

/**
 * Publishes an earlier version's config again, as a new version (a rollback is itself a version).
 * An open draft stays, but must be saved again before it can be published.
 * @returns the new version number
 * @throws 404 when the site has no such version
 */
export async function rollbackTo(db: Database, actor: SettingsActor, siteId: number, version: number): Promise<number> {
  return db.transaction(async (tx) => {
    const [target] = await tx.select({ config: siteConfigVersions.config }).from(siteConfigVersions).where(and(eq(siteConfigVersions.siteId, siteId), eq(siteConfigVersions.version, version)));
    if (!target) throw data("No such version", { status: 404 });
    return publishConfig(tx, actor, siteId, asJson(target.config), "rollback", version);
  });
}

/** A version as the versions page lists it. */
export interface SettingsVersion {
  version: number;
  kind: string;
  rolledBackTo: number | null;
  actorEmail: string | null;
  createdAt: Date;
}

/** A site's versions, newest first. */
export async function listVersions(db: Database, siteId: number): Promise<SettingsVersion[]> {
  return db
    .select({ version: siteConfigVersions.version, kind: siteConfigVersions.kind, rolledBackTo: siteConfigVersions.rolledBackTo, actorEmail: siteConfigVersions.actorEmail, createdAt: siteConfigVersions.createdAt })
    .from(siteConfigVersions)
    .where(eq(siteConfigVersions.siteId, siteId))
    .orderBy(desc(siteConfigVersions.version));
}

/**
 * What a version changed against the one before it (the baseline against nothing).
 * @returns null when the site has no such version
 */
export async function versionDiff(db: Database, siteId: number, version: number): Promise<ReturnType<typeof configDiff> | null> {
  const rows = await db
    .select({ version: siteConfigVersions.version, config: siteConfigVersions.config })
    .from(siteConfigVersions)
    .where(and(eq(siteConfigVersions.siteId, siteId), sql`${siteConfigVersions.version} in (${version}, ${version - 1})`));
  const current = rows.find((r) => r.version === version);
  if (!current) return null;
  return configDiff(rows.find((r) => r.version === version - 1)?.config ?? {}, current.config);
}

/**
 * Publishes a change to one part of the site's published config at once, as a new version with
 * its audit row (issue 50: the navigation, promotions and reviews editors, whose forms are their
 * own preview). An open draft stays, and must be saved again before it can be published.
 * @param change gets a copy of the site's stored config and returns the new one
 * @returns the new version number
 * @throws SettingsConflict when the result is not a valid config
 */
export async function publishConfigChange(db: Database, actor: SettingsActor, siteId: number, change: (config: Json) => Json): Promise<number> {
  return db.transaction(async (tx) => {
    const [site] = await tx.select({ config: sites.config }).from(sites).where(eq(sites.id, siteId)).for("update");
    if (!site) throw data("No such site", { status: 404 });
    return publishConfig(tx, actor, siteId, change(structuredClone(asJson(site.config))), "publish", null);
  });
}

/**
 * Merges scheduled values into sections of the site's published config (each section shallowly:
 * `{ navigation: { overrides } }` replaces only the navigation's overrides) and publishes the result
 * as a new version, inside the scheduler's transaction (issue 50 item 7). The version's author is
 * "scheduler", with the staff member who scheduled it in the audit row's email.
 * @param sections config sections by name, each a partial object of that section
 * @returns the new version number
 * @throws SettingsConflict when the merged config is not valid (the change is marked failed)
 */
export async function publishScheduledConfig(tx: Tx, siteId: number, sections: Record<string, Record<string, unknown>>, scheduledBy: string | null, replace: readonly string[] = []): Promise<number> {
  const [site] = await tx.select({ config: sites.config }).from(sites).where(eq(sites.id, siteId)).for("update");
  if (!site) throw new SettingsConflict(`site ${siteId} no longer exists`);
  return publishConfig(tx, { member: { id: null, email: scheduledBy ? `scheduler (scheduled by ${scheduledBy})` : "scheduler" }, ipAddress: null }, siteId, mergeConfigSections(asJson(site.config), sections, replace), "publish", null);
}

/**
 * A stored (unresolved) site config with scheduled sections merged in, one level deep: what
 * {@link publishScheduledConfig} writes, and what a preview "as of" a moment shows before it.
 * @param config the site's stored config or draft (not changed)
 * @param replace sections that replace the stored section whole instead of merging into it (the
 *   theme: a colour or logo the editor removed must go, which a merge would keep)
 */
export function mergeConfigSections(config: Json, sections: Record<string, Record<string, unknown>>, replace: readonly string[] = []): Json {
  const out: Json = structuredClone(config);
  for (const [name, values] of Object.entries(sections)) out[name] = replace.includes(name) ? { ...values } : { ...((out[name] as Record<string, unknown> | undefined) ?? {}), ...values };
  return out;
}

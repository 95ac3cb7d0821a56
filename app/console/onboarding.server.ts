/**
 * Onboarding by platform operators (issue 48 item 4, decision 282): a dealer group, a site from a
 * template (another site's config, or blank with the defaults), its hosts (a host another site
 * answers on is refused), and archiving (its hosts answer 410; nothing is deleted). Each change is
 * one transaction with its audit row. Host changes take a transaction-scoped advisory lock, so
 * two operators can never give one host to two sites.
 */
import { asc, eq, ne, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../../db/client";
import { dealerGroups, sites } from "../../db/schema/index";
import { normaliseHost } from "../sites/resolve-host";
import { recordAudit } from "./staff.server";
import type { StaffActor } from "./staff-admin.server";

/** A refused onboarding input, with the form field it belongs beside. */
export class OnboardingError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

/** Slugs: lower-case letters, digits and single hyphens (they become `{slug}.localhost`). */
export const Slug = z
  .string({ error: "Enter a slug." })
  .trim()
  .toLowerCase()
  .min(2, "A slug has at least 2 characters.")
  .max(40, "A slug has at most 40 characters.")
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "Use lower-case letters, digits and single hyphens, e.g. smith-motors.")
  .refine((s) => s !== "console", "console is the console's own name.");

const HOST = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/;

/** A site's hosts as typed: one per line (or comma-separated), without scheme, path or port. */
export const HostList = z
  .string()
  .max(2000, "Too many hosts.")
  .transform((text) => [...new Set(text.split(/[\s,]+/).map((h) => h.trim().toLowerCase().replace(/\.$/, "")).filter(Boolean))])
  .superRefine((hosts, ctx) => {
    for (const host of hosts) if (!HOST.test(host)) ctx.addIssue({ code: "custom", message: `${host} is not a host name (e.g. www.smithmotors.com.au, without https:// or a path).` });
    if (hosts.length > 20) ctx.addIssue({ code: "custom", message: "At most 20 hosts." });
  });

/** Serialises host changes across every node (a transaction-scoped advisory lock). */
async function lockHosts(tx: Pick<Database, "execute">): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(48029)`);
}

/**
 * Refuses hosts another site answers on: its exact hosts, `{slug}.localhost` of another site, and
 * the console's host.
 * @throws OnboardingError on field `hosts`, naming the site that holds the host
 */
async function checkHostsFree(tx: Pick<Database, "select">, hosts: string[], siteId: number | null, slug: string): Promise<void> {
  const others = await tx.select({ id: sites.id, slug: sites.slug, name: sites.name, hosts: sites.hosts }).from(sites).where(siteId === null ? sql`true` : ne(sites.id, siteId));
  for (const host of hosts) {
    if (host === "console.localhost" || host.startsWith("console.")) throw new OnboardingError("hosts", `${host} is the dealer console's address; choose another host.`);
    const holder = others.find((o) => o.hosts.some((h) => normaliseHost(h) === host) || host === `${o.slug}.localhost`);
    if (holder) throw new OnboardingError("hosts", `${host} is already used by ${holder.name} (${holder.slug}). Remove it there first, or choose another host.`);
    if (host.endsWith(".localhost") && host !== `${slug}.localhost`) throw new OnboardingError("hosts", `${host}: a .localhost host must be this site's own, ${slug}.localhost.`);
  }
}

/**
 * Creates a dealer group.
 * @throws OnboardingError (`slug`) when the slug is taken
 */
export async function createGroup(db: Database, actor: StaffActor, input: { slug: string; name: string }): Promise<{ id: number }> {
  return db.transaction(async (tx) => {
    const [taken] = await tx.select({ id: dealerGroups.id }).from(dealerGroups).where(eq(dealerGroups.slug, input.slug));
    if (taken) throw new OnboardingError("slug", `A dealer group with the slug ${input.slug} already exists.`);
    const [group] = await tx.insert(dealerGroups).values({ slug: input.slug, name: input.name }).returning({ id: dealerGroups.id });
    await recordAudit(tx, { userId: actor.userId, actorEmail: actor.email, action: "group.create", dealerGroupId: group.id, entity: "dealer-group", entityId: input.slug, after: input, ipAddress: actor.ip });
    return group;
  });
}

/** What a new site is made from: another site's own config, or the defaults. */
export type SiteTemplate = { blank: true } | { siteSlug: string };

/**
 * Creates a site in a dealer group from a template, with its hosts. Its stock, locations and
 * content start empty; the config is the template site's own (not its group's inherited values).
 * @throws OnboardingError on `slug` (taken), `group` or `template` (unknown), `hosts` (in use)
 */
export async function createSite(db: Database, actor: StaffActor, input: { groupSlug: string; slug: string; name: string; template: SiteTemplate; hosts: string[] }): Promise<{ id: number }> {
  return db.transaction(async (tx) => {
    await lockHosts(tx);
    const [group] = await tx.select({ id: dealerGroups.id }).from(dealerGroups).where(eq(dealerGroups.slug, input.groupSlug));
    if (!group) throw new OnboardingError("group", "Choose a dealer group.");
    const [taken] = await tx.select({ id: sites.id }).from(sites).where(eq(sites.slug, input.slug));
    if (taken) throw new OnboardingError("slug", `A site with the slug ${input.slug} already exists.`);
    let config: unknown = {};
    if ("siteSlug" in input.template) {
      const [template] = await tx.select({ config: sites.config }).from(sites).where(eq(sites.slug, input.template.siteSlug));
      if (!template) throw new OnboardingError("template", "Choose a template site, or blank.");
      config = template.config;
    }
    await checkHostsFree(tx, input.hosts, null, input.slug);
    const [site] = await tx.insert(sites).values({ slug: input.slug, name: input.name, hosts: input.hosts, dealerGroupId: group.id, config }).returning({ id: sites.id });
    await recordAudit(tx, {
      userId: actor.userId,
      actorEmail: actor.email,
      action: "site.create",
      siteId: site.id,
      dealerGroupId: group.id,
      entity: "site",
      entityId: input.slug,
      after: { slug: input.slug, name: input.name, hosts: input.hosts, template: "siteSlug" in input.template ? input.template.siteSlug : "blank" },
      ipAddress: actor.ip,
    });
    return site;
  });
}

/** A site as the platform's site page shows it. */
export interface PlatformSite {
  id: number;
  slug: string;
  name: string;
  hosts: string[];
  group: string | null;
  archivedAt: string | null;
}

/** One site by slug (any site: operators only call this). */
export async function platformSite(db: Database, slug: string): Promise<PlatformSite | null> {
  const [row] = await db
    .select({ id: sites.id, slug: sites.slug, name: sites.name, hosts: sites.hosts, group: dealerGroups.name, archivedAt: sites.archivedAt })
    .from(sites)
    .leftJoin(dealerGroups, eq(dealerGroups.id, sites.dealerGroupId))
    .where(eq(sites.slug, slug));
  return row ? { ...row, archivedAt: row.archivedAt?.toISOString() ?? null } : null;
}

/**
 * Replaces a site's hosts.
 * @throws OnboardingError (`hosts`) for a host another site answers on
 */
export async function setHosts(db: Database, actor: StaffActor, siteId: number, hosts: string[]): Promise<void> {
  await db.transaction(async (tx) => {
    await lockHosts(tx);
    const [before] = await tx.select({ slug: sites.slug, hosts: sites.hosts }).from(sites).where(eq(sites.id, siteId)).for("update");
    await checkHostsFree(tx, hosts, siteId, before.slug);
    await tx.update(sites).set({ hosts, updatedAt: sql`now()` }).where(eq(sites.id, siteId));
    await recordAudit(tx, { userId: actor.userId, actorEmail: actor.email, action: "site.hosts", siteId, entity: "site", entityId: before.slug, before: { hosts: before.hosts }, after: { hosts }, ipAddress: actor.ip });
  });
}

/**
 * Archives a site (its hosts answer 410 Gone; stock, leads and staff are kept) or restores it.
 * Moving `archived_at` moves the site's config version, so every node's page cache misses.
 */
export async function setArchived(db: Database, actor: StaffActor, siteId: number, archived: boolean): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(sites)
      .set({ archivedAt: archived ? sql`coalesce(${sites.archivedAt}, now())` : null, updatedAt: sql`now()` })
      .where(eq(sites.id, siteId))
      .returning({ slug: sites.slug });
    await recordAudit(tx, { userId: actor.userId, actorEmail: actor.email, action: archived ? "site.archive" : "site.restore", siteId, entity: "site", entityId: row.slug, ipAddress: actor.ip });
  });
}

/** Every dealer group with its sites (the platform page). */
export async function platformOverview(db: Database) {
  const groups = await db.select({ id: dealerGroups.id, slug: dealerGroups.slug, name: dealerGroups.name }).from(dealerGroups).orderBy(asc(dealerGroups.name));
  const list = await db.select({ slug: sites.slug, name: sites.name, groupId: sites.dealerGroupId, archivedAt: sites.archivedAt }).from(sites).orderBy(asc(sites.name));
  return {
    groups: groups.map((g) => ({ slug: g.slug, name: g.name, sites: list.filter((s) => s.groupId === g.id).map((s) => ({ slug: s.slug, name: s.name, archived: s.archivedAt !== null })) })),
    templates: list.map((s) => ({ slug: s.slug, name: s.name })),
  };
}

/**
 * Content pages and redirects in the console (issue 50 items 2 and 7). Pages are `content_pages` rows:
 * the shared templates every site has (`site_id` null) and the site's own rows, which override a
 * template of the same slug. Editing a template for a site writes the site's own row; the
 * template stays for every other site. Every change writes its audit row in the same
 * transaction; the rows' triggers (migration 0018) move the site's config version, so every
 * node's page cache shows the change on its next request.
 */
import { and, asc, eq, isNull, ne, or } from "drizzle-orm";
import { data, matchRoutes } from "react-router";
import { z } from "zod";
import type { Database } from "../../db/client";
import { contentPages, scheduledChanges, siteRedirects } from "../../db/schema/index";
import { normaliseSitePath, redirectLoop, scheduledRedirectProblem, type RedirectChange, type RedirectRule, type TimedRedirectChange } from "~/domain/content/redirects";
import { momentInWords } from "~/domain/content/schedule";
import { ContentSlugSchema, contentKindOf } from "~/services/content.server";
import { getSiteBySlug } from "~/services/sites.server";
import type { Site } from "~/sites/site";
import type { PublicRoute } from "./context";
import { recordAudit } from "./staff.server";
import type { SettingsActor } from "./settings.server";
import { scheduleSiteChange } from "./scheduling.server";

/** A refused content change: the message, and the form field it belongs beside. */
export class ContentInputError extends Error {
  constructor(
    message: string,
    readonly field: string = "form",
  ) {
    super(message);
  }
}

/** One page as the console lists it. */
export interface ConsolePage {
  id: number;
  slug: string;
  kind: "page" | "article" | "landing";
  title: string;
  /** "site": the site's own row; "shared": the platform's template, unchanged for this site. */
  source: "site" | "shared";
  /** Shown to shoppers (a landing block is shown on its lead page, never on its own). */
  published: boolean;
  updatedAt: Date;
}

/** The site's pages: its own rows, then the shared templates it has not replaced, by slug. */
export async function listConsolePages(db: Database, siteId: number): Promise<ConsolePage[]> {
  const rows = await db
    .select()
    .from(contentPages)
    .where(or(eq(contentPages.siteId, siteId), isNull(contentPages.siteId)))
    .orderBy(asc(contentPages.slug), asc(contentPages.siteId));
  const seen = new Set<string>();
  const out: ConsolePage[] = [];
  for (const r of rows) {
    if (seen.has(r.slug)) continue;
    seen.add(r.slug);
    out.push({ id: r.id, slug: r.slug, kind: r.kind, title: r.title, source: r.siteId === null ? "shared" : "site", published: r.enabled, updatedAt: r.updatedAt });
  }
  return out;
}

/** A page row the site may edit: its own, or a shared template. @returns null for another site's row or no row */
export async function pageForEdit(db: Pick<Database, "select">, siteId: number, id: number): Promise<typeof contentPages.$inferSelect | null> {
  const [row] = await db
    .select()
    .from(contentPages)
    .where(and(eq(contentPages.id, id), or(eq(contentPages.siteId, siteId), isNull(contentPages.siteId))));
  return row ?? null;
}

/** What the page form posts (its preview and save share it). */
export const PageFormSchema = z.object({
  slug: z
    .string({ error: "Enter the page's address, e.g. pages/our-team." })
    .trim()
    .transform((s) => s.replace(/^\/+|\/+$/g, ""))
    .pipe(
      z
        .string()
        .min(1, "Enter the page's address, e.g. pages/our-team.")
        .max(200, "Use at most 200 characters.")
        .refine((s) => ContentSlugSchema.safeParse(s).success, "Use lower-case letters, digits and hyphens, with \"/\" between parts (at most five), e.g. pages/our-team."),
    ),
  title: z.string({ error: "Enter a title." }).trim().min(1, "Enter a title.").max(200, "Use at most 200 characters."),
  description: z.string().trim().max(300, "Use at most 300 characters.").default(""),
  body: z.string().max(100_000, "Use at most 100,000 characters.").default(""),
  imageUrl: z
    .string()
    .trim()
    .regex(/^(https:\/\/|\/)[^\s"'<>]*$/, "Use an https:// address or a path on this site starting with \"/\".")
    .max(500, "Use at most 500 characters.")
    .optional(),
});
export type PageForm = z.infer<typeof PageFormSchema>;

/**
 * Why a page cannot have this address, from the public site's route table: the address must be
 * routed to the content page route (any other route owns it, and a page there would never be seen).
 * @returns a message naming the allowed addresses, or null when the slug is free of other routes
 */
export function slugShadowProblem(routes: readonly PublicRoute[], slug: string): string | null {
  const matches = matchRoutes(
    routes.map((r, i) => ({ id: String(i), path: r.path })),
    `/${slug}`,
  );
  const route = matches?.at(-1) ? routes[Number(matches.at(-1)!.route.id)] : null;
  if (route?.contentPage) return null;
  const allowed = routes
    .filter((r) => r.contentPage)
    .map((r) => r.path.replace(/\/(\*|:[^/]+)$/, "/…"))
    .sort();
  return `/${slug} is the address of another part of the site${route && route.path !== "/*" ? ` (${route.path})` : ""}. A page can use one of: ${allowed.join(", ")}.`;
}

/**
 * Saves the page form: a new page (unpublished until published), a change to the site's own page,
 * or the site's own copy of a shared template. Audited with the before and after.
 * @param id the row edited, or null for a new page
 * @returns the site row's id
 * @throws ContentInputError when the slug is taken by another of the site's pages or shadows a route
 */
export async function savePage(db: Database, actor: SettingsActor, siteId: number, id: number | null, input: PageForm, routes: readonly PublicRoute[]): Promise<number> {
  return db.transaction(async (tx) => {
    const existing = id === null ? null : await pageForEdit(tx, siteId, id);
    if (id !== null && !existing) throw new ContentInputError("This page no longer exists.");
    if (!existing || existing.slug !== input.slug) {
      const problem = slugShadowProblem(routes, input.slug);
      if (problem) throw new ContentInputError(problem, "slug");
      const [taken] = await tx
        .select({ id: contentPages.id })
        .from(contentPages)
        .where(and(eq(contentPages.siteId, siteId), eq(contentPages.slug, input.slug), existing?.siteId === siteId ? ne(contentPages.id, existing.id) : undefined));
      if (taken) throw new ContentInputError(`The site already has a page at /${input.slug}.`, "slug");
    }
    const values = { slug: input.slug, title: input.title, description: input.description, body: input.body, imageUrl: input.imageUrl ?? null, updatedAt: new Date() };
    const before = existing ? { slug: existing.slug, title: existing.title, description: existing.description, body: existing.body, imageUrl: existing.imageUrl } : null;
    let rowId: number;
    if (existing && existing.siteId === siteId) {
      await tx.update(contentPages).set(values).where(eq(contentPages.id, existing.id));
      rowId = existing.id;
    } else {
      // A new page starts unpublished; the site's copy of a shared template keeps the template's state.
      const kind = existing?.kind === "landing" ? "landing" : contentKindOf(input.slug);
      const [row] = await tx
        .insert(contentPages)
        .values({ siteId, kind, ...values, enabled: existing ? existing.enabled : false, publishedAt: kind === "article" ? new Date() : null })
        .returning({ id: contentPages.id });
      rowId = row.id;
    }
    const after = { slug: input.slug, title: input.title, description: input.description, body: input.body, imageUrl: values.imageUrl };
    await recordAudit(tx, { userId: actor.member.id, actorEmail: actor.member.email, siteId, action: existing ? "content.page-save" : "content.page-create", entity: "content-page", entityId: `/${input.slug}`, before, after, ipAddress: actor.ipAddress });
    return rowId;
  });
}

/**
 * Publishes or unpublishes the site's page (a shared template gets the site's own copy first).
 * An unpublished page's URL answers 404, or redirects to `redirectTo` (saved as the site's
 * redirect, loop-checked, in the same transaction).
 * @throws ContentInputError for a bad or looping redirect target
 */
export async function setPagePublished(db: Database, actor: SettingsActor, siteId: number, id: number, published: boolean, redirectTo: string | null = null): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await pageForEdit(tx, siteId, id);
    if (!row) throw new ContentInputError("This page no longer exists.");
    let rowId = row.id;
    if (row.siteId === null) {
      const { id: _id, siteId: _s, ...copy } = row;
      const [own] = await tx.insert(contentPages).values({ ...copy, siteId, updatedAt: new Date() }).returning({ id: contentPages.id });
      rowId = own.id;
    }
    await tx.update(contentPages).set({ enabled: published, updatedAt: new Date(), ...(published && row.publishedAt && row.publishedAt > new Date() ? { publishedAt: new Date() } : {}), ...(published ? { unpublishedAt: null } : {}) }).where(eq(contentPages.id, rowId));
    if (!published && redirectTo) await putRedirect(tx, actor, siteId, { from: `/${row.slug}`, to: redirectTo }, null);
    await recordAudit(tx, { userId: actor.member.id, actorEmail: actor.member.email, siteId, action: published ? "content.page-publish" : "content.page-unpublish", entity: "content-page", entityId: `/${row.slug}`, before: { published: row.enabled }, after: { published, redirectTo }, ipAddress: actor.ipAddress });
  });
}

/** One redirect as the console lists it. */
export interface ConsoleRedirect {
  id: number;
  from: string;
  to: string;
  updatedAt: Date;
}

/** The site's redirects, by old path. */
export async function listRedirects(db: Pick<Database, "select">, siteId: number): Promise<ConsoleRedirect[]> {
  return db.select({ id: siteRedirects.id, from: siteRedirects.fromPath, to: siteRedirects.toPath, updatedAt: siteRedirects.updatedAt }).from(siteRedirects).where(eq(siteRedirects.siteId, siteId)).orderBy(asc(siteRedirects.fromPath));
}

/** The redirect form (old path, new path or https URL). */
export const RedirectFormSchema = z.object({
  from: z.string({ error: "Enter the old address, e.g. /pages/old-offer." }).trim().max(500, "Use at most 500 characters."),
  to: z.string({ error: "Enter the new address, e.g. /special-offers." }).trim().max(500, "Use at most 500 characters."),
});

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/**
 * A redirect's old path of this site, normalised.
 * @throws ContentInputError (field "from") for what is not a path of this site
 */
function checkedFrom(input: string): string {
  const from = normaliseSitePath(input);
  if (!from) throw new ContentInputError("Enter a path of this site starting with \"/\", e.g. /pages/old-offer.", "from");
  return from;
}

/**
 * A redirect as typed, normalised: the old path of this site, and a path of this site (its query
 * kept) or an https:// address.
 * @throws ContentInputError (field "from" or "to") for what is neither
 */
function checkedRedirect(input: { from: string; to: string }): RedirectRule {
  const from = checkedFrom(input.from);
  const external = /^https:\/\/[^\s"'<>]+$/i.test(input.to);
  const toPath = external ? null : normaliseSitePath(input.to);
  if (!external && !toPath) throw new ContentInputError("Enter a path of this site starting with \"/\", or an https:// address.", "to");
  // The target keeps its query string (an SRP with filters); only its path takes part in loops.
  return { from, to: external ? input.to : `${toPath}${/\?[^#]*/.exec(input.to)?.[0] ?? ""}` };
}

/**
 * What the editor says of a loop a redirect would close (its paths from the redirect back to it).
 * @param when "" for a save now, or when a scheduled one would close it
 */
function loopMessage(loop: string[], when = ""): string {
  return loop.length === 2 ? `${loop[0]} cannot redirect to itself.` : `This redirect would make a loop${when}: ${loop.join(" → ")}. Change or remove one of them first.`;
}

/**
 * Adds or replaces the redirect from `rule.from` (the old path's existing redirect is replaced).
 * @param id the redirect being edited (its old path may change), or null
 * @throws ContentInputError (field "from" or "to") for a path that is not the site's, a redirect
 *   to itself, or one that closes a loop through the site's other redirects (the loop is named)
 */
async function putRedirect(tx: Tx, actor: SettingsActor, siteId: number, input: { from: string; to: string }, id: number | null): Promise<void> {
  const { from, to } = checkedRedirect(input);
  const rows = await tx.select({ id: siteRedirects.id, from: siteRedirects.fromPath, to: siteRedirects.toPath }).from(siteRedirects).where(eq(siteRedirects.siteId, siteId)).for("update");
  const rules: RedirectRule[] = rows.filter((r) => r.id !== id).map((r) => ({ from: r.from, to: r.to }));
  const loop = redirectLoop(rules, { from, to });
  if (loop) throw new ContentInputError(loopMessage(loop), "to");
  const before = rows.find((r) => r.id === id) ?? rows.find((r) => r.from === from) ?? null;
  if (id !== null && !rows.some((r) => r.id === id)) throw new ContentInputError("This redirect no longer exists.");
  if (id !== null) await tx.delete(siteRedirects).where(and(eq(siteRedirects.id, id), eq(siteRedirects.siteId, siteId)));
  await tx
    .insert(siteRedirects)
    .values({ siteId, fromPath: from, toPath: to })
    .onConflictDoUpdate({ target: [siteRedirects.siteId, siteRedirects.fromPath], set: { toPath: to, updatedAt: new Date() } });
  await recordAudit(tx, { userId: actor.member.id, actorEmail: actor.member.email, siteId, action: "content.redirect-save", entity: "redirect", entityId: from, before: before ? { from: before.from, to: before.to } : null, after: { from, to }, ipAddress: actor.ipAddress });
}

/** {@link putRedirect} in its own transaction (the redirects page). */
export async function saveRedirect(db: Database, actor: SettingsActor, siteId: number, input: { from: string; to: string }, id: number | null = null): Promise<void> {
  await db.transaction((tx) => putRedirect(tx, actor, siteId, input, id));
}

/** Removes one of the site's redirects (audited); nothing happens for another site's id. */
export async function deleteRedirect(db: Database, actor: SettingsActor, siteId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(siteRedirects).where(and(eq(siteRedirects.id, id), eq(siteRedirects.siteId, siteId))).returning();
    if (!row) return;
    await recordAudit(tx, { userId: actor.member.id, actorEmail: actor.member.email, siteId, action: "content.redirect-delete", entity: "redirect", entityId: row.fromPath, before: { from: row.fromPath, to: row.toPath }, after: null, ipAddress: actor.ipAddress });
  });
}

/** The form that schedules removing a redirect (its old path). */
export const RedirectRemovalFormSchema = z.object({
  from: z.string({ error: "Choose the redirect to remove." }).trim().max(500, "Use at most 500 characters."),
});

/**
 * Schedules adding (or replacing) or removing one of the site's redirects at `runAt`, audited.
 * The change is checked as a save is (paths, loops), against the redirects as they will be then:
 * today's with the pending redirect changes due by then applied; and it must not stop a redirect
 * change scheduled for later from applying. A pending change of the same action and old path is
 * replaced. The scheduler checks it again when it applies (an invalid result fails it).
 * @param timeZone the site's, for naming a later change in a message
 * @returns the scheduled change's id
 * @throws ContentInputError (field "from" or "to") for a path that is not the site's, a loop, a
 *   removal of a redirect that will not exist then, or a later change it would stop
 */
export async function scheduleRedirectChange(db: Database, actor: SettingsActor, site: { id: number; timeZone: string }, input: { action: "add"; from: string; to: string } | { action: "remove"; from: string }, runAt: Date): Promise<number> {
  const change: RedirectChange = input.action === "add" ? { action: "add", ...checkedRedirect(input) } : { action: "remove", from: checkedFrom(input.from) };
  const field = change.action === "add" ? "to" : "from";
  return scheduleSiteChange(db, actor, {
    siteId: site.id,
    entity: "redirect",
    entityId: site.id,
    action: change.action,
    runAt,
    payload: change.action === "add" ? { from: change.from, to: change.to } : { from: change.from },
    key: { from: change.from },
    label: change.from,
    check: async (tx) => {
      const rules = await tx.select({ from: siteRedirects.fromPath, to: siteRedirects.toPath }).from(siteRedirects).where(eq(siteRedirects.siteId, site.id)).for("update");
      const pending = (await pendingRedirectChanges(tx, site.id)).filter((p) => p.action !== change.action || p.from !== change.from);
      const problem = scheduledRedirectProblem(rules, pending, change, runAt.getTime());
      if (!problem) return;
      if (problem.kind === "loop") throw new ContentInputError(loopMessage(problem.loop, " at that time (with the redirect changes scheduled before it)"), field);
      if (problem.kind === "missing") throw new ContentInputError(`There is no redirect from ${change.from} at that time to remove.`, "from");
      const later = problem.change;
      const what = later.action === "add" ? `adding ${later.from} → ${later.to}` : `removing the redirect from ${later.from}`;
      const why = problem.problem.kind === "loop" ? `it would then make a loop: ${problem.problem.loop.join(" → ")}` : "there would be no such redirect by then";
      throw new ContentInputError(`This would stop a change scheduled for ${momentInWords(later.runAt, site.timeZone)} (${what}): ${why}. Cancel or change that one first.`, field);
    },
  });
}

/** The site's pending redirect changes, in the order the scheduler applies them. */
async function pendingRedirectChanges(db: Pick<Database, "select">, siteId: number): Promise<TimedRedirectChange[]> {
  const rows = await db
    .select({ action: scheduledChanges.action, payload: scheduledChanges.payload, runAt: scheduledChanges.runAt })
    .from(scheduledChanges)
    .where(and(eq(scheduledChanges.siteId, siteId), eq(scheduledChanges.entity, "redirect"), eq(scheduledChanges.status, "pending")))
    .orderBy(asc(scheduledChanges.runAt), asc(scheduledChanges.id));
  return rows.map((r) => ({ ...(r.payload as { from: string; to?: string }), action: r.action, runAt: r.runAt.getTime() }) as TimedRedirectChange);
}

/**
 * The whole site (its resolved SiteConfig) for a console page that already passed its guard.
 * @throws a 404 response when the site is gone
 */
export async function resolvedSite(db: Database, slug: string): Promise<Site> {
  const site = await getSiteBySlug(db, slug);
  if (!site) throw data("No such site", { status: 404 });
  return site;
}

/**
 * Draft previews on a dealer site's host (issue 48 item 5, decision 276). `GET /__preview?token=`
 * turns a signed console link into a preview cookie for this host; with a valid cookie, the site
 * is rendered with its current draft instead of its published config, marked as a preview, and
 * never stored by any cache. Without one (every shopper), nothing changes. `/__preview/exit` ends it.
 */
import type { MiddlewareHandler } from "hono";
import { getCookie, setCookie, deleteCookie } from "hono/cookie";
import { eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { dealerGroups, siteConfigDrafts, sites as sitesTable } from "../db/schema/index";
import { PREVIEW_COOKIE, PREVIEW_PATH, verifyPreviewToken } from "../app/console/preview-token.server";
import { resolveSiteConfig } from "../app/sites/resolve-config";
import { mergeConfigSections } from "../app/console/settings.server";
import { isValidSiteConfig } from "../app/console/settings-form";
import { pendingChangesDueBy } from "../app/services/scheduled-changes.server";
import { previewOverlay } from "../app/domain/content/scheduled-overlay";
import type { Site } from "../app/sites/site";

/** What preview answers say to caches: nobody keeps them. */
export const PREVIEW_CACHE_CONTROL = "private, no-store";

/**
 * Where a preview link lands: its `next` path on this host (issue 50: an offer's page), else the
 * home page. Only a same-host path is followed, never another origin.
 */
export function previewLanding(next: string | undefined): string {
  return next && /^\/(?![/\\])[^\s]{0,500}$/.test(next) ? next : "/";
}

/**
 * The site as its pending scheduled changes due by `asOf` will leave it (issue 50 item 7): the
 * navigation, model statuses, promotions and theme laid into its config (over the draft, when
 * previewing one), pages' published states, locations' hours and details, and redirects. A distinct negative config version keeps anything
 * memoised per site version apart from the published site's.
 */
async function withScheduledAsOf(db: Database, site: Site, asOf: number, draft: { draft: unknown; groupConfig: unknown } | null): Promise<Site> {
  const due = await pendingChangesDueBy(db, site.id, asOf);
  if (!due.length) return site;
  const overlay = previewOverlay(due);
  let { config, configVersion } = site;
  if (Object.keys(overlay.sections).length) {
    const [stored] = draft ? [{ config: draft.draft, groupConfig: draft.groupConfig }] : await db.select({ config: sitesTable.config, groupConfig: dealerGroups.config }).from(sitesTable).leftJoin(dealerGroups, eq(dealerGroups.id, sitesTable.dealerGroupId)).where(eq(sitesTable.id, site.id));
    const merged = mergeConfigSections((stored?.config ?? {}) as Record<string, unknown>, overlay.sections, overlay.replaced);
    // A scheduled change the config would refuse fails when it runs; the preview shows the site without it.
    if (isValidSiteConfig(stored?.groupConfig ?? {}, merged)) config = resolveSiteConfig(stored?.groupConfig ?? {}, merged);
  }
  configVersion = -(1_000_000 + Math.floor(asOf / 60_000));
  return { ...site, config, configVersion, preview: { ...site.preview!, pages: overlay.pages, locationChanges: overlay.locationChanges, redirectChanges: overlay.redirectChanges } };
}

/** Mount after the site is chosen (it reads and may replace `c.get("site")`). */
export function sitePreview(db: Database): MiddlewareHandler<{ Variables: { site: Site; console: boolean; requestId: string } }> {
  return async (c, next) => {
    const site = c.get("site");
    const secure = new URL(c.req.url).protocol === "https:";
    if (c.req.path === `${PREVIEW_PATH}/exit`) {
      deleteCookie(c, PREVIEW_COOKIE, { path: "/", secure });
      return c.redirect("/", 303);
    }
    if (c.req.path === PREVIEW_PATH) {
      const token = c.req.query("token") ?? "";
      const claims = await verifyPreviewToken(db, token);
      if (!claims || claims.siteId !== site.id) {
        c.header("Cache-Control", "no-store");
        return c.html(`<!doctype html><html lang="en-AU"><head><title>Preview link expired</title></head><body><main><h1>This preview link has expired or is not for this site</h1><p>Open the preview again from the console.</p></main></body></html>`, 403);
      }
      setCookie(c, PREVIEW_COOKIE, token, { path: "/", httpOnly: true, sameSite: "Lax", secure, maxAge: Math.max(1, claims.exp - Math.floor(Date.now() / 1000)) });
      c.header("Cache-Control", "no-store");
      return c.redirect(previewLanding(c.req.query("next")), 303);
    }
    const token = getCookie(c, PREVIEW_COOKIE);
    if (!token) return next();
    const claims = await verifyPreviewToken(db, token);
    if (!claims || claims.siteId !== site.id) {
      // Expired, or a cookie for another site: the public site, and the cookie goes.
      deleteCookie(c, PREVIEW_COOKIE, { path: "/", secure });
      return next();
    }
    const [row] = await db
      .select({ draft: siteConfigDrafts.config, revision: siteConfigDrafts.revision, groupConfig: dealerGroups.config })
      .from(siteConfigDrafts)
      .innerJoin(sitesTable, eq(sitesTable.id, siteConfigDrafts.siteId))
      .leftJoin(dealerGroups, eq(dealerGroups.id, sitesTable.dealerGroupId))
      .where(eq(siteConfigDrafts.siteId, site.id));
    // A negative config version never equals a published one, so nothing memoised per site
    // version (site-memo, car cards) mixes draft and published values.
    const content = { ...(claims.asOf !== undefined ? { asOf: claims.asOf } : {}), ...(claims.drafts ? { drafts: true } : {}) };
    let preview: Site = row
      ? { ...site, config: resolveSiteConfig(row.groupConfig ?? {}, row.draft), configVersion: -row.revision, preview: { draftRevision: row.revision, ...content } }
      : { ...site, preview: { draftRevision: 0, ...content } };
    if (claims.asOf !== undefined) preview = await withScheduledAsOf(db, preview, claims.asOf, row ?? null);
    c.set("site", preview);
    await next();
    c.res.headers.set("Cache-Control", PREVIEW_CACHE_CONTROL);
    c.res.headers.set("X-Robots-Tag", "noindex");
  };
}

/**
 * The public side of a site's redirects (issue 50 items 2 and 7): the target of an old URL. The server
 * asks only when the site answered 404 (server/app.ts), so pages that exist pay nothing.
 */
import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { siteRedirects } from "../../db/schema/index";
import { normaliseSitePath, withRedirectChanges } from "~/domain/content/redirects";
import type { Site } from "~/sites/site";

/**
 * @param site the site; a staff preview "as of" a moment answers the redirects as the changes
 *   scheduled by then leave them
 * @param path the request's path (any case, trailing slash allowed)
 * @returns the redirect's target (a site path or absolute URL), or null when none is set
 */
export async function findRedirect(db: Database, site: Pick<Site, "id" | "preview">, path: string): Promise<string | null> {
  let decoded: string;
  try {
    decoded = decodeURI(path);
  } catch {
    return null;
  }
  const from = normaliseSitePath(decoded) ?? normaliseSitePath(path);
  if (!from) return null;
  const changes = site.preview?.redirectChanges;
  if (changes?.length) {
    // Whether a scheduled add applies depends on every redirect of the site (the loop check).
    const rows = await db.select({ from: siteRedirects.fromPath, to: siteRedirects.toPath }).from(siteRedirects).where(eq(siteRedirects.siteId, site.id));
    return withRedirectChanges(rows, changes).find((r) => r.from === from)?.to ?? null;
  }
  const [row] = await db.select({ to: siteRedirects.toPath }).from(siteRedirects).where(and(eq(siteRedirects.siteId, site.id), eq(siteRedirects.fromPath, from)));
  return row?.to ?? null;
}

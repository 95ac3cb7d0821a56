/**
 * The public side of a site's redirects (issue 50 item 2): the target of an old URL. The server
 * asks only when the site answered 404 (server/app.ts), so pages that exist pay nothing.
 */
import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { siteRedirects } from "../../db/schema/index";
import { normaliseSitePath } from "~/domain/content/redirects";

/**
 * @param path the request's path (any case, trailing slash allowed)
 * @returns the redirect's target (a site path or absolute URL), or null when none is set
 */
export async function findRedirect(db: Database, siteId: number, path: string): Promise<string | null> {
  let decoded: string;
  try {
    decoded = decodeURI(path);
  } catch {
    return null;
  }
  const from = normaliseSitePath(decoded) ?? normaliseSitePath(path);
  if (!from) return null;
  const [row] = await db.select({ to: siteRedirects.toPath }).from(siteRedirects).where(and(eq(siteRedirects.siteId, siteId), eq(siteRedirects.fromPath, from)));
  return row?.to ?? null;
}

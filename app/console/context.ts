/**
 * The console's per-request values on the router context (decision 249): set by the server for
 * requests on the console host, null on every dealer host.
 */
import { sharedContext } from "../context";
import type { StaffAuth } from "./auth.server";

export interface ConsoleRequest {
  auth: StaffAuth;
  /** The console's public origin for this request, e.g. "http://console.localhost:3000". */
  origin: string;
  clientIp: string | null;
  /**
   * Set-Cookie values the server adds to this request's response, whatever route answers (the
   * staff session's renewed signed copy, read by the guard in a loader).
   */
  responseCookies?: string[];
  /**
   * Tells this process's site resolver that sites or their hosts changed (onboarding), so the new
   * host answers on its next request rather than after the resolver's cache time.
   */
  sitesChanged?: () => void;
  /**
   * Issue 50: the public site's route patterns (from the server build), for the content editor's
   * "a page's URL must not shadow another page" rule. Absent in a bare test context.
   */
  publicRoutes?: () => Promise<PublicRoute[]>;
  /**
   * Issue 50: what a shopper's GET of `path` on the site answers, through the whole app in this
   * process (the navigation editor refuses a link that answers 404).
   */
  probeSitePath?: (siteSlug: string, path: string) => Promise<{ status: number; location: string | null }>;
}

/** One public route: its full path pattern, and whether it is the content page route (served from content_pages). */
export interface PublicRoute {
  path: string;
  contentPage: boolean;
}

export const consoleContext = sharedContext<ConsoleRequest | null>("console", null);

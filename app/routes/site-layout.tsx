/**
 * Every page's parent (a pathless layout, no loader): its error boundary catches a page's
 * failure below the root, so the error page keeps the site's header, footer and phone number
 * (React Router drops the loader data of the route whose boundary shows an error, and of the
 * routes below it: at the root that was the whole chrome). Issue 51 section 1.
 */
import { useEffect, useLayoutEffect, useRef } from "react";
import { Outlet, useLocation } from "react-router";
import { SiteErrorPage } from "~/components/layout/site-error-page";
import { recordVisit } from "~/components/leads/lead-storage";

export default function SiteLayout() {
  const { pathname, search } = useLocation();
  const landed = useRef<{ pathname: string; search: string } | null>(null);
  const moved = useRef(false);
  // The session's visit trail from its first page (spec 7 lead_attributes; issue 51 section 3),
  // kept in session storage, so the server's cached HTML never holds it. The page a document
  // loads with is written when the shopper leaves it or moves on in the app (a lead form writes
  // its own page as it mounts), never while the page loads: the first session-storage access
  // can take milliseconds the page's loading should not spend.
  useEffect(() => {
    const first = { pathname, search };
    landed.current = first;
    const leave = () => {
      if (!moved.current) recordVisit(first);
    };
    window.addEventListener("pagehide", leave);
    return () => window.removeEventListener("pagehide", leave);
  }, []); // eslint-disable-line react-hooks/exhaustive-deps
  // A layout effect: recorded as the new page commits, so a shopper who moves on at once (a new
  // document load before the next frame) does not leave it out of the trail.
  useLayoutEffect(() => {
    const first = landed.current;
    if (first === null || (!moved.current && first.pathname === pathname && first.search === search)) return;
    if (!moved.current) {
      moved.current = true;
      recordVisit(first);
    }
    recordVisit({ pathname, search });
  }, [pathname, search]);
  return <Outlet />;
}

export function ErrorBoundary() {
  return <SiteErrorPage />;
}

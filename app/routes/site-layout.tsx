/**
 * Every page's parent (a pathless layout, no loader): its error boundary catches a page's
 * failure below the root, so the error page keeps the site's header, footer and phone number
 * (React Router drops the loader data of the route whose boundary shows an error, and of the
 * routes below it: at the root that was the whole chrome). Issue 51 section 1.
 */
import { useEffect } from "react";
import { Outlet, useLocation } from "react-router";
import { SiteErrorPage } from "~/components/layout/site-error-page";
import { recordVisit } from "~/components/leads/lead-storage";

export default function SiteLayout() {
  const { pathname, search } = useLocation();
  // The session's visit trail from its first page (spec 7 lead_attributes; issue 51 section 3),
  // kept in session storage after hydration, so the server's cached HTML never holds it.
  useEffect(() => {
    recordVisit();
  }, [pathname, search]);
  return <Outlet />;
}

export function ErrorBoundary() {
  return <SiteErrorPage />;
}

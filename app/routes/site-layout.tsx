/**
 * Every page's parent (a pathless layout, no loader): its error boundary catches a page's
 * failure below the root, so the error page keeps the site's header, footer and phone number
 * (React Router drops the loader data of the route whose boundary shows an error, and of the
 * routes below it: at the root that was the whole chrome). Issue 51 section 1.
 */
import { Outlet } from "react-router";
import { SiteErrorPage } from "~/components/layout/site-error-page";

export default function SiteLayout() {
  return <Outlet />;
}

export function ErrorBoundary() {
  return <SiteErrorPage />;
}

/**
 * The error page of every route (issue 51 section 1; spec 8 "Server error codes: not shown"):
 * a proper 404 and 410, and a calm message for the rest. It never shows a response's body (a
 * proxy's error page, a stack) and always offers a next step: try again, browse the stock, or
 * call the dealer (the site's main number, when the site's data loaded).
 */
import { isRouteErrorResponse, useLocation, useRouteError, useRouteLoaderData } from "react-router";
import { Link } from "react-router";
import { readChrome, type SiteChromeData } from "~/components/layout/chrome-json";
import { telHref } from "~/domain/display/tel";

/** The fixed sentence for a status the page can show; never the response's own body. */
function errorText(status: number | null): { title: string; text: string } {
  if (status === 404) return { title: "Page not found", text: "We couldn't find the page you were looking for. It may have moved, or the car may have been sold." };
  if (status === 410) return { title: "This vehicle is no longer available", text: "It has been withdrawn from sale. Have a look at similar stock instead." };
  if (status === 400) return { title: "That request did not make sense", text: "Please check the address, or browse our stock instead." };
  return { title: "Something went wrong", text: "Sorry, this page failed to load. Please try again in a moment, browse our stock, or call us." };
}

/** A thrown 400's own message when it is one short line of text, else null (never markup or a dump). */
function ownMessage(data: unknown): string | null {
  return typeof data === "string" && data.length <= 300 && !/[<>\n]/.test(data) ? data : null;
}

/** Renders the error that React Router caught for this route (useRouteError). */
export function SiteErrorPage() {
  const error = useRouteError();
  const location = useLocation();
  const root = useRouteLoaderData("root") as { chrome: SiteChromeData } | undefined;
  const chrome = root ? readChrome(root.chrome) : null;
  const status = isRouteErrorResponse(error) ? error.status : null;
  // In the browser only: on the server React Router has already logged it once, without personal
  // data, on the app logger (handleError in app/entry.server.tsx).
  if (status === null && typeof document !== "undefined") console.error(error);
  const { title, text } = errorText(status);
  // A 400 of our own loaders says which parameter was wrong (spec 5: a readable 400); that short
  // plain sentence is ours, unlike a 5xx body, which may be a proxy's page or a stack.
  const detail = status === 400 && isRouteErrorResponse(error) ? ownMessage(error.data) : null;
  const retry = status === null || status >= 500;
  return (
    <section aria-labelledby="error-title" className="py-16 text-center" data-testid="error-page">
      <title>{title}</title>
      {status !== null ? <p className="text-sm font-semibold text-slate-500">Error {status}</p> : null}
      <h1 id="error-title" className="mt-2 text-3xl font-bold">
        {title}
      </h1>
      <p className="mt-4 text-slate-600">{text}</p>
      {detail ? <p className="mt-2 text-slate-600" data-testid="error-detail">{detail}</p> : null}
      <p className="mt-8 flex flex-wrap justify-center gap-4">
        {retry ? (
          // A plain document link to the same address: a whole new load, with or without JavaScript.
          <a href={`${location.pathname}${location.search}`} data-testid="error-retry" className="rounded bg-[var(--site-primary)] px-4 py-2 font-semibold text-[var(--site-on-primary)]">
            Try again
          </a>
        ) : (
          <Link to="/" className="rounded bg-[var(--site-primary)] px-4 py-2 font-semibold text-[var(--site-on-primary)]">
            Go to the home page
          </Link>
        )}
        <Link to="/search/used-cars" data-testid="error-search" className="rounded border border-slate-300 px-4 py-2">
          Browse stock
        </Link>
        {chrome?.phone ? (
          <a href={telHref(chrome.phone)} data-testid="error-call" className="rounded border border-slate-300 px-4 py-2">
            Call {chrome.name}
          </a>
        ) : null}
      </p>
    </section>
  );
}

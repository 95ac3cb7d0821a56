import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
  useMatches,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import stylesheetHref from "./app.css?url";
import { SiteFooter, SiteHeader, type SiteChrome } from "./components/layout/site-chrome";
import { HydratedLater } from "./components/island";
import { useSignalPageHydrated } from "./components/use-hydrated";
import { TraversalBeforeHydration } from "./components/traversal-before-hydration";
import { readChrome, writeChrome } from "./components/layout/chrome-json";
import { StickyFooter } from "./components/layout/sticky-footer";
import { dbContext, requestInfoContext, siteContext } from "./context";
import { chromeLocations, siteLocations } from "./services/locations.server";
import { buildAccountView } from "./services/account-view.server";
import { SiteToaster } from "./components/accounts/site-toaster";
import { AccountControl } from "./components/accounts/account-control";
import { loadSiteNavigation } from "./services/navigation.server";
import { formatPhone, maskPhone } from "./domain/display/phone";
import { SiteErrorPage } from "./components/layout/site-error-page";
import { consoleContext } from "./console/context";
import { momentInWords } from "./domain/content/schedule";
import { focusRingOnPrimary } from "./domain/display/theme-contrast";

/**
 * The site's one stylesheet, as a React stylesheet resource (`precedence`): React writes it at the
 * top of `<head>`, before the script preloads, so a browser fetches it first (issue 15 LCP: as a
 * plain `<link>` it came after 22 module preloads, which took the six HTTP/1.1 connections first).
 */
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: stylesheetHref, precedence: "high" }];

export async function loader({ context, request }: Route.LoaderArgs) {
  // The dealer console has no site and its own frame (routes/console/layout.tsx, decision 249).
  if (context.get(consoleContext)) return null;
  const site = context.get(siteContext);
  const db = context.get(dbContext);
  // Issue 15: once per site version, not per request.
  const locations = await siteLocations(db, site);
  const mainPhone = site.config.phones.main ? formatPhone(site.config.phones.main) : null;
  const chrome: SiteChrome = {
    slug: site.slug,
    name: site.name,
    tagline: site.config.theme.tagline,
    logoUrl: site.config.theme.logoUrl,
    // One form for every number on the page (formatPhone): the tel: links are made from it.
    phone: mainPhone,
    // Issue 17 (decision 174): the header masks its number like the call panel when the site says so.
    phoneText: mainPhone && site.config.presentation.maskHeaderPhone ? maskPhone(mainPhone) : mainPhone,
    financePath: site.config.finance.linkPath,
    carTypes: site.config.carTypes,
    certifiedPreOwned: site.config.certifiedPreOwned,
    itemPlural: site.config.itemNoun.plural,
    locations: chromeLocations(locations),
    locationPrefix: site.config.links.locationDetailPrefix,
    navigation: await loadSiteNavigation(db, site, locations, context.get(requestInfoContext).now),
  };
  return {
    // Decision 193: its per-site-version parts travel as one JSON string each (readChrome below).
    chrome: writeChrome(chrome),
    // Issue 9: the shopper's own account data (never cached publicly: server/app.ts).
    account: await buildAccountView(request, site, db),
    theme: { primary: site.config.theme.primary, onPrimary: site.config.theme.onPrimary, accent: site.config.theme.accent, focusOnPrimary: focusRingOnPrimary(site.config.theme), faviconUrl: site.config.theme.faviconUrl },
    // Issue 48: a staff member previewing the settings draft (never a shopper: server/preview.ts).
    preview: site.preview ? { draft: site.preview.draftRevision, asOf: site.preview.asOf ? momentInWords(site.preview.asOf, site.config.timeZone) : null } : null,
  };
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  useSignalPageHydrated();
  // The console is server-rendered without the client router: its URLs are not the router's
  // (decision 249), so it gets no scripts and no site chrome.
  if (useMatches().some((m) => m.id === "console-layout")) return <ConsoleDocument>{children}</ConsoleDocument>;
  const chrome = data ? readChrome(data.chrome) : null;
  const style = data
    ? ({ "--site-primary": data.theme.primary, "--site-on-primary": data.theme.onPrimary, "--site-accent": data.theme.accent, "--site-focus-on-primary": data.theme.focusOnPrimary } as React.CSSProperties)
    : undefined;
  const head = (
    <head>
      <meta charSet="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      {data ? <meta name="theme-color" content={data.theme.primary} /> : null}
      {chrome ? <meta property="og:site_name" content={chrome.name} /> : null}
      {chrome ? data?.theme.faviconUrl ? <link rel="icon" type="image/png" href={data.theme.faviconUrl} /> : <link rel="icon" type="image/svg+xml" href={chrome.logoUrl ?? "/favicon.svg"} /> : null}
      {data ? <link rel="apple-touch-icon" href="/apple-touch-icon.png" /> : null}
      <Meta />
      <Links />
    </head>
  );
  const page = (
    <>
      {head}
      <body className="min-h-screen font-sans antialiased">
        {data?.preview != null ? (
          <div role="region" aria-label="Preview" className="sticky top-0 z-50 bg-amber-300 px-4 py-2 text-center text-sm font-semibold text-slate-900">
            {data.preview.asOf ? `Preview of the site as of ${data.preview.asOf}` : "Preview of unpublished settings"}
            {data.preview.draft ? ` (settings draft ${data.preview.draft})` : ""}. Shoppers do not see this. <a href="/__preview/exit" className="underline">Leave the preview</a>
          </div>
        ) : null}
        {chrome ? (
          // Decision 203: the header hydrates in a task of its own, after the page's.
          <HydratedLater part="site-header">
            <SiteHeader site={chrome} accountSlot={<AccountControl />} />
          </HydratedLater>
        ) : null}
        <main id="main" className="mx-auto max-w-7xl px-4 py-6">
          {children}
        </main>
        {chrome ? <SiteFooter site={chrome} /> : null}
        {chrome ? <SiteToaster /> : null}
        {chrome ? <StickyFooter data={chrome.navigation.stickyFooter} /> : null}
        <TraversalBeforeHydration />
        <ScrollRestoration />
        <Scripts />
      </body>
    </>
  );
  return (
    <html lang="en-AU" style={style}>
      {page}
    </html>
  );
}

function ConsoleDocument({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en-AU">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-white font-sans text-slate-900 antialiased">{children}</body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

/**
 * The root loader's data (chrome, theme, the shopper's account) depends on the site and the
 * shopper, never on the path or query string, so a page-to-page GET does not reload it; a form
 * post (sign-in, watchlist, a lead) still does. A failed GET (network, a 5xx page) then fails
 * only in the page's own route: a search refinement keeps its previous results (spec 4) and an
 * error page keeps the site's header, footer and phone number (issue 51 section 1).
 */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (!formMethod || formMethod.toUpperCase() === "GET") return false;
  return defaultShouldRevalidate;
}

/**
 * Only when the root's own data failed (the site's chrome is not there): the same page without
 * the header and footer. A page's failure is caught below it, in routes/site-layout.tsx.
 */
export function ErrorBoundary() {
  return <SiteErrorPage />;
}

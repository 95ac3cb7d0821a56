/**
 * The HTTP app (Hono): request logging, request methods, security headers, compression, static
 * assets, health checks, tenant resolution, then React Router's request handler with the site and
 * database on the router context.
 */
import { randomUUID } from "node:crypto";
import { getConnInfo } from "@hono/node-server/conninfo";
import { trace } from "@opentelemetry/api";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";
import { secureHeaders } from "hono/secure-headers";
import { html } from "hono/html";
import type { Logger } from "pino";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import type { DatabaseHandle } from "../db/client";
import { dbContext, requestInfoContext, serverLogContext, siteContext, siteListContext } from "../app/context";
import { safeError } from "../app/domain/logging/safe-error";
import { SiteResolver } from "../app/services/sites.server";
import { hasSessionCookie } from "../app/services/auth.server";
import type { Site } from "../app/sites/site";
import { compression } from "./compress";
import { contentSecurityPolicy } from "./csp";
import { rejectUnsupportedMethods } from "./methods";
import { clientAddress } from "./client-address";
import { hasVisitorCookie, pageCache } from "./page-cache";
import { limitInflightWork, type InflightOptions } from "./inflight";
import { httpRequestDuration, routePatterns, SiteLabels, siteRequests, statusClass } from "./metrics";
import { ignoreTrackingParameters } from "./tracking-params";
import { applyForwardedHeaders, checkOrigin, limitRequestBodies, rejectMalformedUrls } from "./guards";
import { StaffAuth, type StaffMailer } from "../app/console/auth.server";
import { consoleContext } from "../app/console/context";
import { createLeadChannels } from "../app/adapters/lead-channels.server";
import { consoleBranch, consoleRouterRequest } from "./console";
import { sitePreview } from "./preview";
import { publicRoutesLoader } from "./public-routes";
import { findRedirect } from "../app/services/redirects.server";

export interface AppOptions {
  database: DatabaseHandle;
  /** The React Router server build (production) or a loader of it (development). */
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: "production" | "development";
  logger: Logger;
  /** Folder of the client build (build/client); omitted in development (Vite serves assets). */
  clientDir?: string;
  baseDomain?: string | null;
  defaultSite?: string | null;
  /** Behind a trusted proxy: the client IP is X-Forwarded-For's last hop, and X-Forwarded-Proto/-Host rebuild the request URL. */
  trustProxy?: boolean;
  /**
   * Record HTTP request metrics (server/metrics.ts; served on METRICS_PORT, never here):
   * `siteLabels` is how many sites get a label of their own. Omitted: nothing is recorded.
   */
  metrics?: { siteLabels: number } | null;
  /** Name the request's trace span by route and tag it with the site (server/tracing.ts is running). */
  tracing?: boolean;
  /** Page cache for anonymous repeat views (issue 15); default on, with a 64 MB limit. */
  pageCache?: { enabled: boolean; maxBytes?: number; ttlMs?: number };
  /**
   * The per-node cap on requests doing database work (issue 54): limits and timeouts, or false for
   * none. Default: server/inflight.ts DEFAULT_INFLIGHT.
   */
  inflight?: Partial<InflightOptions> | false;
  /** Set once shutdown starts: /readyz answers 503 so load balancers drain this node. */
  isShuttingDown?: () => boolean;
  /** The dealer console (decision 249): its exact host (CONSOLE_HOST), its e-mail and signing secret. */
  console?: { host?: string | null; mailer?: StaffMailer; secret?: string | null };
}

type Env = { Variables: { site: Site; console: boolean; requestId: string } };

/** A proxy's X-Request-Id when it is a plain token (letters, digits, `.`, `_`, `-`; up to 64), else null. */
export function requestIdFrom(header: string | undefined): string | null {
  return header && /^[A-Za-z0-9._-]{1,64}$/.test(header) ? header : null;
}

/** Cache-Control of public HTML pages (issue 15, docs/decisions/180). */
export const PUBLIC_PAGE_CACHE_CONTROL = "public, no-cache, stale-if-error=86400";

/** Logged for a request the client abandoned before the answer (nginx's convention). */
export const CLIENT_CLOSED_REQUEST = 499;

/** Builds the Hono app. Pure wiring; listening and shutdown are in server/index.ts. */
export function createApp(options: AppOptions) {
  const { database, logger } = options;
  const sites = new SiteResolver(database.db, {
    baseDomain: options.baseDomain,
    defaultSite: options.defaultSite,
    onRefreshError: (error) => logger.warn({ err: safeError(error) }, "site list refresh failed; serving the last good list"),
  });
  const handleRequest = createRequestHandler(options.build as ServerBuild, options.mode);
  // Issue 54 item 7: a dealer group's search finds its member sites in the cached list.
  const siteList = () => sites.all();
  const cache = (options.pageCache?.enabled ?? true) ? pageCache({ db: database.db, sites, maxBytes: options.pageCache?.maxBytes, ttlMs: options.pageCache?.ttlMs }) : null;
  const app = new Hono<Env>();
  const staffAuth = new StaffAuth(database.db, options.console?.mailer ?? outboxMailer(), options.console?.secret ?? null);
  const preview = sitePreview(database.db);
  const consoleHost = { consoleHost: options.console?.host ?? null, baseDomain: options.baseDomain ?? null };
  const publicRoutes = publicRoutesLoader(options.build);
  // Issue 50: the navigation editor asks what a shopper would get for a link, from the whole app.
  const probeSitePath = async (siteSlug: string, path: string) => {
    const host = `${siteSlug}.localhost`;
    const response = await app.fetch(new Request(`http://${host}${path}`, { headers: { host } }));
    await response.body?.cancel();
    return { status: response.status, location: response.headers.get("location") };
  };

  app.use(async (c, next) => {
    const started = performance.now();
    // One id per request in every log line about it (and in the trace, when tracing is on).
    const requestId = (options.trustProxy && requestIdFrom(c.req.header("x-request-id"))) || randomUUID();
    c.set("requestId", requestId);
    await next();
    // 499 (as nginx logs it): the client went away before the answer; not a server error (issue 16 defect 11).
    const status = c.req.raw.signal.aborted ? CLIENT_CLOSED_REQUEST : c.res.status;
    logger.info({ req_id: requestId, method: c.req.method, path: c.req.path, host: c.req.header("host"), status, ms: Math.round((performance.now() - started) * 10) / 10 }, "request");
  });
  const routeOf = options.metrics || options.tracing ? routePatterns(typeof options.build === "function" ? null : options.build) : null;
  if (options.metrics && routeOf) {
    const siteLabels = new SiteLabels(options.metrics.siteLabels);
    app.use(async (c, next) => {
      const started = performance.now();
      await next();
      const status = c.req.raw.signal.aborted ? CLIENT_CLOSED_REQUEST : c.res.status;
      const statusLabel = statusClass(status);
      httpRequestDuration.observe({ method: c.req.method, route: routeOf(c.req.path, status), status_class: statusLabel }, (performance.now() - started) / 1000);
      // A page-cache hit never reached the site middleware: resolve the host (a cached list).
      const site = c.get("site") ?? (await sites.forHost(c.req.header("host")));
      siteRequests.inc({ site: siteLabels.label(site?.slug), status_class: statusLabel });
    });
  }
  if (options.tracing && routeOf) {
    // The HTTP server span (server/tracing.ts) is named by route pattern and carries the site slug
    // and request id; never the shopper's address or anything they typed.
    app.use(async (c, next) => {
      const span = trace.getActiveSpan();
      await next();
      if (!span) return;
      const route = routeOf(c.req.path, c.res.status);
      span.updateName(`${c.req.method} ${route}`);
      span.setAttribute("http.route", route);
      span.setAttribute("forecourt.request_id", c.get("requestId"));
      const site = c.get("site") ?? (await sites.forHost(c.req.header("host")));
      if (site) span.setAttribute("forecourt.site", site.slug);
    });
  }
  // OPTIONS and methods no route takes (PUT, DELETE, TRACE, ...) are answered first, the same for
  // every path, before any loader or static file can run for them (server/methods.ts), and before
  // the forwarded headers rebuild the request (a Fetch Request cannot be made with TRACE: a 500).
  const SECURE_HEADERS = secureHeaders({
    // The Content-Security-Policy (hashes of each page's inline scripts) and Permissions-Policy
    // are set by contentSecurityPolicy() below, which sees the uncompressed page.
    contentSecurityPolicy: undefined,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: "strict-origin-when-cross-origin",
  });
  // The 204 or 405 gets the security headers too (the page cache's answers carry them as stored).
  app.use(rejectUnsupportedMethods(SECURE_HEADERS));
  // Then the address the shopper used (behind a trusted proxy), then the page cache: a repeat
  // view is answered with the bytes and headers the whole stack below made the first time.
  app.use(applyForwardedHeaders(options.trustProxy ?? false));
  // An ad landing (utm_*, fbclid, gclid, ...) is the page of the URL without those (decision 221).
  app.use(ignoreTrackingParameters());
  // The console's host is told apart before the page cache and the site resolver (decision 249).
  app.use(consoleBranch({ ...consoleHost, auth: staffAuth, clientIp }));
  if (cache) app.use((c, next) => (c.get("console") ? next() : cache.middleware(c, next)));
  app.use(SECURE_HEADERS);
  app.use(compression());
  app.use(contentSecurityPolicy({ development: options.mode === "development" }));
  app.use(rejectMalformedUrls());
  app.use(checkOrigin());
  app.use(limitRequestBodies());

  app.get("/healthz", (c) => c.json({ status: "ok" }));
  app.get("/readyz", async (c) => {
    if (options.isShuttingDown?.()) return c.json({ status: "shutting down" }, 503);
    try {
      await database.ping();
      return c.json({ status: "ready", database: database.kind });
    } catch (error) {
      logger.warn({ err: safeError(error) }, "readiness check failed");
      return c.json({ status: "database unavailable" }, 503);
    }
  });

  if (options.clientDir) {
    const root = options.clientDir;
    // Fingerprinted build assets never change: cache for a year. Other public files: an hour.
    // Only paths with a file extension can be files; React Router's `.data` requests are not.
    app.use("*", async (c, next) => {
      const path = c.req.path;
      if (!/\.[a-z0-9]+$/i.test(path) || path.endsWith(".data")) return next();
      const file = await serveStatic({ root })(c, async () => {});
      if (!file) return next();
      file.headers.set("Cache-Control", path.startsWith("/assets/") ? "public, max-age=31536000, immutable" : "public, max-age=3600");
      return file;
    });
  }

  // Issue 54: bodies are read before any database work, and the work in flight is capped (503 with
  // Retry-After beyond it). Health checks, static files and page-cache hits are answered above.
  const inflight = options.inflight === false ? null : limitInflightWork(options.inflight);
  if (inflight) app.use("*", inflight.middleware);

  app.use("*", async (c, next) => {
    if (c.get("console")) return next();
    const site = await sites.forHost(c.req.header("host"));
    if (!site) {
      // On a developer's machine, point at the demo sites; elsewhere reveal nothing.
      const host = (c.req.header("host") ?? "").replace(/:\d+$/, "");
      const local = host === "localhost" || host === "127.0.0.1";
      const port = new URL(c.req.url).port;
      const protocol = new URL(c.req.url).protocol;
      const list = local
        ? `<ul>${(await sites.all()).map((s) => `<li><a href="${protocol}//${s.slug}.localhost${port ? `:${port}` : ""}/">${s.name}</a></li>`).join("")}</ul>`
        : "";
      return c.html(
        `<!doctype html><html lang="en-AU"><head><title>No dealer site here</title></head><body><main><h1>No dealer site at this address</h1>${list}</main></body></html>`,
        404,
      );
    }
    if (site.archived) {
      // Issue 48: an archived site is gone for shoppers (its data is kept for the dealer group).
      return c.html(
        html`<!doctype html><html lang="en-AU"><head><title>This dealer site has closed</title></head><body><main><h1>This dealer site has closed</h1><p>${site.name} no longer has a website at this address.</p></main></body></html>`,
        410,
        { "Cache-Control": "no-store" },
      );
    }
    c.set("site", site);
    await next();
  });
  // Issue 48: a staff member's draft preview (signed link, then a cookie of this host only).
  app.use("*", (c, next) => (c.get("console") ? next() : preview(c, next)));

  app.all("*", async (c) => {
    const context = new RouterContextProvider();
    if (c.get("console")) {
      const origin = new URL(c.req.url).origin;
      const responseCookies: string[] = [];
      context.set(consoleContext, { auth: staffAuth, origin, clientIp: clientIp(c), responseCookies, sitesChanged: () => sites.invalidate(), publicRoutes, probeSitePath });
      context.set(dbContext, database.db);
      context.set(requestInfoContext, { origin, now: Date.now(), clientIp: clientIp(c) });
      context.set(serverLogContext, logger);
      const response = await handleRequest(consoleRouterRequest(c.req.raw), context);
      for (const cookie of responseCookies) response.headers.append("Set-Cookie", cookie);
      return response;
    }
    context.set(siteContext, c.get("site"));
    context.set(siteListContext, siteList);
    context.set(dbContext, database.db);
    context.set(requestInfoContext, { origin: new URL(c.req.url).origin, now: Date.now(), clientIp: clientIp(c) });
    context.set(serverLogContext, logger.child({ req_id: c.get("requestId") }));
    const response = await handleRequest(c.req.raw, context);
    // Issue 50: an old or unpublished URL the site's editors redirected (only where the site has
    // no page, so a redirect never hides a live one, and pages pay no lookup).
    if (response.status === 404 && (c.req.method === "GET" || c.req.method === "HEAD")) {
      const url = new URL(c.req.url);
      const to = await findRedirect(database.db, c.get("site"), url.pathname);
      if (to) {
        await response.body?.cancel();
        return new Response(null, { status: 301, headers: { Location: `${to}${to.includes("?") || !url.search ? "" : url.search}`, "Cache-Control": "public, no-cache", Vary: "Host" } });
      }
    }
    // Issue 9: a signed-in shopper's pages carry their own data; never let a shared cache keep them.
    // The same for any of our per-visitor cookies (the purchase journey's) and for an answer that
    // sets one: a CDN must not keep one shopper's page or cookie for the next (outside sweep).
    if (hasSessionCookie(c.req.raw) || hasVisitorCookie(c.req.raw) || response.headers.has("set-cookie")) {
      response.headers.set("Cache-Control", "private, no-store");
      response.headers.append("Vary", "Cookie");
    }
    // Public pages: any cache (browser, CDN) may keep them but asks us first (If-None-Match, a
    // cheap 304 from the page cache), so a sold car never shows from a CDN; a CDN may serve its
    // copy while this server is down (docs/decisions/180).
    if (c.req.method === "GET" && response.status === 200 && !response.headers.has("Cache-Control") && response.headers.get("content-type")?.startsWith("text/html")) {
      response.headers.set("Cache-Control", PUBLIC_PAGE_CACHE_CONTROL);
      response.headers.append("Vary", "Host");
    }
    return response;
  });

  function clientIp(c: Parameters<typeof getConnInfo>[0]): string | null {
    if (options.trustProxy) {
      // The last hop is the one our trusted proxy appended; earlier ones are whatever the client sent.
      const hop = clientAddress(c.req.header("x-forwarded-for")?.split(",").at(-1));
      if (hop) return hop;
    }
    try {
      return getConnInfo(c).remote.address ?? null;
    } catch {
      return null;
    }
  }

  app.onError((error, c) => {
    if (c.req.raw.signal.aborted) return c.body(null, CLIENT_CLOSED_REQUEST as 400);
    // Never the error object itself: a failed query carries its parameters (personal data).
    logger.error({ err: safeError(error), req_id: c.get("requestId"), method: c.req.method, path: c.req.path }, "unhandled error");
    // A clear answer for people and scripts; details stay in the log.
    return c.html(
      `<!doctype html><html lang="en-AU"><head><title>Something went wrong</title></head><body><main><h1>Something went wrong</h1><p>Sorry, this page failed to load. Please try again in a moment.</p></main></body></html>`,
      500,
    );
  });

  return { app, sites, pageCache: cache, staffAuth, inflight: inflight?.stats ?? null };
}

/** Staff e-mail through the lead channels' file outbox (.data/outbox) when the server passes none. */
function outboxMailer(): StaffMailer {
  let channels: ReturnType<typeof createLeadChannels> | null = null;
  return {
    async send(to, subject, text) {
      channels ??= createLeadChannels({ from: "console@forecourt.localhost", outboxDir: ".data/outbox" });
      await channels.send("email", to, { subject, text, json: null, xml: "" });
    },
  };
}

/**
 * Wiring of the dealer console into the Hono app (decision 249): which requests are the
 * console's, better-auth's endpoints on the console host, and the path rewrite under the hidden
 * route prefix.
 */
import type { MiddlewareHandler } from "hono";
import { CLIENT_IP_HEADER, AUTH_BASE_PATH, type StaffAuth } from "../app/console/auth.server";
import { isConsoleHost, type ConsoleHostOptions } from "../app/console/host";
import { CONSOLE_PREFIX } from "../app/console/route-table";

/** Every console answer: never stored by a shared cache, never indexed. */
export const CONSOLE_CACHE_CONTROL = "private, no-store";

/**
 * Marks console requests (`c.get("console")`), answers better-auth's endpoints there, and answers
 * 404 on a dealer host for any path under the hidden console prefix, before a loader runs.
 * Mount it after the forwarded-header rewrite and before the page cache.
 */
export function consoleBranch(options: ConsoleHostOptions & { auth: StaffAuth; clientIp: (c: Parameters<MiddlewareHandler>[0]) => string | null }): MiddlewareHandler<{ Variables: { console: boolean } }> {
  const hidden = `/${CONSOLE_PREFIX}`;
  return async (c, next) => {
    if (!isConsoleHost(c.req.header("host"), options)) {
      const path = c.req.path;
      if (path === hidden || path.startsWith(`${hidden}/`)) return c.text("Not found", 404, { "Cache-Control": "no-store" });
      c.set("console", false);
      return next();
    }
    c.set("console", true);
    // Only our own idea of the client's address reaches better-auth's rate limiter.
    const headers = new Headers(c.req.raw.headers);
    headers.delete(CLIENT_IP_HEADER);
    const ip = options.clientIp(c);
    if (ip) headers.set(CLIENT_IP_HEADER, ip);
    const raw = c.req.raw;
    c.req.raw = new Request(raw.url, { method: raw.method, headers, body: raw.body, signal: raw.signal, duplex: "half" } as RequestInit);
    if (c.req.path === AUTH_BASE_PATH || c.req.path.startsWith(`${AUTH_BASE_PATH}/`)) {
      const auth = await options.auth.forOrigin(new URL(c.req.url).origin);
      const response = await auth.handler(c.req.raw);
      const answer = new Response(response.body, response);
      answer.headers.set("Cache-Control", CONSOLE_CACHE_CONTROL);
      return answer;
    }
    await next();
    c.res.headers.set("Cache-Control", CONSOLE_CACHE_CONTROL);
    c.res.headers.set("X-Robots-Tag", "noindex");
  };
}

/** The request React Router sees for a console path: `/sites/x` becomes `/__console/sites/x`. */
export function consoleRouterRequest(request: Request): Request {
  const url = new URL(request.url);
  url.pathname = url.pathname === "/" ? `/${CONSOLE_PREFIX}` : `/${CONSOLE_PREFIX}${url.pathname}`;
  return new Request(url, { method: request.method, headers: request.headers, body: request.body, signal: request.signal, duplex: "half" } as RequestInit);
}

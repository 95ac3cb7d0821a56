/**
 * Cross-site request check for state-changing requests (sign-in posts, sign-out, watchlist API).
 *
 * A browser always sends `Origin` on a POST (form or fetch); it must equal this request's own
 * origin. Behind a TLS-terminating proxy (env TRUST_PROXY set) the public origin is rebuilt from
 * `X-Forwarded-Proto` / `X-Forwarded-Host`. A missing or "null" Origin is refused: our own pages
 * always send it, and an unsigned client has no session to abuse anyway.
 *
 * Issue 16 may add a global Origin middleware; this stays as the per-endpoint guarantee.
 */

/** True when TRUST_PROXY is set to 1/true (the same switch the server reads, server/env.ts). */
export function trustsProxy(): boolean {
  const value = process.env.TRUST_PROXY;
  return value === "1" || value === "true";
}

/** The origins this request may legitimately come from: its own, and the proxy's public one. */
export function ownOrigins(request: Request): string[] {
  const url = new URL(request.url);
  const origins = [url.origin];
  if (trustsProxy()) {
    const proto = request.headers.get("x-forwarded-proto")?.split(",")[0]?.trim();
    const host = request.headers.get("x-forwarded-host")?.split(",")[0]?.trim() ?? request.headers.get("host") ?? url.host;
    if (proto === "https" || proto === "http") origins.push(`${proto}://${host}`);
  }
  return origins;
}

/** True when the request's Origin header is one of {@link ownOrigins}. */
export function isSameOrigin(request: Request): boolean {
  const origin = request.headers.get("origin");
  if (!origin || origin === "null") return false;
  return ownOrigins(request).includes(origin);
}

/**
 * Throws `403 Forbidden` (plain text) unless {@link isSameOrigin}. Call first in every action or
 * API handler that changes state.
 * @throws Response 403
 */
export function assertSameOrigin(request: Request): void {
  if (!isSameOrigin(request)) {
    throw new Response("This request did not come from this site.", { status: 403, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
}

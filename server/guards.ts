/**
 * Request guards that run before any route (issue 16): every route, including ones added later,
 * gets them without opting in. Each answers a clear status with a short fixed page and never
 * echoes the request back.
 */
import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { PHOTO_POST_MAX_BYTES, PHOTO_POST_PATH } from "../app/console/photo-upload-limit";
import { FEED_MAX_BYTES } from "../app/import/feed-limits";

/** A short fixed HTML page (no request data in it). */
export function plainPage(c: Context, status: 400 | 403 | 408 | 413 | 415 | 503, title: string, text: string, headers: Record<string, string> = {}) {
  return c.html(
    `<!doctype html><html lang="en-AU"><head><meta charset="utf-8"><title>${title}</title></head><body><main><h1>${title}</h1><p>${text}</p><p><a href="/">Go to the home page</a></p></main></body></html>`,
    status,
    { "Cache-Control": "no-store", ...headers },
  );
}

/**
 * Bad addresses answer 400 instead of reaching the router: a path segment that is not valid
 * percent-encoded UTF-8 (`/search/%zz`, lone surrogates like `%ED%A0%80`) and a NUL byte
 * anywhere in the path or query (`?make=%00`), which no page means and PostgreSQL text cannot
 * hold (issue 16 defect 7).
 */
export function rejectMalformedUrls(): MiddlewareHandler {
  return async (c, next) => {
    const url = c.req.url;
    const at = url.indexOf("/", url.indexOf("//") + 2);
    const pathAndQuery = at === -1 ? "/" : url.slice(at);
    const [path, query = ""] = splitOnce(pathAndQuery.split("#")[0], "?");
    let bad = /%00|\u0000/i.test(pathAndQuery);
    if (!bad) {
      try {
        for (const segment of path.split("/")) decodeURIComponent(segment);
        for (const part of query.split("&")) decodeURIComponent(part.replace(/\+/g, " "));
      } catch {
        bad = true;
      }
    }
    if (bad) return plainPage(c, 400, "This address is not valid", "The link you followed has characters we cannot read. Please check it or start again from the home page.");
    await next();
  };
}

function splitOnce(text: string, separator: string): [string, string?] {
  const i = text.indexOf(separator);
  return i === -1 ? [text] : [text.slice(0, i), text.slice(i + 1)];
}

/** A request-body limit for the paths matching `path` (first match wins). */
export interface BodyLimitRule {
  path: RegExp;
  /** Bytes. */
  maxBytes: number;
  /** The rule holds on the console host only (elsewhere the default applies). */
  console?: boolean;
  /**
   * For an upload page: a body declared larger than the limit (up to {@link DRAIN_MAX_BYTES}) is
   * read to its end and thrown away, then the browser is sent back to the page with
   * `?tooLarge=<bytes>`, so the staff member sees why next to the file field. Answering before the
   * body has arrived makes the browser show a connection error instead of the answer.
   */
  overLimit?: "back-to-page";
}

/** Every form post: a lead form with its longest fields (4,000-character message, visited pages) fits in 64 KiB. */
export const DEFAULT_BODY_LIMIT = 64 * 1024;
/** Per-route limits: JSON APIs and small actions take far less than a form. */
export const BODY_LIMITS: BodyLimitRule[] = [
  { path: /^\/api\//, maxBytes: 16 * 1024 },
  { path: /^\/cars\/[^/]+\/(phone-reveal|view\.json)$/, maxBytes: 1024 },
  // The dealer console's photo upload (several photos per post).
  { path: PHOTO_POST_PATH, maxBytes: PHOTO_POST_MAX_BYTES },
  // Issue 49 item 3: a stock feed upload in the console (the file plus the form's few fields).
  { path: /^\/sites\/[^/]+\/feeds$/, maxBytes: FEED_MAX_BYTES + 64 * 1024, console: true, overLimit: "back-to-page" },
  // Issue 50: the console's offer editor takes one image upload (at most 5 MB) with its fields.
  { path: /\/sites\/[^/]+\/offers\/edit$/, maxBytes: 5 * 1024 * 1024 + 64 * 1024 },
  // Console pages that take an image upload (issue 50: logo, favicon, location photo; the image
  // itself is limited to CONSOLE_UPLOAD_MAX_BYTES by app/console/uploads.server.ts).
  { path: /^\/sites\/[^/]+\/(theme|locations\/edit)$/, maxBytes: 3 * 1024 * 1024 },
];

/** The most an over-limit upload is read for (bytes); beyond it the connection is closed. */
export const DRAIN_MAX_BYTES = 128 * 1024 * 1024;

/**
 * Limits request bodies per route (issue 16 defect 3): a declared or streamed body over the
 * limit answers 413 with a short fixed page and is never read further or echoed back. A later
 * route gets {@link DEFAULT_BODY_LIMIT} without opting in.
 */
export function limitRequestBodies(rules: BodyLimitRule[] = BODY_LIMITS, fallback = DEFAULT_BODY_LIMIT): MiddlewareHandler<{ Variables: { console: boolean } }> {
  // The rest of the body is never read, so the connection cannot carry another request: say so
  // (Connection: close) rather than keep it alive and drop it once the unread body has been waited for.
  const tooLarge = (c: Context) => plainPage(c, 413, "This form is too large", "What you sent is larger than this page accepts. Please shorten it and try again.", { Connection: "close" });
  return async (c, next) => {
    if (!c.req.raw.body) return next();
    const rule = rules.find((r) => r.path.test(c.req.path) && (!r.console || c.get("console")));
    const maxBytes = rule?.maxBytes ?? fallback;
    const declared = Number(c.req.header("content-length") ?? NaN);
    if (rule?.overLimit === "back-to-page" && declared > maxBytes && declared <= DRAIN_MAX_BYTES) {
      const reader = c.req.raw.body.getReader();
      for (let read = 0; ; ) {
        const { done, value } = await reader.read();
        if (done) break;
        read += value.length;
        if (read > DRAIN_MAX_BYTES) return tooLarge(c);
      }
      return c.redirect(`${c.req.path}?tooLarge=${declared}`, 303);
    }
    return bodyLimit({ maxSize: maxBytes, onError: tooLarge })(c, next);
  };
}

/**
 * Behind a TLS-terminating proxy (TRUST_PROXY): rebuilds the request URL from
 * X-Forwarded-Proto (http or https) and X-Forwarded-Host (a plain host[:port]) before anything
 * reads it, so React Router's own Origin check, our {@link checkOrigin} and every `request.url`
 * see the address the shopper used (issue 16 defect 2). The Host header follows the forwarded
 * host, so the site is resolved from it too. Off unless the proxy is trusted: these headers are
 * set by anyone otherwise.
 */
export function applyForwardedHeaders(trustProxy: boolean): MiddlewareHandler {
  return async (c, next) => {
    if (!trustProxy) return next();
    const proto = c.req.header("x-forwarded-proto")?.split(",")[0]?.trim().toLowerCase();
    const host = c.req.header("x-forwarded-host")?.split(",")[0]?.trim().toLowerCase();
    const url = new URL(c.req.url);
    let changed = false;
    if (proto === "https" || proto === "http") {
      changed ||= url.protocol !== `${proto}:`;
      url.protocol = `${proto}:`;
    }
    if (host && /^[a-z0-9.-]+(:\d{1,5})?$/.test(host)) {
      changed ||= url.host !== host;
      url.host = host;
    }
    if (changed) {
      const raw = c.req.raw;
      const headers = new Headers(raw.headers);
      headers.set("host", url.host);
      c.req.raw = new Request(url, { method: raw.method, headers, body: raw.body, signal: raw.signal, duplex: "half" } as RequestInit);
    }
    await next();
  };
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Cross-site request guard for every state-changing request (POST, PUT, PATCH, DELETE), resource
 * routes included (issue 16 defect 10): a browser's `Origin` (or, without one, its `Referer`) must
 * be this site's own origin, and `Sec-Fetch-Site: cross-site` is refused. A request with neither
 * header is not from a browser page (browsers send Origin on every POST) and passes; rate limits
 * and the spam guard still apply to it.
 */
export function checkOrigin(): MiddlewareHandler {
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const own = new URL(c.req.url).origin;
    const origin = c.req.header("origin");
    const referer = c.req.header("referer");
    let from: string | null = null;
    if (origin !== undefined) from = origin;
    else if (referer) {
      try {
        from = new URL(referer).origin;
      } catch {
        from = "invalid";
      }
    }
    const crossSite = c.req.header("sec-fetch-site") === "cross-site";
    if (crossSite || (from !== null && from !== own)) {
      return plainPage(c, 403, "This form was sent from another website", "For your safety we only accept forms sent from this website's own pages. Please open the page on this site and try again.");
    }
    await next();
  };
}

/**
 * Content-Security-Policy with hashes (issue 16 defect 10): scripts run only from this origin or
 * when they are one of the page's own inline scripts (React Router's hydration data and module
 * loader), named by their SHA-256. No 'unsafe-inline' for scripts. Hashes come from the page's
 * content, so a cached copy of a page carries a policy that matches it (nonces would not).
 */
import { hash } from "node:crypto";
import type { MiddlewareHandler } from "hono";

/** The `type` attribute of a script that is data, as React writes it (HTML: a data block is not run). */
const DATA_BLOCK_TYPE = /(?:^|\s)type="application\/(?:ld\+)?json"/;

/**
 * SHA-256 sources ('sha256-...') of every inline script (no src attribute) of a UTF-8 page given as
 * bytes, deduplicated, without decoding the page (issue 15: app/entry.server.tsx hashes every
 * rendered page). Finds lower-case `<script` tags, as React renders them; an inline script spelt
 * otherwise gets no hash, so the browser blocks it (never the other way round). One-shot
 * `crypto.hash` (Node 20.12+), not a Hash object per script (decision 214). Data blocks
 * (`type="application/json"`, `type="application/ld+json"`: React Router's loader data, decision
 * 222, and the VDP's schema.org markup) are never run by a browser, so they get no hash.
 */
export function inlineScriptHashes(page: Buffer): string[] {
  const out = new Set<string>();
  let at = page.indexOf("<script");
  while (at !== -1) {
    const tagEnd = page.indexOf(">", at);
    if (tagEnd === -1) break;
    const attributes = page.toString("latin1", at + 7, tagEnd);
    if (attributes !== "" && !/^[\s/]/.test(attributes)) {
      at = page.indexOf("<script", at + 7); // another tag, such as <scripts>
      continue;
    }
    const close = page.indexOf("</script", tagEnd);
    if (close === -1) break;
    if (!/\bsrc\s*=/i.test(attributes) && !DATA_BLOCK_TYPE.test(attributes)) out.add(`'sha256-${hash("sha256", page.subarray(tagEnd + 1, close), "base64")}'`);
    at = page.indexOf("<script", close + 8);
  }
  return [...out];
}

/** The policy for a response whose inline scripts have `hashes`. */
export function policy(hashes: string[], development = false): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${hashes.join(" ")}`.trim(),
    "script-src-attr 'none'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    `connect-src 'self'${development ? " ws:" : ""}`,
    "font-src 'self' data:",
    "frame-ancestors 'self'",
    "form-action 'self'",
    "base-uri 'self'",
    "object-src 'none'",
  ].join("; ");
}

/**
 * Permissions-Policy: no camera, microphone, payment request or sensors; location for this site
 * only (nearest dealership). Only features Chromium recognises: an unknown one ('bluetooth', which
 * is not a policy-controlled feature) makes the browser log a console warning on every page.
 */
export const PERMISSIONS_POLICY = "camera=(), microphone=(), geolocation=(self), payment=(), usb=(), serial=(), hid=(), midi=(), magnetometer=(), gyroscope=(), accelerometer=(), interest-cohort=()";

/**
 * Sets the CSP and Permissions-Policy on every response. A response that already has a CSP (a
 * page rendered by app/entry.server.tsx, which hashes its scripts as it renders) keeps it; other
 * HTML (Hono's own pages) is read and its inline scripts hashed here.
 */
export function contentSecurityPolicy(options: { development?: boolean } = {}): MiddlewareHandler {
  return async (c, next) => {
    await next();
    let res = c.res;
    let hashes: string[] = [];
    if (res.headers.has("Content-Security-Policy")) {
      // A rendered page (app/entry.server.tsx) hashed its own scripts as it was rendered.
      res.headers.set("Permissions-Policy", PERMISSIONS_POLICY);
      return;
    }
    if ((res.headers.get("content-type") ?? "").startsWith("text/html") && res.body && !res.headers.has("content-encoding")) {
      const page = Buffer.from(await res.arrayBuffer());
      hashes = inlineScriptHashes(page);
      const headers = new Headers(res.headers);
      headers.delete("content-length");
      res = new Response(page, { status: res.status, statusText: res.statusText, headers });
    } else {
      res = new Response(res.body, res);
    }
    res.headers.set("Content-Security-Policy", policy(hashes, options.development));
    res.headers.set("Permissions-Policy", PERMISSIONS_POLICY);
    c.res = undefined;
    c.res = res;
  };
}

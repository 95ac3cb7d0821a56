/**
 * Issue 16 defect 10: a CSP with hashes for the framework's inline scripts (no 'unsafe-inline'
 * for scripts), Permissions-Policy, an Origin check on every state-changing request (resource
 * routes included), and view.json counted at most once per visitor per car per day.
 */
import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { leads, phoneReveals } from "../../db/schema/index";
import { ENGINE } from "./database";
import { formPost, useTestApp } from "./app-harness";
import { inlineScripts } from "./inline-scripts";

const ctx = useTestApp({ site: { config: { phones: { main: "02 9999 0000" } } } });

const lead = { name: "Jane", last_name: "Citizen", postcode: "2150", phone: "0412 345 678", email: "jane@example.com", message: "Cross-site?", terms: "on" };

describe(`security headers and origins (${ENGINE})`, () => {
  it("pages carry a CSP whose script-src lists each inline script's hash and no 'unsafe-inline'; Permissions-Policy is set", async () => {
    for (const path of ["/", `/cars/${ctx.t.carSlug}`, "/search"]) {
      const res = await ctx.t.request(path);
      expect(res.status).toBe(200);
      const csp = res.headers.get("content-security-policy") ?? "";
      const scriptSrc = csp.split(";").find((d) => d.trim().startsWith("script-src "))!;
      expect(scriptSrc).not.toContain("unsafe-inline");
      const html = await res.text();
      // Data blocks (schema.org markup) are never run: no hash needed, and none is listed.
      const { run, data } = inlineScripts(html);
      expect(run.length).toBeGreaterThan(0);
      for (const [, body] of run) expect(scriptSrc).toContain(`'sha256-${createHash("sha256").update(body).digest("base64")}'`);
      for (const [, body] of data) expect(scriptSrc).not.toContain(`'sha256-${createHash("sha256").update(body).digest("base64")}'`);
      expect(res.headers.get("permissions-policy")).toContain("camera=()");
    }
  });

  it("issue 51 §5: the Permissions-Policy names no feature Chromium warns about ('bluetooth' logged a warning on every page)", async () => {
    const policy = (await ctx.t.request("/")).headers.get("permissions-policy") ?? "";
    expect(policy).toContain("camera=()");
    expect(policy).not.toMatch(/bluetooth/);
  });

  it("cross-site posts are refused (403) on resource routes and lead forms, and nothing is stored", async () => {
    const evil = { origin: "https://evil.example" };
    const reveal = await ctx.t.request(`/cars/${ctx.t.carSlug}/phone-reveal`, { method: "POST", headers: evil });
    expect(reveal.status).toBe(403);
    const quote = await ctx.t.request("/api/youx/quote", { method: "POST", body: "{}", headers: { ...evil, "content-type": "application/json" } });
    expect(quote.status).toBe(403);
    const form = await ctx.t.request(`/cars/${ctx.t.carSlug}`, formPost(ctx.t, lead, { headers: evil }));
    expect(form.status).toBe(403);
    expect(await form.text()).not.toContain("Cross-site?");
    const fetchSite = await ctx.t.request(`/cars/${ctx.t.carSlug}/phone-reveal`, { method: "POST", headers: { "sec-fetch-site": "cross-site" } });
    expect(fetchSite.status).toBe(403);
    const byReferer = await ctx.t.request(`/cars/${ctx.t.carSlug}/phone-reveal`, { method: "POST", headers: { referer: "https://evil.example/page" } });
    expect(byReferer.status).toBe(403);
    expect(await ctx.handle.db.select().from(phoneReveals).where(eq(phoneReveals.siteId, ctx.t.site.id))).toHaveLength(0);
    expect(await ctx.handle.db.select().from(leads).where(eq(leads.siteId, ctx.t.site.id))).toHaveLength(0);

    // The site's own pages still work.
    const own = await ctx.t.request(`/cars/${ctx.t.carSlug}/phone-reveal`, { method: "POST", headers: { origin: `http://${ctx.t.host}`, accept: "application/json" } });
    expect(own.status).toBe(200);
    expect((await ctx.t.request(`/cars/${ctx.t.carSlug}`, formPost(ctx.t, lead))).status).toBe(302);
  });

  it("view.json counts a visitor once per car per day over HTTP", async () => {
    const view = (ua: string) => ctx.t.request(`/cars/${ctx.t.carSlug}/view.json`, { headers: { "user-agent": ua } });
    const first = (await (await view("Shopper A")).json()) as { views: number };
    for (let i = 0; i < 3; i++) expect(await (await view("Shopper A")).json()).toEqual(first);
    expect(await (await view("Shopper B")).json()).toEqual({ views: first.views + 1 });
  });
});

/**
 * Issue 16 defects 11 and 12: an abandoned request is logged as 499 (not 500); a failed lead is
 * logged without personal data (the SQL parameters held names, emails, phones and messages);
 * /success shows only known lead categories.
 */
import { Writable } from "node:stream";
import pino from "pino";
import { describe, expect, it, vi } from "vitest";
import { leadFormAction } from "../../app/services/lead-forms.server";
import { createApp } from "../../server/app";
import { loadBuild, useTestApp } from "./app-harness";
import { ENGINE } from "./database";

const ctx = useTestApp();

describe(`logging and /success (${ENGINE})`, () => {
  it("a request the client abandoned is logged as 499, not 500", async () => {
    const lines: { status?: number; msg: string }[] = [];
    const logger = pino({ level: "info" }, new Writable({ write: (chunk, _e, done) => (lines.push(JSON.parse(String(chunk))), done()) }));
    const { app } = createApp({ database: ctx.handle, build: await loadBuild(), mode: "production", logger });
    const abort = new AbortController();
    abort.abort();
    await app.fetch(new Request(`http://${ctx.t.host}/cars/${ctx.t.carSlug}`, { headers: { host: ctx.t.host }, signal: abort.signal }));
    const entry = lines.find((l) => l.msg === "request");
    expect(entry?.status).toBe(499);
    expect(lines.some((l) => l.msg === "unhandled error")).toBe(false);
  });

  it("a lead that fails in the database is logged without the shopper's details", async () => {
    const errors: string[] = [];
    const spy = vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => void errors.push(args.map((a) => (typeof a === "string" ? a : JSON.stringify(a))).join(" ")));
    try {
      // A site id that does not exist: the lead insert fails on its foreign key.
      const ghost = { ...ctx.t.site, id: 2_000_000_000 };
      const body = new URLSearchParams({ name: "Secretname", last_name: "Citizen", postcode: "2150", phone: "0499 111 222", email: "private@example.com", message: "my secret message", terms: "on" });
      const request = new Request(`http://${ctx.t.host}/enquiries/new-vehicle-enquiry`, { method: "POST", body, headers: { "content-type": "application/x-www-form-urlencoded" } });
      const result = await leadFormAction(ctx.handle.db, ghost, request, "new-vehicle-enquiry", { now: Date.now(), clientIp: "203.0.113.1" });
      expect((result as { init: { status: number } }).init.status).toBe(503);
    } finally {
      spy.mockRestore();
    }
    const logged = errors.join("\n");
    expect(logged).toContain("lead submit failed");
    expect(logged).toContain("23503");
    for (const secret of ["Secretname", "private@example.com", "+61499111222", "0499 111 222", "my secret message"]) expect(logged).not.toContain(secret);
  });

  it("/success shows a known category and ignores any other text", async () => {
    expect(await (await ctx.t.request("/success?category=Service%20Enquiry")).text()).toContain("We have received your service enquiry.");
    // Issue 51: the general form's "Other" is an enquiry, not "your other".
    const other = await (await ctx.t.request("/success?category=Other")).text();
    expect(other).toContain("We have received your enquiry.");
    expect(other).not.toContain("your other");
    const hostile = await (await ctx.t.request("/success?category=Free%20money%20call%201900%20SCAM")).text();
    expect(hostile).not.toContain("free money");
    expect(hostile).toContain("We have received your enquiry.");
  });
});

/**
 * Issue 16 defect 9: duplicate detection keyed by submission key + form + contact + message, and
 * no submission key inside cacheable HTML. A test-drive booking reusing an enquiry's key was
 * answered with success and dropped.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { leads } from "../../db/schema/index";
import { ENGINE } from "./database";
import { formPost, useTestApp } from "./app-harness";

const ctx = useTestApp();

const key = "3b1f7c2e-9a4d-4e8b-a1c3-5d7e9f0a2b4c";
const contact = { name: "Jane", last_name: "Citizen", postcode: "2150", phone: "0412 345 678", email: "jane@example.com", terms: "on", submission_key: key };
const stored = async () => (await ctx.handle.db.select().from(leads).where(eq(leads.siteId, ctx.t.site.id))).map((l) => [l.form, l.payload.message]);

describe(`duplicate leads (${ENGINE})`, () => {
  it("the VDP's HTML (cacheable) carries no submission key", async () => {
    const res = await ctx.t.request(`/cars/${ctx.t.carSlug}`);
    expect(res.headers.get("cache-control")).toMatch(/^public\b/);
    expect(await res.text()).not.toMatch(/name="submission_key"/);
  });

  it("a resubmission (same key, form, contact, message) is one lead; another form or message with that key is a new lead", async () => {
    const enquiry = { ...contact, message: "Is it available?" };
    expect((await ctx.t.request(`/cars/${ctx.t.carSlug}`, formPost(ctx.t, enquiry))).status).toBe(302);
    expect((await ctx.t.request(`/cars/${ctx.t.carSlug}`, formPost(ctx.t, enquiry))).status).toBe(302);
    expect(await stored()).toEqual([["enquiry", "Is it available?"]]);

    // A test-drive booking from the same page reusing the key.
    const testDrive = await ctx.t.request(`/cars/${ctx.t.carSlug}?form=test-drive`, formPost(ctx.t, { ...enquiry, __page: "car-test-drive", message: "Is it available?" }));
    expect(testDrive.status).toBe(302);
    // The same form with a different message.
    expect((await ctx.t.request(`/cars/${ctx.t.carSlug}`, formPost(ctx.t, { ...enquiry, message: "What about finance?" }))).status).toBe(302);
    const all = await stored();
    expect(all).toHaveLength(3);
    expect(all).toContainEqual(["enquiry", "What about finance?"]);
    expect(all.filter(([form]) => form === "test-drive")).toHaveLength(1);
  });
});

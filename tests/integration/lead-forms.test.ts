/**
 * The shared lead form loader/action (spec 4 sold-car enquiry and multi-step, spec 2.6 picker,
 * spec 5 messages, spec 7 lead payload) exercised with real Requests against the database.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client";
import { leads } from "../../db/schema/index";
import { ADDITIONAL_SERVICE_MESSAGE, POSTCODE_MESSAGE, SIMILAR_MESSAGE, SIMILAR_SUBCATEGORY, TERMS_MESSAGE } from "../../app/forms/lead-forms";
import { getCarBySlug } from "../../app/services/cars.server";
import { leadFormAction, loadLeadForm } from "../../app/services/lead-forms.server";
import { importStock } from "../../app/services/stock-import.server";
import { createTestSite, ENGINE, openTestDatabase } from "./database";
import { feed, stockRecord } from "./fixtures";

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(async () => {
  await handle?.close();
});

const info = { now: Date.now(), clientIp: "192.0.2.10" };
const valid = { name: "Jane", last_name: "Citizen", postcode: "2150", phone: "0412345678", email: "jane@example.com", message: "Hello", terms: "on" };
function post(fields: Record<string, string>, headers: Record<string, string> = {}) {
  return new Request("http://site.test/enquiries/general-enquiry", { method: "POST", body: new URLSearchParams(fields), headers: { "user-agent": "vitest-agent", ...headers } });
}
type Answer = { status?: string; leadId?: number; eventId?: number; result?: { error?: Record<string, string[]> }; step?: number };
async function answer(result: unknown): Promise<{ status: number; data: Answer; location: string | null }> {
  if (result instanceof Response) return { status: result.status, data: {}, location: result.headers.get("location") };
  const r = result as { init?: { status?: number }; data: Answer };
  return { status: r.init?.status ?? 200, data: r.data, location: null };
}

describe(`lead forms service (${ENGINE})`, () => {
  it("a sold car's enquiry is 'Find Me Something Similar' with the spec 4 message and subcategory", async () => {
    const site = await createTestSite(handle);
    await importStock(handle.db, site, feed([stockRecord({ stock_number: "SOLD1", status: "sold", sold_date: "2026-11-20", make: "Kia", model: "Rio" })]));
    const lookup = await getCarBySlug(handle.db, site, "2020-kia-rio-maxx-sport-sold1");
    if (lookup.kind !== "found") throw new Error(`fixture car missing: ${lookup.kind}`);
    const setup = await loadLeadForm(handle.db, site, "car-enquiry", lookup.car);
    expect(setup).toMatchObject({ presetMessage: SIMILAR_MESSAGE, subcategory: SIMILAR_SUBCATEGORY, submitLabel: "Find Me Something Similar", category: "Used Car Enquiry" });

    const result = await answer(await leadFormAction(handle.db, site, post({ ...valid, message: SIMILAR_MESSAGE, subcategory: SIMILAR_SUBCATEGORY, __page: "car-enquiry" }), ["car-enquiry"], info, lookup.car));
    expect(result.location).toBe("/success?category=Used%20Car%20Enquiry");
    const [lead] = await handle.db.select().from(leads).where(eq(leads.siteId, site.id));
    expect(lead).toMatchObject({ subcategory: SIMILAR_SUBCATEGORY, carId: lookup.car.id, ip: "192.0.2.10" });
    expect(lead.payload).toMatchObject({ stock_number: "SOLD1", "Vehicle Make": "Kia", vehicle_status: "sold", car_type: "used", source: "Website", user_agent: "vitest-agent" });
  });

  it("dealership picker: filtered by type and exclusions, required when several remain, auto-filled when one does", async () => {
    const site = await createTestSite(handle, {
      config: { leads: { pickerExcludedLocationIds: [] } },
      locations: [{ slug: "sales-a", locationType: "sales" }, { slug: "sales-b", locationType: "sales" }, { slug: "svc", locationType: "service" }],
    });
    const many = await loadLeadForm(handle.db, site, "book-test-drive");
    expect(many.locations.map((l) => l.name)).toEqual(["Location sales-a", "Location sales-b"]);
    expect(many.options.locationShown).toBe(true);
    const bad = await answer(await leadFormAction(handle.db, site, post(valid), "book-test-drive", info));
    expect(bad.status).toBe(400);
    expect(bad.data.result?.error?.location_id).toEqual(["Please choose a dealership."]);

    const excluded = await createTestSite(handle, { locations: [{ slug: "a", locationType: "sales" }, { slug: "b", locationType: "sales" }] });
    const first = (await loadLeadForm(handle.db, excluded, "book-test-drive")).locations[0];
    const { getSiteBySlug } = await import("../../app/services/sites.server");
    const { sites } = await import("../../db/schema/index");
    await handle.db.update(sites).set({ config: { leads: { pickerExcludedLocationIds: [first.id] } } }).where(eq(sites.id, excluded.id));
    const one = await loadLeadForm(handle.db, (await getSiteBySlug(handle.db, excluded.slug))!, "book-test-drive");
    expect(one.locations).toHaveLength(1);
    expect(one.locations[0].id).not.toBe(first.id);
    expect(one.options.locationShown).toBe(false);
  });

  it("invalid input answers 400 with the spec messages and stores nothing; JS posts get the lead id and event", async () => {
    const site = await createTestSite(handle, { config: { leads: { defaultEmail: "d@d.test" } } });
    const { terms: _, ...noTerms } = valid;
    const bad = await answer(await leadFormAction(handle.db, site, post({ ...noTerms, postcode: "21500", category: "Other" }), "general-enquiry", info));
    expect(bad.status).toBe(400);
    expect(bad.data.result?.error).toMatchObject({ postcode: [POSTCODE_MESSAGE], terms: [TERMS_MESSAGE] });
    expect(await handle.db.select().from(leads).where(eq(leads.siteId, site.id))).toHaveLength(0);

    const ok = await answer(await leadFormAction(handle.db, site, post({ ...valid, category: "Other", _js: "1" }), "general-enquiry", info));
    expect(ok.data).toMatchObject({ status: "accepted", eventId: 14 });
    const spam = await answer(await leadFormAction(handle.db, site, post({ ...valid, category: "Other", company_website: "x" }), "general-enquiry", info));
    expect(spam.status).toBe(400);
    expect(spam.data.result?.error?.[""]).toEqual(["Your enquiry could not be accepted. Please call us instead."]);
  });

  it("multi-step: step 1 checks contact details only and advances; the last step submits", async () => {
    const site = await createTestSite(handle, { config: { leads: { multiStep: true, defaultEmail: "d@d.test" } } });
    const { message: _m, terms: _t, ...contact } = valid;
    const step1 = await answer(await leadFormAction(handle.db, site, post({ ...contact, __step: "0" }), "general-enquiry", info));
    expect(step1.data).toMatchObject({ status: "step", step: 1 });
    const badStep1 = await answer(await leadFormAction(handle.db, site, post({ ...contact, postcode: "1", __step: "0" }), "general-enquiry", info));
    expect(badStep1.data.result?.error).toEqual({ postcode: [POSTCODE_MESSAGE] });
    const last = await answer(await leadFormAction(handle.db, site, post({ ...valid, category: "Other", __step: "1" }), "general-enquiry", info));
    expect(last.location).toBe("/success?category=Other");
  });

  it("issue 51 / spec 7: the service booking sends the checked additional_services and its page_id; an option the site does not offer is refused", async () => {
    const site = await createTestSite(handle, { config: { leads: { defaultEmail: "d@d.test", serviceOptions: ["Wheel alignment", "Tyre check", "Car wash"] } }, locations: [{ slug: "svc", locationType: "service" }] });
    const setup = await loadLeadForm(handle.db, site, "service");
    expect(setup.options.additionalServices).toEqual(["Wheel alignment", "Tyre check", "Car wash"]);
    // Other forms offer none.
    expect((await loadLeadForm(handle.db, site, "service-enquiry")).options.additionalServices).toBeNull();

    const booking = new URLSearchParams({ ...valid, __page: "service" });
    booking.append("additional_services", "Wheel alignment");
    booking.append("additional_services", "Car wash");
    const ok = await answer(await leadFormAction(handle.db, site, new Request("http://site.test/service", { method: "POST", body: booking }), "service", info));
    expect(ok.location).toBe("/success?category=Service%20Booking");
    const [lead] = await handle.db.select().from(leads).where(eq(leads.siteId, site.id));
    expect(lead.payload).toMatchObject({ additional_services: ["Wheel alignment", "Car wash"], page_id: "service", category: "Service Booking" });

    // None ticked: an empty list, still with the page id.
    const none = await answer(await leadFormAction(handle.db, site, post({ ...valid, email: "none@example.com", __page: "service" }), "service", info));
    expect(none.location).toBe("/success?category=Service%20Booking");
    // Ordered by id: PostgreSQL returns an unordered select in any order (an update can move a row).
    const stored = await handle.db.select().from(leads).where(eq(leads.siteId, site.id)).orderBy(leads.id);
    expect(stored.map((l) => (l.payload as { additional_services?: string[] }).additional_services)).toEqual([["Wheel alignment", "Car wash"], []]);

    const bad = await answer(await leadFormAction(handle.db, site, post({ ...valid, email: "bad@example.com", additional_services: "Free car", __page: "service" }), "service", info));
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.data.result?.error)).toContain(ADDITIONAL_SERVICE_MESSAGE);
  });

  it("issue 51 / spec 7: a lead form's lead carries its page_id", async () => {
    const site = await createTestSite(handle, { config: { leads: { defaultEmail: "d@d.test" } } });
    await leadFormAction(handle.db, site, post({ ...valid, category: "Other" }), "general-enquiry", info);
    const [lead] = await handle.db.select().from(leads).where(eq(leads.siteId, site.id));
    expect(lead.payload).toMatchObject({ page_id: "general-enquiry" });
  });
});

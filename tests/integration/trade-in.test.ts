/**
 * Issue 11 on a real database (PGlite, or PostgreSQL at DATABASE_URL): the trade-in lead goes
 * through the lead pipeline with the valuation attached (ADF trade-in vehicle validated against
 * the ADF 1.0 DTD), the spec 7 offer-accepted update, POST /api/miscellaneous storage, the spec 8
 * 'Failed to save valuation data' log, and clear 400/404 answers for bad car_id values.
 *
 * The comparables here are fixture listings under a made-up model name unique to each run, so
 * other data in a shared database cannot change the figures (the valuer's figures on the real
 * data set are in app/domain/trade-in/valuer.test.ts).
 */
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { validateXML } from "xmllint-wasm";
import type { DatabaseHandle } from "../../db/client";
import { leadDeliveries, leads, tradeInValuations } from "../../db/schema/index";
import { dtdToRelaxNg } from "../../app/adapters/adf/dtd-to-relaxng";
import { saveValuationData } from "../../app/components/trade-in/save-valuation";
import { buildLeadMessage } from "../../app/services/lead-delivery.server";
import { importStock } from "../../app/services/stock-import.server";
import { completeValuation, getValuation, recordOfferDecision, saveMiscellaneous, startValuation, updateValuation } from "../../app/services/trade-in.server";
import { loadWizard } from "../../app/services/trade-in-wizard.server";
import { getCarById, getCarBySlug } from "../../app/services/cars.server";
import { MiscellaneousBodySchema } from "../../app/routes/api.miscellaneous";
import type { Site } from "../../app/sites/site";
import { createTestSite, ENGINE, openTestDatabase } from "./database";
import { feed, stockRecord } from "./fixtures";

let handle: DatabaseHandle;
let site: Site;
let other: Site;
const MODEL = `Testa-${randomUUID().slice(0, 8)}`;
const NOW = Date.parse("2026-11-22T02:00:00Z");
const INFO = { now: NOW, ip: "203.0.113.7", userAgent: "vitest", url: "http://example.test/trade-in" };
const CONTACT = { name: "Robin", phone: "+61412345678", email: "robin@example.com", PreferredContactMethod: "Email" as const, finance: "No" as const };

async function filledRow(kms: number) {
  const row = await startValuation(handle.db, site, null);
  await updateValuation(handle.db, row, {
    rego: "1GOT123",
    regoState: "WA",
    vehicle: { make: "Testmake", model: MODEL, year: 2021, body: "SUV", transmission: "Automatic", source: "rego" },
    kms,
    adjustmentAnswers: [
      { id: "accident-history", answer: "none" },
      { id: "service-history", answer: "full" },
      { id: "body-condition", answer: "excellent" },
      { id: "mechanical", answer: "none" },
    ],
  });
  return (await getValuation(handle.db, site, row.token))!;
}

beforeAll(async () => {
  handle = await openTestDatabase();
  site = await createTestSite(handle, {
    config: { leads: { routing: [{ channel: "adf", target: "crm@dealer.test" }] } },
    locations: [{ slug: "perth", city: "Osborne Park", state: "WA", postcode: "6017", primary: true }],
  });
  other = await createTestSite(handle);
  // Four used fixture listings of the made-up model in WA, 2021, about 40,000 km: $40,000, $44,000, $48,000, $52,000.
  await importStock(
    handle.db,
    site,
    feed([40_000, 44_000, 48_000, 52_000].map((price, i) => stockRecord({ stock_number: `TI${i}`, make: "Testmake", model: MODEL, year: 2021, km: 38_000 + i * 1_000, price, listing_state: "WA" }))),
  );
}, 60_000);

afterAll(async () => {
  await handle?.close();
});

describe(`trade-in valuations on ${ENGINE}`, () => {
  it("files the trade-in lead with the valuation before the offer; the ADF carries the trade-in vehicle and is valid", async () => {
    // Prices 40,000 44,000 48,000 52,000: lower quartile (position 0.75) 43,000, median 46,000,
    // upper quartile (position 2.25) 49,000; x 0.8 -> 34,400 / 36,800 / 39,200.
    const row = await filledRow(40_000);
    const result = await completeValuation(handle.db, site, row, CONTACT, null, INFO);
    if (result.kind !== "completed" || result.valuation.kind !== "estimate") throw new Error(JSON.stringify(result));
    expect([result.valuation.low, result.valuation.offer, result.valuation.high]).toEqual([34_400, 36_800, 39_200]);
    expect(result.valuation.basis).toEqual({ count: 4, scope: "state", state: "WA" });

    const [lead] = await handle.db.select().from(leads).where(eq(leads.id, result.leadId));
    expect(lead).toMatchObject({ form: "trade-in", category: "Trade-In Valuation", firstName: "Robin" });
    expect(lead.payload).toMatchObject({ offer_price: 36_800, rego: "1GOT123", regoState: "WA", kms: 40_000, PreferredContactMethod: "Email", finance: "No", trade_in: { make: "Testmake", model: MODEL, year: 2021 } });
    expect(await handle.db.select().from(leadDeliveries).where(eq(leadDeliveries.leadId, result.leadId))).toHaveLength(1);
    const stored = (await getValuation(handle.db, site, row.token))!;
    expect(stored).toMatchObject({ leadId: result.leadId, formCompleted: true, offerAccepted: null, offerPrice: 36_800 });

    const { message } = await buildLeadMessage(handle.db, result.leadId);
    expect(message.text).toContain(`Trade-in: 2021 Testmake ${MODEL}, 40,000 km, rego 1GOT123 WA`);
    expect(message.text).toContain("Trade-in offer: $36,800 (range $34,400 to $39,200; Based on 4 similar cars for sale in WA)");
    expect(message.xml).toContain(`<vehicle interest="trade-in" status="used"><year>2021</year><make>Testmake</make><model>${MODEL}</model><odometer units="km">40000</odometer><price type="offer" currency="AUD">36800</price></vehicle>`);
    const dtd = readFileSync("app/adapters/adf/adf-1.0.dtd", "utf8");
    const schema = { fileName: "adf.rng", contents: dtdToRelaxNg(dtd, "adf") };
    const valid = await validateXML({ xml: { fileName: "lead.xml", contents: message.xml }, schema, extension: "relaxng", preload: { fileName: "adf-1.0.dtd", contents: dtd } });
    expect(valid.errors).toEqual([]);

    // Spec 7 offer-accepted update, also copied to the lead.
    expect(await recordOfferDecision(handle.db, stored, true)).toEqual({ lead_id: result.leadId, form_completed: true, offer_accepted: true });
    expect((await getValuation(handle.db, site, row.token))!.offerAccepted).toBe(true);
    const [after] = await handle.db.select().from(leads).where(eq(leads.id, result.leadId));
    expect(after.payload).toMatchObject({ offer_accepted: true, form_completed: true });

    // Resubmitting the contact step returns the same lead (submission key from the token).
    const again = await completeValuation(handle.db, site, row, CONTACT, null, INFO);
    expect(again.kind === "completed" && again.leadId).toBe(result.leadId);
  });

  it("over 100,000 km: no figure, the lead is still filed, and there is no offer to accept", async () => {
    const row = await filledRow(100_001);
    const result = await completeValuation(handle.db, site, row, { ...CONTACT, email: "km@example.com" }, null, INFO);
    if (result.kind !== "completed") throw new Error();
    expect(result.valuation).toMatchObject({ kind: "no-estimate", reason: "too-many-km" });
    const { message } = await buildLeadMessage(handle.db, result.leadId);
    expect(message.xml).toContain('<vehicle interest="trade-in" status="used"><year>2021</year>');
    expect(message.xml).not.toContain('<price type="offer"');
    expect(await recordOfferDecision(handle.db, (await getValuation(handle.db, site, row.token))!, true)).toBeNull();
  });

  it("POST /api/miscellaneous storage: saves under column_name on the site's own valuation only", async () => {
    const row = await startValuation(handle.db, site, null);
    expect(await saveMiscellaneous(handle.db, site, row.token, "valuation", { kind: "estimate", offer: 1 })).toBe(true);
    const [stored] = await handle.db.select().from(tradeInValuations).where(eq(tradeInValuations.id, row.id));
    expect(stored.miscellaneous).toEqual({ valuation: { kind: "estimate", offer: 1 } });
    expect(await saveMiscellaneous(handle.db, other, row.token, "valuation", {})).toBe(false);
    expect(await saveMiscellaneous(handle.db, site, randomUUID(), "valuation", {})).toBe(false);
  });

  it("POST /api/miscellaneous body: a NUL or unpaired surrogate in the valuation is dropped, and the rest is stored (jsonb rejected them: a 500)", async () => {
    const row = await startValuation(handle.db, site, null);
    const body = { token: row.token, column_name: "valuation", valuation: { note: "a\u0000b", ["k\ud800ey"]: ["x\udc00y", { deep: "\u0007ok" }] } };
    const parsed = MiscellaneousBodySchema.parse(JSON.parse(JSON.stringify(body)));
    expect(await saveMiscellaneous(handle.db, site, parsed.token, parsed.column_name, parsed.valuation)).toBe(true);
    const [stored] = await handle.db.select().from(tradeInValuations).where(eq(tradeInValuations.id, row.id));
    expect(stored.miscellaneous).toEqual({ valuation: { note: "ab", key: ["xy", { deep: "ok" }] } });
  });

  it("/cars/trade-in: a malformed car_id is 400, no car_id goes to the general trade-in, another site's car is 404, this site's car is shown", async () => {
    const load = (s: Site, query: string) => loadWizard(handle.db, s, new URL(`http://x.test/cars/trade-in${query}`));
    const status = async (p: Promise<unknown>) => p.then(() => 200, (e: unknown) => (e instanceof Response ? e.status : 500));
    const car = await getCarBySlug(handle.db, site, `2021-testmake-${MODEL.toLowerCase()}-maxx-sport-ti0`);
    if (car.kind !== "found") throw new Error("fixture car missing");
    expect(await status(load(site, "?car_id=abc"))).toBe(400);
    expect(await status(load(site, "?car_id=-3"))).toBe(400);
    // Beyond the id column's range (2^31 - 1): a clear 400, not a failed query (was a 500).
    expect(await status(load(site, "?car_id=2147483648"))).toBe(400);
    expect(await status(load(site, "?car_id=1e21"))).toBe(400);
    // Issue 51: no car_id takes the shopper into the general trade-in (was a 400).
    for (const query of ["", "?car_id=", "?utm_source=mail"]) {
      const answer = await load(site, query).then(() => null, (e: unknown) => e);
      expect(answer).toBeInstanceOf(Response);
      expect([(answer as Response).status, (answer as Response).headers.get("location")]).toEqual([302, query === "?utm_source=mail" ? "/trade-in?utm_source=mail" : "/trade-in"]);
    }
    expect(await status(load(other, `?car_id=${car.car.id}`))).toBe(404);
    const data = await load(site, `?car_id=${car.car.id}`);
    expect(data.car).toMatchObject({ id: car.car.id, title: `2021 Testmake ${MODEL} Maxx Sport` });
    for (const id of [2 ** 31, 2 ** 53, 1e21, 0, -1, 1.5, Number.NaN]) expect(await getCarById(handle.db, site, id)).toBeNull();
    expect(await status(load(site, "?car_id=1&v=not-a-token"))).toBe(404);
  });
});

describe("spec 8: 'Failed to save valuation data'", () => {
  let server: Server;
  let base: string;
  let answer = 500;
  beforeAll(async () => {
    server = createServer((req, res) => {
      req.resume();
      req.on("end", () => res.writeHead(answer).end());
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("logs the spec message on an error answer or a network failure and never throws; succeeds on 200", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      answer = 500;
      expect(await saveValuationData(randomUUID(), { kind: "estimate" }, fetch, `${base}/api/miscellaneous`)).toBe(false);
      expect(error).toHaveBeenLastCalledWith("Failed to save valuation data", expect.any(Error));
      expect(await saveValuationData(randomUUID(), {}, fetch, "http://127.0.0.1:1/api/miscellaneous")).toBe(false);
      expect(error).toHaveBeenCalledTimes(2);
      answer = 200;
      expect(await saveValuationData(randomUUID(), {}, fetch, `${base}/api/miscellaneous`)).toBe(true);
      expect(error).toHaveBeenCalledTimes(2);
    } finally {
      error.mockRestore();
    }
  });
});

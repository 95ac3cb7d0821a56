/**
 * Finance against a real database (issue 4): lender data generated at import stays "unchanged"
 * on a re-import, reaches the car card through search, the finance page data is scoped by site,
 * and `POST /api/youx/quote` (spec 7) answers per the site flag.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client";
import { searchHitToCard } from "../../app/components/vehicle/car-card-data";
import { setFinanceQuoteAdapter, createEngineQuoteAdapter } from "../../app/adapters/finance-quote/quote";
import { getCarBySlug } from "../../app/services/cars.server";
import { financePageFor, financePanelFor } from "../../app/services/finance.server";
import { searchStock } from "../../app/services/search.server";
import { importStock } from "../../app/services/stock-import.server";
import { getSiteBySlug } from "../../app/services/sites.server";
import { parseSearchParams } from "../../app/search/parse-params";
import { action as quoteAction } from "../../app/routes/api.youx-quote";
import { RouterContextProvider } from "react-router";
import { siteContext } from "../../app/context";
import type { Site } from "../../app/sites/site";
import { createTestSite, ENGINE, openTestDatabase } from "./database";
import { feed, stockRecord } from "./fixtures";

/** A parsed SRP query (throws on a parse error, which these fixed strings never have). */
function query(qs: string) {
  const parsed = parseSearchParams(new URLSearchParams(qs));
  if (!parsed.ok) throw new Error("bad query");
  return parsed.query;
}

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(async () => {
  await handle?.close();
});

const FINANCE = { provider: "angle", providerType: "E" as const, generatedLenderRates: { new: 6.29, demo: 6.29, used: 6.29 }, establishmentFee: 1360.5 };

describe(`finance (${ENGINE})`, () => {
  it("decision 020: generated lender data is stored for the provider and a second run of the same feed is all unchanged", async () => {
    const site = await createTestSite(handle, { config: { finance: FINANCE } });
    const rows = feed([stockRecord({ price: 30_000 }), stockRecord({ price: 2_500 }), stockRecord({ price: null })]);
    expect(await importStock(handle.db, site, rows)).toMatchObject({ created: 3 });
    expect(await importStock(handle.db, site, rows)).toMatchObject({ created: 0, updated: 0, unchanged: 3 });
    const slug = `2020-mazda-cx-5-maxx-sport-${rows[0].ok ? rows[0].record.stock_number.toLowerCase() : ""}`;
    const lookup = await getCarBySlug(handle.db, site, slug);
    expect(lookup.kind).toBe("found");
    const lenders = lookup.kind === "found" ? lookup.car.financeLenders : {};
    // Spec 9 worked example: $30,000 car, 10% deposit, 30% final payment, 6.29%, $1,360.50 fee.
    expect(lenders.angle).toMatchObject({ interestRate: 6.29, comparisonRate: 7.94, paymentWeek: 98, paymentMonth: 424, deposit: 3000, balloon: 9000 });
    expect(Object.keys(lenders)).toEqual(["angle"]);
  });

  it("spec 5: the card shows the estimate for a qualifying car and 'Enquire for Finance' at $25 a week or less", async () => {
    const site = await createTestSite(handle, { config: { finance: FINANCE } });
    await importStock(handle.db, site, feed([stockRecord({ price: 30_000, make: "Kia" }), stockRecord({ price: 2_500, make: "Ford" })]));
    const fresh = (await getSiteBySlug(handle.db, site.slug))!;
    const result = await searchStock(handle.db, fresh, query("sortBy=price_asc"));
    const cards = result.hits.map((h) => searchHitToCard(fresh, h, new Date()));
    expect(cards.map((c) => c.finance?.paymentText)).toEqual(["Enquire for Finance", "$98"]);
    expect(cards[1].finance?.comparisonRateText).toBe("7.94%");
  });

  it("no lender data without a provider: the site's cars import none and cards show no estimate", async () => {
    const site = await createTestSite(handle);
    await importStock(handle.db, site, feed([stockRecord({ price: 30_000 })]));
    const result = await searchStock(handle.db, site, query(""));
    expect(searchHitToCard(site, result.hits[0], new Date()).finance).toBeNull();
  });

  it("the finance page's car is scoped by site: another site's car id gives no car", async () => {
    const a = await createTestSite(handle, { config: { finance: FINANCE } });
    const b = await createTestSite(handle, { config: { finance: FINANCE } });
    await importStock(handle.db, a, feed([stockRecord({ price: 18_990 })]));
    const [row] = (await searchStock(handle.db, (await getSiteBySlug(handle.db, a.slug))!, query(""))).hits;
    const own = await financePageFor(handle.db, a, { car_id: row.id }, new Date());
    expect(own.car?.title).toBe("2020 Mazda CX-5 Maxx Sport");
    expect(own.calculator.initial.purchasePrice).toBe(18_990);
    const other = await financePageFor(handle.db, b, { car_id: row.id }, new Date());
    expect(other.car).toBeNull();
    expect(other.calculator.initial.purchasePrice).toBe(30_000);
  });

  it("spec 7 / issue 51: a quote is asked for only on the personalised page (the shopper asked), with the site flag on and a price above 0; the VDP panel and /finance show the one estimate", async () => {
    const calls: unknown[] = [];
    const adapter = { quote: async (r: unknown) => (calls.push(r), { weeklyRepaymentAmount: 77, advertisedRate: 7, comparisonRate: 7.5 }) };
    const off = await createTestSite(handle, { config: { finance: FINANCE } });
    const on = await createTestSite(handle, { config: { finance: { ...FINANCE, quoteService: true } } });
    await importStock(handle.db, on, feed([stockRecord({ price: 20_000, vin: "JTMHV05J604123456" }), stockRecord({ price: null }), stockRecord({ price: 88 })]));
    const cars = (await searchStock(handle.db, (await getSiteBySlug(handle.db, on.slug))!, query(""))).hits;
    const priced = cars.find((c) => c.price === 20_000)!;
    const unpriced = cars.find((c) => !c.price)!;
    const cheap = cars.find((c) => c.price === 88)!;
    const pricedCar = await getCarBySlug(handle.db, on, priced.slug);
    if (pricedCar.kind !== "found") throw new Error("car not found");
    const asked = { quote: true, adapter };
    // The VDP panel carries no quote at all, and /finance does not ask.
    expect(Object.keys(await financePanelFor(on, pricedCar.car, new Date()))).not.toContain("quote");
    expect((await financePageFor(handle.db, on, { car_id: priced.id }, new Date(), { adapter })).car?.quote).toBeNull();
    expect(calls).toHaveLength(0);
    expect((await financePageFor(handle.db, on, { car_id: priced.id }, new Date(), asked)).car?.quote).toEqual({
      paymentText: "$77",
      periodText: "per week",
      isEnquireForFinance: false,
      interestRateText: "7.00%",
      comparisonRateText: "7.50%",
    });
    expect(calls).toEqual([
      { selfAssessedCreditScore: "GREAT", purchasePrice: 20_000, loanTerm: 5, year: 2020, vin: "JTMHV05J604123456", nvic: null, whoIsHelping: on.name },
    ]);
    expect((await financePageFor(handle.db, on, { car_id: unpriced.id }, new Date(), asked)).car?.quote).toBeNull();
    // An $88 car gets no quote figures (spec 9: price above $500), not "$0 per week".
    expect((await financePageFor(handle.db, on, { car_id: cheap.id }, new Date(), asked)).car?.quote).toBeNull();
    expect((await financePageFor(handle.db, off, { car_id: priced.id }, new Date(), asked)).car).toBeNull();
    // A non-OK answer (null) or a failing service is ignored.
    expect((await financePageFor(handle.db, on, { car_id: priced.id }, new Date(), { quote: true, adapter: { quote: async () => null } })).car?.quote).toBeNull();
    expect((await financePageFor(handle.db, on, { car_id: priced.id }, new Date(), { quote: true, adapter: { quote: async () => Promise.reject(new Error("down")) } })).car?.quote).toBeNull();
  });
});

describe("POST /api/youx/quote (spec 7)", () => {
  const call = async (site: Site, body: unknown, method = "POST") => {
    const context = new RouterContextProvider();
    context.set(siteContext, site);
    const request = new Request("http://x.localhost/api/youx/quote", { method, headers: { "content-type": "application/json" }, body: typeof body === "string" ? body : JSON.stringify(body) });
    const result = (await quoteAction({ request, context, params: {} } as never)) as unknown;
    // `data(...)` gives { data, init }; a plain object is a 200.
    if (result && typeof result === "object" && "init" in result) {
      const r = result as { data: unknown; init: { status?: number } | null };
      return { status: r.init?.status ?? 200, body: r.data };
    }
    return { status: 200, body: result };
  };
  const body = { selfAssessedCreditScore: "GREAT", purchasePrice: 30_000, loanTerm: 5, year: 2021, vin: null, nvic: null, whoIsHelping: "Harbourside" };

  it("answers the engine's quote when the site flag is on: $30,000 at 7.49% with a 10% deposit and 30% final payment", async () => {
    setFinanceQuoteAdapter(createEngineQuoteAdapter());
    const site = await createTestSite(handle, { config: { finance: { ...FINANCE, quoteService: true } } });
    const res = await call(site, body);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ advertisedRate: 7.49, comparisonRate: 7.49 });
    expect((res.body as { weeklyRepaymentAmount: number }).weeklyRepaymentAmount).toBeGreaterThan(90);
    expect((res.body as { weeklyRepaymentAmount: number }).weeklyRepaymentAmount).toBeLessThan(110);
  });

  it("404 when the site does not offer quotes; 400 for a bad body; 502 when the service gives no quote", async () => {
    const off = await createTestSite(handle);
    expect((await call(off, body)).status).toBe(404);
    const on = await createTestSite(handle, { config: { finance: { ...FINANCE, quoteService: true } } });
    expect((await call(on, "{not json")).status).toBe(400);
    const bad = await call(on, { ...body, selfAssessedCreditScore: "POOR", purchasePrice: 0 });
    expect(bad.status).toBe(400);
    expect((bad.body as { issues: string[] }).issues.join(" ")).toContain("purchasePrice");
    setFinanceQuoteAdapter({ quote: async () => null });
    expect((await call(on, body)).status).toBe(502);
    setFinanceQuoteAdapter(createEngineQuoteAdapter());
  });
});

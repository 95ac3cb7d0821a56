import { describe, expect, it } from "vitest";
import { calculateRepayments } from "~/domain/finance/repayments";
import { createEngineQuoteAdapter, createHttpQuoteAdapter, type QuoteRequest } from "./quote";
import { quoteRequestFor, shouldRequestFinanceQuote } from "~/services/finance.server";

const request: QuoteRequest = { selfAssessedCreditScore: "GREAT", purchasePrice: 30_000, loanTerm: 5, year: 2021, vin: null, nvic: null, whoIsHelping: "Dealer" };

describe("quote adapter (spec 7 POST /api/youx/quote)", () => {
  it("spec 7: requested only when the flag is on, no quote is held and the price is above 0", () => {
    expect(shouldRequestFinanceQuote(true, null, 20_000)).toBe(true);
    expect(shouldRequestFinanceQuote(false, null, 20_000)).toBe(false);
    expect(shouldRequestFinanceQuote(true, { weeklyRepaymentAmount: 1, advertisedRate: 1, comparisonRate: 1 }, 20_000)).toBe(false);
    expect(shouldRequestFinanceQuote(true, null, 0)).toBe(false);
    expect(shouldRequestFinanceQuote(true, null, null)).toBe(false);
  });

  it("spec 7: the body is selfAssessedCreditScore 'GREAT', purchasePrice, loanTerm 5, year, vin, nvic, whoIsHelping", () => {
    expect(quoteRequestFor({ name: "Harbourside" }, { price: 25_990, year: 2019, vin: "VIN1", nvic: "NV1" })).toEqual({
      selfAssessedCreditScore: "GREAT",
      purchasePrice: 25_990,
      loanTerm: 5,
      year: 2019,
      vin: "VIN1",
      nvic: "NV1",
      whoIsHelping: "Harbourside",
    });
  });

  it("offline default: the engine's weekly repayment for the spec 9 example ($3,000 deposit, $9,000 final payment)", async () => {
    const quote = await createEngineQuoteAdapter({ ratePercent: 6.29 }).quote(request);
    const expected = calculateRepayments({ price: 30_000, deposit: 3_000, annualRatePercent: 6.29, termYears: 5, frequency: "weekly", balloon: { dollars: 9_000 } });
    expect(quote).toEqual({ weeklyRepaymentAmount: expected.payment, advertisedRate: 6.29, comparisonRate: 6.29 });
    expect(quote!.weeklyRepaymentAmount).toBeCloseTo(91.75, 0);
  });

  it("fees raise the offline quote's comparison rate above the advertised rate", async () => {
    const quote = await createEngineQuoteAdapter({ ratePercent: 6.29, fees: { establishmentFee: 1360.5 } }).quote(request);
    expect(quote!.comparisonRate).toBe(7.94);
  });

  it("HTTP adapter: an OK answer is the quote; a non-OK answer, a bad body or a network failure is ignored (null)", async () => {
    const answer = (status: number, body: unknown) => (async () => new Response(JSON.stringify(body), { status })) as unknown as typeof fetch;
    const good = { weeklyRepaymentAmount: 88.5, advertisedRate: 7.1, comparisonRate: 7.6 };
    expect(await createHttpQuoteAdapter("https://q.example/quote", answer(200, good)).quote(request)).toEqual(good);
    expect(await createHttpQuoteAdapter("https://q.example/quote", answer(500, good)).quote(request)).toBeNull();
    expect(await createHttpQuoteAdapter("https://q.example/quote", answer(200, { nope: 1 })).quote(request)).toBeNull();
    const failing = (async () => {
      throw new Error("offline");
    }) as unknown as typeof fetch;
    expect(await createHttpQuoteAdapter("https://q.example/quote", failing).quote(request)).toBeNull();
  });
});

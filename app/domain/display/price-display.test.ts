import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  DEFAULT_NO_PRICE_TEXT,
  HIGH_PRICE_THRESHOLD,
  formatAud,
  getAdvertisedPrice,
  getPriceDisplay,
} from "./price-display";

const base = { price: null, offerPrice: null, beforePrice: null, subscriptionPrice: null, preorder: false };

describe("formatAud", () => {
  it("writes whole dollars exactly as Intl's en-AU AUD formatter, without it (decision 194)", () => {
    const intl = new Intl.NumberFormat("en-AU", { style: "currency", currency: "AUD", minimumFractionDigits: 0, maximumFractionDigits: 0 });
    fc.assert(fc.property(fc.maxSafeInteger(), (n) => formatAud(n) === intl.format(n)), { numRuns: 2000 });
    for (const n of [0, -0, 0.5, -0.4, 1.5, -2.5, 29990.49, 2 ** 60]) expect(formatAud(n)).toBe(intl.format(n));
  });

  it("formats whole Australian dollars with a thousands separator (spec 9: $29,990)", () => {
    expect(formatAud(29990)).toBe("$29,990");
    expect(formatAud(1250000)).toBe("$1,250,000");
    expect(formatAud(0)).toBe("$0");
  });

  it("shows no cents and rounds fractions", () => {
    expect(formatAud(29990.4)).toBe("$29,990");
    expect(formatAud(29990.5)).toBe("$29,991");
  });

  it("throws a RangeError for a non-finite amount", () => {
    expect(() => formatAud(Number.NaN)).toThrow(RangeError);
    expect(() => formatAud(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});

describe("getAdvertisedPrice", () => {
  it("spec 4: uses the reduced (offer) price when it is below the current price", () => {
    expect(getAdvertisedPrice({ price: 30000, offerPrice: 28000 })).toBe(28000);
  });

  it("spec 4: ignores an offer price above the current price", () => {
    expect(getAdvertisedPrice({ price: 30000, offerPrice: 31000 })).toBe(30000);
  });

  it("spec 4: uses the offer price when the car has no current price", () => {
    expect(getAdvertisedPrice({ price: null, offerPrice: 28000 })).toBe(28000);
  });

  it("spec 9: a price counts only above 10 (10 itself is no price)", () => {
    expect(getAdvertisedPrice({ price: 10, offerPrice: null })).toBeNull();
    expect(getAdvertisedPrice({ price: 11, offerPrice: null })).toBe(11);
  });

  it("spec 9: on the view that uses 200, a price of 200 or less is no price", () => {
    expect(getAdvertisedPrice({ price: 200, offerPrice: null }, HIGH_PRICE_THRESHOLD)).toBeNull();
    expect(getAdvertisedPrice({ price: 201, offerPrice: null }, HIGH_PRICE_THRESHOLD)).toBe(201);
  });
});

describe("getPriceDisplay", () => {
  it("spec 4 (1): shows the subscription price when the site offers subscriptions and it is above 0", () => {
    const display = getPriceDisplay({ ...base, price: 30000, subscriptionPrice: 199 }, { subscriptionPricing: true });
    expect(display).toEqual({ kind: "subscription", amount: 199, text: "$199" });
  });

  it("spec 4 (1): ignores the subscription price when the site does not offer subscriptions", () => {
    const display = getPriceDisplay({ ...base, price: 30000, subscriptionPrice: 199 });
    expect(display.kind).toBe("price");
  });

  it("spec 4 (1): ignores a subscription price of 0", () => {
    const display = getPriceDisplay({ ...base, price: 30000, subscriptionPrice: 0 }, { subscriptionPricing: true });
    expect(display).toMatchObject({ kind: "price", amount: 30000 });
  });

  it("spec 4 (2): shows the current price above 10 formatted in AUD", () => {
    expect(getPriceDisplay({ ...base, price: 29990 })).toEqual({
      kind: "price",
      amount: 29990,
      text: "$29,990",
      wasAmount: null,
    });
  });

  it("spec 4 (2): shows the reduced price with the current price as the was-price", () => {
    expect(getPriceDisplay({ ...base, price: 30000, offerPrice: 27500 })).toEqual({
      kind: "price",
      amount: 27500,
      text: "$27,500",
      wasAmount: 30000,
    });
  });

  it("spec 4 (2): shows before_price as the was-price when it is higher", () => {
    expect(getPriceDisplay({ ...base, price: 30000, beforePrice: 32000 })).toMatchObject({ wasAmount: 32000 });
    expect(getPriceDisplay({ ...base, price: 30000, beforePrice: 30000 })).toMatchObject({ wasAmount: null });
  });

  it("spec 4 (3): shows PREORDER when no price and preorder is set", () => {
    expect(getPriceDisplay({ ...base, price: null, preorder: true })).toEqual({
      kind: "preorder",
      amount: null,
      text: "PREORDER",
    });
  });

  it("spec 4 (3): a price of 10 or less counts as no price, so PREORDER shows", () => {
    expect(getPriceDisplay({ ...base, price: 10, preorder: true }).kind).toBe("preorder");
  });

  it("spec 4 (2) before (3): a priced car shows its price even when preorder is set", () => {
    expect(getPriceDisplay({ ...base, price: 45000, preorder: true }).kind).toBe("price");
  });

  it("spec 4 (4): shows the default no-price text 'Enquire for price.'", () => {
    expect(getPriceDisplay({ ...base, price: 0 })).toEqual({ kind: "none", amount: null, text: "Enquire for price." });
    expect(DEFAULT_NO_PRICE_TEXT).toBe("Enquire for price.");
  });

  it("spec 4 (4): shows the site's configured no-price text", () => {
    expect(getPriceDisplay({ ...base }, { noPriceText: "Price on application" }).text).toBe("Price on application");
  });

  it("spec 4: on the view with threshold 200 a price under 200 counts as no price", () => {
    expect(getPriceDisplay({ ...base, price: 150 }, { priceThreshold: 200 }).kind).toBe("none");
    expect(getPriceDisplay({ ...base, price: 150 }).kind).toBe("price");
  });
});

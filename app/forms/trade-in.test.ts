/** Trade-in wizard step schemas (spec 3 valuation form fields, spec 5 field rules and messages). */
import { describe, expect, it } from "vitest";
import { qualifiesForTradeIn } from "~/domain/display/buttons";
import { buttonOptionsFor } from "~/sites/display-options";
import { SiteConfigSchema } from "~/sites/site-config";
import { CarIdQuerySchema, ConditionStepSchema, contactStepSchema, detailsStepSchema, fieldErrors, KMS_MESSAGE, KmsStepSchema, REGO_MESSAGE, REGO_STATE_MESSAGE, VehicleStepSchema } from "./trade-in";

describe("trade-in step schemas", () => {
  it("rego is optional, normalised to upper case without spaces; the state is required", () => {
    expect(VehicleStepSchema.parse({ rego: " 1got-123 ", regoState: "WA" })).toEqual({ rego: "1GOT123", regoState: "WA" });
    expect(VehicleStepSchema.parse({ rego: "", regoState: "NSW" })).toEqual({ rego: null, regoState: "NSW" });
    const bad = VehicleStepSchema.safeParse({ rego: "ABC$12", regoState: "XX" });
    expect(bad.success || fieldErrors(bad.error)).toEqual({ rego: REGO_MESSAGE, regoState: REGO_STATE_MESSAGE });
  });

  it("kms accepts thousands separators and rejects anything but a whole number", () => {
    expect(KmsStepSchema.parse({ kms: "85,000" })).toEqual({ kms: 85_000 });
    expect(KmsStepSchema.parse({ kms: "120 000km" })).toEqual({ kms: 120_000 });
    for (const kms of ["", "abc", "-5", "12.5", "99999999"]) {
      const r = KmsStepSchema.safeParse({ kms });
      expect(r.success || fieldErrors(r.error).kms).toBe(KMS_MESSAGE);
    }
  });

  it("details: the year is a model year up to next year", () => {
    const schema = detailsStepSchema(new Date("2026-11-22T00:00:00Z"));
    expect(schema.parse({ make: "Toyota", model: "RAV4", year: "2021", body: "SUV", transmission: "Automatic" }).year).toBe(2021);
    const r = schema.safeParse({ make: "", model: "", year: "2028", body: "", transmission: "CVT" });
    expect(r.success || fieldErrors(r.error)).toEqual({ make: "Please choose the make.", model: "Please choose the model.", year: "Please choose the year.", body: "Please choose the body type.", transmission: "Please choose the transmission." });
  });

  it("condition answers must be one of each question's choice ids", () => {
    expect(ConditionStepSchema.safeParse({ "accident-history": "none", "service-history": "full", "body-condition": "excellent", mechanical: "none" }).success).toBe(true);
    const r = ConditionStepSchema.safeParse({ "accident-history": "sometimes" });
    expect(r.success || fieldErrors(r.error)["accident-history"]).toBe("Please answer: Has the car been in an accident?");
  });

  it("contact: spec 5 messages, PreferredContactMethod defaults to Phone, the picker is required when shown", () => {
    const ok = contactStepSchema(false).parse({ name: "Robin", phone: "0412 345 678", email: "robin@example.com", finance: "No" });
    expect(ok).toMatchObject({ phone: "+61412345678", PreferredContactMethod: "Phone", finance: "No" });
    const r = contactStepSchema(true).safeParse({ name: " ", phone: "1234", email: "x", finance: "Maybe", PreferredContactMethod: "Fax" });
    expect(r.success || fieldErrors(r.error)).toMatchObject({
      name: "Please enter your first name.",
      phone: "Please enter a valid Australian mobile number.",
      email: "Please enter a valid email address.",
      location_id: "Please choose a dealership.",
      finance: "Please tell us whether you are interested in finance.",
    });
  });

  it("car_id must be a positive whole number", () => {
    expect(CarIdQuerySchema.parse({ car_id: "42" })).toEqual({ car_id: 42 });
    for (const car_id of ["abc", "0", "-1", "1.5", undefined]) expect(CarIdQuerySchema.safeParse({ car_id }).success).toBe(false);
  });
});

describe("VDP trade-in button follows the site's tradeIn limits (spec 5)", () => {
  const now = new Date("2026-11-22T00:00:00Z");
  it("default 7 years / 100,000 km; a site with tighter limits hides the button sooner", () => {
    const defaults = buttonOptionsFor(SiteConfigSchema.parse({}));
    expect(qualifiesForTradeIn({ year: 2019, km: 100_000 }, now, defaults)).toBe(true);
    expect(qualifiesForTradeIn({ year: 2018, km: 10_000 }, now, defaults)).toBe(false);
    expect(qualifiesForTradeIn({ year: 2022, km: 100_001 }, now, defaults)).toBe(false);
    const strict = buttonOptionsFor(SiteConfigSchema.parse({ tradeIn: { maxAgeYears: 5, maxKm: 60_000 } }));
    expect(qualifiesForTradeIn({ year: 2021, km: 60_000 }, now, strict)).toBe(true);
    expect(qualifiesForTradeIn({ year: 2020, km: 10_000 }, now, strict)).toBe(false);
    expect(qualifiesForTradeIn({ year: 2022, km: 60_001 }, now, strict)).toBe(false);
    const off = buttonOptionsFor(SiteConfigSchema.parse({ features: { tradeIn: false } }));
    expect(qualifiesForTradeIn({ year: 2025, km: 1 }, now, off)).toBe(false);
  });
});

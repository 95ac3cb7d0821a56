import { describe, expect, it } from "vitest";
import { DEFAULT_SERVICE_PLAN, getServicePlan } from "./service-plan";

const hilux = { make: "Toyota", model: "HiLux", carType: "new" as const };

describe("service plan block (spec 2.4, defaults spec 9 / issue 3)", () => {
  it("is hidden unless the site enables it", () => {
    expect(getServicePlan(hilux)).toBeNull();
  });
  it("defaults to $250 x 5 services, 5 years, 12 months or 15,000 km, up to 75,000 km", () => {
    expect(getServicePlan(hilux, { enabled: true })).toEqual({
      pricePerService: 250, services: 5, years: 5, intervalMonths: 12, intervalKm: 15_000, maxKm: 75_000, total: 1250,
    });
  });
  it("applies a per-model override field by field, matching the model case-insensitively", () => {
    const plan = getServicePlan(hilux, { enabled: true, models: { " hilux ": { pricePerService: 295 } } });
    expect(plan?.pricePerService).toBe(295);
    expect(plan?.services).toBe(DEFAULT_SERVICE_PLAN.services);
    expect(plan?.total).toBe(1475);
  });
  it("only covers the configured makes and car types (used cars are not covered by default)", () => {
    expect(getServicePlan(hilux, { enabled: true, makes: ["toyota"] })).not.toBeNull();
    expect(getServicePlan({ ...hilux, make: "Mazda" }, { enabled: true, makes: ["Toyota"] })).toBeNull();
    expect(getServicePlan({ ...hilux, carType: "used" }, { enabled: true })).toBeNull();
    expect(getServicePlan({ ...hilux, carType: "demo" }, { enabled: true })).not.toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import { makeCar as testCar } from "~/domain/display/test-car";
import { buildCarJsonLd, serialiseJsonLd } from "./car-json-ld";

const context = { url: "https://dealer.example/cars/x", title: "2020 Mazda CX-5", price: 29990, imageUrl: null, sellerName: "Dealer" };

describe("schema.org Car JSON-LD (issue 3 SEO, standards README)", () => {
  it("carries VIN, odometer in KMT, model date, body, fuel, transmission, drive and an AUD offer", () => {
    const ld = buildCarJsonLd(testCar({ vin: "JM0KF4W7A00123456", km: 45000, year: 2020, simpleBody: "SUV", fuel: "Petrol", transmission: "Automatic", drive: "AWD", carType: "used", status: "in_stock" }), context);
    expect(ld).toMatchObject({
      "@type": "Car",
      vehicleIdentificationNumber: "JM0KF4W7A00123456",
      mileageFromOdometer: { "@type": "QuantitativeValue", value: 45000, unitCode: "KMT" },
      vehicleModelDate: "2020",
      bodyType: "SUV",
      fuelType: "Petrol",
      vehicleTransmission: "Automatic",
      driveWheelConfiguration: "AWD",
      itemCondition: "https://schema.org/UsedCondition",
      offers: { "@type": "Offer", price: 29990, priceCurrency: "AUD", availability: "https://schema.org/InStock" },
    });
  });
  it("a sold car is SoldOut; no price leaves the price out; unknown fields are omitted", () => {
    const ld = buildCarJsonLd(testCar({ status: "sold", vin: null, km: null }), { ...context, price: null });
    expect(ld.offers).toMatchObject({ availability: "https://schema.org/SoldOut" });
    expect(ld.offers).not.toHaveProperty("price");
    expect(ld).not.toHaveProperty("vehicleIdentificationNumber");
    expect(ld).not.toHaveProperty("mileageFromOdometer");
  });
  it("serialises without a raw '<' so the script cannot be closed early", () => {
    expect(serialiseJsonLd({ name: "</script><b>" })).toBe('{"name":"\\u003c/script>\\u003cb>"}');
  });
});

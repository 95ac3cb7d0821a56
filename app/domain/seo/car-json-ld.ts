/**
 * schema.org `Car` structured data for a VDP (issue 3 "SEO"; /work/shared/standards: Car is a
 * Product and a Vehicle). Pure; the page serialises it with {@link serialiseJsonLd}.
 */
import { isInStock, type Car } from "~/domain/car";

/** A schema.org Car object (plain JSON). */
export type CarJsonLd = Record<string, unknown>;

/**
 * Builds the Car JSON-LD: name, vehicleIdentificationNumber, mileageFromOdometer (KMT),
 * vehicleModelDate, bodyType, fuelType, vehicleTransmission, driveWheelConfiguration,
 * vehicleConfiguration, itemCondition and offers (AUD price when there is one, availability
 * InStock / PreOrder / SoldOut). Unknown values are left out rather than sent as null.
 *
 * @param car the car
 * @param context the page URL, the title and the shown price in whole dollars (null = none)
 */
export function buildCarJsonLd(
  car: Pick<Car, "make" | "model" | "year" | "vin" | "km" | "simpleBody" | "fuel" | "simpleFuel" | "transmission" | "simpleTransmission" | "drive" | "badge" | "carType" | "status" | "colour" | "stockNumber" | "preorder">,
  context: { url: string; title: string; price: number | null; imageUrl: string | null; sellerName: string },
): CarJsonLd {
  const availability = !isInStock(car)
    ? "https://schema.org/SoldOut"
    : car.status === "coming_soon" || car.preorder
      ? "https://schema.org/PreOrder"
      : "https://schema.org/InStock";
  const entries: [string, unknown][] = [
    ["@context", "https://schema.org"],
    ["@type", "Car"],
    ["name", context.title],
    ["url", context.url],
    ["image", context.imageUrl],
    ["sku", car.stockNumber],
    ["brand", { "@type": "Brand", name: car.make }],
    ["manufacturer", car.make],
    ["model", car.model],
    ["vehicleIdentificationNumber", car.vin],
    ["mileageFromOdometer", car.km === null ? null : { "@type": "QuantitativeValue", value: car.km, unitCode: "KMT" }],
    ["vehicleModelDate", car.year === null ? null : String(car.year)],
    ["bodyType", car.simpleBody],
    ["fuelType", car.fuel ?? car.simpleFuel],
    ["vehicleTransmission", car.transmission ?? car.simpleTransmission],
    ["driveWheelConfiguration", car.drive],
    ["vehicleConfiguration", car.badge],
    ["color", car.colour],
    ["itemCondition", car.carType === "new" ? "https://schema.org/NewCondition" : "https://schema.org/UsedCondition"],
    [
      "offers",
      {
        "@type": "Offer",
        priceCurrency: "AUD",
        ...(context.price !== null ? { price: context.price } : {}),
        availability,
        url: context.url,
        seller: { "@type": "AutoDealer", name: context.sellerName },
      },
    ],
  ];
  return Object.fromEntries(entries.filter(([, value]) => value !== null && value !== undefined && value !== ""));
}

/** JSON for a `<script type="application/ld+json">`: `<` escaped so no text can close the script. */
export function serialiseJsonLd(data: CarJsonLd): string {
  return JSON.stringify(data).replace(/</g, "\\u003c");
}

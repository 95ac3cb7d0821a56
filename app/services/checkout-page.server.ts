/**
 * Issue 10: view-model helpers shared by the reservation page, the purchase journey and
 * /online-payment.
 */
import type { Database } from "../../db/client";
import type { CarSummaryData } from "~/components/checkout/checkout-ui";
import { carTitle, type Car } from "~/domain/car";
import { getPriceDisplay } from "~/domain/display/price-display";
import { pickerLocations } from "~/domain/leads/routing";
import { priceOptionsFor } from "~/sites/display-options";
import type { Site } from "~/sites/site";
import { listLocations } from "./locations.server";

/** The car summary (title, price text per spec 4 price order, stock number, image, location). */
export function carSummary(site: Site, car: Car): CarSummaryData {
  return {
    title: carTitle(car),
    priceText: getPriceDisplay(car, priceOptionsFor(site.config)).text,
    stockNumber: car.stockNumber,
    imageUrl: car.primaryImageUrl ?? car.images[0]?.url ?? null,
    slug: car.slug,
    locationName: car.location?.name ?? null,
  };
}

/** Sales locations offered for pickup (dealership picker, spec 2.6), filtered like the lead forms' picker. */
export async function pickupLocations(db: Database, site: Site, car: Car) {
  const all = await listLocations(db, site);
  const list = pickerLocations(all, { make: car.make, types: ["sales"], ids: site.config.leads.pickerLocationIds, excluded: site.config.leads.pickerExcludedLocationIds });
  return list.map((l) => ({ id: l.id, name: l.name }));
}


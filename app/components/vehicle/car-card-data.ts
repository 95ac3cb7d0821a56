/**
 * The car card's view model (spec 2.3), computed on the server so the browser receives strings,
 * not rules. Built from a full Car (VDP "similar cars") or a search document (SRP).
 */
import { getPriceDisplay } from "~/domain/display/price-display";
import { getCarTag } from "~/domain/display/tags";
import { chooseBodyIllustration } from "~/domain/display/images";
import { isInStock, type Car, type CarType, type CarStatus } from "~/domain/car";
import { priceOptionsFor, tagOptionsFor } from "~/sites/display-options";
import type { Site } from "~/sites/site";
import type { SearchDoc } from "~/search/types";
import type { FinanceEstimateView } from "~/domain/finance/estimate-view";
import { financeEstimateFor } from "~/sites/finance-options";

export interface CarCardData {
  id: number;
  slug: string;
  title: string;
  priceText: string;
  wasPriceText: string | null;
  kmText: string | null;
  carType: CarType;
  carTypeLabel: string;
  transmission: string | null;
  body: string | null;
  fuel: string | null;
  locationName: string | null;
  tag: { kind: string; text: string } | null;
  inStock: boolean;
  imageUrl: string | null;
  illustration: string;
  /** Finance estimate (spec 5), null when the rules hide it; absent when not computed. */
  finance?: FinanceEstimateView | null;
}

export type CarCardSource = Pick<
  Car,
  "id" | "slug" | "itemType" | "year" | "make" | "model" | "badge" | "series" | "price" | "subscriptionPrice" | "km" | "carType" | "simpleBody" | "simpleTransmission" | "simpleFuel" | "fuel" | "status" | "reserved" | "certified" | "tag" | "createdAt" | "primaryImageUrl"
> &
  Partial<Pick<Car, "offerPrice" | "beforePrice" | "preorder" | "financeLenders" | "location">> & {
    locationName: string | null;
    title: string;
    /** Location id and slug for the finance dealership exclusion (spec 5). */
    locationRef?: { id: number; slug: string | null } | null;
  };

const KM = new Intl.NumberFormat("en-AU");
const CAR_TYPE_LABEL: Record<CarType, string> = { new: "New", demo: "Demo", used: "Used" };

/** Builds the card view model. `now` drives the just-arrived tag. */
export function toCarCard(site: Site, car: CarCardSource, now: Date): CarCardData {
  const price = getPriceDisplay(
    { price: car.price, offerPrice: car.offerPrice ?? null, beforePrice: car.beforePrice ?? null, subscriptionPrice: car.subscriptionPrice, preorder: car.preorder ?? false },
    priceOptionsFor(site.config),
  );
  const tag = getCarTag(
    { status: car.status, reserved: car.reserved, certified: car.certified, carType: car.carType, tag: car.tag, simpleFuel: car.simpleFuel, fuel: car.fuel, createdAt: car.createdAt },
    now,
    tagOptionsFor(site.config),
  );
  return {
    id: car.id,
    slug: car.slug,
    title: car.title,
    priceText: price.text,
    wasPriceText: price.kind === "price" && price.wasAmount ? `$${KM.format(price.wasAmount)}` : null,
    kmText: car.km === null ? null : `${KM.format(car.km)} km`,
    carType: car.carType,
    carTypeLabel: car.carType === "used" ? site.config.display.usedKeyword : CAR_TYPE_LABEL[car.carType],
    transmission: car.simpleTransmission,
    body: car.simpleBody,
    fuel: car.simpleFuel,
    locationName: car.locationName,
    tag: tag ? { kind: tag.kind, text: tag.text } : null,
    inStock: isInStock(car as { status: CarStatus }),
    imageUrl: car.primaryImageUrl,
    illustration: chooseBodyIllustration({ simpleBody: car.simpleBody, bodyConfiguration: null, itemType: car.itemType, simpleFuel: car.simpleFuel }),
    finance: financeEstimateFor(
      site,
      {
        make: car.make,
        year: car.year,
        price: car.price,
        status: car.status,
        financeLenders: car.financeLenders ?? {},
        location: car.location ?? ((car.locationRef ?? null) as Car["location"]),
      },
      now,
    ),
  };
}

/** Card view model from a search hit (SRP, home). Search documents carry no photos or reservation yet. */
export function searchHitToCard(site: Site, hit: SearchDoc, now: Date): CarCardData {
  return toCarCard(
    site,
    {
      ...hit,
      simpleBody: hit.body,
      simpleTransmission: hit.transmission,
      simpleFuel: hit.fuel,
      fuel: hit.fuel,
      reserved: false,
      createdAt: new Date(hit.createdAt).toISOString(),
      primaryImageUrl: null,
      locationName: hit.dealershipName,
      locationRef: hit.locationId != null ? { id: hit.locationId, slug: hit.dealership } : null,
    },
    now,
  );
}

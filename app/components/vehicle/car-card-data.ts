/**
 * The car card's view model (spec 2.3), computed on the server so the browser receives strings,
 * not rules. Built from a full Car (VDP "similar cars") or a search document (SRP).
 */
import { getCarCardButtons, getFavouriteToggle, type ButtonKind } from "~/domain/display/buttons";
import { getCarImage } from "~/domain/display/images";
import { formatAud, getPriceDisplay } from "~/domain/display/price-display";
import { getCarTag } from "~/domain/display/tags";
import { priceBasisFor, priceWording } from "~/domain/display/price-wording";
import { axleCount, paintFor } from "~/domain/display/paint";
import { brandLogoUrl } from "~/domain/display/brand-logos";
import { isInStock, type Car, type CarType } from "~/domain/car";
import { buttonOptionsFor, favouriteOptionsFor, imageOptionsFor, priceOptionsFor, tagOptionsFor } from "~/sites/display-options";
import type { Site } from "~/sites/site";
import type { SearchDoc } from "~/search/types";
import type { FinanceEstimateView } from "~/domain/finance/estimate-view";
import { financeHref } from "~/domain/finance/link";
import { financeEstimateFor } from "~/sites/finance-options";
import { wholeNumberText } from "~/domain/display/number-text";

/** One card button with its link resolved. */
export interface CarCardButton {
  kind: ButtonKind;
  label: string;
  href: string;
}

export interface CarCardData {
  id: number;
  slug: string;
  /**
   * Set only on a card of a car another site of the dealer group owns (issue 54 item 7): that
   * site's origin, e.g. "https://www.sister.example", so the card's links go to the car's page
   * on its own site, whose enquiry forms deliver to the dealer that owns the car.
   */
  origin?: string;
  /**
   * Set with `origin`: the dealer that sells the car (the owning site's name and the car's
   * location), shown on the card so the shopper knows whose car it is.
   */
  soldBy?: { siteName: string; dealership: string | null };
  title: string;
  make: string;
  model: string;
  priceText: string;
  wasPriceText: string | null;
  kmText: string | null;
  carType: CarType;
  carTypeLabel: string;
  transmission: string | null;
  body: string | null;
  fuel: string | null;
  locationName: string | null;
  /** Spec 4 tag; `logoUrl` set for the certified-used logo. */
  tag: { kind: string; text: string; logoUrl: string | null } | null;
  inStock: boolean;
  /** CDN URL of the photo (spec 7/9: width 640, quality 75), or null for the body illustration. */
  imageUrl: string | null;
  imageSrcSet: string | null;
  primaryImageUrl: string | null;
  illustration: string;
  /** Spec 2.3 buttons in order. */
  buttons: CarCardButton[];
  /** Spec 4 favourites/compare toggle, null when hidden. */
  toggle: "favourite" | "compare" | null;
  /** The site has a watchlist (spec 4); WatchlistButton hides it for a sold car not already saved. */
  watchlist: boolean;
  /** Finance estimate (spec 5), null when the rules hide it; absent when not computed. */
  finance?: FinanceEstimateView | null;
  /** Issue 17: 'Drive away' / 'Excl. government charges' under a money price, else null. */
  priceWording: string | null;
  /** Issue 17: the illustration's paint, from the car's colour name (null: neutral grey). */
  paint: string | null;
  /** Issue 17: axles drawn on a caravan illustration (1 or 2). */
  axles: number;
  /** Issue 17: number of photos (spec 7 photos_count), 0 without photos. */
  photosCount: number;
  /** Issue 17: the make's logo on the illustration, or null. */
  logoUrl: string | null;
}

export type CarCardSource = Pick<
  Car,
  "id" | "slug" | "itemType" | "year" | "make" | "model" | "badge" | "series" | "price" | "subscriptionPrice" | "km" | "carType" | "simpleBody" | "simpleTransmission" | "simpleFuel" | "fuel" | "status" | "sold" | "reserved" | "certified" | "tag" | "createdAt" | "primaryImageUrl"
> &
  Partial<Pick<Car, "offerPrice" | "beforePrice" | "preorder" | "images" | "bodyConfiguration" | "financeLenders" | "location" | "priceBasis" | "colour" | "photosCount">> & {
    /** Issue 17: caravan axle type ('Single', 'Tandem', ...), for the illustration. */
    axleType?: string | null;
    locationName: string | null;
    title: string;
    /** Location id and slug for the finance dealership exclusion (spec 5). */
    locationRef?: { id: number; slug: string | null } | null;
  };

const KM = { format: wholeNumberText };
const CAR_TYPE_LABEL: Record<CarType, string> = { new: "New", demo: "Demo", used: "Used" };

/** The enquiry form anchor on the VDP (issue 5 builds the form in the `#enquire` section). */
export function enquireHref(slug: string, prefill?: { message: string; subcategory: string }): string {
  const query = prefill ? `?${new URLSearchParams({ message: prefill.message, subcategory: prefill.subcategory })}` : "";
  return `/cars/${slug}${query}#enquire`;
}

/**
 * Builds the card view model: price (spec 4 order), tag (spec 4 precedence), buttons (spec 2.3),
 * favourites/compare toggle and watchlist button (spec 4), image or illustration (spec 7/9).
 * @param now drives the just-arrived tag
 */
export function toCarCard(site: Site, car: CarCardSource, now: Date): CarCardData {
  const config = site.config;
  const price = getPriceDisplay(
    { price: car.price, offerPrice: car.offerPrice ?? null, beforePrice: car.beforePrice ?? null, subscriptionPrice: car.subscriptionPrice, preorder: car.preorder ?? false },
    priceOptionsFor(config),
  );
  const tag = getCarTag(
    { status: car.status, reserved: car.reserved, certified: car.certified, carType: car.carType, tag: car.tag, simpleFuel: car.simpleFuel, fuel: car.fuel, createdAt: car.createdAt },
    now,
    tagOptionsFor(config),
  );
  const image = getCarImage(
    { primaryImageUrl: car.primaryImageUrl, images: car.images ?? [], itemType: car.itemType, simpleBody: car.simpleBody, bodyConfiguration: car.bodyConfiguration ?? null, simpleFuel: car.simpleFuel },
    imageOptionsFor(config),
  );
  const buttons = getCarCardButtons(car, buttonOptionsFor(config)).map((b): CarCardButton => {
    switch (b.kind) {
      case "enquire":
        return { kind: b.kind, label: b.label, href: enquireHref(car.slug) };
      case "finance":
        return { kind: b.kind, label: b.label, href: financeHref(config.finance.linkPath, { car_id: car.id, car_type: car.carType, preferredDealership: car.location?.slug ?? car.locationRef?.slug ?? null, vehiclePriceBudget: car.price }) };
      case "find-similar":
        return { kind: b.kind, label: b.label, href: enquireHref(car.slug, b.prefill) };
      default:
        return { kind: b.kind, label: b.label, href: b.href ?? `/cars/${car.slug}` };
    }
  });
  return {
    id: car.id,
    slug: car.slug,
    title: car.title,
    make: car.make,
    model: car.model,
    priceText: price.text,
    wasPriceText: price.kind === "price" && price.wasAmount ? formatAud(price.wasAmount) : null,
    kmText: car.km === null ? null : `${KM.format(car.km)} km`,
    carType: car.carType,
    carTypeLabel: car.carType === "used" ? config.display.usedKeyword : CAR_TYPE_LABEL[car.carType],
    transmission: car.simpleTransmission,
    body: car.simpleBody,
    fuel: car.simpleFuel,
    locationName: car.locationName,
    tag: tag ? { kind: tag.kind, text: tag.text, logoUrl: tag.kind === "certified" ? tag.logoUrl : null } : null,
    inStock: isInStock(car),
    imageUrl: image.kind === "photo" ? image.src : null,
    imageSrcSet: image.kind === "photo" ? image.srcSet : null,
    primaryImageUrl: car.primaryImageUrl,
    illustration: image.kind === "illustration" ? image.body : "sedan",
    buttons,
    priceWording: priceWording(price.kind, priceBasisFor({ priceBasis: car.priceBasis ?? null, carType: car.carType }, config.presentation.priceBasis)),
    paint: paintFor(car.colour ?? null),
    axles: axleCount(car.axleType ?? null),
    photosCount: car.photosCount ?? car.images?.length ?? 0,
    logoUrl: brandLogoUrl(car.make),
    toggle: getFavouriteToggle({ status: car.status, price: car.price, carType: car.carType, images: car.images ?? [], primaryImageUrl: car.primaryImageUrl }, favouriteOptionsFor(config)),
    watchlist: config.features.watchlist,
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

/** Card view model from a search hit (SRP, home). */
export function searchHitToCard(site: Site, hit: SearchDoc, now: Date): CarCardData {
  return toCarCard(
    site,
    {
      ...hit,
      simpleBody: hit.body,
      simpleTransmission: hit.transmission,
      simpleFuel: hit.fuel,
      fuel: hit.fuel,
      sold: hit.status === "sold",
      createdAt: new Date(hit.createdAt).toISOString(),
      locationName: hit.dealershipName,
      colour: hit.colour,
      locationRef: hit.locationId != null ? { id: hit.locationId, slug: hit.dealership } : null,
    },
    now,
  );
}

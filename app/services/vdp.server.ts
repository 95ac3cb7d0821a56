/**
 * The vehicle detail page (VDP) view model, spec 2.4, 4, 5 "Buttons and display", 7 and 9
 * "Display": every display rule is applied here on the server (app/domain/display), so the page
 * component receives strings and flags, not rules.
 */
import type { Database } from "../../db/client";
import { enquireHref } from "~/components/vehicle/car-card-data";
import { financeHref } from "~/domain/finance/link";
import { carTitle, isInStock, type Car } from "~/domain/car";
import { getVdpButtons, getFavouriteToggle, type ButtonKind } from "~/domain/display/buttons";
import { chooseCallNumber } from "~/domain/display/call-number";
import { formatFeetAsMetres } from "~/domain/display/caravan";
import { DEFAULT_CERTIFIED_BENEFITS, showsCertifiedBadge } from "~/domain/display/certified";
import { getDealerComments } from "~/domain/display/dealer-comments";
import { galleryPhotos, getCarImage, type CarImage } from "~/domain/display/images";
import { priceBasisFor, priceWording } from "~/domain/display/price-wording";
import { axleCount, paintFor } from "~/domain/display/paint";
import { brandLogoUrl } from "~/domain/display/brand-logos";
import type { MarketPriceIndicator } from "~/domain/display/market-price";
import { formatPhone, maskPhone, phoneHref } from "~/domain/display/phone";
import { formatAud, getPriceDisplay } from "~/domain/display/price-display";
import { getRegoExpiryText } from "~/domain/display/rego";
import { getServicePlan, type ServicePlanBlock } from "~/domain/display/service-plan";
import { buildCarShareUrl, buildShareLinks, type ShareNetwork } from "~/domain/display/share";
import { buildCarSpecEntries, filterSpecEntries, type DisplaySpecEntry } from "~/domain/display/spec-list";
import { getCarTag } from "~/domain/display/tags";
import { vehicleDateText } from "~/domain/display/vehicle-dates";
import { buildCarJsonLd, serialiseJsonLd } from "~/domain/seo/car-json-ld";
import { getMarketIndicator } from "./market.server";
import {
  buttonOptionsFor,
  callNumberOptionsFor,
  favouriteOptionsFor,
  imageOptionsFor,
  priceOptionsFor,
  regoOptionsFor,
  servicePlanOptionsFor,
  specListOptionsFor,
  tagOptionsFor,
} from "~/sites/display-options";
import type { Site } from "~/sites/site";

/** A VDP button with its link resolved (`href` null: an in-page control, e.g. chat). */
export interface VdpButton {
  kind: ButtonKind;
  label: string;
  href: string | null;
  /** Opens in a new tab (history report). */
  external: boolean;
}

/** Spec 2.4 guarantee banner items. */
export const GUARANTEE_ITEMS = [
  "One haggle-free price",
  "48 hour money-back guarantee",
  "Lifetime engine guarantee",
  "Value servicing for life",
  "12 months of roadside assist",
] as const;

export interface VdpView {
  id: number;
  slug: string;
  title: string;
  make: string;
  model: string;
  stockNumber: string;
  carType: Car["carType"];
  carTypeLabel: string;
  itemNoun: string;
  inStock: boolean;
  /** Price block: text per spec 4 order; `wasText` struck through; `wording` the ACL basis (issue 17). */
  price: { kind: string; text: string; wasText: string | null; amount: number | null; wording: string | null };
  /** Issue 17: the illustration's paint, caravan axles, make logo; photos for the gallery. */
  illustration: { paint: string | null; axles: number; logoUrl: string | null };
  photos: { src: string; srcSet: string; thumb: string; full: string }[];
  photosCount: number;

  tag: { kind: string; text: string; logoUrl: string | null } | null;
  image: CarImage;
  imageAlt: string;
  icons: { km: string | null; transmission: string | null; body: string | null };
  /** Caravans show length and sleeping berths instead of km and transmission. */
  caravanIcons: { length: string | null; sleeps: string | null } | null;
  /** Issue 12: `href` is the location page (spec 2.1); `showMapSection` is vdp_config.show_map_section. */
  location: { name: string; slug: string; href: string; address: string; placeUrl: string | null; showMapSection: boolean } | null;
  buttons: VdpButton[];
  /** Call-the-dealer panel: formatted number (0 prefix), masked form and tel: link; null without a number. */
  phone: { display: string; masked: string; href: string } | null;
  dealerLink: { name: string; href: string } | null;
  comments: { pending: boolean; paragraphs: string[] };
  specs: DisplaySpecEntry[];
  keyInfo: { label: string; value: string }[];
  features: string[];
  featuresLimit: number;
  standardEquipment: string[];
  certified: { programme: string; benefits: readonly string[] } | null;
  guaranteeBanner: readonly string[] | null;
  makeAnOffer: boolean;
  servicePlan: ServicePlanBlock | null;
  market: MarketPriceIndicator;
  share: { url: string; links: Record<ShareNetwork, string> } | null;
  toggle: "favourite" | "compare" | null;
  primaryImageUrl: string | null;
  reserve: { enabled: boolean; deposit: string; holdHours: number };
  views: number;
  bodyConfiguration: string | null;
  simpleBody: string | null;
  /** SEO */
  canonical: string;
  description: string;
  jsonLd: string;
  ogImage: string | null;
}

const NUMBER = new Intl.NumberFormat("en-AU");
const TYPE_LABEL = { new: "New", demo: "Demo", used: "Used" } as const;

function absolute(base: string, pathOrUrl: string): string {
  return /^https?:/i.test(pathOrUrl) ? pathOrUrl : `${base}${pathOrUrl.startsWith("/") ? "" : "/"}${pathOrUrl}`;
}

/**
 * Builds the VDP view model for a car of the site.
 *
 * @param context `now` (instant, injected), `origin` (this request's origin, used when the site has
 *   no configured `url`), `onMissingPhone` (spec 8: a console warning only)
 * @returns {@link VdpView}. Market data failures never fail the page.
 */
export async function buildVdpView(
  db: Database,
  site: Site,
  car: Car,
  context: { now: Date; origin: string; onMissingPhone?: (message: string) => void },
): Promise<VdpView> {
  const config = site.config;
  const title = carTitle(car);
  const inStock = isInStock(car);
  const price = getPriceDisplay(car, priceOptionsFor(config));
  const tag = getCarTag(car, context.now, tagOptionsFor(config));
  const image = getCarImage(car, imageOptionsFor(config));
  const baseUrl = (config.url ?? context.origin).replace(/\/+$/, "");
  const canonical = `${baseUrl}/cars/${car.slug}`;

  const callNumber = chooseCallNumber(
    { filterCarType: car.carType, carType: car.carType, locationPhone: car.location?.phone ?? null },
    callNumberOptionsFor(config),
    context.onMissingPhone,
  );
  const phone = callNumber !== null && /\d/.test(callNumber)
    ? { display: formatPhone(callNumber), masked: maskPhone(formatPhone(callNumber)), href: phoneHref(callNumber) }
    : null;

  const buttons: VdpButton[] = getVdpButtons(car, { now: context.now, callNumber }, buttonOptionsFor(config)).map((b) => {
    switch (b.kind) {
      case "enquire":
        return { kind: b.kind, label: b.label, href: "#enquire", external: false };
      case "test-drive":
        // The test-drive form itself (date-time, its own subcategory, analytics event 17/48, spec 7).
        return { kind: b.kind, label: b.label, href: `/cars/${car.slug}?form=test-drive#enquire`, external: false };
      case "finance":
        return { kind: b.kind, label: b.label, href: financeHref(config.finance.linkPath, { car_id: car.id, car_type: car.carType, preferredDealership: car.location?.slug, vehiclePriceBudget: car.price, vin: car.vin }), external: false };
      case "find-similar":
        return { kind: b.kind, label: b.label, href: enquireHref(car.slug, b.prefill), external: false };
      case "history-report":
        return { kind: b.kind, label: b.label, href: b.href, external: true };
      case "chat":
        return { kind: b.kind, label: b.label, href: "#enquire", external: false };
      default:
        return { kind: b.kind, label: b.label, href: b.href, external: false };
    }
  });

  const regoText = getRegoExpiryText(car.regoExpiry, context.now, regoOptionsFor(config));
  const keyInfo: { label: string; value: string }[] = [];
  const push = (label: string, value: string | number | null | undefined) => {
    if (value !== null && value !== undefined && String(value).trim() !== "" && String(value).trim().toLowerCase() !== "null") keyInfo.push({ label, value: String(value) });
  };
  push("Stock number", car.stockNumber);
  push("Condition", car.carType === "used" ? config.display.usedKeyword : TYPE_LABEL[car.carType]);
  push("Registration", regoText);
  push("Build date", vehicleDateText(car.buildDate));
  push("Compliance date", vehicleDateText(car.complianceDate));
  push("Offer price", car.offerPrice ? formatAud(car.offerPrice) : null);
  push("Price type", car.priceType);
  push("Listing title", car.carsalesTitle);
  if (car.caravan) {
    const c = car.caravan;
    push("Body length", c.bodyLengthFeet !== null ? `${c.bodyLengthFeet} ft (${formatFeetAsMetres(c.bodyLengthFeet)})` : null);
    // Width in metres only: the feed's feet figure is shown once, for the length buyers shop by.
    push("Body width", formatFeetAsMetres(c.bodyWidthFeet));
    push("Sleeps", c.sleeps);
    push("Tare weight", c.tareWeight !== null ? `${NUMBER.format(c.tareWeight)} kg` : null);
    push("ATM", c.aggregateTrailerMass !== null ? `${NUMBER.format(c.aggregateTrailerMass)} kg` : null);
    push("Axle", c.axleType);
  }

  const comments = getDealerComments(car.dealerComments);
  let market: MarketPriceIndicator = { shown: false };
  try {
    market = await getMarketIndicator(db, site, car);
  } catch {
    market = { shown: false };
  }

  let share: VdpView["share"] = null;
  try {
    const url = buildCarShareUrl(config.url ?? context.origin, car.slug);
    share = { url, links: buildShareLinks({ url, title }) };
  } catch {
    share = null;
  }

  const priceAmount = price.kind === "price" ? price.amount : null;
  const photo = image.kind === "photo" ? absolute(baseUrl, image.src) : null;
  const km = car.km !== null ? `${NUMBER.format(car.km)} km` : null;
  const description = `${car.carType === "used" ? config.display.usedKeyword : TYPE_LABEL[car.carType]} ${title} for sale at ${car.location?.name ?? site.name}${
    km ? `: ${km}` : ""
  }${[car.simpleTransmission, car.simpleBody, car.simpleFuel].filter(Boolean).length ? `, ${[car.simpleTransmission, car.simpleBody, car.simpleFuel].filter(Boolean).join(", ")}` : ""}. ${
    inStock ? price.text : "Sold"
  } Stock ${car.stockNumber}.`;

  return {
    id: car.id,
    slug: car.slug,
    title,
    make: car.make,
    model: car.model,
    stockNumber: car.stockNumber,
    carType: car.carType,
    carTypeLabel: car.carType === "used" ? config.display.usedKeyword : TYPE_LABEL[car.carType],
    itemNoun: config.itemNoun.singular,
    inStock,
    price: {
      kind: price.kind,
      text: price.text,
      wasText: price.kind === "price" && price.wasAmount ? formatAud(price.wasAmount) : null,
      amount: priceAmount,
      wording: priceWording(price.kind, priceBasisFor(car, config.presentation.priceBasis)),
    },
    illustration: { paint: paintFor(car.colour), axles: axleCount(car.caravan?.axleType ?? null), logoUrl: brandLogoUrl(car.make) },
    photos: galleryPhotos(car.images.map((i) => i.url), imageOptionsFor(config)),
    photosCount: car.photosCount || car.images.length,

    tag: tag ? { kind: tag.kind, text: tag.text, logoUrl: tag.kind === "certified" ? tag.logoUrl : null } : null,
    image,
    imageAlt: `${title}${car.colour ? `, ${car.colour}` : ""}`,
    icons: { km, transmission: car.simpleTransmission, body: car.simpleBody },
    caravanIcons: car.caravan
      ? { length: formatFeetAsMetres(car.caravan.bodyLengthFeet), sleeps: car.caravan.sleeps !== null ? String(car.caravan.sleeps) : null }
      : null,
    location: car.location
      ? {
          name: car.location.name,
          slug: car.location.slug,
          href: `/${config.links.locationDetailPrefix}/${car.location.slug}`,
          showMapSection: config.display.vdpShowMapSection,
          address: [car.location.address.street, `${car.location.address.city} ${car.location.address.state} ${car.location.address.postcode}`].filter(Boolean).join(", "),
          placeUrl: car.location.address.placeUrl,
        }
      : null,
    buttons,
    phone,
    dealerLink: config.display.callPanelDealerLink && car.location ? { name: car.location.name, href: `/search/${car.location.slug}` } : null,
    comments: { pending: comments.kind === "pending", paragraphs: comments.paragraphs },
    specs: filterSpecEntries(buildCarSpecEntries(car), specListOptionsFor(config)),
    keyInfo,
    features: car.features.filter((f) => f.trim() !== ""),
    featuresLimit: config.display.featuresLimit,
    standardEquipment: car.standardEquipment.filter((f) => f.trim() !== ""),
    certified: showsCertifiedBadge(car, { certifiedBadge: config.display.certifiedBadge })
      ? { programme: config.display.certifiedProgrammeName, benefits: DEFAULT_CERTIFIED_BENEFITS }
      : null,
    guaranteeBanner: config.display.guaranteeBanner ? GUARANTEE_ITEMS : null,
    makeAnOffer: config.display.makeAnOffer && inStock,
    servicePlan: getServicePlan(car, servicePlanOptionsFor(config)),
    market,
    share,
    toggle: getFavouriteToggle(car, favouriteOptionsFor(config)),
    primaryImageUrl: car.primaryImageUrl,
    reserve: { enabled: buttons.some((b) => b.kind === "reserve"), deposit: formatAud(config.features.reserveDeposit), holdHours: config.features.reserveHoldHours },
    views: car.views,
    bodyConfiguration: car.bodyConfiguration,
    simpleBody: car.simpleBody,
    canonical,
    description,
    jsonLd: serialiseJsonLd(
      buildCarJsonLd(car, { url: canonical, title, price: inStock ? priceAmount : null, imageUrl: photo, sellerName: car.location?.name ?? site.name }),
    ),
    ogImage: photo,
  };
}

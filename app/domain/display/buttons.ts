/**
 * Which buttons a car card and a vehicle detail page (VDP) show, spec 2.3, 2.4, 4 (in stock,
 * favourites/compare toggle, watchlist) and 5 "Buttons and display" / "Forms" (trade-in).
 *
 * The functions return data (kind, label, href); components render it.
 */
import { isInStock, type Car, type CarType } from "~/domain/car";
import { phoneHref } from "./phone";

export const BUTTON_KINDS = [
  "call",
  "enquire",
  "test-drive",
  "finance",
  "trade-in",
  "reserve",
  "online-purchase",
  "chat",
  "history-report",
  "location",
  "details",
  "find-similar",
] as const;
export type ButtonKind = (typeof BUTTON_KINDS)[number];

/** Spec 2.3 / 9 labels; sites override any of them through `labels`. */
export const DEFAULT_BUTTON_LABELS: Readonly<Record<ButtonKind, string>> = Object.freeze({
  call: "Call Dealer",
  enquire: "Enquire Now",
  "test-drive": "Book a Test Drive",
  finance: "Finance Enquiry",
  "trade-in": "Value My Trade-In",
  reserve: "Reserve Now",
  "online-purchase": "Buy Online",
  chat: "Chat Now",
  "history-report": "Car History Report",
  location: "View Location",
  details: "View Details",
  "find-similar": "Find Me Something Similar",
});

/** Spec 2.3: the two wordings of the card's details button. */
export const DETAILS_BUTTON_LABELS = ["View Details", "Explore Vehicle"] as const;

/** Spec 4: the enquiry prefill for a car that is not in stock. */
export const FIND_SIMILAR_ENQUIRY: Readonly<EnquiryPrefill> = Object.freeze({
  message: "Can you please find me something similar?",
  subcategory: "Find me something similar",
});

/** Spec 2.1 / 2.4: in-page target of the location button. */
export const VEHICLE_MAP_ANCHOR = "#vehicle-map";

/** Spec 5 "Forms": trade-in estimates are generally not given past these. */
export const DEFAULT_TRADE_IN_MAX_AGE_YEARS = 7;
export const DEFAULT_TRADE_IN_MAX_KM = 100_000;

export interface EnquiryPrefill {
  message: string;
  subcategory: string;
}

/** One button. `href` null means the button opens something in the page (a form, dialog or chat). */
export interface CarButton {
  kind: ButtonKind;
  label: string;
  href: string | null;
  /** Only on 'find-similar': the enquiry form's prefilled message and subcategory. */
  prefill?: EnquiryPrefill;
}

/**
 * Per-site button options (SiteConfig `display.detailsButtonLabel`, `features.checkout`,
 * `features.checkoutPath`, `features.onlinePurchase`, `features.chat`, `features.tradeIn`,
 * `display.vdpShowMapSection`).
 */
export interface ButtonOptions {
  /** Card details button: 'View Details' (default) or 'Explore Vehicle'. */
  detailsButtonLabel: string;
  /** Online reservation on. Default `false`. */
  checkout: boolean;
  /** Car types that can be reserved online. Default all: ['new', 'demo', 'used']. */
  checkoutCarTypes: readonly CarType[];
  /** Reserve route segment: /cars/{slug}/checkout (default) or /cars/{slug}/buy-online. */
  checkoutPath: "checkout" | "buy-online";
  /** Online purchase journey on (also needs checkout for the car). Default `false`. */
  onlinePurchase: boolean;
  /** Live chat button. Default `false`. */
  chat: boolean;
  /** Test-drive button. Default `true`. */
  testDrive: boolean;
  /** Trade-in button when the car qualifies. Default `true`. */
  tradeIn: boolean;
  /** Trade-in: maximum age in years. Default {@link DEFAULT_TRADE_IN_MAX_AGE_YEARS} (7). */
  tradeInMaxAgeYears: number;
  /** Trade-in: maximum odometer, km. Default {@link DEFAULT_TRADE_IN_MAX_KM} (100,000). */
  tradeInMaxKm: number;
  /** The VDP has a map section for the location button to jump to. Default `true`. */
  vdpShowMapSection: boolean;
  /** Label overrides by kind. Default none ({@link DEFAULT_BUTTON_LABELS}). */
  labels: Partial<Record<ButtonKind, string>>;
}

export const DEFAULT_BUTTON_OPTIONS: Readonly<ButtonOptions> = Object.freeze({
  detailsButtonLabel: DEFAULT_BUTTON_LABELS.details,
  checkout: false,
  checkoutCarTypes: Object.freeze(["new", "demo", "used"] as CarType[]),
  checkoutPath: "checkout",
  onlinePurchase: false,
  chat: false,
  testDrive: true,
  tradeIn: true,
  tradeInMaxAgeYears: DEFAULT_TRADE_IN_MAX_AGE_YEARS,
  tradeInMaxKm: DEFAULT_TRADE_IN_MAX_KM,
  vdpShowMapSection: true,
  labels: Object.freeze({}),
});

function resolve(options: Partial<ButtonOptions>): ButtonOptions {
  return { ...DEFAULT_BUTTON_OPTIONS, ...options };
}

function button(kind: ButtonKind, o: ButtonOptions, href: string | null = null): CarButton {
  return { kind, label: o.labels[kind] ?? DEFAULT_BUTTON_LABELS[kind], href };
}

function findSimilarButton(o: ButtonOptions): CarButton {
  return { ...button("find-similar", o), prefill: { ...FIND_SIMILAR_ENQUIRY } };
}

/** Spec 9: a price counts as present only above $10 (issue 10: only priced cars can be reserved). */
export const MIN_CHECKOUT_PRICE = 10;

/**
 * Whether online reservation (and online purchase) is open for this car, spec 2.3 / 5 and issue
 * 10: the site has checkout on, the car type is in `checkoutCarTypes`, and the car is in stock,
 * not sold, not already reserved (by the feed or an online reservation) and priced above
 * {@link MIN_CHECKOUT_PRICE} dollars.
 */
export function isCheckoutEnabledForCar(
  car: Pick<Car, "status" | "sold" | "reserved" | "carType" | "price">,
  options: Partial<ButtonOptions> = {},
): boolean {
  const o = resolve(options);
  return o.checkout && o.checkoutCarTypes.includes(car.carType) && isInStock(car) && !car.sold && !car.reserved && (car.price ?? 0) > MIN_CHECKOUT_PRICE;
}

/**
 * Whether the car qualifies for the trade-in button, spec 5: trade-in on, and the car is not over
 * `tradeInMaxAgeYears` (7) years old nor over `tradeInMaxKm` (100,000) km. Age is
 * `now`'s UTC calendar year minus the model year; an unknown year or km does not disqualify.
 *
 * @param car year and odometer (km)
 * @param now current instant (injected)
 */
export function qualifiesForTradeIn(
  car: Pick<Car, "year" | "km">,
  now: Date,
  options: Partial<ButtonOptions> = {},
): boolean {
  const o = resolve(options);
  if (!o.tradeIn) return false;
  if (car.year !== null && now.getUTCFullYear() - car.year > o.tradeInMaxAgeYears) return false;
  if (car.km !== null && car.km > o.tradeInMaxKm) return false;
  return true;
}

export type CardButtonFields = Pick<Car, "slug" | "status" | "sold" | "reserved" | "carType" | "price">;

/**
 * Car card buttons, spec 2.3, in order. In stock: enquire, finance, details (label
 * `detailsButtonLabel`, href `/cars/{slug}`) and 'Reserve Now' (href `/cars/{slug}/{checkoutPath}`)
 * only when {@link isCheckoutEnabledForCar}. Not in stock: only 'Find Me Something Similar',
 * carrying {@link FIND_SIMILAR_ENQUIRY}.
 *
 * @returns the buttons to render. Never throws.
 */
export function getCarCardButtons(car: CardButtonFields, options: Partial<ButtonOptions> = {}): CarButton[] {
  const o = resolve(options);
  if (!isInStock(car)) return [findSimilarButton(o)];

  const buttons: CarButton[] = [
    button("enquire", o),
    button("finance", o),
    { kind: "details", label: o.labels.details ?? o.detailsButtonLabel, href: `/cars/${car.slug}` },
  ];
  if (isCheckoutEnabledForCar(car, o)) buttons.push(button("reserve", o, `/cars/${car.slug}/${o.checkoutPath}`));
  return buttons;
}

function safePhoneHref(phone: string | null): string | null {
  if (phone === null || !/\d/.test(phone)) return null;
  return phoneHref(phone);
}

export type VdpButtonFields = CardButtonFields & Pick<Car, "id" | "year" | "km" | "file" | "location">;

/** What the VDP knows at render time besides the car. */
export interface VdpButtonContext {
  /** Current instant (trade-in age). */
  now: Date;
  /** The number chosen by `chooseCallNumber`, or null (no call button). */
  callNumber: string | null;
}

/**
 * VDP call-to-action buttons, spec 2.4 / 5, in the spec's order. A car not in stock shows only
 * 'Find Me Something Similar' (the page shows SOLD instead of price and buttons). In stock:
 * - call: when a call number with at least one digit exists (href `tel:...`);
 * - enquire; test drive (when `testDrive`); finance;
 * - trade-in: when {@link qualifiesForTradeIn} (href `/cars/trade-in?car_id={id}`);
 * - reserve and online purchase: when {@link isCheckoutEnabledForCar}
 *   (`/cars/{slug}/{checkoutPath}`; online purchase also needs `onlinePurchase`,
 *   `/checkout-journey?car_id={slug}`);
 * - chat: when `chat`;
 * - history report: when the car has a `file` (href = the file);
 * - location: when the car has a location and the map section is shown (href '#vehicle-map').
 *
 * @returns the buttons to render. Never throws.
 */
export function getVdpButtons(
  car: VdpButtonFields,
  context: VdpButtonContext,
  options: Partial<ButtonOptions> = {},
): CarButton[] {
  const o = resolve(options);
  if (!isInStock(car)) return [findSimilarButton(o)];

  const buttons: CarButton[] = [];
  const callHref = safePhoneHref(context.callNumber);
  if (callHref !== null) buttons.push(button("call", o, callHref));
  buttons.push(button("enquire", o));
  if (o.testDrive) buttons.push(button("test-drive", o));
  buttons.push(button("finance", o));
  if (qualifiesForTradeIn(car, context.now, o)) buttons.push(button("trade-in", o, `/cars/trade-in?car_id=${car.id}`));
  if (isCheckoutEnabledForCar(car, o)) {
    buttons.push(button("reserve", o, `/cars/${car.slug}/${o.checkoutPath}`));
    if (o.onlinePurchase) {
      buttons.push(button("online-purchase", o, `/checkout-journey?car_id=${encodeURIComponent(car.slug)}`));
    }
  }
  if (o.chat) buttons.push(button("chat", o));
  const file = car.file?.trim() ?? "";
  if (file !== "") buttons.push(button("history-report", o, file));
  if (car.location !== null && o.vdpShowMapSection) buttons.push(button("location", o, VEHICLE_MAP_ANCHOR));
  return buttons;
}

/**
 * Favourites/compare options (SiteConfig `features.favourites`, `features.compare`,
 * `features.favouritesStrict`, `features.favouritesUsedOnly`).
 */
export interface FavouriteOptions {
  /** Favourites in browser storage. Default `true` (as SiteConfig). */
  favourites: boolean;
  /** Compare mode: the toggle is a compare toggle instead. Default `false`. */
  compare: boolean;
  /** Strict mode: also hidden when price <= 0 or no images (and `favouritesUsedOnly`). Default `false`. */
  favouritesStrict: boolean;
  /** In strict mode, only used cars get the toggle. Default `false`. */
  favouritesUsedOnly: boolean;
}

export const DEFAULT_FAVOURITE_OPTIONS: Readonly<FavouriteOptions> = Object.freeze({
  favourites: true,
  compare: false,
  favouritesStrict: false,
  favouritesUsedOnly: false,
});

/**
 * The favourites/compare toggle on a card or VDP, spec 4: hidden (null) when neither feature is on
 * or the car is not in stock; in strict mode also when `price` is null or <= 0, when
 * `favouritesUsedOnly` and the car is not used, or when the car has no images (no `images` and no
 * `primaryImageUrl`).
 *
 * @returns 'compare' when compare mode is on, else 'favourite'; null when hidden. Never throws.
 */
export function getFavouriteToggle(
  car: Pick<Car, "status" | "price" | "carType" | "images" | "primaryImageUrl">,
  options: Partial<FavouriteOptions> = {},
): "favourite" | "compare" | null {
  const o = { ...DEFAULT_FAVOURITE_OPTIONS, ...options };
  if (!(o.favourites || o.compare) || !isInStock(car)) return null;
  if (o.favouritesStrict) {
    if ((car.price ?? 0) <= 0) return null;
    if (o.favouritesUsedOnly && car.carType !== "used") return null;
    const hasImages = car.images.length > 0 || (car.primaryImageUrl ?? "").trim() !== "";
    if (!hasImages) return null;
  }
  return o.compare ? "compare" : "favourite";
}

/**
 * The watchlist save button, spec 4: shown when the site has a watchlist; a car that is not in
 * stock and not already saved shows none (a saved sold car keeps its button so it can be removed).
 */
export function showsWatchlistButton(
  car: Pick<Car, "status">,
  context: { watchlist: boolean; isSaved: boolean },
): boolean {
  return context.watchlist && (isInStock(car) || context.isSaved);
}

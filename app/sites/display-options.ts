/**
 * Maps a site's configuration onto the option objects of the display rules (app/domain/display),
 * so the rules stay free of configuration parsing and every difference stays data.
 */
import type { ButtonOptions, FavouriteOptions } from "~/domain/display/buttons";
import type { CallNumberOptions } from "~/domain/display/call-number";
import type { ImageOptions } from "~/domain/display/images";
import type { MarketPriceOptions } from "~/domain/display/market-price";
import type { PriceDisplayOptions } from "~/domain/display/price-display";
import type { RegoExpiryOptions } from "~/domain/display/rego";
import type { ServicePlanOptions } from "~/domain/display/service-plan";
import type { SpecListOptions } from "~/domain/display/spec-list";
import { DEFAULT_SPEC_LIST_INITIAL_COUNT } from "~/domain/display/spec-list";
import type { TagOptions } from "~/domain/display/tags";
import { DEFAULT_TAG_OPTIONS } from "~/domain/display/tags";
import { DEFAULT_BUTTON_OPTIONS } from "~/domain/display/buttons";
import type { SiteConfig } from "./site-config";

/** Spec 4 price display options of a site. */
export function priceOptionsFor(config: SiteConfig): PriceDisplayOptions {
  return {
    subscriptionPricing: config.features.subscriptionPricing,
    priceThreshold: config.display.priceThreshold,
    noPriceText: config.display.noPriceText,
  };
}

/** Spec 4 tag options of a site. */
export function tagOptionsFor(config: SiteConfig): TagOptions {
  return {
    ...DEFAULT_TAG_OPTIONS,
    fuelTagEnabled: config.display.fuelTagEnabled,
    certifiedLogo: config.display.certifiedBadge ? { url: config.display.certifiedLogoUrl, alt: config.display.certifiedProgrammeName } : null,
    justArrivedDays: config.display.justArrivedDays,
    justArrivedTagName: config.display.justArrivedTagName,
    soldTagName: config.display.soldTagName,
  };
}

/** Spec 2.3 / 2.4 / 5 button options of a site. */
export function buttonOptionsFor(config: SiteConfig): ButtonOptions {
  return {
    ...DEFAULT_BUTTON_OPTIONS,
    detailsButtonLabel: config.display.detailsButtonLabel,
    checkout: config.features.checkout,
    checkoutPath: config.features.checkoutPath,
    onlinePurchase: config.features.onlinePurchase,
    chat: config.features.chat,
    tradeIn: config.features.tradeIn,
    tradeInMaxAgeYears: config.tradeIn.maxAgeYears,
    tradeInMaxKm: config.tradeIn.maxKm,
    vdpShowMapSection: config.display.vdpShowMapSection,
  };
}

/** Spec 4 favourites/compare toggle options of a site. */
export function favouriteOptionsFor(config: SiteConfig): FavouriteOptions {
  return {
    favourites: config.features.favourites,
    compare: config.features.compare,
    favouritesStrict: config.features.favouritesStrict,
    favouritesUsedOnly: config.features.favouritesUsedOnly,
  };
}

/** Spec 5 call-number options of a site. */
export function callNumberOptionsFor(config: SiteConfig): CallNumberOptions {
  return {
    override: config.phones.override,
    byCarType: config.phones.byCarType,
    newCarPhone: config.phones.byCarType.new,
    usedCarPhone: config.phones.byCarType.used,
  };
}

/** Spec 5 rego-expiry options of a site. */
export function regoOptionsFor(config: SiteConfig): RegoExpiryOptions {
  return { timeZone: config.timeZone, showUnregisteredForExpiredRego: config.display.showUnregisteredForExpiredRego };
}

/** Spec 5 spec-list options of a site. */
export function specListOptionsFor(config: SiteConfig): SpecListOptions {
  return { specListExclusions: config.display.specListExclusions, initialCount: DEFAULT_SPEC_LIST_INITIAL_COUNT };
}

/** Spec 5 market-price options of a site. */
export function marketPriceOptionsFor(config: SiteConfig): MarketPriceOptions {
  return { marketPriceIndicator: config.display.marketPriceIndicator, minSaving: 500 };
}

/** Spec 2.4 service plan options of a site. */
export function servicePlanOptionsFor(config: SiteConfig): ServicePlanOptions {
  return { ...config.display.servicePlan };
}

/** Spec 7/9 image CDN options of a site. */
export function imageOptionsFor(config: SiteConfig): ImageOptions {
  // Issue 17: without a CDN, photos go through the embedded image endpoint (resized, AVIF/WebP).
  return { imageCdnBaseUrl: config.display.imageCdnBaseUrl, imageEndpoint: config.presentation.imageEndpoint ? "/images" : null };
}

/**
 * Maps a site's configuration onto the option objects of the display rules (app/domain/display),
 * so the rules stay free of configuration parsing and every difference stays data.
 */
import type { PriceDisplayOptions } from "~/domain/display/price-display";
import type { TagOptions } from "~/domain/display/tags";
import { DEFAULT_TAG_OPTIONS } from "~/domain/display/tags";
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
    certifiedLogo: config.display.certifiedBadge ? { url: "/brand/certified.svg", alt: config.display.certifiedProgrammeName } : null,
    justArrivedDays: config.display.justArrivedDays,
    justArrivedTagName: config.display.justArrivedTagName,
    soldTagName: config.display.soldTagName,
  };
}

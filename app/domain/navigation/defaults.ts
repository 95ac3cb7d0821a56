/**
 * The platform's shared navigation (the "base" of spec 2.7's footer and the header a site gets
 * when it configures none). Built from SiteConfig data only (car types, certified programme,
 * finance path, location path), never from the dealer's identity.
 */
import type { SiteConfig } from "~/sites/site-config";
import type { NavItem, NavigationTree } from "./navigation";

const TYPE_LABEL = { new: "New", demo: "Demo", used: "Used" } as const;

/** Stock links by car type (spec 2.1 "/search/{type}-cars"), plus the certified view when enabled. */
function stockItems(config: SiteConfig): NavItem[] {
  const items: NavItem[] = config.carTypes
    .slice()
    .sort((a, b) => ["new", "demo", "used"].indexOf(a) - ["new", "demo", "used"].indexOf(b))
    .map((t) => ({ name: `${TYPE_LABEL[t]} ${config.itemNoun.plural[0].toUpperCase()}${config.itemNoun.plural.slice(1)}`, url: `/search/${t}-cars` }));
  if (config.certifiedPreOwned) items.push({ name: "Certified Pre-Owned", url: "/pre-owned?certified=true" });
  return items;
}

/** Spec 2.7 "Footer also links to ...": the legal links every site's footer carries (mandatory). */
export const LEGAL_LINKS: NavItem[] = [
  { name: "Privacy Policy", url: "/privacy-policy", mandatory: true },
  { name: "Terms and Conditions", url: "/terms-and-conditions", mandatory: true },
  { name: "Sitemap", url: "/sitemap.xml", mandatory: true },
  { name: "Complaint Handling Process", url: "/pages/complaint-handling-process", mandatory: true },
];

/**
 * The shared base navigation for a site's configuration.
 * - header: stock by car type, Finance (the site's finance path), Our Locations, and Contact
 *   (right-aligned) linking to the locations page.
 * - footer: "Browse" (stock, favourites when enabled) and "Help" (legal links + locations).
 */
export function baseNavigation(config: SiteConfig): NavigationTree {
  const stock = stockItems(config);
  const locations = "/our-location";
  const header: NavItem[] = [
    { name: "Home", url: "/", mandatory: true },
    ...stock,
    { name: "Finance", url: config.finance.linkPath },
    { name: "Our Locations", url: locations, align: "right", mandatory: true },
  ];
  const browse: NavItem[] = [...stock];
  if (config.features.favourites && !config.features.compare) browse.push({ name: "Favourites", url: "/favourites" });
  return {
    header,
    footer: [
      { title: "Browse", items: browse },
      { title: "Help", items: [{ name: "Our Locations", url: locations }, { name: "Finance", url: config.finance.linkPath }, ...LEGAL_LINKS] },
    ],
  };
}

/**
 * The service booking link of the feature banner and menus (spec 2.1, 2.6): the external booking
 * page when the site belongs to a dealer network and has one, else /service.
 */
export function serviceBookingUrl(config: SiteConfig): string {
  return config.links.dealerNetworkBaseDomain && config.links.externalServiceBookingUrl ? config.links.externalServiceBookingUrl : "/service";
}

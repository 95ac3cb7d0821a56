/** Test fixture (not a test): the seeded Toyota dealer's header and footer data. */
import { SiteConfigSchema } from "~/sites/site-config";
import type { SiteNavigation } from "~/services/navigation.server";
import { baseNavigation } from "~/domain/navigation/defaults";
import { groupModels, mergeNavigation } from "~/domain/navigation/navigation";
import { TOYOTA_NAVIGATION } from "../../../db/seed/navigation";
import type { SiteChrome } from "./site-chrome";

/** The seeded Toyota dealer's header (spec 2.7): merged navigation and a model menu with every status and Our Stock links. */
export function toyotaChrome(): SiteChrome {
  const config = SiteConfigSchema.parse({ carTypes: ["new", "used"], certifiedPreOwned: true, navigation: TOYOTA_NAVIGATION });
  const tree = mergeNavigation(baseNavigation(config), { header: config.navigation.header, footer: config.navigation.footerSections }, config.navigation.overrides);
  const model = (name: string, status: string, categories: string[], inStock: boolean) => ({
    name,
    slug: name.toLowerCase(),
    status,
    categories,
    url: `https://www.toyota.com.au/${name.toLowerCase()}`,
    stockUrl: inStock ? `/search/toyota/${name.toLowerCase()}` : null,
    imageUrl: null,
  });
  const modelGroups = groupModels([model("Corolla", "current", ["cars"], true), model("RAV4", "all_new", ["suvs-4wds"], true), model("bZ3", "coming_soon", ["electrified"], false), model("Prius", "discontinued", ["cars"], false)]);
  const navigation = { ...tree, modelGroups, social: [{ network: "facebook", url: "https://facebook.com/swanrivertoyota" }], acceptedPayments: ["visa", "mastercard"], abn: "12 345 678 901" } as SiteNavigation;
  return {
    slug: "perth-toyota",
    name: "Swan River Toyota",
    tagline: "",
    logoUrl: null,
    phone: "08 9000 0000",
    phoneText: "08 9000 0000",
    financePath: "/finance-enquiry",
    carTypes: ["new", "used"],
    certifiedPreOwned: true,
    itemPlural: "cars",
    locations: [
      { name: "Swan River Toyota Midland", slug: "midland", street: "1 Great Eastern Hwy", suburb: "Midland", state: "WA", postcode: "6056", phone: "08 9000 0001", licence: "DL 1234", repairerLicence: "MRB 5678" },
      { name: "Swan River Toyota Osborne Park", slug: "osborne-park", street: null, suburb: "Osborne Park", state: "WA", postcode: null, phone: null, licence: null, repairerLicence: null },
    ],
    locationPrefix: "our-location",
    navigation,
  };
}

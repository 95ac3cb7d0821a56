import type { FooterSection, MenuModelGroup } from "~/domain/navigation/navigation";
import type { NavItem } from "~/sites/site-config";
import type { ChromeLocation } from "~/services/locations.server";
import type { SiteNavigation } from "~/services/navigation.server";
import { createJsonMemo, type JsonText } from "~/components/json-memo";
import type { SiteChrome } from "./site-chrome";

/**
 * The root loader's header and footer data as it travels (issue 15, decision 193): the parts
 * memoised per site version (the merged header and footer trees, the model menu, the locations:
 * about 450 of a page's loader-data values) are one JSON string each. {@link readChrome} turns it
 * back into a {@link SiteChrome}.
 */
export type SiteChromeData = Omit<SiteChrome, "locations" | "navigation"> & {
  locations: JsonText<"chrome-locations">;
  navigation: Omit<SiteNavigation, "header" | "footer" | "modelGroups"> & {
    header: JsonText<"nav-header">;
    footer: JsonText<"nav-footer">;
    modelGroups: JsonText<"model-groups"> | null;
  };
};

/** Per site version there is one of each part; a few versions of a few sites. */
const PARTS_REMEMBERED = 64;
const headers = createJsonMemo<NavItem[], "nav-header">(PARTS_REMEMBERED);
const footers = createJsonMemo<FooterSection[], "nav-footer">(PARTS_REMEMBERED);
const modelMenus = createJsonMemo<MenuModelGroup[], "model-groups">(PARTS_REMEMBERED);
const locationLists = createJsonMemo<ChromeLocation[], "chrome-locations">(PARTS_REMEMBERED);

/**
 * The chrome as the root loader returns it. The header and footer trees, the model menu and the
 * locations must be the per-site-version objects (`loadSiteNavigation`, `chromeLocations`): each
 * is serialised once.
 * @param chrome the header and footer data for this request
 * @returns the same data with those four parts as JSON strings
 */
export function writeChrome(chrome: SiteChrome): SiteChromeData {
  const nav = chrome.navigation;
  return {
    ...chrome,
    locations: locationLists.write(chrome.locations, true),
    navigation: { ...nav, header: headers.write(nav.header, true), footer: footers.write(nav.footer, true), modelGroups: nav.modelGroups ? modelMenus.write(nav.modelGroups, true) : null },
  };
}

/**
 * The {@link SiteChrome} the header and footer render. On the server its four parts are the
 * memoised objects {@link writeChrome} was given (the markup cache keys, decisions 188 and 189);
 * in the browser the same objects for the same strings (the kept footer, decision 192).
 * @param data the root loader's `chrome`
 */
export function readChrome(data: SiteChromeData): SiteChrome {
  const nav = data.navigation;
  return {
    ...data,
    locations: locationLists.read(data.locations),
    navigation: { ...nav, header: headers.read(nav.header), footer: footers.read(nav.footer), modelGroups: nav.modelGroups ? modelMenus.read(nav.modelGroups) : null },
  };
}

import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { SiteConfigSchema } from "~/sites/site-config";
import type { SiteNavigation } from "~/services/navigation.server";
import { baseNavigation } from "~/domain/navigation/defaults";
import { groupModels, mergeNavigation } from "~/domain/navigation/navigation";
import { TOYOTA_NAVIGATION } from "../../../db/seed/navigation";
import { CachedMarkupContext } from "../cached-markup";
import { createMarkupCache } from "../markup-cache.server";
import { SiteHeader } from "./site-header";
import type { SiteChrome } from "./site-chrome";

/** The seeded Toyota dealer's header (spec 2.7): merged navigation and a model menu with every status and Our Stock links. */
function toyotaChrome(): SiteChrome {
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
  const navigation = { ...tree, modelGroups } as SiteNavigation;
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
    locations: [],
    locationPrefix: "/our-location",
    navigation,
  };
}

function renderHeader(site: SiteChrome, cache: ReturnType<typeof createMarkupCache> | null): string {
  const router = createMemoryRouter([{ path: "/", element: <SiteHeader site={site} /> }]);
  return renderToString(
    <CachedMarkupContext.Provider value={cache}>
      <RouterProvider router={router} />
    </CachedMarkupContext.Provider>,
  );
}

describe("SiteHeader's no-JavaScript menu from the markup cache (spec 2.7, issue 15, decision 188)", () => {
  it("is byte for byte the HTML React renders without the cache, on the first page and on later ones", () => {
    const site = toyotaChrome();
    const plain = renderHeader(site, null);
    const cache = createMarkupCache();
    expect(renderHeader(site, cache)).toBe(plain);
    expect(renderHeader(site, cache)).toBe(plain);
    // What the list holds: plain links, the model menu's status text and Our Stock links.
    const list = plain.match(/<nav aria-label="Main" class="absolute[^"]*">([\s\S]*?)<\/nav>/)![1];
    expect(list).toContain('<a href="/search/toyota/corolla"');
    expect(list).toContain('<span class="sr-only">On sale: </span>');
    expect(list).toContain('Our Stock<span class="sr-only">: New RAV4</span>');
    // No adjacent text nodes (React's "<!-- -->" separators): the cached HTML has none, so a React
    // browser build hydrates the same text nodes the cache wrote.
    expect(list).not.toContain("<!-- -->");
  });

  it("shows a new site version's navigation (new objects), not the cached one", () => {
    const cache = createMarkupCache();
    const site = toyotaChrome();
    renderHeader(site, cache);
    const next = toyotaChrome();
    next.navigation.header = next.navigation.header.map((item) => (item.name === "Service" ? { ...item, name: "Servicing" } : item));
    const html = renderHeader(next, cache);
    expect(html).toBe(renderHeader(next, null));
    expect(html.match(/<nav aria-label="Main" class="absolute[\s\S]*?<\/nav>/)![0]).toContain("Servicing");
  });
});

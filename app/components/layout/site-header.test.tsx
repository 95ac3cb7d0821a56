import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { HydratableMarkupContext, type HydratableMarkup } from "../cached-markup";
import { createHydratableMarkupCache } from "../markup-cache.server";
import { SiteHeader } from "./site-header";
import { SiteFooter, type SiteChrome } from "./site-chrome";
import { toyotaChrome } from "./test-chrome";

function renderHeader(site: SiteChrome, cache: HydratableMarkup | null): string {
  const router = createMemoryRouter([{ path: "/", element: <SiteHeader site={site} /> }]);
  return renderToString(
    <HydratableMarkupContext.Provider value={cache}>
      <RouterProvider router={router} />
    </HydratableMarkupContext.Provider>,
  );
}

describe("SiteHeader's no-JavaScript menu from the markup cache (spec 2.7, issue 15, decision 188)", () => {
  it("is byte for byte the HTML React renders without the cache, on the first page and on later ones", () => {
    const site = toyotaChrome();
    const plain = renderHeader(site, null);
    const cache = createHydratableMarkupCache();
    expect(renderHeader(site, cache)).toBe(plain);
    expect(renderHeader(site, cache)).toBe(plain);
    // What the list holds: plain links, the model menu's status text and Our Stock links.
    const list = plain.match(/<nav aria-label="Main" class="absolute[^"]*">([\s\S]*?)<\/nav>/)![1];
    expect(list).toContain('<a href="/search/toyota/corolla"');
    expect(list).toContain('<span class="sr-only">On sale: </span>');
    expect(list).toContain('Our Stock<span class="sr-only">: New RAV4</span>');
    // No adjacent text nodes (React's "<!-- -->" separators): the status text and the Our Stock
    // label are one string each.
    expect(list).not.toContain("<!-- -->");
  });

  it("shows a new site version's navigation (new objects), not the cached one", () => {
    const cache = createHydratableMarkupCache();
    const site = toyotaChrome();
    renderHeader(site, cache);
    const next = toyotaChrome();
    next.navigation.header = next.navigation.header.map((item) => (item.name === "Service" ? { ...item, name: "Servicing" } : item));
    const html = renderHeader(next, cache);
    expect(html).toBe(renderHeader(next, null));
    expect(html.match(/<nav aria-label="Main" class="absolute[\s\S]*?<\/nav>/)![0]).toContain("Servicing");
  });
});

/** The header and footer as every page renders them, with the server's markup cache or without. */
function renderChrome(site: SiteChrome, cache: HydratableMarkup | null): string {
  const element = (
    <>
      <SiteHeader site={site} />
      <SiteFooter site={{ ...site }} />
    </>
  );
  const router = createMemoryRouter([{ path: "/", element }]);
  return renderToString(
    <HydratableMarkupContext.Provider value={cache}>
      <RouterProvider router={router} />
    </HydratableMarkupContext.Provider>,
  );
}

describe("the desktop navigation and the footer from the hydratable markup cache (spec 2.6, 2.7, decision 189)", () => {
  it("are byte for byte the HTML React streams without the cache, text separators included, on the first page and on later ones", () => {
    const site = toyotaChrome();
    const plain = renderChrome(site, null);
    const asked: string[] = [];
    const inner = createHydratableMarkupCache();
    const cache: HydratableMarkup = (keys, node) => {
      const html = inner(keys, node);
      asked.push(html === null ? "not cached" : html.slice(0, 40));
      return html;
    };
    expect(renderChrome(site, cache)).toBe(plain);
    expect(renderChrome(site, cache)).toBe(plain);
    // All three parts were cached, on both pages: the desktop list, the phone menu's list and the footer's content.
    expect(asked).toHaveLength(6);
    expect(asked.every((a) => a !== "not cached")).toBe(true);
    const footer = plain.match(/<footer[^>]*>([\s\S]*?)<\/footer>/)![1];
    expect(footer).toContain('<a class="font-medium hover:underline" href="/our-location/midland" data-discover="true">Swan River Toyota Midland</a>');
    expect(footer).toContain("Swan River Toyota Midland<!-- --> <!-- -->DL 1234");
  });

  it("the sub-footer lists each location's motor vehicle repairer licence (spec 2.6)", () => {
    const footer = renderChrome(toyotaChrome(), null).match(/<footer[^>]*>([\s\S]*?)<\/footer>/)![1];
    expect(footer).toMatch(/Motor vehicle repairer licence numbers:<!-- --> <span>Swan River Toyota Midland<!-- --> <!-- -->MRB 5678<\/span>/);
  });

  it("a new version's footer tree or locations (new objects) show at once", () => {
    const cache = createHydratableMarkupCache();
    const site = toyotaChrome();
    renderChrome(site, cache);
    const next = toyotaChrome();
    next.navigation.footer = next.navigation.footer.map((section, i) => (i === 0 ? { ...section, title: "Shop With Us" } : section));
    next.locations = [{ ...next.locations[0], phone: "08 9000 0999" }];
    const html = renderChrome(next, cache);
    expect(html).toBe(renderChrome(next, null));
    expect(html).toContain("Shop With Us");
    expect(html).toContain("08 9000 0999");
  });
});

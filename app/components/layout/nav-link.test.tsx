import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { NavHref, PlainLinksContext } from "./nav-link";

describe("NavHref (spec 2.7)", () => {
  it("inside PlainLinksContext renders a plain link, with no router needed (decision 187)", () => {
    const html = renderToString(
      <PlainLinksContext.Provider value={true}>
        <NavHref url="/search/used-cars" className="block">
          Used cars
        </NavHref>
      </PlainLinksContext.Provider>,
    );
    expect(html).toBe('<a href="/search/used-cars" class="block">Used cars</a>');
  });

  it("keeps external links' new-tab treatment inside PlainLinksContext", () => {
    const html = renderToString(
      <PlainLinksContext.Provider value={true}>
        <NavHref url="https://example.com/finance">Finance</NavHref>
      </PlainLinksContext.Provider>,
    );
    expect(html).toContain('href="https://example.com/finance" target="_blank" rel="noopener noreferrer"');
    expect(html).toContain("(opens in a new tab)");
  });

  it("elsewhere renders React Router's link (client navigation)", () => {
    const router = createMemoryRouter([{ path: "/", element: <NavHref url="/search/used-cars">Used cars</NavHref> }]);
    const html = renderToString(<RouterProvider router={router} />);
    expect(html).toMatch(/<a [^>]*href="\/search\/used-cars"[^>]*>Used cars<\/a>/);
  });

  it("marks site paths as the app's links (data-discover) and writes resource paths without it, so a kept element lets the browser load them (decision 192)", () => {
    const router = createMemoryRouter([
      {
        path: "/",
        element: (
          <>
            <NavHref url="/sitemap.xml">Sitemap</NavHref>
            <NavHref url="/contact">Contact</NavHref>
          </>
        ),
      },
    ]);
    const html = renderToString(<RouterProvider router={router} />);
    expect(html).toContain('<a href="/sitemap.xml">Sitemap</a>');
    expect(html).toContain('<a href="/contact" data-discover="true">Contact</a>');
  });
});

/**
 * The server's `<Link>` (issue 15 "Fast pages", decision 189) must write byte for byte what React
 * Router's `<Link>` writes, for every kind of `to` and prop the app uses, or the browser would
 * hydrate a different link.
 */
import { renderToString } from "react-dom/server";
import { createMemoryRouter, Link as RouterLink, RouterProvider, type LinkProps } from "react-router";
import { describe, expect, it } from "vitest";
import { BrowserLink, isPlainBrowserLink, isPlainSitePath, ServerLink } from "./link";

/** Renders each link at `/search/used-cars` (a nested path, so relative links resolve against it). */
function render(links: LinkProps[], basename?: string, Component: typeof RouterLink = RouterLink): string {
  const element = (
    <>
      {links.map((props, i) => (
        <Component key={i} {...props} />
      ))}
    </>
  );
  const prefix = basename && basename !== "/" ? basename : "";
  const router = createMemoryRouter([{ path: "/search/:slug", element }], { initialEntries: [`${prefix}/search/used-cars`], basename });
  return renderToString(<RouterProvider router={router} />);
}

const PLAIN = [
  "/",
  "/cars/2019-toyota-rav4-gx-1a2b3c",
  "/cars/2019-toyota-rav4-gx-1a2b3c?message=Is+it+available%3F&subcategory=car#enquire",
  "/search/used-cars/",
  "/search?body=SUV&car_type=used&page=2",
  "/finance-enquiry?car_id=12&car_type=used&preferredDealership=midland",
  "/our-location/osborne-park",
  "/cars/a#section?x",
  "/sitemap.xml",
  "/.well-known/security.txt",
  "/x??a=1",
];
const NOT_PLAIN = ["", "cars/x", "./x", "../x", "/a/../b", "/a/./b", "/a/..", "/a//b", "//evil.example/x", "/x?", "/x#", "/x?a=1#", "/x/..?a=1", "/a\\b", "https://example.com/x", "?page=2", "#top"];

describe("isPlainSitePath", () => {
  it.each(PLAIN)("%s is a plain site path", (to) => expect(isPlainSitePath(to)).toBe(true));
  it.each(NOT_PLAIN)("%s is not", (to) => expect(isPlainSitePath(to)).toBe(false));
});

describe("ServerLink writes what React Router's Link writes", () => {
  const cases: LinkProps[] = [
    ...[...PLAIN, ...NOT_PLAIN].map((to) => ({ to, children: "Go" })),
    { to: "/cars/x", className: "hover:underline", children: "A car" },
    { to: "/cars/x", className: "btn", "aria-label": "Details of the car", id: "c1", children: <span>Details</span> },
    { to: "/cars/x", target: "_blank", rel: "noopener", children: "New tab" },
    { to: "/cars/x", discover: "none", children: "No discover" },
    { to: "/brochure.pdf", reloadDocument: true, children: "PDF" },
    { to: "/cars/x", replace: true, state: { from: "srp" }, preventScrollReset: true, viewTransition: true, children: "Router props" },
    { to: "/cars/x", prefetch: "intent", children: "Prefetch" },
    { to: "/cars/x", prefetch: "render", children: "Prefetch render" },
    { to: "/cars/x", onClick: () => undefined, style: { color: "red" }, "data-testid": "car-link", children: "Styled" } as LinkProps,
    { to: { pathname: "/cars/x", search: "?a=1", hash: "#b" }, children: "Object" },
    { to: "x", relative: "path", children: "Relative to the path" },
  ];

  it("for every case, with the root basename", () => {
    expect(render(cases, undefined, ServerLink)).toBe(render(cases));
  });

  it("for every case, under a basename (the router resolves each link)", () => {
    expect(render(cases, "/shop", ServerLink)).toBe(render(cases, "/shop"));
  });

  it("writes the expected anchor for a card link", () => {
    expect(render([{ to: "/cars/x?y=1#enquire", className: "btn", children: "Enquire" }], undefined, ServerLink)).toBe(
      '<a class="btn" href="/cars/x?y=1#enquire" data-discover="true">Enquire</a>',
    );
  });
});

describe("BrowserLink (decision 206)", () => {
  const cases: LinkProps[] = [
    ...[...PLAIN, ...NOT_PLAIN].map((to) => ({ to, children: "Go" })),
    { to: "/cars/x", className: "btn", "aria-label": "Details of the car", id: "c1", children: <span>Details</span> },
    { to: "/cars/x", target: "_blank", rel: "noopener", children: "New tab" },
    { to: "/cars/x", discover: "none", children: "No discover" },
    { to: "/brochure.pdf", reloadDocument: true, children: "PDF" },
    { to: "/cars/x", reloadDocument: false, discover: undefined, children: "NavHref's props" },
    { to: "/cars/x", replace: true, state: { from: "srp" }, children: "Router props" },
    { to: "/cars/x", onClick: () => undefined, style: { color: "red" }, "data-testid": "car-link", children: "Styled" } as LinkProps,
    { to: "?type=phone", reloadDocument: true, children: "Relative, loads a document" },
  ];

  it("writes what React Router's Link writes, so the server's anchor hydrates as is", () => {
    expect(render(cases, undefined, BrowserLink as typeof RouterLink)).toBe(render(cases));
    expect(render(cases, "/shop", BrowserLink as typeof RouterLink)).toBe(render(cases, "/shop"));
  });

  it("is a plain anchor only for a plain site path with no navigation options", () => {
    expect(isPlainBrowserLink({ to: "/cars/x?a=1#enquire" }, "/")).toBe(true);
    expect(isPlainBrowserLink({ to: "/cars/x", reloadDocument: false, replace: false, discover: "render", prefetch: "none", target: "_self", onClick: () => undefined }, "/")).toBe(true);
    expect(isPlainBrowserLink({ to: "/cars/x" }, "/shop")).toBe(false);
    expect(isPlainBrowserLink({ to: "cars/x" }, "/")).toBe(false);
    expect(isPlainBrowserLink({ to: { pathname: "/cars/x" } }, "/")).toBe(false);
    for (const extra of [{ reloadDocument: true }, { replace: true }, { state: { a: 1 } }, { preventScrollReset: true }, { relative: "path" as const }, { viewTransition: true }, { discover: "none" as const }, { prefetch: "intent" as const }]) {
      expect(isPlainBrowserLink({ to: "/cars/x", ...extra }, "/")).toBe(false);
    }
  });
});

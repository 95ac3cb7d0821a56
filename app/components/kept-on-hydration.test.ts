import { describe, expect, it } from "vitest";
import { keepsServerContent, keptLinkPath, stillKept } from "./kept-on-hydration";

describe("kept content (decisions 191, 192)", () => {
  it("is never kept outside the Preact browser build (here: tests, as on the server)", () => {
    expect(keepsServerContent()).toBe(false);
  });

  it("stays kept while every listed value is the same object or primitive as at mount", () => {
    const car = { id: 1 };
    const footer = [{ title: "Sales" }];
    expect(stillKept([car], [car])).toBe(true);
    expect(stillKept([footer, "Swan River Toyota", null], [footer, "Swan River Toyota", null])).toBe(true);
    expect(stillKept(null, null)).toBe(true);
  });

  it("is released when new loader data brings an equal but new object, a changed value, or a different list", () => {
    const car = { id: 1 };
    expect(stillKept([car], [{ id: 1 }])).toBe(false);
    expect(stillKept([car, "Swan River Toyota"], [car, "Swan River Toyota Midland"])).toBe(false);
    expect(stillKept([car], [car, car])).toBe(false);
    expect(stillKept([car], null)).toBe(false);
    expect(stillKept(null, [car])).toBe(false);
  });
});

/**
 * Vitest runs without a DOM here, so an anchor is a small stand-in with the properties
 * `keptLinkPath` reads (`closest`, `hasAttribute`, `target` and the URL parts), built from a real URL.
 */
function anchor(href: string, attributes: Record<string, string> = { "data-discover": "true" }) {
  const url = new URL(href, "http://harbour-auto-group.localhost");
  const a = {
    target: attributes.target ?? "",
    origin: url.origin,
    pathname: url.pathname,
    search: url.search,
    hash: url.hash,
    hasAttribute: (name: string) => name in attributes,
    closest: (selector: string) => (selector === "a[href][data-discover]" && "data-discover" in attributes ? a : null),
  };
  return a;
}
const inside = { contains: () => true } as unknown as Element;
const click = (target: unknown, extra: Partial<MouseEvent> = {}) => ({ button: 0, metaKey: false, altKey: false, ctrlKey: false, shiftKey: false, defaultPrevented: false, target: target as EventTarget, ...extra });
const ORIGIN = "http://harbour-auto-group.localhost";

describe("keptLinkPath: which clicks on kept links navigate in the app (decision 192)", () => {
  it("takes a plain click on an app link, with its search and hash", () => {
    expect(keptLinkPath(click(anchor("/cars/2019-ford-transit-1?x=1#enquire")), inside, ORIGIN)).toBe("/cars/2019-ford-transit-1?x=1#enquire");
  });

  it("leaves modified, non-primary and already handled clicks to the browser", () => {
    const a = anchor("/cars/2019-ford-transit-1");
    for (const extra of [{ ctrlKey: true }, { metaKey: true }, { shiftKey: true }, { altKey: true }, { button: 1 }, { defaultPrevented: true }]) {
      expect(keptLinkPath(click(a, extra), inside, ORIGIN)).toBeNull();
    }
  });

  it("leaves links without data-discover (documents such as /sitemap.xml), new-tab, download and other-origin links to the browser", () => {
    expect(keptLinkPath(click(anchor("/sitemap.xml", {})), inside, ORIGIN)).toBeNull();
    expect(keptLinkPath(click(anchor("/contact", { "data-discover": "true", target: "_blank" })), inside, ORIGIN)).toBeNull();
    expect(keptLinkPath(click(anchor("/brochure", { "data-discover": "true", download: "" })), inside, ORIGIN)).toBeNull();
    expect(keptLinkPath(click(anchor("http://perth-toyota.localhost/contact")), inside, ORIGIN)).toBeNull();
    expect(keptLinkPath(click(anchor("/contact", { "data-discover": "true", target: "_self" })), inside, ORIGIN)).toBe("/contact");
  });

  it("ignores clicks outside links and links outside the kept element", () => {
    expect(keptLinkPath(click({ closest: () => null }), inside, ORIGIN)).toBeNull();
    expect(keptLinkPath(click(null), inside, ORIGIN)).toBeNull();
    expect(keptLinkPath(click(anchor("/contact")), { contains: () => false } as unknown as Element, ORIGIN)).toBeNull();
  });
});

import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ABSENT_KEY, HydratableMarkupContext } from "./cached-markup";
import { createMarkupCache } from "./markup-cache.server";
import { NoScriptNav } from "./no-script";

/** A markup cache whose renders are counted. */
function countingCache() {
  const rendered: string[] = [];
  const cache = createMarkupCache((node) => {
    const html = renderToString(node);
    rendered.push(html);
    return html;
  });
  return { cache, rendered };
}

describe("createMarkupCache (issue 15, decision 188)", () => {
  it("renders once per combination of keys and answers later calls with the same HTML", () => {
    const { cache, rendered } = countingCache();
    const header = [{ name: "Home" }];
    const models = [{ label: "Corolla" }];
    expect(cache([header, models], <a href="/">Home</a>)).toBe('<a href="/">Home</a>');
    // A different node under the same keys is not rendered: the keys say what the HTML is made of.
    expect(cache([header, models], <a href="/other">Other</a>)).toBe('<a href="/">Home</a>');
    expect(rendered).toHaveLength(1);
  });

  it("renders again when any key is a different object (a new site version), even with equal content", () => {
    const { cache, rendered } = countingCache();
    const header = [{ name: "Home" }];
    cache([header, ABSENT_KEY], <a href="/">Home</a>);
    expect(cache([[{ name: "Home" }], ABSENT_KEY], <a href="/">Home v2</a>)).toBe('<a href="/">Home v2</a>');
    expect(cache([header, [{ label: "Yaris" }]], <a href="/">With models</a>)).toBe('<a href="/">With models</a>');
    expect(cache([header, ABSENT_KEY], <a href="/">ignored</a>)).toBe('<a href="/">Home</a>');
    expect(rendered).toHaveLength(3);
  });

  it("keeps a key list and a longer one that starts with it apart (the phone menu and the desktop list share their first keys)", () => {
    const { cache, rendered } = countingCache();
    const header = [{ name: "Home" }];
    const models = [{ label: "Corolla" }];
    const desktopPart = { part: "desktop-nav" };
    // Before the fix each call overwrote the other's entry: two renders on every page.
    for (let page = 0; page < 3; page++) {
      expect(cache([header, models], <a href="/">Phone</a>)).toBe('<a href="/">Phone</a>');
      expect(cache([header, models, desktopPart], <a href="/">Desktop</a>)).toBe('<a href="/">Desktop</a>');
    }
    expect(rendered).toEqual(['<a href="/">Phone</a>', '<a href="/">Desktop</a>']);
  });

  it("refuses an empty key list", () => {
    expect(() => createMarkupCache()([], <br />)).toThrow(/at least one key/);
  });
});

describe("NoScriptNav with cacheKeys (decision 188)", () => {
  const keys = [[{ name: "Contact" }]];
  const nav = (label: string) => (
    <NoScriptNav cacheKeys={keys} aria-label="Main" className="absolute">
      <a href="/contact">{label}</a>
    </NoScriptNav>
  );

  it("writes the cached HTML for its keys inside the nav, rendering the children only on a miss", () => {
    const { cache, rendered } = countingCache();
    const page = (label: string) => renderToString(<HydratableMarkupContext.Provider value={cache}>{nav(label)}</HydratableMarkupContext.Provider>);
    expect(page("Contact")).toBe('<noscript><nav aria-label="Main" class="absolute"><a href="/contact">Contact</a></nav></noscript>');
    expect(page("Not rendered")).toBe('<noscript><nav aria-label="Main" class="absolute"><a href="/contact">Contact</a></nav></noscript>');
    expect(rendered).toHaveLength(1);
  });

  it("renders its children as usual where no cache is provided (the browser, other renderers)", () => {
    expect(renderToString(nav("Contact us"))).toBe('<noscript><nav aria-label="Main" class="absolute"><a href="/contact">Contact us</a></nav></noscript>');
  });
});

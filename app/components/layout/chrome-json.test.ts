import { describe, expect, it } from "vitest";
import type { SiteChrome } from "./site-chrome";
import { readChrome, writeChrome } from "./chrome-json";
import { toyotaChrome } from "./test-chrome";

/** The seeded Toyota chrome, with or without its model menu. */
function chrome(withModels: boolean): SiteChrome {
  const c = toyotaChrome();
  return withModels ? c : { ...c, navigation: { ...c.navigation, modelGroups: null } };
}

describe("the root's chrome as JSON parts (issue 15, decision 193)", () => {
  it("sends the header, footer, model menu and locations as JSON strings, the rest as it was", () => {
    const c = chrome(true);
    const data = writeChrome(c);
    expect(typeof data.navigation.header).toBe("string");
    expect(typeof data.navigation.footer).toBe("string");
    expect(typeof data.navigation.modelGroups).toBe("string");
    expect(typeof data.locations).toBe("string");
    expect(JSON.parse(data.navigation.header)).toEqual(c.navigation.header);
    expect(data.navigation.stickyFooter).toBe(c.navigation.stickyFooter);
    expect(data.name).toBe(c.name);
  });

  it("reads back the very objects it was given on the server (the markup cache's keys), and a missing model menu as null", () => {
    const c = chrome(false);
    const back = readChrome(writeChrome(c));
    expect(back.navigation.header).toBe(c.navigation.header);
    expect(back.navigation.footer).toBe(c.navigation.footer);
    expect(back.locations).toBe(c.locations);
    expect(back.navigation.modelGroups).toBeNull();
    expect(back).toEqual(c);
  });

  it("a site's new version (new objects) gets its own strings and objects", () => {
    const before = chrome(false);
    const after = chrome(false);
    after.navigation.footer = [{ title: "Service", items: [] }] as unknown as SiteChrome["navigation"]["footer"];
    const read = readChrome(writeChrome(after));
    expect(read.navigation.footer).toBe(after.navigation.footer);
    expect(readChrome(writeChrome(before)).navigation.footer).toBe(before.navigation.footer);
  });
});

import { describe, expect, it } from "vitest";
import { normaliseHost, resolveSiteSlug } from "./resolve-host";

const sites = [
  { slug: "perth-toyota", hosts: ["www.swanrivertoyota.com.au"] },
  { slug: "harbour-auto-group", hosts: ["harbourside.example", "www.harbourside.example"] },
];

describe("resolveSiteSlug (DESIGN.md 3: exact host, {slug}.localhost, {slug}.{BASE_DOMAIN}, DEFAULT_SITE)", () => {
  it("matches an exact host first, ignoring case, port and a trailing dot", () => {
    expect(resolveSiteSlug("WWW.SwanRiverToyota.com.au:443", sites)).toBe("perth-toyota");
    expect(resolveSiteSlug("harbourside.example.", sites)).toBe("harbour-auto-group");
  });

  it("matches {slug}.localhost with or without a port", () => {
    expect(resolveSiteSlug("perth-toyota.localhost:3000", sites)).toBe("perth-toyota");
    expect(resolveSiteSlug("harbour-auto-group.localhost", sites)).toBe("harbour-auto-group");
  });

  it("matches {slug}.{BASE_DOMAIN} only when a base domain is configured", () => {
    expect(resolveSiteSlug("perth-toyota.forecourt.example", sites)).toBeNull();
    expect(resolveSiteSlug("perth-toyota.forecourt.example", sites, { baseDomain: "forecourt.example" })).toBe("perth-toyota");
  });

  it("does not match a nested label or an unknown slug under the base domain", () => {
    expect(resolveSiteSlug("x.perth-toyota.localhost", sites)).toBeNull();
    expect(resolveSiteSlug("nobody.localhost", sites)).toBeNull();
  });

  it("falls back to DEFAULT_SITE, and only when that site exists", () => {
    expect(resolveSiteSlug("unknown.example", sites, { defaultSite: "harbour-auto-group" })).toBe("harbour-auto-group");
    expect(resolveSiteSlug("unknown.example", sites, { defaultSite: "missing" })).toBeNull();
    expect(resolveSiteSlug(undefined, sites, { defaultSite: "perth-toyota" })).toBe("perth-toyota");
  });

  it("a host two sites name goes to the first of the list; a new list is indexed afresh", () => {
    const clash = [...sites, { slug: "second-claim", hosts: ["WWW.SwanRiverToyota.com.au."] }];
    expect(resolveSiteSlug("www.swanrivertoyota.com.au", clash)).toBe("perth-toyota");
    const moved = [{ slug: "second-claim", hosts: ["www.swanrivertoyota.com.au"] }, ...sites];
    expect(resolveSiteSlug("www.swanrivertoyota.com.au", moved)).toBe("second-claim");
    expect(resolveSiteSlug("second-claim.localhost", sites)).toBeNull();
    expect(resolveSiteSlug("second-claim.localhost", moved)).toBe("second-claim");
  });

  it("never treats an IPv6 literal as a site host", () => {
    expect(normaliseHost("[::1]:3000")).toBe("[::1]:3000");
    expect(resolveSiteSlug("[::1]:3000", sites)).toBeNull();
  });
});

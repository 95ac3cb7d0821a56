import { describe, expect, it } from "vitest";
import {
  SHARE_NETWORKS,
  ShareAssertionError,
  buildCarShareUrl,
  buildShareLink,
  buildShareLinks,
  buildShareUrl,
  normaliseSiteUrl,
} from "./share";

const content = { url: "https://dealer.com.au/cars/2021-toyota-corolla", title: "2021 Toyota Corolla & more" };

describe("normaliseSiteUrl", () => {
  it("spec 5: removes any trailing slash from the site URL", () => {
    expect(normaliseSiteUrl("https://dealer.com.au/")).toBe("https://dealer.com.au");
    expect(normaliseSiteUrl("https://dealer.com.au//")).toBe("https://dealer.com.au");
    expect(normaliseSiteUrl("https://dealer.com.au")).toBe("https://dealer.com.au");
  });

  it("spec 5: the share URL requires the site URL", () => {
    expect(() => normaliseSiteUrl(null)).toThrow(ShareAssertionError);
    expect(() => normaliseSiteUrl(" ")).toThrow(ShareAssertionError);
  });
});

describe("buildShareUrl", () => {
  it("spec 5: joins the site URL without its trailing slash and the path", () => {
    expect(buildShareUrl("https://dealer.com.au/", "/cars/abc")).toBe("https://dealer.com.au/cars/abc");
    expect(buildShareUrl("https://dealer.com.au", "cars/abc")).toBe("https://dealer.com.au/cars/abc");
    expect(buildShareUrl("https://dealer.com.au/", "/")).toBe("https://dealer.com.au");
  });
});

describe("buildCarShareUrl", () => {
  it("spec 2.1: shares the VDP at /cars/{slug}", () => {
    expect(buildCarShareUrl("https://dealer.com.au/", "2021-toyota-corolla")).toBe(
      "https://dealer.com.au/cars/2021-toyota-corolla",
    );
  });
});

describe("buildShareLink", () => {
  const encodedUrl = encodeURIComponent(content.url);

  it("spec 7: builds the Facebook share link", () => {
    expect(buildShareLink("facebook", content)).toBe(`https://www.facebook.com/sharer/sharer.php?u=${encodedUrl}`);
  });

  it("spec 7: builds the X/Twitter share link with the title as text", () => {
    expect(buildShareLink("twitter", content)).toBe(
      `https://twitter.com/intent/tweet?url=${encodedUrl}&text=2021%20Toyota%20Corolla%20%26%20more`,
    );
  });

  it("spec 7: builds the LinkedIn share link", () => {
    expect(buildShareLink("linkedin", content)).toBe(`https://www.linkedin.com/sharing/share-offsite/?url=${encodedUrl}`);
  });

  it("spec 7: builds WhatsApp mobile and web links carrying title and URL", () => {
    const text = encodeURIComponent(`${content.title} ${content.url}`);
    expect(buildShareLink("whatsapp-mobile", content)).toBe(`https://api.whatsapp.com/send?text=${text}`);
    expect(buildShareLink("whatsapp-web", content)).toBe(`https://web.whatsapp.com/send?text=${text}`);
  });

  it("spec 7: builds a mailto: link with subject and body, spaces as %20", () => {
    const link = buildShareLink("email", content);
    expect(link).toBe(
      `mailto:?subject=2021%20Toyota%20Corolla%20%26%20more&body=${encodeURIComponent(`${content.title} ${content.url}`)}`,
    );
    expect(link).not.toContain("+");
  });

  it("spec 7: builds an sms: link with the message as body", () => {
    expect(buildShareLink("sms", content)).toBe(`sms:?&body=${encodeURIComponent(`${content.title} ${content.url}`)}`);
  });

  it("spec 8: sharing to Facebook or X/Twitter without a URL throws an assertion error", () => {
    for (const network of ["facebook", "twitter"] as const) {
      expect(() => buildShareLink(network, { url: null, title: "Car" })).toThrow(ShareAssertionError);
      expect(() => buildShareLink(network, { url: "  ", title: "Car" })).toThrow(/url is required/);
    }
    let caught: unknown = null;
    try {
      buildShareLink("facebook", { url: null, title: "Car" });
    } catch (error) {
      caught = error;
    }
    expect((caught as Error | null)?.name).toBe("AssertionError");
  });

  it("spec 8: the other networks still share the title without a URL", () => {
    expect(buildShareLink("sms", { url: null, title: "Car" })).toBe("sms:?&body=Car");
    expect(buildShareLink("whatsapp-web", { url: null, title: "Car" })).toBe("https://web.whatsapp.com/send?text=Car");
  });
});

describe("buildShareLinks", () => {
  it("spec 7: gives one link per network", () => {
    expect(Object.keys(buildShareLinks(content)).sort()).toEqual([...SHARE_NETWORKS].sort());
  });

  it("spec 8: throws without a URL", () => {
    expect(() => buildShareLinks({ url: null, title: "Car" })).toThrow(ShareAssertionError);
  });
});

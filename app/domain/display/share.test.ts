import { describe, expect, it } from "vitest";
import {
  SHARE_NETWORKS,
  ShareAssertionError,
  buildCarShareUrl,
  buildShareLink,
  buildShareLinks,
  buildShareUrl,
  normaliseSiteUrl,
  whatsappNetworkFor,
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

describe("whatsappNetworkFor (issue 51, spec 7 'WhatsApp (mobile or web)')", () => {
  const DESKTOP_UA = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
  const PHONE_UA = "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
  const IPAD_UA = "Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";

  it("a desktop with a mouse gets WhatsApp Web", () => {
    expect(whatsappNetworkFor({ userAgent: DESKTOP_UA, mobileHint: false, coarsePointer: false })).toBe("whatsapp-web");
    expect(whatsappNetworkFor({ userAgent: DESKTOP_UA, coarsePointer: false })).toBe("whatsapp-web");
  });

  it("a phone or tablet gets the app link, by its hint, its user agent or a finger pointer", () => {
    expect(whatsappNetworkFor({ userAgent: PHONE_UA, coarsePointer: true })).toBe("whatsapp-mobile");
    expect(whatsappNetworkFor({ userAgent: IPAD_UA, coarsePointer: false })).toBe("whatsapp-mobile");
    expect(whatsappNetworkFor({ userAgent: DESKTOP_UA, mobileHint: true, coarsePointer: false })).toBe("whatsapp-mobile");
    expect(whatsappNetworkFor({ userAgent: DESKTOP_UA, coarsePointer: true })).toBe("whatsapp-mobile");
  });

  it("the two links are the app's and the web's", () => {
    expect(buildShareLink("whatsapp-mobile", content)).toMatch(/^https:\/\/api\.whatsapp\.com\/send\?text=/);
    expect(buildShareLink("whatsapp-web", content)).toMatch(/^https:\/\/web\.whatsapp\.com\/send\?text=/);
  });
});

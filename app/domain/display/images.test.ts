import { describe, expect, it } from "vitest";
import {
  BODY_ILLUSTRATION_KEYS,
  CAR_IMAGE_HEIGHT,
  CAR_IMAGE_WIDTH,
  buildImageSrcSet,
  buildImageUrl,
  chooseBodyIllustration,
  galleryPhotos,
  getCarImage,
} from "./images";
import { makeCar } from "./test-car";

describe("buildImageUrl", () => {
  it("spec 9: defaults to width 640 and quality 75", () => {
    expect(buildImageUrl("https://cdn.example/cars/1.jpg")).toBe("https://cdn.example/cars/1.jpg?w=640&q=75");
  });

  it("uses the requested width and quality, replacing existing ones and keeping other parameters", () => {
    expect(buildImageUrl("https://cdn.example/1.jpg?v=3&w=100", { width: 320, quality: 60 })).toBe(
      "https://cdn.example/1.jpg?v=3&w=320&q=60",
    );
  });

  it("resolves a relative path against the site's CDN base", () => {
    const options = { imageCdnBaseUrl: "https://images.example/img" };
    expect(buildImageUrl("/cars/1.jpg", {}, options)).toBe("https://images.example/img/cars/1.jpg?w=640&q=75");
    expect(buildImageUrl("cars/1.jpg", {}, options)).toBe("https://images.example/img/cars/1.jpg?w=640&q=75");
  });

  it("keeps a relative path relative without a CDN base, and data: URLs unchanged", () => {
    expect(buildImageUrl("/cars/1.jpg")).toBe("/cars/1.jpg?w=640&q=75");
    expect(buildImageUrl("data:image/png;base64,AAAA")).toBe("data:image/png;base64,AAAA");
  });

  it("handles protocol-relative URLs as https", () => {
    expect(buildImageUrl("//cdn.example/1.jpg")).toBe("https://cdn.example/1.jpg?w=640&q=75");
  });

  it("throws a RangeError for a bad width, quality or blank URL", () => {
    expect(() => buildImageUrl("https://a/1.jpg", { width: 0 })).toThrow(RangeError);
    expect(() => buildImageUrl("https://a/1.jpg", { width: 10.5 })).toThrow(RangeError);
    expect(() => buildImageUrl("https://a/1.jpg", { quality: 101 })).toThrow(RangeError);
    expect(() => buildImageUrl(" ")).toThrow(RangeError);
  });
});

describe("buildImageSrcSet", () => {
  it("lists one CDN URL per width", () => {
    expect(buildImageSrcSet("https://cdn.example/1.jpg", [320, 640])).toBe(
      "https://cdn.example/1.jpg?w=320&q=75 320w, https://cdn.example/1.jpg?w=640&q=75 640w",
    );
  });

  it("throws without widths", () => {
    expect(() => buildImageSrcSet("https://cdn.example/1.jpg", [])).toThrow(RangeError);
  });
});

describe("chooseBodyIllustration", () => {
  const car = (simpleBody: string | null, extra: Partial<Parameters<typeof chooseBodyIllustration>[0]> = {}) => ({
    itemType: "car",
    simpleBody,
    bodyConfiguration: null,
    simpleFuel: null,
    ...extra,
  });

  it("spec 9: maps the data set's body types to body-type illustrations", () => {
    expect(chooseBodyIllustration(car("SUV"))).toBe("suv");
    expect(chooseBodyIllustration(car("Hatchback"))).toBe("hatchback");
    expect(chooseBodyIllustration(car("Ute / Tray"))).toBe("ute");
    expect(chooseBodyIllustration(car("Sedan"))).toBe("sedan");
    expect(chooseBodyIllustration(car("Wagon"))).toBe("wagon");
    expect(chooseBodyIllustration(car("Commercial"))).toBe("van");
    expect(chooseBodyIllustration(car("Coupe"))).toBe("coupe");
    expect(chooseBodyIllustration(car("Convertible"))).toBe("convertible");
    expect(chooseBodyIllustration(car("People Mover"))).toBe("peopleMover");
    expect(chooseBodyIllustration(car("Cab Chassis"))).toBe("cabChassis");
    expect(chooseBodyIllustration(car("Sports Utility Vehicle"))).toBe("suv");
  });

  it("uses the caravan illustration for a caravan item type", () => {
    expect(chooseBodyIllustration(car(null, { itemType: "caravan" }))).toBe("caravan");
  });

  it("falls back to body configuration, then 'ev' for an electric car, then 'sedan'", () => {
    expect(chooseBodyIllustration(car("Other", { bodyConfiguration: "Dual Cab" }))).toBe("ute");
    expect(chooseBodyIllustration(car(null, { simpleFuel: "Electric" }))).toBe("ev");
    expect(chooseBodyIllustration(car(""))).toBe("sedan");
  });

  it("always returns a known key", () => {
    for (const body of ["SUV", "Other", "zzz", null, "Motorhome", "Bus"]) {
      expect(BODY_ILLUSTRATION_KEYS).toContain(chooseBodyIllustration(car(body)));
    }
  });
});

describe("getCarImage", () => {
  it("spec 9: a car with images shows its primary image through the CDN at 640/75 with fixed size", () => {
    const image = getCarImage(makeCar({ primaryImageUrl: "https://cdn.example/p.jpg", images: [{ url: "https://cdn.example/1.jpg" }] }));
    expect(image).toMatchObject({ kind: "photo", src: "https://cdn.example/p.jpg?w=640&q=75", width: 640, height: 480 });
  });

  it("uses the first image when there is no primary image", () => {
    const image = getCarImage(makeCar({ images: [{ url: "https://cdn.example/1.jpg" }] }));
    expect(image.kind === "photo" && image.src).toBe("https://cdn.example/1.jpg?w=640&q=75");
  });

  it("a car without images shows a body-type illustration of the same fixed size", () => {
    expect(getCarImage(makeCar({ simpleBody: "SUV" }))).toEqual({
      kind: "illustration",
      body: "suv",
      width: CAR_IMAGE_WIDTH,
      height: CAR_IMAGE_HEIGHT,
    });
  });
});

describe("issue 17: the embedded image endpoint and gallery photos", () => {
  it("routes photos through /images with spec 7's width and quality when no CDN is set", () => {
    expect(buildImageUrl("/demo-photos/a.jpg", {}, { imageCdnBaseUrl: null, imageEndpoint: "/images" })).toBe("/images?src=%2Fdemo-photos%2Fa.jpg&w=640&q=75");
    expect(buildImageUrl("https://img.example/a.jpg", { width: 320 }, { imageCdnBaseUrl: null, imageEndpoint: "/images" })).toBe("/images?src=https%3A%2F%2Fimg.example%2Fa.jpg&w=320&q=75");
  });
  it("a CDN base URL replaces the endpoint", () => {
    expect(buildImageUrl("/demo-photos/a.jpg", {}, { imageCdnBaseUrl: "https://cdn.example/", imageEndpoint: "/images" })).toBe("https://cdn.example/demo-photos/a.jpg?w=640&q=75");
  });
  it("keeps the feed's order and offers a srcset and a large rendition", () => {
    const photos = galleryPhotos(["/b.jpg", " ", "/a.jpg"], { imageCdnBaseUrl: null, imageEndpoint: "/images" });
    expect(photos.map((p) => p.src)).toEqual(["/images?src=%2Fb.jpg&w=640&q=75", "/images?src=%2Fa.jpg&w=640&q=75"]);
    expect(photos[0].srcSet).toContain("w=320&q=75 320w");
    expect(photos[0].full).toBe("/images?src=%2Fb.jpg&w=1600&q=75");
  });
  it("gives the 72 px thumbnails a 144 px rendition, not the 640 px photo (issue 51)", () => {
    const photos = galleryPhotos(["/b.jpg"], { imageCdnBaseUrl: null, imageEndpoint: "/images" });
    expect(photos[0].thumb).toBe("/images?src=%2Fb.jpg&w=144&q=75");
  });
});

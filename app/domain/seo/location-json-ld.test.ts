import { describe, expect, it } from "vitest";
import { hoursOn } from "~/domain/opening-hours";
import { buildLocationJsonLd, type JsonLdLocation } from "./location-json-ld";

const base: JsonLdLocation = {
  name: "Swan River Toyota Osborne Park",
  locationType: "sales",
  street: "400 Scarborough Beach Road",
  city: "Osborne Park",
  state: "WA",
  postcode: "6017",
  lat: -31.9,
  long: 115.81,
  phone: "(08) 9201 4400",
  email: null,
  placeUrl: "https://www.google.com/maps/search/?api=1&query=x",
  imageUrl: null,
  openingHours: [
    { weekday: 0, status: "Closed", open: null, close: null },
    ...[1, 2, 3, 4, 5].map((weekday) => ({ weekday, status: "Open" as const, open: "08:30", close: "17:30" })),
    { weekday: 6, status: "Open", open: "08:30", close: "16:00" },
  ],
  reviewAverage: 4.1,
  reviewCount: 959,
};

describe("location JSON-LD", () => {
  it("describes a sales location as an AutoDealer with address, geo, telephone and hours", () => {
    const ld = buildLocationJsonLd(base, { url: "https://x.example/our-location/osborne-park", imageUrl: null });
    expect(ld["@type"]).toBe("AutoDealer");
    expect(ld.telephone).toBe("+61892014400");
    expect(ld.address).toEqual({ "@type": "PostalAddress", streetAddress: "400 Scarborough Beach Road", addressLocality: "Osborne Park", addressRegion: "WA", postalCode: "6017", addressCountry: "AU" });
    expect(ld.geo).toEqual({ "@type": "GeoCoordinates", latitude: -31.9, longitude: 115.81 });
    expect(ld.openingHoursSpecification).toEqual([
      { "@type": "OpeningHoursSpecification", dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"].map((d) => `https://schema.org/${d}`), opens: "08:30", closes: "17:30" },
      { "@type": "OpeningHoursSpecification", dayOfWeek: ["https://schema.org/Saturday"], opens: "08:30", closes: "16:00" },
    ]);
    expect(ld.aggregateRating).toMatchObject({ ratingValue: "4.1", reviewCount: 959 });
  });
  it("describes service and parts locations as AutoRepair", () => {
    for (const locationType of ["service", "parts", "service-and-parts"]) expect(buildLocationJsonLd({ ...base, locationType }, { url: "u", imageUrl: null })["@type"]).toBe("AutoRepair");
  });
  it("issue 50: lists special and holiday hours, each valid on its date only, closed days as 00:00 to 00:00", () => {
    const specialHours = [
      hoursOn({ weekly: [], special: [{ date: "2026-12-25", status: "Closed", startHour: null, endHour: null, note: "Christmas Day" }] }, "2026-12-25"),
      hoursOn({ weekly: [], special: [{ date: "2026-12-24", status: "Open", startHour: "09:00", endHour: "12:00" }] }, "2026-12-24"),
    ];
    const ld = buildLocationJsonLd(base, { url: "u", imageUrl: null, specialHours });
    expect((ld.openingHoursSpecification as unknown[]).slice(2)).toEqual([
      { "@type": "OpeningHoursSpecification", opens: "00:00", closes: "00:00", validFrom: "2026-12-25", validThrough: "2026-12-25" },
      { "@type": "OpeningHoursSpecification", opens: "09:00", closes: "12:00", validFrom: "2026-12-24", validThrough: "2026-12-24" },
    ]);
  });
});

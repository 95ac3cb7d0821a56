import { describe, expect, it } from "vitest";
import { previewOverlay, withScheduledLocation, withSpecialHours } from "./scheduled-overlay";

const closed = (date: string, note?: string) => ({ date, status: "Closed" as const, startHour: null, endHour: null, ...(note ? { note } : {}) });

describe("previewOverlay", () => {
  it("keeps a page's last publish or unpublish due by the moment, merges config sections in order, and keeps locations' hours in order", () => {
    const overlay = previewOverlay([
      { entity: "page", entityId: 7, action: "publish", payload: null },
      { entity: "site-config", entityId: 1, action: "navigation", payload: { navigation: { overrides: ["a"] } } },
      { entity: "site-config", entityId: 1, action: "promotions", payload: { navigation: { popup: { title: "Sale" } } } },
      { entity: "page", entityId: 7, action: "unpublish", payload: null },
      { entity: "location", entityId: 3, action: "special-hours", payload: { entries: [closed("2026-12-25")] } },
      { entity: "offer", entityId: 9, action: "publish", payload: null },
      { entity: "redirect", entityId: 1, action: "add", payload: { from: "/old", to: "/new" } },
      { entity: "location", entityId: 3, action: "details", payload: { phone: "08 9201 4400" } },
      { entity: "redirect", entityId: 1, action: "remove", payload: { from: "/gone" } },
    ]);
    expect(overlay.pages).toEqual({ 7: false });
    expect(overlay.sections).toEqual({ navigation: { overrides: ["a"], popup: { title: "Sale" } } });
    expect(overlay.locationChanges).toEqual([
      { locationId: 3, action: "special-hours", payload: { entries: [closed("2026-12-25")] } },
      { locationId: 3, action: "details", payload: { phone: "08 9201 4400" } },
    ]);
    expect(overlay.redirectChanges).toEqual([
      { action: "add", from: "/old", to: "/new" },
      { action: "remove", from: "/gone" },
    ]);
  });
});

describe("withSpecialHours", () => {
  it("replaces what an earlier entry said of the same date and sorts by date", () => {
    expect(withSpecialHours([closed("2026-12-26", "old"), closed("2026-12-24")], [closed("2026-12-26", "new"), closed("2026-12-25")])).toEqual([closed("2026-12-24"), closed("2026-12-25"), closed("2026-12-26", "new")]);
  });
});

describe("withScheduledLocation", () => {
  const location = (id: number, more: { primary?: boolean } = {}) => ({
    id,
    name: `Yard ${id}`,
    locationType: "sales",
    locationSubtype: null,
    manufacturers: [],
    street: null,
    city: "Osborne Park",
    state: "WA",
    postcode: "6017",
    lat: -31.9,
    long: 115.8,
    phone: "08 9201 4400",
    landlinePhone: null,
    email: null,
    dealerLicenseNumber: null,
    motorVehicleRepairer: null,
    visible: true,
    primary: false,
    imageUrl: "/media/1-abc.png",
    openingHours: [{ weekday: 1, status: "Open" as const, open: "09:00", close: "17:00" }],
    specialHours: [],
    alternatingSaturday: null,
    ...more,
  });

  it("lays only this location's hours over the row, without changing the row", () => {
    const row = location(3);
    const weekly = [{ weekday: 1, status: "Open" as const, open: "07:15", close: "18:45" }];
    const out = withScheduledLocation(row, [
      { locationId: 4, action: "weekly-hours", payload: { openingHours: [], alternatingSaturday: null } },
      { locationId: 3, action: "weekly-hours", payload: { openingHours: weekly, alternatingSaturday: null } },
      { locationId: 3, action: "special-hours", payload: { entries: [closed("2026-12-25")] } },
    ]);
    expect(out.openingHours).toEqual(weekly);
    expect(out.specialHours).toEqual([closed("2026-12-25")]);
    expect(row.openingHours[0]!.open).toBe("09:00");
  });

  it("writes a details change's fields and keeps the photo when the change holds none", () => {
    const out = withScheduledLocation(location(3), [{ locationId: 3, action: "details", payload: { phone: "08 6000 1234", visible: false, city: "Midland", slug: "not-written" } }]);
    expect(out).toMatchObject({ phone: "08 6000 1234", visible: false, city: "Midland", imageUrl: "/media/1-abc.png" });
    expect(out).not.toHaveProperty("slug");
    expect(withScheduledLocation(location(3), [{ locationId: 3, action: "details", payload: { imageUrl: null } }]).imageUrl).toBeNull();
  });

  it("a location made the main one takes that from the others, in order", () => {
    const changes = [
      { locationId: 4, action: "details" as const, payload: { primary: true } },
      { locationId: 3, action: "details" as const, payload: { primary: true } },
    ];
    expect(withScheduledLocation(location(3, { primary: true }), changes.slice(0, 1)).primary).toBe(false);
    expect(withScheduledLocation(location(3, { primary: true }), changes).primary).toBe(true);
  });
});

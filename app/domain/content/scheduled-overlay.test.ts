import { describe, expect, it } from "vitest";
import { previewOverlay, withScheduledHours, withSpecialHours } from "./scheduled-overlay";

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
    ]);
    expect(overlay.pages).toEqual({ 7: false });
    expect(overlay.sections).toEqual({ navigation: { overrides: ["a"], popup: { title: "Sale" } } });
    expect(overlay.locationChanges).toEqual([{ locationId: 3, action: "special-hours", payload: { entries: [closed("2026-12-25")] } }]);
  });
});

describe("withSpecialHours", () => {
  it("replaces what an earlier entry said of the same date and sorts by date", () => {
    expect(withSpecialHours([closed("2026-12-26", "old"), closed("2026-12-24")], [closed("2026-12-26", "new"), closed("2026-12-25")])).toEqual([closed("2026-12-24"), closed("2026-12-25"), closed("2026-12-26", "new")]);
  });
});

describe("withScheduledHours", () => {
  it("lays only this location's changes over the row, without changing the row", () => {
    const row = { id: 3, openingHours: [{ weekday: 1, status: "Open" as const, open: "09:00", close: "17:00" }], specialHours: [], alternatingSaturday: null };
    const weekly = [{ weekday: 1, status: "Open" as const, open: "07:15", close: "18:45" }];
    const out = withScheduledHours(row, [
      { locationId: 4, action: "weekly-hours", payload: { openingHours: [], alternatingSaturday: null } },
      { locationId: 3, action: "weekly-hours", payload: { openingHours: weekly, alternatingSaturday: null } },
      { locationId: 3, action: "special-hours", payload: { entries: [closed("2026-12-25")] } },
    ]);
    expect(out.openingHours).toEqual(weekly);
    expect(out.specialHours).toEqual([closed("2026-12-25")]);
    expect(row.openingHours[0]!.open).toBe("09:00");
  });
});

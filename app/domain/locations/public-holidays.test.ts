import { describe, expect, it } from "vitest";
import { upcomingPublicHolidays } from "./public-holidays";

describe("upcomingPublicHolidays", () => {
  it("lists a year of Western Australian public holidays from today, national ones marked", async () => {
    const list = await upcomingPublicHolidays("2026-12-01", "WA");
    expect(list[0]).toEqual({ date: "2026-12-25", name: "Christmas Day", national: true });
    expect(list).toContainEqual({ date: "2027-06-07", name: "Western Australia Day", national: false });
    expect(list).toContainEqual({ date: "2027-01-26", name: "Australia Day", national: true });
    expect(list.every((h) => h.date >= "2026-12-01" && h.date <= "2027-12-01")).toBe(true);
    expect(list.map((h) => h.date)).toEqual([...list.map((h) => h.date)].sort());
  });

  it("gives each state its own days: Melbourne Cup is Victoria's, not New South Wales'", async () => {
    expect((await upcomingPublicHolidays("2027-01-01", "VIC")).some((h) => h.name.includes("Melbourne Cup"))).toBe(true);
    expect((await upcomingPublicHolidays("2027-01-01", "NSW")).some((h) => h.name.includes("Melbourne Cup"))).toBe(false);
  });

  it("falls back to the national holidays for an unknown state", async () => {
    const list = await upcomingPublicHolidays("2027-01-01", "XX");
    expect(list.length).toBeGreaterThan(4);
    expect(list.every((h) => h.national)).toBe(true);
  });
});

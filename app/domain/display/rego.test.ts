import { describe, expect, it } from "vitest";
import { getRegoExpiryText } from "./rego";

// 2025-06-15 09:30 in Sydney (AEST, UTC+10).
const NOW = new Date("2025-06-14T23:30:00.000Z");

describe("getRegoExpiryText", () => {
  it("spec 5: a future date shows 'Expires on {date}' as dd/MM/yyyy", () => {
    expect(getRegoExpiryText("2027-03-12", NOW)).toBe("Expires on 12/03/2027");
  });

  it("spec 5: an expiry of today (in the site's time zone) still shows 'Expires on'", () => {
    expect(getRegoExpiryText("2025-06-15", NOW)).toBe("Expires on 15/06/2025");
  });

  it("spec 5: a past date shows nothing by default", () => {
    expect(getRegoExpiryText("2025-06-14", NOW)).toBeNull();
  });

  it("spec 5: a past date shows 'Unregistered' on the variant that enables it", () => {
    expect(getRegoExpiryText("2024-01-01", NOW, { showUnregisteredForExpiredRego: true })).toBe("Unregistered");
  });

  it("reads today in the site's time zone: still the 14th in Perth when it is the 15th in Sydney", () => {
    const lateEvening = new Date("2025-06-14T15:00:00.000Z"); // 23:00 on the 14th in Perth, 01:00 on the 15th in Sydney
    expect(getRegoExpiryText("2025-06-14", lateEvening, { timeZone: "Australia/Perth" })).toBe("Expires on 14/06/2025");
    expect(getRegoExpiryText("2025-06-14", lateEvening, { timeZone: "Australia/Sydney" })).toBeNull();
  });

  it("formats a full ISO instant as its day in the site's time zone", () => {
    expect(getRegoExpiryText("2027-03-11T14:00:00Z", NOW, { timeZone: "Australia/Sydney" })).toBe(
      "Expires on 12/03/2027",
    );
  });

  it("shows nothing for an unknown or unparseable expiry, even on the 'Unregistered' variant", () => {
    const options = { showUnregisteredForExpiredRego: true };
    expect(getRegoExpiryText(null, NOW, options)).toBeNull();
    expect(getRegoExpiryText("", NOW, options)).toBeNull();
    expect(getRegoExpiryText("soon", NOW, options)).toBeNull();
    expect(getRegoExpiryText("2027-02-30", NOW, options)).toBeNull();
  });

  it("throws a RangeError for an invalid time zone", () => {
    expect(() => getRegoExpiryText("2027-03-12", NOW, { timeZone: "Mars/Olympus" })).toThrow(RangeError);
  });
});

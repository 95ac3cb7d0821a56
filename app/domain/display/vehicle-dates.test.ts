import { describe, expect, it } from "vitest";
import { vehicleDateText } from "./vehicle-dates";

describe("vehicleDateText (issue 52: build and compliance dates in the site's format)", () => {
  it("a year and month reads month/year, a full date day/month/year like the rego expiry", () => {
    expect(vehicleDateText("2023-02")).toBe("02/2023");
    expect(vehicleDateText("2023-04-15")).toBe("15/04/2023");
  });
  it("shows nothing rather than something wrong", () => {
    for (const value of [null, "", "2023-13", "Feb 2023", "2023-02-30x"]) expect(vehicleDateText(value)).toBeNull();
  });
});

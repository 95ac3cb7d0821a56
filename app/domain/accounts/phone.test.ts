/** Phone normalisation for sign-in: spec 1 / spec 6 (a user is identified by a phone number), spec 9 (+61 shown with a leading 0). */
import { describe, expect, it } from "vitest";
import { formatAuMobile, INVALID_MOBILE_MESSAGE, maskAuMobile, normaliseAuMobile } from "./phone";

describe("normaliseAuMobile (spec 6: a signed-in user is identified by a phone number)", () => {
  it.each([
    ["0412 345 678", "+61412345678"],
    ["0412345678", "+61412345678"],
    ["+61 412 345 678", "+61412345678"],
    ["+61412345678", "+61412345678"],
    ["61412345678", "+61412345678"],
    ["(0412) 345-678", "+61412345678"],
    ["  0499 876 543 ", "+61499876543"],
  ])("%s -> %s", (input, e164) => {
    expect(normaliseAuMobile(input)).toEqual({ ok: true, e164 });
  });

  it.each([
    ["", "empty"],
    ["02 9630 1000", "a Sydney landline"],
    ["+64 21 123 4567", "a New Zealand mobile"],
    ["0412 345", "too short"],
    ["0412 345 6789", "too long"],
    ["hello", "not a number"],
    ["0".repeat(40), "absurdly long"],
  ])("refuses %s (%s) with the clear message", (input) => {
    expect(normaliseAuMobile(input)).toEqual({ ok: false, message: INVALID_MOBILE_MESSAGE });
  });
});

describe("formatAuMobile / maskAuMobile (spec 9: formatted from +61 to a leading 0)", () => {
  it("shows the national format", () => {
    expect(formatAuMobile("+61412345678")).toBe("0412 345 678");
  });
  it("masks the middle digits on the code form", () => {
    expect(maskAuMobile("+61412345678")).toBe("0412 *** 678");
  });
});

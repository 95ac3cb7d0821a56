import { describe, expect, it } from "vitest";
import { truncateOfferDescription, truncateOfferDisclaimer, truncateText } from "./truncate";

const chars = (n: number) => "abcdefghij".repeat(Math.ceil(n / 10)).slice(0, n);

describe("offer truncation (spec 9: description 160 when over 200, disclaimer 200)", () => {
  it("leaves a description of exactly 200 characters whole", () => {
    const t = truncateOfferDescription(chars(200));
    expect(t).toEqual({ short: chars(200), full: chars(200), truncated: false });
  });
  it("cuts a description of 201 characters to 160 plus an ellipsis", () => {
    const t = truncateOfferDescription(chars(201));
    expect(t.truncated).toBe(true);
    expect(t.short).toBe(`${chars(160)}…`);
    expect(t.full).toBe(chars(201));
  });
  it("leaves descriptions between 161 and 200 characters whole", () => {
    expect(truncateOfferDescription(chars(161)).truncated).toBe(false);
    expect(truncateOfferDescription(chars(160)).short).toBe(chars(160));
  });
  it("cuts a disclaimer over 200 characters at 200, not before", () => {
    expect(truncateOfferDisclaimer(chars(200)).truncated).toBe(false);
    const t = truncateOfferDisclaimer(chars(201));
    expect(t.short).toBe(`${chars(200)}…`);
  });
  it("ignores surrounding white space and never splits a surrogate pair", () => {
    expect(truncateText(`  ${chars(10)}  `, 5, 10).truncated).toBe(false);
    const emoji = `${chars(4)}🚗🚗🚗`;
    expect(truncateText(emoji, 5, 6).short).toBe(`${chars(4)}…`);
  });
});

import { describe, expect, it } from "vitest";
import { KNOWN_LEAD_CATEGORIES, successMessage } from "./lead-form-kinds";

describe("the /success sentence (spec 2.1, 4; issue 51)", () => {
  it("'Other' reads 'your enquiry', not 'your other'; other categories read as nouns", () => {
    expect(successMessage("Other")).toBe("We have received your enquiry.");
    expect(successMessage("Service Enquiry")).toBe("We have received your service enquiry.");
    expect(successMessage("Test Drive")).toBe("We have received your test drive request.");
    expect(successMessage("Make an Offer")).toBe("We have received your offer.");
    expect(successMessage("")).toBe("We have received your enquiry.");
    expect(successMessage(null)).toBe("We have received your enquiry.");
  });

  it("no known category reads as a bare word after 'your'", () => {
    for (const category of KNOWN_LEAD_CATEGORIES) {
      expect(successMessage(category)).not.toMatch(/your (other|test drive|make an offer|request photos)\.$/);
    }
  });
});

import { describe, expect, it } from "vitest";
import { linkedQueryParams } from "./linked-params";

describe("linkedQueryParams (issue 51 / spec 7 lead_attributes.linked_query_params)", () => {
  it("keeps the landing page's utm_* tags and click ids, in order, and drops its other parameters", () => {
    expect(linkedQueryParams("?utm_source=newsletter&make=Toyota&utm_medium=email&utm_campaign=spring%20sale&gclid=abc123&email=a%40b.com&fbclid=F1")).toBe(
      "utm_source=newsletter&utm_medium=email&utm_campaign=spring+sale&gclid=abc123&fbclid=F1",
    );
  });

  it("is empty without linking parameters", () => {
    expect(linkedQueryParams("")).toBe("");
    expect(linkedQueryParams("make=Toyota&price=5000:20000")).toBe("");
    expect(linkedQueryParams("utmsource=x&xutm_source=y")).toBe("");
  });
});

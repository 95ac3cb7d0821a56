import { describe, expect, it } from "vitest";
import { fieldTokens } from "./semantics";

describe("fieldTokens (spec 2.2 search box)", () => {
  it("joins the parts of one hyphenated word so 'cx5' finds 'CX-5'", () => {
    expect(fieldTokens("CX-5 Maxx")).toEqual(["cx", "5", "maxx", "cx5"]);
  });
  it("never joins words across spaces, so 'ranger' does not find 'Range Rover'", () => {
    const tokens = fieldTokens("Range Rover Sport");
    expect(tokens).toEqual(["range", "rover", "sport"]);
    expect(tokens.some((t) => t.startsWith("ranger"))).toBe(false);
  });
});

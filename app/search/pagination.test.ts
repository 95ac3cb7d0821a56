import { describe, expect, it } from "vitest";
import { paginationItems } from "./pagination";

describe("paginationItems (issue 17: '1 2 3 … 18')", () => {
  it("marks the gap after the first pages", () => {
    expect(paginationItems(1, 18)).toEqual([1, 2, 3, "gap", 18]);
  });
  it("marks gaps on both sides of the middle", () => {
    expect(paginationItems(9, 18)).toEqual([1, "gap", 7, 8, 9, 10, 11, "gap", 18]);
  });
  it("shows a single skipped page as its number", () => {
    expect(paginationItems(5, 12)).toEqual([1, 2, 3, 4, 5, 6, 7, "gap", 12]);
    expect(paginationItems(4, 5)).toEqual([1, 2, 3, 4, 5]);
  });
  it("handles one page and none", () => {
    expect(paginationItems(1, 1)).toEqual([1]);
    expect(paginationItems(1, 0)).toEqual([]);
  });
});

import { describe, expect, it } from "vitest";
import {
  DEALER_COMMENTS_PENDING_TEXT,
  collapseDealerComments,
  getDealerComments,
  truncateText,
} from "./dealer-comments";

const words = (count: number) => Array.from({ length: count }, (_, i) => `word${i}`).join(" ");

describe("getDealerComments", () => {
  it("spec 5: splits the text into paragraphs on the | character", () => {
    expect(getDealerComments("One owner.| Full service history. |Low km")).toEqual({
      kind: "comments",
      paragraphs: ["One owner.", "Full service history.", "Low km"],
    });
  });

  it("spec 5: empty text shows 'Dealer comments are pending. Please check back here later.'", () => {
    const pending = { kind: "pending", paragraphs: ["Dealer comments are pending. Please check back here later."] };
    expect(getDealerComments("")).toEqual(pending);
    expect(getDealerComments(null)).toEqual(pending);
    expect(getDealerComments("   ")).toEqual(pending);
    expect(DEALER_COMMENTS_PENDING_TEXT).toBe(pending.paragraphs[0]);
  });

  it("spec 5: a lone separator shows the pending message", () => {
    expect(getDealerComments("|").kind).toBe("pending");
    expect(getDealerComments(" | ").kind).toBe("pending");
  });

  it("drops empty paragraphs between separators", () => {
    expect(getDealerComments("A||B|").paragraphs).toEqual(["A", "B"]);
  });
});

describe("truncateText", () => {
  it("leaves text within the limit unchanged", () => {
    expect(truncateText("short", 400)).toEqual({ text: "short", isTruncated: false });
    const exact = "x".repeat(400);
    expect(truncateText(exact, 400)).toEqual({ text: exact, isTruncated: false });
  });

  it("spec 2.4: cuts at 400 characters without breaking a word, adding an ellipsis", () => {
    const text = words(100);
    const { text: cut, isTruncated } = truncateText(text, 400);
    expect(isTruncated).toBe(true);
    expect(cut.endsWith("…")).toBe(true);
    const kept = cut.slice(0, -1);
    expect(Array.from(kept).length).toBeLessThanOrEqual(400);
    expect(text.startsWith(kept)).toBe(true);
    expect(text.charAt(kept.length)).toBe(" ");
  });

  it("cuts hard inside one very long word (e.g. a URL)", () => {
    const text = `See ${"x".repeat(500)}`;
    expect(truncateText(text, 400).text).toBe(`See ${"x".repeat(396)}…`);
  });

  it("drops trailing spaces and commas before the ellipsis", () => {
    expect(truncateText("alpha, beta gamma", 6).text).toBe("alpha…");
  });

  it("counts emoji as one character and never splits them", () => {
    expect(truncateText("🚗🚗🚗🚗", 2)).toEqual({ text: "🚗🚗…", isTruncated: true });
  });

  it("throws a RangeError for a limit below 1", () => {
    expect(() => truncateText("abc", 0)).toThrow(RangeError);
  });
});

describe("collapseDealerComments", () => {
  it("spec 2.4: comments up to 400 characters have no toggle", () => {
    expect(collapseDealerComments(["x".repeat(200), "y".repeat(200)], false)).toEqual({
      paragraphs: ["x".repeat(200), "y".repeat(200)],
      hasToggle: false,
      toggleLabel: null,
    });
  });

  it("spec 2.4: comments over 400 characters collapse with 'more...'", () => {
    const paragraphs = [words(30), words(60)]; // about 200 + 410 characters
    const collapsed = collapseDealerComments(paragraphs, false);
    expect(collapsed.toggleLabel).toBe("more...");
    expect(collapsed.hasToggle).toBe(true);
    expect(collapsed.paragraphs[0]).toBe(paragraphs[0]);
    expect(collapsed.paragraphs).toHaveLength(2);
    const shownChars = collapsed.paragraphs.reduce((n, p) => n + p.replace(/…$/, "").length, 0);
    expect(shownChars).toBeLessThanOrEqual(400);
  });

  it("spec 2.4: expanded comments show everything with 'less...'", () => {
    const paragraphs = [words(100)];
    expect(collapseDealerComments(paragraphs, true)).toEqual({ paragraphs, hasToggle: true, toggleLabel: "less..." });
  });

  it("hides later paragraphs once the limit is reached, without a tiny fragment", () => {
    const paragraphs = ["a".repeat(395), "b".repeat(50), "c".repeat(50)];
    expect(collapseDealerComments(paragraphs, false).paragraphs).toEqual(["a".repeat(395)]);
  });

  it("uses the given limit and labels", () => {
    const collapsed = collapseDealerComments(["one two three four"], false, { limit: 8, labels: { more: "+", less: "-" } });
    expect(collapsed).toEqual({ paragraphs: ["one two…"], hasToggle: true, toggleLabel: "+" });
  });
});

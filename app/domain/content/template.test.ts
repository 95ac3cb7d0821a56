import { describe, expect, it } from "vitest";
import { escapeMarkdown, fillTemplate, fillText } from "./template";

describe("content templates", () => {
  it("fills placeholders, escapes plain values and keeps *_md values", () => {
    const out = fillTemplate("Call {{ phone }} at {{site_name}}. {{note_md}} {{missing}}!", { phone: "(08) 9201 4400", site_name: "A & B [link](x)", note_md: "[Contact](/contact)" });
    expect(out).toBe(`Call \\(08\\) 9201 4400 at A \\& B \\[link\\]\\(x\\). [Contact](/contact) !`);
  });
  it("escapes HTML-significant characters", () => {
    expect(escapeMarkdown("<b>")).toBe("\\<b\\>");
  });
});

describe("plain-text templates (titles)", () => {
  it("fills raw values, drops *_md values and unknown names", () => {
    expect(fillText("About {{site_name}}{{note_md}}{{nope}}", { site_name: "A & B", note_md: "**x**" })).toBe("About A & B");
  });
});

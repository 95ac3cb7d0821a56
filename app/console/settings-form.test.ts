import { describe, expect, it } from "vitest";
import { settingsSections } from "./settings-form";

/**
 * Developer talk that must not reach dealers in the settings editor: spec, decision, issue and
 * design cites, docs/ paths, snake_case identifiers (unless quoted as a value to type), code in backticks, internal constants and
 * product-spec phrasing. The cites belong in TSDoc comments beside the schema fields instead.
 */
const DEVELOPER_TALK: readonly RegExp[] = [/\b(spec|decision|issue|design)\s+\d/i, /docs\//, /`/, /MINIMUM_RATING|\bone dealer\b|\btenants?\b/i];
/** A snake_case identifier outside double quotes: a quoted one is a value the dealer types into a JSON field ("all_new"). */
const SNAKE_CASE = /\b[a-z]+_[a-z_]+\b/;
const hasDeveloperTalk = (text: string) => DEVELOPER_TALK.some((pattern) => pattern.test(text)) || SNAKE_CASE.test(text.replace(/"[^"]*"/g, '""'));

describe("settings editor help texts", () => {
  it("show dealers no developer talk in section titles, section help or field help", () => {
    const texts: { path: string; text: string }[] = [];
    for (const section of settingsSections()) {
      texts.push({ path: `${section.key} (title)`, text: section.title });
      if (section.help) texts.push({ path: `${section.key} (help)`, text: section.help });
      for (const field of section.fields) if (field.help) texts.push({ path: field.path, text: field.help });
    }
    // The walk reached the schema's help texts (an empty walk would pass vacuously).
    expect(texts.length).toBeGreaterThan(100);
    const offending = texts.filter(({ text }) => hasDeveloperTalk(text));
    expect(offending, `Help texts with developer talk:\n${offending.map(({ path, text }) => `- ${path}: ${text}`).join("\n")}`).toEqual([]);
  });
});

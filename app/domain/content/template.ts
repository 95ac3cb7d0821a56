/**
 * Shared content templates (issue 14): a page body stored once for every site names site facts
 * as `{{name}}` placeholders, filled per site before the Markdown is rendered and sanitised.
 */

/** Placeholder values, by name. Values are plain text; Markdown-significant characters are escaped. */
export type TemplateValues = Record<string, string>;

const MARKDOWN_SPECIAL = /[\\`*_{}[\]()#+\-.!|<>&]/g;

/** Escapes text so Markdown reads it literally (no links, emphasis or HTML from a site's name). */
export function escapeMarkdown(text: string): string {
  return text.replace(MARKDOWN_SPECIAL, (c) => `\\${c}`);
}

/**
 * Fills `{{name}}` placeholders. Unknown names become empty text; values are escaped for Markdown
 * unless the name ends in `_md` (a value our code built as Markdown, e.g. a sentence with a link).
 * @returns the Markdown with placeholders replaced. Never throws.
 */
export function fillTemplate(markdown: string, values: TemplateValues): string {
  return markdown.replace(/\{\{\s*([a-z_]+)\s*\}\}/g, (_, name: string) => {
    const value = values[name] ?? "";
    return name.endsWith("_md") ? value : escapeMarkdown(value);
  });
}

/** Fills `{{name}}` placeholders with raw values, for plain text such as titles (rendered escaped by React). */
export function fillText(text: string, values: TemplateValues): string {
  return text.replace(/\{\{\s*([a-z_]+)\s*\}\}/g, (_, name: string) => (name.endsWith("_md") ? "" : (values[name] ?? "")));
}

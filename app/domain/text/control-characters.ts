/**
 * Characters that neither PostgreSQL `text` (NUL) nor XML 1.0 (C0 controls other than tab, line
 * feed and carriage return, U+FFFE, U+FFFF, unpaired surrogates) can hold.
 */
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Removes the characters XML 1.0 and PostgreSQL text forbid (see above); everything else,
 * including tabs and line breaks, stays. Used on lead fields and in ADF (issue 16 defects 6, 7).
 */
export function stripControlCharacters(text: string): string {
  return text.replace(FORBIDDEN, "");
}

/** Whether `text` holds a character {@link stripControlCharacters} would remove. */
export function hasControlCharacters(text: string): boolean {
  FORBIDDEN.lastIndex = 0;
  const found = FORBIDDEN.test(text);
  FORBIDDEN.lastIndex = 0;
  return found;
}

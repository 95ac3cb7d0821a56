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

/**
 * A JSON value with {@link stripControlCharacters} applied to every string in it, object keys
 * included (for a JSON body stored in a jsonb column, which rejects NUL and unpaired surrogates).
 * Other values are returned as they are; arrays and plain objects are copied.
 * @param value a value from `JSON.parse`
 */
export function stripControlCharactersDeep(value: unknown): unknown {
  if (typeof value === "string") return stripControlCharacters(value);
  if (Array.isArray(value)) return value.map(stripControlCharactersDeep);
  // fromEntries defines own properties, so a "__proto__" key stays a key.
  if (value !== null && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([key, item]) => [stripControlCharacters(key), stripControlCharactersDeep(item)]));
  return value;
}

/** Whether `text` holds a character {@link stripControlCharacters} would remove. */
export function hasControlCharacters(text: string): boolean {
  FORBIDDEN.lastIndex = 0;
  const found = FORBIDDEN.test(text);
  FORBIDDEN.lastIndex = 0;
  return found;
}

/**
 * A posted form's text fields, field names and file names with {@link stripControlCharacters}
 * applied; file contents are kept as they are. One odd character must never lose a lead (issue 16
 * defect 7) nor fail a console save with a database error: PostgreSQL text and jsonb cannot hold a
 * NUL, and an upload's file name is written to the audit trail.
 */
export function withoutControlCharacters(formData: FormData): FormData {
  const clean = new FormData();
  for (const [rawName, value] of formData) {
    const name = stripControlCharacters(rawName);
    if (typeof value === "string") clean.append(name, stripControlCharacters(value));
    else if (hasControlCharacters(value.name)) clean.append(name, value, stripControlCharacters(value.name));
    else clean.append(name, value);
  }
  return clean;
}

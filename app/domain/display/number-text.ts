/**
 * Number text for pages without starting ICU in the browser (issue 15, decision 194).
 *
 * A page's first `Intl` formatter (or `toLocaleString`) makes the browser load ICU's locale data:
 * 30-45 ms on the development machine, 120-180 ms of Lighthouse's 4x-throttled main thread, paid
 * inside the hydration task by every demo page. Counts, kilometres and view numbers are whole
 * numbers, whose en-AU text is a fixed rule (a comma every three digits, a leading "-"), so they
 * are written here; everything else goes to an `Intl` formatter that is built on first use, never
 * while a module loads.
 */

/**
 * A whole number in en-AU digit grouping, exactly as `n.toLocaleString("en-AU")` writes it:
 * `1234567` -> `"1,234,567"`, `-5000` -> `"-5,000"`, `0` -> `"0"`.
 * @param n any number; safe integers are grouped here, anything else (fractions, -0, NaN,
 *   Infinity, beyond 2^53) goes to `toLocaleString("en-AU")`, so the text never differs
 * @returns the text; never throws
 */
export function wholeNumberText(n: number): string {
  if (!Number.isSafeInteger(n) || Object.is(n, -0)) return n.toLocaleString("en-AU");
  const digits = String(n < 0 ? -n : n);
  let out = digits.slice(0, digits.length % 3 || 3);
  for (let i = out.length; i < digits.length; i += 3) out += `,${digits.slice(i, i + 3)}`;
  return n < 0 ? `-${out}` : out;
}

/**
 * An en-AU `Intl.NumberFormat` built on its first `format` call and kept for the process (a
 * module-level formatter would start ICU when its chunk loads, decision 194; `toLocaleString`
 * with options builds a new formatter per call, about 40 µs, decision 188).
 * @param options the formatter's options, e.g. `{ style: "currency", currency: "AUD" }`
 * @returns an object whose `format(n)` returns the formatter's text
 */
export function lazyNumberFormat(options: Intl.NumberFormatOptions): { format(n: number): string } {
  let formatter: Intl.NumberFormat | null = null;
  return { format: (n) => (formatter ??= new Intl.NumberFormat("en-AU", options)).format(n) };
}

/**
 * An en-AU `Intl.DateTimeFormat` built on its first `format` call (see {@link lazyNumberFormat}).
 * @param options the formatter's options; give `timeZone` (e.g. "UTC", "Australia/Perth")
 * @returns an object whose `format(date)` returns the formatter's text
 * @throws RangeError from `format` for an invalid date or an unknown time zone
 */
export function lazyDateTimeFormat(options: Intl.DateTimeFormatOptions): { format(date: Date | number): string } {
  let formatter: Intl.DateTimeFormat | null = null;
  return { format: (date) => (formatter ??= new Intl.DateTimeFormat("en-AU", options)).format(date) };
}

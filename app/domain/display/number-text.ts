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

/** Intl formatters for what {@link decimalText} hands on, by "min:max" fraction digits. */
const decimalFallbacks = new Map<string, Intl.NumberFormat>();

function fallbackDecimal(n: number, minimumFractionDigits: number, maximumFractionDigits: number): string {
  const key = `${minimumFractionDigits}:${maximumFractionDigits}`;
  let formatter = decimalFallbacks.get(key);
  if (!formatter) decimalFallbacks.set(key, (formatter = new Intl.NumberFormat("en-AU", { minimumFractionDigits, maximumFractionDigits })));
  return formatter.format(n);
}

/**
 * A decimal number in en-AU text, exactly as `new Intl.NumberFormat("en-AU", {
 * minimumFractionDigits, maximumFractionDigits }).format(n)` writes it (issue 15: the finance
 * calculator's cents and a caravan's metres without starting ICU, decision 194):
 * `decimalText(1234.5, 2)` -> `"1,234.50"`, `decimalText(6.1, 1, 0)` -> `"6.1"`, `decimalText(6.04, 1, 0)`
 * -> `"6"`. Rounds half away from zero on the number's shortest decimal form, as Intl does
 * (`0.0075` to 3 digits is `"0.008"`, though `toFixed` gives `"0.007"`).
 * @param n the number; 0 and positive values below 10^15 are written here, anything else
 *   (negatives, -0, NaN, Infinity, larger values) goes to Intl, so the text never differs
 * @param maximumFractionDigits digits after the point, at most (0-20)
 * @param minimumFractionDigits digits after the point, at least (default: the maximum)
 * @returns the text
 * @throws RangeError when the digit counts are out of Intl's range or min > max
 */
export function decimalText(n: number, maximumFractionDigits: number, minimumFractionDigits: number = maximumFractionDigits): string {
  if (!(Number.isInteger(maximumFractionDigits) && Number.isInteger(minimumFractionDigits) && minimumFractionDigits >= 0 && maximumFractionDigits <= 20 && minimumFractionDigits <= maximumFractionDigits)) {
    throw new RangeError(`decimalText: fraction digits ${minimumFractionDigits}-${maximumFractionDigits}`);
  }
  if (!(n >= 0 && n < 1e15) || Object.is(n, -0)) return fallbackDecimal(n, minimumFractionDigits, maximumFractionDigits);
  // Intl rounds the number's shortest decimal form (String(n): 0.0075, not the double's exact
  // 0.00749999...), half away from zero; so does this, on that string.
  const shortest = String(n);
  if (shortest.includes("e")) return fallbackDecimal(n, minimumFractionDigits, maximumFractionDigits); // below 10^-6
  const point = shortest.indexOf(".");
  let whole = point === -1 ? shortest : shortest.slice(0, point);
  let fraction = point === -1 ? "" : shortest.slice(point + 1);
  if (fraction.length > maximumFractionDigits) {
    const roundUp = fraction.charCodeAt(maximumFractionDigits) >= 53; // "5"-"9"
    fraction = fraction.slice(0, maximumFractionDigits);
    if (roundUp) {
      const digits = (BigInt(whole + fraction) + 1n).toString().padStart(maximumFractionDigits + 1, "0");
      whole = digits.slice(0, digits.length - maximumFractionDigits);
      fraction = digits.slice(digits.length - maximumFractionDigits);
    }
  }
  let end = fraction.length;
  while (end > minimumFractionDigits && fraction[end - 1] === "0") end--;
  fraction = fraction.slice(0, end).padEnd(minimumFractionDigits, "0");
  const grouped = wholeNumberText(Number(whole));
  return fraction ? `${grouped}.${fraction}` : grouped;
}

const AUD_CENTS = lazyNumberFormat({ style: "currency", currency: "AUD", minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * Australian dollars with cents, exactly as Intl's en-AU AUD currency format with two fraction
 * digits writes them: `1234.5` -> `"$1,234.50"` (the finance calculator, spec 5). Amounts from 0 to
 * below 10^15 are written without Intl (decision 194); anything else goes to Intl.
 * @param amount dollars
 * @returns the text, e.g. "$29,990.00"; never throws
 */
export function audCentsText(amount: number): string {
  return amount >= 0 && amount < 1e15 && !Object.is(amount, -0) ? `$${decimalText(amount, 2)}` : AUD_CENTS.format(amount);
}

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"] as const;

/**
 * The UTC calendar day of an instant in en-AU words, exactly as `Intl.DateTimeFormat("en-AU",
 * { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" })` writes it for years 1 to
 * 9999: `2026-03-03T23:30:00Z` -> `"3 March 2026"` (decision 194: no ICU while a page loads).
 * @param date the instant
 * @returns the text
 * @throws RangeError for an invalid date (as Intl does)
 */
export function utcDayText(date: Date): string {
  const year = date.getUTCFullYear();
  if (Number.isNaN(year)) throw new RangeError("utcDayText: invalid date");
  if (year < 1 || year > 9999) return new Intl.DateTimeFormat("en-AU", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(date);
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${year}`;
}

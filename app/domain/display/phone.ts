/**
 * Phone number display, spec 2.5 ("a phone link with spaces stripped"), 2.4 ("masked with
 * asterisks after its first 5 characters until clicked"), 7 ("Phones use tel: links") and 9
 * ("Phone numbers are formatted from +61 to a leading 0").
 */
import { parsePhoneNumberFromString } from "libphonenumber-js";
import { telHref } from "./tel.ts";

/** Spec 2.4: characters left visible before the mask. */
export const DEFAULT_PHONE_VISIBLE_CHARACTERS = 5;
export const PHONE_MASK_CHARACTER = "*";

/** Distinct inputs `formatPhone` remembers before it starts again (bounds memory on any input). */
const FORMATTED_PHONES_KEPT = 1_000;
const formattedPhones = new Map<string, string>();

/**
 * Formats a phone number for display with libphonenumber-js (default country AU).
 * - An Australian number (`+61 412 345 678`, `0412345678`, `+61 2 9876 5432`) becomes its national
 *   form with a leading 0 and without brackets: `0412 345 678`, `02 9876 5432`, `1300 123 456`.
 * - A valid foreign number keeps its international form: `+1 415 555 0100`.
 * - Anything libphonenumber cannot parse is returned trimmed with runs of spaces collapsed and a
 *   leading `+61` (optionally followed by a space or a 0) replaced by `0`.
 *
 * Results are kept per input (at most FORMATTED_PHONES_KEPT, then the memo starts again): a
 * dealer's few numbers are formatted on every page, and parsing one costs about 0.1 ms (issue 15
 * VDP profile: libphonenumber-js was 3% of the server's time).
 *
 * @param raw the number as stored
 * @returns display text; `''` for blank input. Never throws.
 */
export function formatPhone(raw: string): string {
  const known = formattedPhones.get(raw);
  if (known !== undefined) return known;
  const formatted = formatPhoneUncached(raw);
  if (formattedPhones.size >= FORMATTED_PHONES_KEPT) formattedPhones.clear();
  formattedPhones.set(raw, formatted);
  return formatted;
}

function formatPhoneUncached(raw: string): string {
  const text = raw.trim().replace(/\s+/g, " ");
  if (text === "") return "";
  const parsed = parsePhoneNumberFromString(text, "AU");
  if (parsed?.isValid()) {
    if (parsed.country === "AU" || parsed.countryCallingCode === "61") {
      return parsed.formatNational().replace(/[()]/g, "");
    }
    return parsed.formatInternational();
  }
  return text.replace(/^\+61\s?0?/, "0");
}

/**
 * Removes all whitespace (spaces, tabs, non-breaking spaces): `'0412 345 678'` -> `'0412345678'`.
 */
export function stripSpaces(text: string): string {
  return text.replace(/\s+/g, "");
}

/**
 * The `tel:` link for a number: formatted by {@link formatPhone} (so +61 becomes a leading 0),
 * then whitespace, brackets, dashes and dots removed: `'+61 412 345 678'` -> `'tel:0412345678'`.
 *
 * @throws Error when the number is blank (a link to nothing is a bug in the caller)
 */
export function phoneHref(raw: string): string {
  const href = telHref(formatPhone(raw));
  if (href === "tel:") throw new Error("phoneHref: blank phone number");
  return href;
}

/**
 * A number in E.164 form (`'(08) 9250 1100'` -> `'+61892501100'`), the one form of structured
 * data (schema.org `telephone`); text libphonenumber cannot read comes back as its tel: digits.
 * @param raw the number as stored
 */
export function phoneE164(raw: string): string {
  const parsed = parsePhoneNumberFromString(raw.trim(), "AU");
  return parsed?.isValid() ? parsed.number : telHref(formatPhone(raw)).slice("tel:".length);
}

/**
 * Masks a number after its first `visible` characters (spec 2.4: 5), keeping whitespace so the
 * masked and revealed numbers have the same width: `'0412 345 678'` -> `'0412 *** ***'`.
 * Counts code points; text no longer than `visible` is returned as is.
 *
 * @param phone display text (usually from {@link formatPhone})
 * @param visible characters left visible (integer >= 0), default 5
 * @throws RangeError when `visible` is not a non-negative integer
 */
export function maskPhone(phone: string, visible: number = DEFAULT_PHONE_VISIBLE_CHARACTERS): string {
  if (!Number.isInteger(visible) || visible < 0) throw new RangeError(`maskPhone: bad visible count ${visible}`);
  const chars = Array.from(phone);
  return chars.map((char, i) => (i < visible || /\s/.test(char) ? char : PHONE_MASK_CHARACTER)).join("");
}

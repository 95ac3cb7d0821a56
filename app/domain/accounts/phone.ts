/**
 * Australian mobile numbers for phone sign-in (spec 1 "A visitor who identifies with a phone
 * number", spec 6 "signed-in user (identified by a phone number)", spec 9 "Phone numbers are
 * formatted from +61 to a leading 0"). Parsing and validation are libphonenumber-js's (mobile
 * metadata), not ours.
 */
import { parsePhoneNumberFromString } from "libphonenumber-js/mobile";

/** Shown for anything that is not an Australian mobile number (spec 8 has no wording for it). */
export const INVALID_MOBILE_MESSAGE = "Please enter a valid Australian mobile number, for example 0412 345 678.";

export type MobileParse = { ok: true; e164: string } | { ok: false; message: string };

/**
 * Normalises what a shopper typed ("0412 345 678", "+61 412 345 678", "61412345678",
 * "(04) 1234-5678") to E.164 ("+61412345678").
 * @param input free text, at most 32 characters are considered
 * @returns `{ ok: true, e164 }` for a valid Australian mobile, else `{ ok: false, message }`
 *   with {@link INVALID_MOBILE_MESSAGE} (landlines, other countries and junk are refused).
 */
export function normaliseAuMobile(input: string): MobileParse {
  const text = input.trim();
  if (!text || text.length > 32) return { ok: false, message: INVALID_MOBILE_MESSAGE };
  // "61412..." without the plus is a common way to write an international number.
  const candidate = /^61\d{9}$/.test(text.replace(/[\s()-]/g, "")) ? `+${text.replace(/[\s()-]/g, "")}` : text;
  const parsed = parsePhoneNumberFromString(candidate, "AU");
  if (!parsed || parsed.country !== "AU" || !parsed.isValid()) return { ok: false, message: INVALID_MOBILE_MESSAGE };
  return { ok: true, e164: parsed.number };
}

/**
 * Formats an E.164 Australian number for people: "+61412345678" -> "0412 345 678" (spec 9).
 * Anything it cannot parse is returned unchanged.
 */
export function formatAuMobile(e164: string): string {
  const parsed = parsePhoneNumberFromString(e164, "AU");
  return parsed ? parsed.formatNational() : e164;
}

/**
 * Masks a number for display on the code form: "+61412345678" -> "0412 *** 678".
 */
export function maskAuMobile(e164: string): string {
  const national = formatAuMobile(e164);
  return national.replace(/^(\d{4}) (\d{3}) (\d{3})$/, "$1 *** $3");
}

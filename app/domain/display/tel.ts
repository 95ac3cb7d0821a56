/**
 * The one `tel:` link form (spec 2.5, 7 "Phones use tel: links"), without the phone library so the
 * browser's chrome can use it: every character but digits and a leading "+" removed, so
 * `'(08) 9250 1100'`, `'08 9250 1100'` and `'0892501100'` all give `'tel:0892501100'`.
 * Server code formats the number first ({@link formatPhone} in phone.ts: +61 becomes a leading 0).
 * @param phone a phone number as displayed or stored.
 * @returns `tel:` and the digits.
 */
export function telHref(phone: string): string {
  const digits = phone.trim().replace(/(?!^\+)[^\d]/g, "");
  return `tel:${digits}`;
}

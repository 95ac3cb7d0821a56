/**
 * Build and compliance dates on the VDP (issue 52, spec 3 build_date / compliance_date), in the
 * site's date format: the rego expiry's en-AU day/month/year (rego.ts REGO_DATE_FORMAT), and for
 * a year and month alone the same order without the day, '03/2021'. Pure.
 */
import { format } from "date-fns/format";
import { isValid } from "date-fns/isValid";
import { parseISO } from "date-fns/parseISO";
import { REGO_DATE_FORMAT } from "./rego";

/** date-fns pattern of a year and month: '03/2021'. */
export const YEAR_MONTH_FORMAT = "MM/yyyy";

/**
 * A feed's year-month (`YYYY-MM`) or date (`YYYY-MM-DD`) as the site shows it.
 * @param value `YYYY-MM`, `YYYY-MM-DD` or null
 * @returns '03/2021' for `2021-03`, '15/03/2021' for `2021-03-15`; null for null or text that is
 *   neither form (never shown rather than shown wrong). Never throws.
 */
export function vehicleDateText(value: string | null | undefined): string | null {
  if (!value) return null;
  const text = value.trim();
  const yearMonth = /^\d{4}-\d{2}$/.test(text);
  if (!yearMonth && !/^\d{4}-\d{2}-\d{2}$/.test(text)) return null;
  const date = parseISO(yearMonth ? `${text}-01` : text);
  return isValid(date) ? format(date, yearMonth ? YEAR_MONTH_FORMAT : REGO_DATE_FORMAT) : null;
}

/**
 * The finance link (spec 2.1): the site's finance path (`/finance`, or `/finance-enquiry` /
 * `/apply-for-finance` per site config) with the query preferredDealership, vehiclePriceBudget,
 * car_id, car_type and vin, and the anchor `#finance-form`. Used by every finance button (car
 * card, VDP, navigation) so the link is built in one place.
 */

/** Query of the finance page (spec 2.1); every field optional. */
export interface FinanceLinkParams {
  /** Location slug. */
  preferredDealership?: string | null;
  /** Whole dollars. */
  vehiclePriceBudget?: number | null;
  car_id?: number | null;
  car_type?: string | null;
  vin?: string | null;
}

const ORDER = ["preferredDealership", "vehiclePriceBudget", "car_id", "car_type", "vin"] as const;

/**
 * Builds the finance link.
 * @param linkPath the site's `finance.linkPath`
 * @param params query values; null, undefined and "" are left out; a budget at or below 0 is left out
 * @returns e.g. "/finance-enquiry?car_id=12&car_type=used#finance-form"
 */
export function financeHref(linkPath: string, params: FinanceLinkParams = {}): string {
  const query = new URLSearchParams();
  for (const key of ORDER) {
    const value = params[key];
    if (value == null || value === "") continue;
    if (key === "vehiclePriceBudget" && (typeof value !== "number" || !(value > 0))) continue;
    query.set(key, String(value));
  }
  const qs = query.toString();
  return `${linkPath}${qs ? `?${qs}` : ""}#finance-form`;
}

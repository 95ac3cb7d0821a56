/**
 * Query parameters that say where a visit was linked from (spec 7 lead_attributes
 * linked_query_params): campaign tags (utm_*) and the ad networks' click ids. The browser sends
 * its landing page's whole query; the lead keeps only these, so other parameters of the landing
 * address (a search's filters, an address in an unsubscribe link) are never stored as "linked".
 */
const LINKED_PARAM = /^(utm_[a-z0-9_]+|gclid|gbraid|wbraid|dclid|fbclid|msclkid|ttclid|li_fat_id)$/i;

/**
 * The linking parameters of a query string, in their order, as a query string.
 * @param search e.g. `make=Toyota&utm_source=google&gclid=abc` (a leading `?` is allowed)
 * @returns e.g. `utm_source=google&gclid=abc`; "" when there are none
 */
export function linkedQueryParams(search: string): string {
  const kept = new URLSearchParams();
  for (const [name, value] of new URLSearchParams(search)) if (LINKED_PARAM.test(name)) kept.append(name, value);
  return kept.toString();
}

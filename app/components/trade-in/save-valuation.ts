/**
 * Spec 7 "POST /api/miscellaneous ... JSON {valuation result, column_name 'valuation'}; success
 * or failure is only logged"; spec 8 "Valuation save failure: console error 'Failed to save
 * valuation data'". Browser side of the site variant that uses it (SiteConfig
 * `tradeIn.saveValuationToMiscellaneous`).
 */

/** Spec 8 message. */
export const VALUATION_SAVE_FAILED = "Failed to save valuation data";

/**
 * Posts the valuation result to /api/miscellaneous. Never throws and never blocks the shopper:
 * a network error or a non-2xx answer is a console error only.
 * @param token the valuation's token
 * @param valuation the valuation result as stored
 * @param fetchImpl fetch (tests pass their own); `url` defaults to '/api/miscellaneous'
 * @returns true when the server stored it
 */
export async function saveValuationData(token: string, valuation: unknown, fetchImpl: typeof fetch = fetch, url = "/api/miscellaneous"): Promise<boolean> {
  try {
    const response = await fetchImpl(url, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ token, valuation, column_name: "valuation" }),
    });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return true;
  } catch (error) {
    console.error(VALUATION_SAVE_FAILED, error);
    return false;
  }
}

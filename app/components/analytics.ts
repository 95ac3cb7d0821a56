/**
 * Browser analytics, spec 7 ("Analytics events, by numeric id") and spec 8 ("Analytics failure:
 * console warning only"). Events go to `window.dataLayer` (a tag manager reads it); nothing is
 * sent when there is no window (server rendering).
 */

/** Spec 7 event ids used by the site. */
export const ANALYTICS_EVENTS = {
  usedCarView: 4,
  newEnquiry: 14,
  usedEnquiry: 15,
  testDrive: 17,
  tradeInOfferAccepted: 18,
  fleetEnquiry: 19,
  phoneClick: 25,
  financeCalculatorFirstUse: 26,
  favourite: 39,
  usedTestDrive: 48,
  searchPageView: 49,
  historyReport: 60,
  print: 61,
} as const;

export type AnalyticsParams = Record<string, string | number | boolean | null | undefined>;

/** The object pushed for one event: `{ event: 'forecourt_event', event_id, ...params }`. */
export function analyticsPayload(eventId: number, params: AnalyticsParams = {}): Record<string, unknown> {
  return { event: "forecourt_event", event_id: eventId, ...params };
}

/**
 * Records an analytics event: pushes {@link analyticsPayload} onto `window.dataLayer` (created if
 * missing). Never throws: any failure is a `console.warn` (spec 8).
 *
 * @param eventId a spec 7 event id (see {@link ANALYTICS_EVENTS})
 * @param params event parameters, e.g. { vehicleMake: 'Toyota' }
 * @param target the window-like object (tests pass a fake); default `window`
 */
export function track(eventId: number, params: AnalyticsParams = {}, target?: { dataLayer?: unknown[] }): void {
  try {
    const w = target ?? (typeof window === "undefined" ? undefined : (window as unknown as { dataLayer?: unknown[] }));
    if (!w) return;
    w.dataLayer = w.dataLayer ?? [];
    w.dataLayer.push(analyticsPayload(eventId, params));
  } catch (error) {
    console.warn("analytics: event not recorded", eventId, error);
  }
}

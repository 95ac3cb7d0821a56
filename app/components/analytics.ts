/**
 * Analytics events by numeric id (spec 7 "Analytics events"): pushed onto `window.dataLayer` for
 * the tag manager. Never throws: a failure is logged with console.warn and the page carries on.
 */

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

/**
 * Pushes `{ event: "forecourt", eventId, ...params }` onto `window.dataLayer` (created if absent).
 * No-op on the server.
 * @param eventId spec 7 id, e.g. 26 for the finance calculator's first use
 * @param params extra event parameters
 */
export function track(eventId: number, params: Record<string, unknown> = {}): void {
  if (typeof window === "undefined") return;
  try {
    window.dataLayer = window.dataLayer ?? [];
    window.dataLayer.push({ event: "forecourt", eventId, ...params });
  } catch (error) {
    console.warn("analytics event failed", eventId, error);
  }
}

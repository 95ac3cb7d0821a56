/**
 * Analytics events by numeric id (spec 7 "Analytics events, by numeric id": 49 search page view,
 * ...). Pushes `{ event: "forecourt", eventId, ...params }` onto `window.dataLayer`; a failure is
 * logged with console.warn and never breaks the page. No-op on the server.
 */
export function track(eventId: number, params: Record<string, unknown> = {}): void {
  if (typeof window === "undefined") return;
  try {
    const w = window as unknown as { dataLayer?: unknown[] };
    w.dataLayer = w.dataLayer ?? [];
    w.dataLayer.push({ event: "forecourt", eventId, ...params });
  } catch (error) {
    console.warn("analytics event failed", eventId, error);
  }
}

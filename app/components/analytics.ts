/**
 * Analytics (spec 7 "Analytics events, by numeric id"): pushes `{ event, eventId, ...params }` to
 * `window.dataLayer`. A failure is only a console warning (spec 8 "Analytics failure").
 */
declare global {
  interface Window {
    dataLayer?: Record<string, unknown>[];
  }
}

/**
 * Records one analytics event in the browser; does nothing on the server.
 * @param eventId spec 7 id, e.g. 14 new enquiry, 15 used enquiry, 17 test drive, 19 fleet, 48 used test drive
 */
export function track(eventId: number, params: Record<string, string | number | null> = {}): void {
  if (typeof window === "undefined") return;
  try {
    (window.dataLayer ??= []).push({ event: `forecourt_${eventId}`, eventId, ...params });
  } catch (error) {
    console.warn("analytics event failed", eventId, error);
  }
}

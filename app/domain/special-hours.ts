/**
 * Special and holiday hours as stored or imported (spec 3), validated and normalised. Kept apart
 * from opening-hours.ts so that the browser code that only needs the open-now check (header,
 * sticky footer) does not load zod (issue 15, JavaScript budget).
 */
import { z } from "zod";
import type { SpecialHours } from "./opening-hours";
import { isCalendarDate } from "./text/calendar-date";

const HHMM = /^([01]\d|2[0-4]):([0-5]\d)$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Both special-hours shapes of spec 3, as stored or imported:
 * `{ date, status, location_id?, start_hour, end_hour }` or `{ date, status, hours: { begin, end } }`
 * (plus this app's own camelCase `{ date, status, startHour, endHour }`).
 */
export const RawSpecialHoursSchema = z
  .object({
    date: z.string().regex(DATE, "date must be YYYY-MM-DD").refine((v) => isCalendarDate(v, true), "date must be a day that exists"),
    status: z.enum(["Open", "Closed"]),
    location_id: z.number().int().optional(),
    start_hour: z.string().regex(HHMM).nullish(),
    end_hour: z.string().regex(HHMM).nullish(),
    startHour: z.string().regex(HHMM).nullish(),
    endHour: z.string().regex(HHMM).nullish(),
    hours: z.object({ begin: z.string().regex(HHMM), end: z.string().regex(HHMM) }).nullish(),
    note: z.string().optional(),
  })
  .refine((s) => s.status === "Closed" || Boolean((s.start_hour ?? s.startHour ?? s.hours?.begin) && (s.end_hour ?? s.endHour ?? s.hours?.end)), {
    message: "an Open special-hours entry needs start and end hours",
  });

/**
 * Normalises special or holiday hours of either spec 3 shape.
 * @param raw array of entries in either shape
 * @returns entries as {@link SpecialHours}, sorted by date
 * @throws ZodError when an entry is malformed (bad date, bad time, Open without hours)
 */
export function normaliseSpecialHours(raw: unknown[]): SpecialHours[] {
  return raw
    .map((r) => {
      const s = RawSpecialHoursSchema.parse(r);
      const open = s.status === "Open";
      const entry: SpecialHours = {
        date: s.date,
        status: s.status,
        startHour: open ? (s.start_hour ?? s.startHour ?? s.hours?.begin ?? null) : null,
        endHour: open ? (s.end_hour ?? s.endHour ?? s.hours?.end ?? null) : null,
      };
      if (s.note) entry.note = s.note;
      return entry;
    })
    .sort((a, b) => a.date.localeCompare(b.date));
}


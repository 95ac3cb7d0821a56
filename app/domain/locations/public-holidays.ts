/**
 * Australian public holidays for the special-hours editor (issue 50 item 5): the national and
 * state holidays of a location's state for the coming year, from the date-holidays library (its
 * data is maintained upstream: substitute days, Easter, the states' own days). No table here.
 * The library (every country's rules, about 20 MB of memory) is loaded on first use: only the
 * console's location editor asks, so shopper nodes never hold it.
 */
import type Holidays from "date-holidays";
import { addCalendarDays } from "~/domain/opening-hours";
import { AU_STATES } from "./states";


/** One public holiday on a calendar date. */
export interface PublicHoliday {
  /** YYYY-MM-DD (the holiday's own calendar date; no time zone). */
  date: string;
  /** e.g. "Christmas Day", "Western Australia Day", "Boxing Day (substitute day)". */
  name: string;
  /** True when every state keeps it (national), false for the state's own. */
  national: boolean;
}

let library: Promise<typeof Holidays> | null = null;
const byRegion = new Map<string, Holidays>();
async function calendar(state: string | null): Promise<Holidays> {
  library ??= import("date-holidays").then((m) => m.default);
  const HolidaysOf = await library;
  const key = state ?? "";
  let hd = byRegion.get(key);
  if (!hd) {
    hd = state ? new HolidaysOf("AU", state, { types: ["public"] }) : new HolidaysOf("AU", { types: ["public"] });
    byRegion.set(key, hd);
  }
  return hd;
}

async function publicDays(state: string | null, years: number[]): Promise<{ date: string; name: string }[]> {
  const hd = await calendar(state);
  return years.flatMap((year) => hd.getHolidays(year).filter((h) => h.type === "public").map((h) => ({ date: h.date.slice(0, 10), name: h.name })));
}

/**
 * Public holidays from `today` for the next 365 days, for a location in `state`.
 * @param today YYYY-MM-DD in the site's time zone
 * @param state a state or territory code (AU_STATES: date-holidays knows each); another value gives the national holidays only
 * @returns holidays by date (one entry per date and name), national ones marked
 */
export async function upcomingPublicHolidays(today: string, state: string): Promise<PublicHoliday[]> {
  const last = addCalendarDays(today, 365);
  const years = [Number(today.slice(0, 4)), Number(last.slice(0, 4))];
  const national = new Set((await publicDays(null, years)).map((h) => `${h.date}|${h.name}`));
  const known = (AU_STATES as readonly string[]).includes(state.toUpperCase());
  const seen = new Set<string>();
  return (await publicDays(known ? state.toUpperCase() : null, years))
    .filter((h) => h.date >= today && h.date <= last)
    .filter((h) => !seen.has(`${h.date}|${h.name}`) && seen.add(`${h.date}|${h.name}`))
    .sort((a, b) => a.date.localeCompare(b.date))
    .map((h) => ({ ...h, national: national.has(`${h.date}|${h.name}`) }));
}

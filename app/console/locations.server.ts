/**
 * Locations in the console (issue 50 item 5, decision 330): add and edit a site's yards (type,
 * subtype, manufacturers, address placed by the embedded geocoder, phones, licences, visibility,
 * photo), their weekly hours, their alternating-Saturday rule, and special and holiday hours on
 * dates, now or scheduled for a time (issue 50 item 7). Every save writes the `locations` row and its audit row in one transaction; the row's
 * trigger (migration 0018) moves the site's config version in that transaction, so the location
 * pages, their JSON-LD and Call Now follow on the next request on every node.
 */
import { and, asc, eq, ne } from "drizzle-orm";
import { parsePhoneNumberFromString } from "libphonenumber-js";
import { z } from "zod";
import type { Database } from "../../db/client";
import { locations, manufacturers, type LocationSaturdayRule, type OpeningHourEntry, type SpecialHourEntry } from "../../db/schema/index";
import { getGeocoder, type Geocoder } from "~/adapters/geocoder/postcodes";
import { DAY_LONG, weekdayOf } from "~/domain/opening-hours";
import { DAY_THAT_EXISTS, isCalendarDate } from "~/domain/text/calendar-date";
import { AU_STATES } from "~/domain/locations/states";
import { LOCATION_TYPES } from "./content-fields";
import { configDiff } from "./settings.server";
import { withSpecialHours, type LocationDetails } from "~/domain/content/scheduled-overlay";
import { scheduleSiteChange } from "./scheduling.server";
import type { Permission } from "./permissions";
import { recordAudit, siteFor, type StaffMember } from "./staff.server";

export type ConsoleLocation = typeof locations.$inferSelect;

/** Who makes a change (audit). */
export interface LocationActor {
  member: Pick<StaffMember, "id" | "email">;
  ipAddress: string | null;
}

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$|^24:00$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const SLUG = /^[a-z0-9][a-z0-9-]{0,79}$/;
const optionalText = (max: number) => z.string().trim().max(max, `At most ${max} characters.`).optional();

/** A phone number as entered: valid for Australia (libphonenumber-js), stored in its national form ("08 9201 4400"). */
const phoneField = z
  .string()
  .trim()
  .optional()
  .transform((raw, ctx) => {
    if (!raw) return null;
    const parsed = parsePhoneNumberFromString(raw, "AU");
    if (!parsed?.isValid()) {
      ctx.addIssue({ code: "custom", message: "Enter an Australian phone number, e.g. 08 9201 4400 or 0412 345 678." });
      return z.NEVER;
    }
    return parsed.country === "AU" ? parsed.formatNational().replace(/[()]/g, "") : parsed.formatInternational();
  });

const weekdayFields = Object.fromEntries(
  [0, 1, 2, 3, 4, 5, 6].flatMap((d) => [
    [`status${d}`, z.enum(["Open", "Closed"], { message: "Choose open or closed." }).default("Closed")],
    [`open${d}`, z.string().regex(HHMM, "A time like 08:30.").optional()],
    [`close${d}`, z.string().regex(HHMM, "A time like 17:30.").optional()],
  ]),
) as Record<`status${number}` | `open${number}` | `close${number}`, z.ZodType>;

/**
 * The location form (details, weekly hours, alternating-Saturday rule): one schema for the server
 * and the page's field names. Field messages are the ones shown next to the fields.
 */
export const LocationFormSchema = z
  .object({
    name: z.string({ message: "Enter the location's name." }).trim().min(1, "Enter the location's name.").max(100, "At most 100 characters."),
    slug: z.string().trim().toLowerCase().regex(SLUG, "Lower-case letters, digits and hyphens, e.g. osborne-park.").optional(),
    locationType: z.enum(LOCATION_TYPES, { message: "Choose a type." }).optional(),
    locationSubtype: optionalText(60),
    manufacturers: z.array(z.string().regex(SLUG)).default([]),
    street: optionalText(120),
    city: z.string({ message: "Enter the suburb." }).trim().min(1, "Enter the suburb.").max(60),
    state: z.enum(AU_STATES, { message: "Choose the state or territory." }),
    postcode: z.string({ message: "Enter the postcode." }).trim().regex(/^\d{4}$/, "Invalid postcode. Please enter a 4-digit number."),
    phone: phoneField,
    landlinePhone: phoneField,
    email: z.email("Enter an email address like sales@dealer.com.au.").optional(),
    dealerLicenseNumber: optionalText(40),
    motorVehicleRepairer: optionalText(40),
    visible: z.boolean().default(false),
    primary: z.boolean().default(false),
    removeImage: z.boolean().default(false),
    saturdayMode: z.enum(["site", "on", "off"]).default("site"),
    saturdayAnchor: z.string().regex(DATE, "A date like 2025-06-14.").refine((v) => isCalendarDate(v, true), DAY_THAT_EXISTS).optional(),
    saturdayText: optionalText(60),
    ...weekdayFields,
  })
  .superRefine((v, ctx) => {
    const values = v as unknown as Record<string, string | undefined>;
    for (const d of [0, 1, 2, 3, 4, 5, 6]) {
      if (values[`status${d}`] !== "Open") continue;
      const time = (t: string | undefined) => (typeof t === "string" && HHMM.test(t) ? t : undefined);
      const open = time(values[`open${d}`]);
      const close = time(values[`close${d}`]);
      if (values[`open${d}`] !== open || values[`close${d}`] !== close) continue;
      if (!open) ctx.addIssue({ code: "custom", path: [`open${d}`], message: `${DAY_LONG[d]} is open: enter its opening time.` });
      if (!close) ctx.addIssue({ code: "custom", path: [`close${d}`], message: `${DAY_LONG[d]} is open: enter its closing time.` });
      if (open && close && open >= close) ctx.addIssue({ code: "custom", path: [`close${d}`], message: `${DAY_LONG[d]} must close after it opens.` });
    }
    if (v.saturdayMode === "on") {
      if (!v.saturdayAnchor) ctx.addIssue({ code: "custom", path: ["saturdayAnchor"], message: "Enter a Saturday with normal hours." });
      else if (isCalendarDate(v.saturdayAnchor, true) && weekdayOf(v.saturdayAnchor) !== 6) ctx.addIssue({ code: "custom", path: ["saturdayAnchor"], message: `${v.saturdayAnchor} is a ${DAY_LONG[weekdayOf(v.saturdayAnchor)]}: choose a Saturday.` });
    }
    // Run with the other fields' messages too, so every wrong field is named at once (the values read are checked here).
  }, { when: () => true });
export type LocationForm = z.infer<typeof LocationFormSchema>;

/** One special or holiday hours entry as the editor posts it. */
export const SpecialHoursFormSchema = z
  .object({
    date: z.string({ message: "Enter a date." }).regex(DATE, "A date like 2026-12-25.").refine((v) => isCalendarDate(v, true), DAY_THAT_EXISTS),
    status: z.enum(["Open", "Closed"], { message: "Choose open or closed." }),
    startHour: z.string().regex(HHMM, "A time like 09:00.").optional(),
    endHour: z.string().regex(HHMM, "A time like 12:00.").optional(),
    note: optionalText(60),
  })
  .superRefine((v, ctx) => {
    if (v.status !== "Open") return;
    if (!v.startHour) ctx.addIssue({ code: "custom", path: ["startHour"], message: "Open on this date: enter the opening time." });
    if (!v.endHour) ctx.addIssue({ code: "custom", path: ["endHour"], message: "Open on this date: enter the closing time." });
    if (v.startHour && v.endHour && v.startHour >= v.endHour) ctx.addIssue({ code: "custom", path: ["endHour"], message: "The closing time must be after the opening time." });
  });

/** Public holidays chosen from the offered list (`holiday` = "YYYY-MM-DD|Name", repeated). */
export const HolidaysFormSchema = z.object({
  holiday: z.array(z.string().regex(/^\d{4}-\d{2}-\d{2}\|.{1,80}$/)).min(1, "Choose at least one public holiday."),
});

/** A site's locations (hidden ones too), by name. */
export function listSiteLocations(db: Database, siteId: number): Promise<ConsoleLocation[]> {
  return db.select().from(locations).where(eq(locations.siteId, siteId)).orderBy(asc(locations.name));
}

/** One location of the site by slug, or null. */
export async function getSiteLocation(db: Database, siteId: number, slug: string): Promise<ConsoleLocation | null> {
  const [row] = await db.select().from(locations).where(and(eq(locations.siteId, siteId), eq(locations.slug, slug)));
  return row ?? null;
}

/** Every manufacturer of the catalogue (slug and name), for the location's list. */
export function listManufacturers(db: Database): Promise<{ slug: string; name: string }[]> {
  return db.select({ slug: manufacturers.slug, name: manufacturers.name }).from(manufacturers).orderBy(asc(manufacturers.name));
}

/** A slug from a name: "Swan River Toyota Midland" -> "swan-river-toyota-midland". */
export function slugFromName(name: string): string {
  return (
    name
      .toLowerCase()
      .normalize("NFKD")
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 80) || "location"
  );
}

/** What the geocoder says about an address: the point to store, or the field and message to show. */
export type AddressCheck = { ok: true; lat: number; long: number } | { ok: false; field: "postcode" | "state"; message: string };

/**
 * Places an address with the embedded geocoder (no network): the postcode must be one it knows,
 * in the state given; the point is the suburb's when the geocoder knows that suburb in that state
 * with that postcode, else the postcode's.
 */
export function placeAddress(geocoder: Geocoder, address: { city: string; state: string; postcode: string }): AddressCheck {
  const byPostcode = geocoder.byPostcode(address.postcode);
  if (!byPostcode) return { ok: false, field: "postcode", message: `Invalid postcode: ${address.postcode} is not an Australian postcode we know.` };
  const suburb = geocoder.bySuburb(address.city, address.state);
  if (suburb && suburb.postcode === address.postcode) return { ok: true, lat: suburb.lat, long: suburb.long };
  if (byPostcode.state !== address.state) return { ok: false, field: "state", message: `Postcode ${address.postcode} is in ${byPostcode.state}, not ${address.state}.` };
  return { ok: true, lat: byPostcode.lat, long: byPostcode.long };
}

const titleCase = (name: string) => name.toLowerCase().replace(/(^|[\s'-])(\p{L})/gu, (_, gap: string, letter: string) => gap + letter.toUpperCase());

/**
 * The suburbs and state the geocoder gives a postcode (the editor's "Look up" button).
 * @returns the state and the postcode's suburbs (title case, by name), or null for a postcode it
 *   does not know
 */
export function lookupPostcodeSuburbs(postcode: string): { state: string; suburbs: string[] } | null {
  const points = /^\d{4}$/.test(postcode.trim()) ? getGeocoder().localitiesOf(postcode.trim()) : [];
  if (!points.length) return null;
  return { state: points[0].state, suburbs: [...new Set(points.map((p) => titleCase(p.locality)))].sort() };
}

/** The weekly table from the form's per-day fields. */
export function weeklyFromForm(v: LocationForm): OpeningHourEntry[] {
  const values = v as unknown as Record<string, string | undefined>;
  return [0, 1, 2, 3, 4, 5, 6].map((weekday) => {
    const open = values[`status${weekday}`] === "Open";
    return { weekday, status: open ? "Open" : "Closed", open: open ? values[`open${weekday}`]! : null, close: open ? values[`close${weekday}`]! : null };
  });
}

/** The location's own alternating-Saturday rule from the form (null: follow the site's). */
export function saturdayRule(v: LocationForm): LocationSaturdayRule | null {
  if (v.saturdayMode === "on") return { mode: "on", anchorDate: v.saturdayAnchor!, appointmentText: v.saturdayText || "By Appointment Only" };
  return v.saturdayMode === "off" ? { mode: "off" } : null;
}

/** Why a location save was refused (a rule the schema cannot see): the field and its message. */
export class LocationRefused extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

/** The audited view of a row (no ids or derived counts). */
function audited(row: Partial<ConsoleLocation> | null): Record<string, unknown> {
  if (!row) return {};
  const { id: _id, siteId: _site, dealerGroupId: _group, reviewAverage: _avg, reviewCount: _count, ...rest } = row as ConsoleLocation;
  return rest;
}

function auditDiff(before: unknown, after: unknown) {
  const diff = configDiff(before, after);
  return { before: Object.fromEntries(diff.map((d) => [d.path, d.before ?? null])), after: Object.fromEntries(diff.map((d) => [d.path, d.after ?? null])) };
}

/**
 * A location's details from the checked form, with the address placed by the geocoder: what a
 * save writes besides the address name, photo and hours, and what a scheduled `details` change
 * writes at its time.
 * @throws LocationRefused for an address the geocoder cannot place
 */
export function locationDetails(form: LocationForm): Omit<LocationDetails, "imageUrl"> {
  const place = placeAddress(getGeocoder(), form);
  if (!place.ok) throw new LocationRefused(place.field, place.message);
  return {
    name: form.name,
    locationType: form.locationType ?? null,
    locationSubtype: form.locationSubtype || null,
    manufacturers: [...new Set(form.manufacturers)].sort(),
    street: form.street || null,
    city: form.city,
    state: form.state,
    postcode: form.postcode,
    lat: place.lat,
    long: place.long,
    phone: form.phone ?? null,
    landlinePhone: form.landlinePhone ?? null,
    email: form.email || null,
    dealerLicenseNumber: form.dealerLicenseNumber || null,
    motorVehicleRepairer: form.motorVehicleRepairer || null,
    visible: form.visible,
    primary: form.primary,
  };
}

/**
 * Schedules the location's details from the checked form (everything the form saves but its
 * address name and hours) for `runAt`, with the same checks as a save, audited. The photo changes
 * only when a new one was uploaded (`imageUrl`, stored now and shown from `runAt`) or removal was
 * ticked. A pending details change of the location is replaced.
 * @throws LocationRefused for an address the geocoder cannot place, a changed address name (a
 *   page's URL is changed by saving) or a location no longer on the site
 */
export async function scheduleLocationDetails(db: Database, actor: LocationActor, siteId: number, slug: string, form: LocationForm, runAt: Date, imageUrl?: string): Promise<number> {
  const location = await getSiteLocation(db, siteId, slug);
  if (!location) throw new LocationRefused("form", "This location no longer exists.");
  if (form.slug && form.slug !== location.slug) throw new LocationRefused("slug", `The address name changes the page's URL, so it is saved, not scheduled: keep ${location.slug} to schedule the other details.`);
  const details = locationDetails(form);
  const photo = imageUrl !== undefined ? { imageUrl } : form.removeImage ? { imageUrl: null } : {};
  return scheduleSiteChange(db, actor, { siteId, entity: "location", entityId: location.id, action: "details", runAt, payload: { ...details, ...photo }, label: location.slug });
}

/**
 * Creates (`slug` null) or updates a location from the checked form, with its audit row, in one
 * transaction.
 * @param existingSlug the location being edited, or null for a new one
 * @param imageUrl a newly uploaded photo's path, or undefined to keep the current one
 * @returns the saved row
 * @throws LocationRefused for a slug taken on this site or an address the geocoder cannot place;
 *   404 data when `existingSlug` is not this site's
 */
export async function saveLocation(db: Database, actor: LocationActor, site: { id: number; dealerGroupId: number | null }, existingSlug: string | null, form: LocationForm, imageUrl?: string): Promise<ConsoleLocation> {
  const details = locationDetails(form);
  return db.transaction(async (tx) => {
    const [before] = existingSlug ? await tx.select().from(locations).where(and(eq(locations.siteId, site.id), eq(locations.slug, existingSlug))).for("update") : [];
    if (existingSlug && !before) throw new LocationRefused("form", "This location no longer exists.");
    // An empty slug keeps the page's address (links to it stay good); a new location's comes from its name.
    const slug = form.slug || before?.slug || slugFromName(form.name);
    const [taken] = await tx
      .select({ id: locations.id })
      .from(locations)
      .where(and(eq(locations.siteId, site.id), eq(locations.slug, slug), before ? ne(locations.id, before.id) : undefined));
    if (taken) throw new LocationRefused("slug", `Another location of this site already has the address name ${slug}.`);
    const values = {
      ...details,
      slug,
      imageUrl: imageUrl ?? (form.removeImage ? null : (before?.imageUrl ?? null)),
      openingHours: weeklyFromForm(form),
      alternatingSaturday: saturdayRule(form),
    };
    // One main location per site (the header's phone and Call Now read it).
    if (form.primary) await tx.update(locations).set({ primary: false }).where(and(eq(locations.siteId, site.id), eq(locations.primary, true), before ? ne(locations.id, before.id) : undefined));
    const [row] = before
      ? await tx.update(locations).set(values).where(eq(locations.id, before.id)).returning()
      : await tx
          .insert(locations)
          .values({ ...values, siteId: site.id, dealerGroupId: site.dealerGroupId })
          .returning();
    await recordAudit(tx, { userId: actor.member.id, actorEmail: actor.member.email, siteId: site.id, action: before ? "location.update" : "location.create", entity: "location", entityId: row.slug, ...auditDiff(audited(before ?? null), audited(row)), ipAddress: actor.ipAddress });
    return row;
  });
}

/**
 * Adds or replaces special hours on dates (one entry per date: a later entry for a date replaces
 * the earlier one), with the audit row, in one transaction.
 * @throws 404-like LocationRefused when the location is not this site's
 */
export async function putSpecialHours(db: Database, actor: LocationActor, siteId: number, slug: string, entries: SpecialHourEntry[]): Promise<ConsoleLocation> {
  return changeSpecialHours(db, actor, siteId, slug, "location.special-hours-add", (current) => withSpecialHours(current, entries));
}

/** Removes the special hours of one date (audited). */
export async function removeSpecialHours(db: Database, actor: LocationActor, siteId: number, slug: string, date: string): Promise<ConsoleLocation> {
  return changeSpecialHours(db, actor, siteId, slug, "location.special-hours-remove", (current) => current.filter((e) => e.date !== date));
}

async function changeSpecialHours(db: Database, actor: LocationActor, siteId: number, slug: string, action: string, change: (current: SpecialHourEntry[]) => SpecialHourEntry[]): Promise<ConsoleLocation> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(locations).where(and(eq(locations.siteId, siteId), eq(locations.slug, slug))).for("update");
    if (!before) throw new LocationRefused("form", "This location no longer exists.");
    const specialHours = change(before.specialHours);
    const [row] = await tx.update(locations).set({ specialHours }).where(eq(locations.id, before.id)).returning();
    const byDate = (list: SpecialHourEntry[]) => Object.fromEntries(list.map((e) => [e.date, e]));
    await recordAudit(tx, { userId: actor.member.id, actorEmail: actor.member.email, siteId, action, entity: "location", entityId: slug, ...auditDiff({ specialHours: byDate(before.specialHours) }, { specialHours: byDate(specialHours) }), ipAddress: actor.ipAddress });
    return row;
  });
}

/** True when `member` holds `permission` on the site `slug` (pages mirror what the actions check). */
export async function holdsOnSite(db: Database, member: StaffMember, slug: string, permission: Permission): Promise<boolean> {
  try {
    await siteFor(db, member, slug, permission);
    return true;
  } catch (error) {
    if ((error as { init?: { status?: number } } | null)?.init?.status === 403) return false;
    throw error;
  }
}

/**
 * What scheduled content changes (issue 50 item 7) do to what a shopper sees, as pure functions:
 * the scheduler job writes them at their time (app/services/scheduled-changes.server.ts), and a
 * staff preview "as of" a moment lays the changes due by then over the current site.
 */
import type { LocationSaturdayRule, locations, OpeningHourEntry, SpecialHourEntry } from "../../../db/schema/index";
import type { RedirectChange } from "./redirects";

/** A pending change due by a preview's moment, with what it writes. */
export interface DueByMoment {
  entity: string;
  entityId: number;
  action: string;
  payload: Record<string, unknown> | null;
}

/** Special hours with `entries` added, each replacing what an earlier entry said of its date, by date. */
export function withSpecialHours(current: readonly SpecialHourEntry[], entries: readonly SpecialHourEntry[]): SpecialHourEntry[] {
  const dates = new Set(entries.map((e) => e.date));
  return [...current.filter((e) => !dates.has(e.date)), ...entries].sort((a, b) => a.date.localeCompare(b.date));
}

/**
 * Site-config actions whose payload section replaces the stored section whole instead of merging
 * into it, by action: the theme (a colour or logo the editor removed must go, which a merge keeps).
 */
export const REPLACING_CONFIG_ACTIONS: Readonly<Record<string, readonly string[]>> = { theme: ["theme"] };

/**
 * A location's fields a scheduled `details` change writes: everything its editor saves except the
 * address name (the page's URL) and the hours, which have their own changes. `imageUrl` is in a
 * payload only when the photo changes (a new upload's path, or null to remove it).
 */
export const LOCATION_DETAIL_FIELDS = [
  "name",
  "locationType",
  "locationSubtype",
  "manufacturers",
  "street",
  "city",
  "state",
  "postcode",
  "lat",
  "long",
  "phone",
  "landlinePhone",
  "email",
  "dealerLicenseNumber",
  "motorVehicleRepairer",
  "visible",
  "primary",
  "imageUrl",
] as const;

type LocationRow = typeof locations.$inferSelect;
/** A location's details as a `details` change writes them ({@link LOCATION_DETAIL_FIELDS}). */
export type LocationDetails = Pick<LocationRow, (typeof LOCATION_DETAIL_FIELDS)[number]>;
/** What a location's scheduled changes can write. */
export type ScheduledLocationFields = LocationDetails & Pick<LocationRow, "openingHours" | "specialHours" | "alternatingSaturday">;
/** The kinds of a location's scheduled changes. */
export type LocationChangeAction = "weekly-hours" | "special-hours" | "details";
/** One scheduled change of a location, as a preview lays it over the row. */
export interface LocationChange {
  locationId: number;
  action: LocationChangeAction;
  payload: Record<string, unknown>;
}
const LOCATION_ACTIONS: readonly string[] = ["weekly-hours", "special-hours", "details"] satisfies LocationChangeAction[];

/** What a preview "as of" a moment lays over the current site (see `Site.preview`). */
export interface PreviewOverlay {
  /** Config sections to merge, later changes over earlier ones. */
  sections: Record<string, Record<string, unknown>>;
  /** Sections of {@link sections} that replace the stored section whole ({@link REPLACING_CONFIG_ACTIONS}). */
  replaced: string[];
  pages: Record<number, boolean>;
  locationChanges: LocationChange[];
  redirectChanges: RedirectChange[];
}

/**
 * Folds due changes (oldest first) into what a preview shows: the last publish or unpublish of a
 * page wins, config sections merge in order, locations' and redirects' changes keep their order.
 * Offers are judged in their own query (offers.server.ts) and are left out.
 */
export function previewOverlay(due: readonly DueByMoment[]): PreviewOverlay {
  const out: PreviewOverlay = { sections: {}, replaced: [], pages: {}, locationChanges: [], redirectChanges: [] };
  for (const change of due) {
    if (change.entity === "page") out.pages[change.entityId] = change.action === "publish";
    else if (change.entity === "site-config") {
      const replacing = REPLACING_CONFIG_ACTIONS[change.action] ?? [];
      for (const [name, values] of Object.entries((change.payload ?? {}) as Record<string, Record<string, unknown>>)) {
        if (replacing.includes(name)) {
          out.sections[name] = { ...values };
          if (!out.replaced.includes(name)) out.replaced.push(name);
        } else out.sections[name] = { ...(out.sections[name] ?? {}), ...values };
      }
    } else if (change.entity === "location" && LOCATION_ACTIONS.includes(change.action)) out.locationChanges.push({ locationId: change.entityId, action: change.action as LocationChangeAction, payload: change.payload ?? {} });
    else if (change.entity === "redirect" && (change.action === "add" || change.action === "remove")) out.redirectChanges.push({ action: change.action, ...(change.payload ?? {}) } as RedirectChange);
  }
  return out;
}

/** The details a `details` change's payload writes (only the fields it holds). */
export function scheduledDetails(payload: Record<string, unknown>): Partial<LocationDetails> {
  return Object.fromEntries(LOCATION_DETAIL_FIELDS.filter((k) => k in payload).map((k) => [k, payload[k]])) as Partial<LocationDetails>;
}

/**
 * A location row as its scheduled changes leave it (the row itself is not changed): the
 * scheduler writes the result at each change's time, and a preview lays the changes due by its
 * moment over the rows. A location made the main one takes that from any other location.
 * @param changes location changes of the site, oldest first; other locations' are skipped
 */
export function withScheduledLocation<L extends { id: number } & ScheduledLocationFields>(row: L, changes: readonly LocationChange[] | undefined): L {
  let out = row;
  for (const change of changes ?? []) {
    if (change.locationId !== row.id) {
      if (change.action === "details" && change.payload.primary === true && out.primary) out = { ...out, primary: false };
      continue;
    }
    if (change.action === "weekly-hours") out = { ...out, openingHours: change.payload.openingHours as OpeningHourEntry[], alternatingSaturday: (change.payload.alternatingSaturday ?? null) as LocationSaturdayRule | null };
    else if (change.action === "special-hours") out = { ...out, specialHours: withSpecialHours(out.specialHours, change.payload.entries as SpecialHourEntry[]) };
    else out = { ...out, ...scheduledDetails(change.payload) };
  }
  return out;
}

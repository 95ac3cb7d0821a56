/**
 * What scheduled content changes (issue 50 item 7) do to what a shopper sees, as pure functions:
 * the scheduler job writes them at their time (app/services/scheduled-changes.server.ts), and a
 * staff preview "as of" a moment lays the changes due by then over the current site.
 */
import type { LocationSaturdayRule, OpeningHourEntry, SpecialHourEntry } from "../../../db/schema/index";

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

/** What a preview "as of" a moment lays over the current site (see `Site.preview`). */
export interface PreviewOverlay {
  /** Config sections to merge, later changes over earlier ones. */
  sections: Record<string, Record<string, unknown>>;
  /** Sections of {@link sections} that replace the stored section whole ({@link REPLACING_CONFIG_ACTIONS}). */
  replaced: string[];
  pages: Record<number, boolean>;
  locationChanges: { locationId: number; action: "weekly-hours" | "special-hours"; payload: Record<string, unknown> }[];
}

/**
 * Folds due changes (oldest first) into what a preview shows: the last publish or unpublish of a
 * page wins, config sections merge in order, locations' hours keep their order. Offers are judged
 * in their own query (offers.server.ts) and are left out.
 */
export function previewOverlay(due: readonly DueByMoment[]): PreviewOverlay {
  const out: PreviewOverlay = { sections: {}, replaced: [], pages: {}, locationChanges: [] };
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
    } else if (change.entity === "location" && (change.action === "weekly-hours" || change.action === "special-hours")) out.locationChanges.push({ locationId: change.entityId, action: change.action, payload: change.payload ?? {} });
  }
  return out;
}

/**
 * A location row as its scheduled hours in a preview leave it (the row itself is not changed).
 * @param changes the preview's `locationChanges`, oldest first
 */
export function withScheduledHours<L extends { id: number; openingHours: OpeningHourEntry[]; specialHours: SpecialHourEntry[]; alternatingSaturday: LocationSaturdayRule | null }>(row: L, changes: PreviewOverlay["locationChanges"] | undefined): L {
  let out = row;
  for (const change of changes ?? []) {
    if (change.locationId !== row.id) continue;
    out =
      change.action === "weekly-hours"
        ? { ...out, openingHours: change.payload.openingHours as OpeningHourEntry[], alternatingSaturday: (change.payload.alternatingSaturday ?? null) as LocationSaturdayRule | null }
        : { ...out, specialHours: withSpecialHours(out.specialHours, change.payload.entries as SpecialHourEntry[]) };
  }
  return out;
}


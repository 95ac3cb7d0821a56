/**
 * What a staff member may do in a site's settings (issue 48 item 5, permission matrix): edit and
 * publish everything, only the sections the schema marks `contentEditable` (content editors), or
 * nothing. Checked by every settings action on the server; the page only mirrors it.
 */
import type { Database } from "../../db/client";
import type { Permission } from "./permissions";
import { configDiff } from "./settings.server";
import { sectionOf, settingsSections } from "./settings-form";
import { siteFor, type StaffMember } from "./staff.server";

/** "all", "editable-sections" or null (not held) for one settings permission on one site. */
export async function settingsReach(db: Database, member: StaffMember, slug: string, permission: Extract<Permission, "settings.edit" | "settings.publish">): Promise<"all" | "editable-sections" | null> {
  try {
    const scoped = await siteFor(db, member, slug, permission);
    return scoped.reach === "all" ? "all" : "editable-sections";
  } catch (error) {
    // siteFor throws data(..., 403) for a site the member works on without this permission.
    if ((error as { init?: { status?: number } } | null)?.init?.status === 403) return null;
    throw error;
  }
}

/** Sections a reach may NOT change (empty for "all"). */
export function lockedSections(reach: "all" | "editable-sections" | null): Set<string> {
  if (reach === "all") return new Set();
  return new Set(settingsSections().filter((s) => reach === null || !s.contentEditable).map((s) => s.key));
}

/**
 * True when going from `before` to `after` changes only sections `reach` may change (a content
 * editor's publish or rollback of a draft a manager changed elsewhere is refused).
 */
export function changesAllowed(reach: "all" | "editable-sections" | null, before: unknown, after: unknown): boolean {
  const locked = lockedSections(reach);
  return configDiff(before, after).every((d) => !locked.has(sectionOf(d.path)));
}

/**
 * Site navigation as data (spec 2.7, spec 3 "Navigation item"): the pure functions that turn a
 * site's configured header and footer, plus its dealer navigation overrides, into the menus the
 * layout renders. No I/O here; the root loader calls these with the site's config.
 */
import type { WeeklyHoursEntry } from "~/domain/opening-hours";
import type { NavItem, NavOverride, FooterSection } from "~/sites/site-config";

export type { NavItem, NavOverride, FooterSection };

/** The resolved menus of one site. */
export interface NavigationTree {
  /** Header items, left-aligned first in configured order (right-aligned items keep their order). */
  header: NavItem[];
  /** Footer link sections, base sections first. */
  footer: FooterSection[];
}

/** True for an absolute http(s) URL: rendered as an external link (new tab, rel="noopener noreferrer"). */
export function isExternalUrl(url: string): boolean {
  return /^https?:\/\//i.test(url);
}

const norm = (s: string) => s.trim().toLowerCase();

function cloneItem(item: NavItem): NavItem {
  return { ...item, dropdownItems: item.dropdownItems?.map(cloneItem) };
}

/** Finds the item at a "Parent/Child" path of names (case-insensitive) in a list, or null. */
function findByPath(items: NavItem[], path: string[]): { list: NavItem[]; index: number } | null {
  const [head, ...rest] = path;
  const index = items.findIndex((i) => norm(i.name) === norm(head));
  if (index < 0) return null;
  if (!rest.length) return { list: items, index };
  const children = items[index].dropdownItems;
  return children ? findByPath(children, rest) : null;
}

function applyOverride(items: NavItem[], override: NavOverride, path: string[]): void {
  if (!path.length) {
    // No target: append top-level items.
    if (override.append) items.push(...override.append.map(cloneItem));
    return;
  }
  const hit = findByPath(items, path);
  if (!hit) return;
  const item = hit.list[hit.index];
  if (override.hide) {
    if (!item.mandatory) hit.list.splice(hit.index, 1);
    return;
  }
  if (override.enable) item.optional = false;
  if (override.set) Object.assign(item, override.set);
  if (override.append) item.dropdownItems = [...(item.dropdownItems ?? []), ...override.append.map(cloneItem)];
  if (override.position) moveTo(hit.list, hit.index, override.position);
}

/** Moves `list[from]` to the 1-based `position` (clamped to the list). */
function moveTo<T>(list: T[], from: number, position: number): void {
  const [entry] = list.splice(from, 1);
  list.splice(Math.min(Math.max(position - 1, 0), list.length), 0, entry);
}

/** Drops optional items nobody enabled, recursively; an emptied dropdown becomes a plain link. */
function dropDisabledOptional(items: NavItem[]): NavItem[] {
  return items
    .filter((i) => !i.optional)
    .map((i) => {
      const { optional: _optional, ...rest } = i;
      if (!i.dropdownItems) return rest;
      const children = dropDisabledOptional(i.dropdownItems);
      return children.length ? { ...rest, dropdownItems: children } : { ...rest, dropdownItems: undefined };
    });
}

/**
 * Merges the shared base navigation, the site's own navigation and the dealer's navigation
 * overrides (spec 2.7 "Dealer-specific navigation overrides may be merged in"; spec 3 "navigation
 * override").
 *
 * - Header: the site's header when it has one, else the base header.
 * - Footer: the base sections, then the site's sections; a site section whose title matches a
 *   base section (case-insensitive) replaces it in place.
 * - Overrides, in order: `target` is a path of item names ("Service/Recalls"; for the footer the
 *   first segment is the section title). `hide` removes the item unless it is `mandatory`;
 *   `enable` turns an `optional` item on; `set` changes fields; `append` adds sub-items (or
 *   top-level items / a whole footer section when `target` is empty); `position` moves the
 *   target among its siblings (a footer section among the sections; `set.name` renames one).
 * - Finally, optional items that no override enabled are left out.
 *
 * Pure: the inputs are not modified. Unknown targets are ignored (a stale override must not break
 * the site).
 * @param base the platform's shared navigation (header default and footer base list)
 * @param site the site's configured header (null = use base) and footer sections
 * @param overrides the dealer's overrides, applied in order
 */
export function mergeNavigation(base: NavigationTree, site: { header: NavItem[] | null; footer: FooterSection[] }, overrides: NavOverride[]): NavigationTree {
  const header = (site.header ?? base.header).map(cloneItem);
  const footer: FooterSection[] = base.footer.map((s) => ({ title: s.title, items: s.items.map(cloneItem) }));
  for (const section of site.footer) {
    const copy = { title: section.title, items: section.items.map(cloneItem) };
    const at = footer.findIndex((s) => norm(s.title) === norm(section.title));
    if (at >= 0) footer[at] = copy;
    else footer.push(copy);
  }
  for (const override of overrides) {
    const path = (override.target ?? "").split("/").map((p) => p.trim()).filter(Boolean);
    if (override.area === "header") {
      applyOverride(header, override, path);
      continue;
    }
    if (!path.length) {
      if (override.append?.length && override.sectionTitle) footer.push({ title: override.sectionTitle, items: override.append.map(cloneItem) });
      continue;
    }
    const sectionIndex = footer.findIndex((s) => norm(s.title) === norm(path[0]));
    if (sectionIndex < 0) continue;
    const section = footer[sectionIndex];
    if (path.length === 1) {
      if (override.hide) footer.splice(sectionIndex, 1);
      else if (override.append) section.items.push(...override.append.map(cloneItem));
      if (override.set?.name) section.title = override.set.name;
      if (override.position && !override.hide) moveTo(footer, sectionIndex, override.position);
      continue;
    }
    applyOverride(section.items, override, path.slice(1));
  }
  return {
    header: dropDisabledOptional(header),
    footer: footer.map((s) => ({ title: s.title, items: dropDisabledOptional(s.items) })).filter((s) => s.items.length > 0),
  };
}

/** Every URL in a navigation tree (header items, sub-items and footer items), in order, without duplicates. */
export function navigationUrls(tree: NavigationTree): string[] {
  const out = new Set<string>();
  const walk = (items: NavItem[]) => {
    for (const i of items) {
      out.add(i.url);
      if (i.dropdownItems) walk(i.dropdownItems);
    }
  };
  walk(tree.header);
  for (const s of tree.footer) walk(s.items);
  return [...out];
}

// ---------------------------------------------------------------------------------------------
// Model mega menu (spec 2.7 "Model mega-menu")

/** Model categories of the mega menu, in display order (spec 2.7). */
export const MODEL_CATEGORIES = [
  { key: "cars", label: "Cars" },
  { key: "hatch-sedans", label: "Hatch & sedans" },
  { key: "suvs-4wds", label: "SUVs & 4WDs" },
  { key: "utes-vans", label: "Utes & Vans" },
  { key: "gr-performance", label: "GR & performance" },
  { key: "electrified", label: "Electrified" },
  { key: "upcoming", label: "Upcoming" },
  { key: "discontinued", label: "Discontinued" },
] as const;
export type ModelCategory = (typeof MODEL_CATEGORIES)[number]["key"];

/**
 * Model status (spec 3 "Model: status"): `current` (on sale), `all_new` (on sale, shown with the
 * 'New ' prefix), `coming_soon` (shown under Upcoming, no Our Stock button), `discontinued`
 * (shown under Discontinued). Unknown statuses count as `current` (docs/decisions/130).
 */
export type ModelStatus = "current" | "all_new" | "coming_soon" | "discontinued";

/** What the menu needs of one model (from the models table). */
export interface MenuModelInput {
  name: string;
  slug: string;
  status: string;
  /** Category keys the model belongs to (a hybrid SUV may be in "suvs-4wds" and "electrified"). */
  categories: string[];
  /** The model page: the model's override URL, or the dealer network's page. */
  url: string;
  /** This site's stock of the model (SRP); null when the site has none in stock. */
  stockUrl: string | null;
  imageUrl: string | null;
}

/** One model as the mega menu shows it. */
export interface MenuModel {
  /** Display name: 'New ' + name for all-new models (spec 2.7). */
  label: string;
  slug: string;
  status: ModelStatus;
  url: string;
  /** Null hides the Our Stock button (coming_soon, spec 4; or none in stock). */
  stockUrl: string | null;
  imageUrl: string | null;
}

export interface MenuModelGroup {
  key: ModelCategory;
  label: string;
  models: MenuModel[];
}

/** Normalises a stored model status; anything unknown is `current`. */
export function modelStatus(status: string): ModelStatus {
  const s = norm(status).replace(/[\s-]+/g, "_");
  if (s === "coming_soon" || s === "upcoming") return "coming_soon";
  if (s === "all_new" || s === "allnew") return "all_new";
  if (s === "discontinued") return "discontinued";
  return "current";
}

/**
 * Groups models for the mega menu (spec 2.7): categories in the spec's order, empty groups left
 * out, models by name within a group. A coming_soon model appears only under Upcoming and has no
 * Our Stock link; a discontinued one only under Discontinued; others under each of their
 * categories (unknown category keys are ignored; a model with none lands in Cars).
 */
export function groupModels(models: MenuModelInput[]): MenuModelGroup[] {
  const byKey = new Map<ModelCategory, MenuModel[]>();
  const known = new Set<string>(MODEL_CATEGORIES.map((c) => c.key));
  for (const m of [...models].sort((a, b) => a.name.localeCompare(b.name, "en-AU"))) {
    const status = modelStatus(m.status);
    const item: MenuModel = {
      label: status === "all_new" ? `New ${m.name}` : m.name,
      slug: m.slug,
      status,
      url: m.url,
      stockUrl: status === "coming_soon" ? null : m.stockUrl,
      imageUrl: m.imageUrl,
    };
    let keys: ModelCategory[];
    if (status === "coming_soon") keys = ["upcoming"];
    else if (status === "discontinued") keys = ["discontinued"];
    else {
      keys = m.categories.filter((c): c is ModelCategory => known.has(c) && c !== "upcoming" && c !== "discontinued");
      if (!keys.length) keys = ["cars"];
    }
    for (const k of new Set(keys)) byKey.set(k, [...(byKey.get(k) ?? []), item]);
  }
  return MODEL_CATEGORIES.filter((c) => byKey.has(c.key)).map((c) => ({ key: c.key, label: c.label, models: byKey.get(c.key)! }));
}

// ---------------------------------------------------------------------------------------------
// Promotions (spec 2.6 popup and banner, spec 4 popup states)

/** True when `now` (epoch ms) is within [startsAt, expiresAt] (ISO dates or date-times; either may be null = open-ended). */
export function isWithinDates(item: { startsAt: string | null; expiresAt: string | null }, now: number): boolean {
  const start = item.startsAt ? Date.parse(item.startsAt) : -Infinity;
  const end = item.expiresAt ? endOf(item.expiresAt) : Infinity;
  return now >= start && now <= end;
}

/**
 * A date-only expiry ("2027-03-31") runs to the end of that day in UTC; a date-time is exact. The
 * server turns a site's date-only values into date-times on its own calendar before they get here
 * (`promotionDatesIn`), so UTC is only the fallback for a value that was not.
 */
function endOf(iso: string): number {
  return /^\d{4}-\d{2}-\d{2}$/.test(iso) ? Date.parse(iso) + 86_400_000 - 1 : Date.parse(iso);
}

/** The local-storage key remembering a dismissed popup: per site and per popup (spec 9: keys prefixed by the site slug). */
export function popupStorageKey(siteSlug: string, popupId: string): string {
  return `${siteSlug}:popup-dismissed:${popupId}`;
}

/**
 * Whether the promotional popup shows (spec 4): visible by default, unless dismissed before
 * (remembered in local storage) or outside its start and expiry dates.
 * @param now epoch ms (injectable clock)
 */
export function isPopupVisible(popup: { startsAt: string | null; expiresAt: string | null }, now: number, dismissed: boolean): boolean {
  return !dismissed && isWithinDates(popup, now);
}

// ---------------------------------------------------------------------------------------------
// Mobile sticky footer (spec 2.7)

/**
 * The sticky footer's Call Now answer as a timetable (issue 15, decision 194): the answer at
 * `from` and every later instant, up to `until`, where it flips. Made by callNowPlan
 * (call-now.ts); the browser reads it with {@link callNowShownAt} by comparing epoch milliseconds, so a page never starts ICU (30-45 ms,
 * four times that on a throttled phone) to learn the site's wall clock while it loads.
 * A plan depends on the site's hours, phone, time zone and local day only, never on the render
 * instant, so every render of a page that day has the same bytes (and ETag) on every node.
 */
export interface CallNowPlan {
  /** The answer at `from`. */
  shown: boolean;
  /** Epoch ms the plan starts: the site's local midnight of the day it was made for (callNowPlanStart, call-now.ts). */
  from: number;
  /** Epoch ms, ascending, after `from` and at most `until`: each one flips the answer. */
  changes: number[];
  /** Epoch ms after which the plan says nothing (`from` + CALL_NOW_PLAN_DAYS days, app/domain/navigation/call-now.ts). */
  until: number;
}

/**
 * The Call Now answer at an instant, read off a plan without any time-zone work.
 * @param plan from callNowPlan (call-now.ts)
 * @param at epoch ms
 * @returns the answer, or null when `at` is outside the plan (the caller judges the hours itself)
 */
export function callNowShownAt(plan: CallNowPlan, at: number): boolean | null {
  if (at < plan.from || at > plan.until) return null;
  let shown = plan.shown;
  for (const change of plan.changes) {
    if (change > at) break;
    shown = !shown;
  }
  return shown;
}

/**
 * The console's navigation editor (issue 50 item 4): the site's navigation overrides (spec 3
 * "navigation override") as rows of one change each — hide, turn on an optional item, rename,
 * change a link, move, add a link — over the template's menus, and the model menu's statuses.
 * Every link a row adds or changes is checked on save by asking the site itself what a shopper
 * would get (a real request through the app in this process): a link that answers 404 is refused
 * with the link named.
 */
import { z } from "zod";
import { mergeNavigation, type NavItem, type NavOverride, type NavigationTree } from "~/domain/navigation/navigation";
import { baseNavigation } from "~/domain/navigation/defaults";
import type { SiteConfig } from "~/sites/site-config";
import type { FormProblem } from "./form.server";
import { NAV_ACTIONS, type NavAction, type NavRow } from "./navigation-rows";

export { NAV_ACTIONS, type NavAction, type NavRow };

const text = (max: number) => z.string().trim().max(max, `Use at most ${max} characters.`).default("");

/** The form: rows[i].area, rows[i].target, ...; a row whose action is empty is dropped. */
export const NavigationFormSchema = z.object({
  rows: z
    .array(
      z.object({
        area: z.enum(["header", "footer"], { error: "Choose the header or the footer." }).default("header"),
        target: text(200),
        action: z.enum([...NAV_ACTIONS, "none"], { error: "Choose a change." }).default("none"),
        name: text(80),
        url: text(500),
        position: text(4),
      }),
    )
    .default([]),
});

/**
 * The editor's rows for stored overrides, one row per change; `kept` holds what rows cannot show
 * (a CSS class, alignment, a whole new footer section), saved back unchanged.
 */
export function rowsOf(overrides: readonly NavOverride[]): { rows: NavRow[]; kept: NavOverride[] } {
  const rows: NavRow[] = [];
  const kept: NavOverride[] = [];
  for (const o of overrides) {
    const row = (action: NavAction, fields: Partial<NavRow> = {}): NavRow => ({ area: o.area, target: o.target ?? "", action, name: "", url: "", position: "", ...fields });
    if (o.sectionTitle) {
      kept.push(o);
      continue;
    }
    if (o.hide) rows.push(row("hide"));
    if (o.enable) rows.push(row("enable"));
    if (o.set?.name) rows.push(row("rename", { name: o.set.name }));
    if (o.set?.url) rows.push(row("link", { url: o.set.url }));
    if (o.position) rows.push(row("move", { position: String(o.position) }));
    for (const item of o.append ?? []) {
      if (item.dropdownItems || item.className || item.optional || item.mandatory || item.dynamicDropdown || item.align) kept.push({ area: o.area, target: o.target, append: [item] });
      else rows.push(row("add", { name: item.name, url: item.url }));
    }
    if (o.set?.className || o.set?.align) kept.push({ area: o.area, target: o.target, set: { className: o.set.className, align: o.set.align } });
  }
  return { rows, kept };
}

/** The override of one row. */
function overrideOf(row: NavRow): NavOverride {
  const target = row.target || undefined;
  switch (row.action) {
    case "hide":
      return { area: row.area, target, hide: true };
    case "enable":
      return { area: row.area, target, enable: true };
    case "rename":
      return { area: row.area, target, set: { name: row.name } };
    case "link":
      return { area: row.area, target, set: { url: row.url } };
    case "move":
      return { area: row.area, target, position: Number(row.position) };
    case "add":
      return { area: row.area, target, append: [{ name: row.name, url: row.url }] };
  }
}

/** The template's menus for the site before any override, optional items included. */
function templateOf(config: SiteConfig): NavigationTree {
  const base = baseNavigation(config);
  const footer = [...base.footer];
  for (const s of config.navigation.footerSections) {
    const at = footer.findIndex((f) => f.title.toLowerCase() === s.title.toLowerCase());
    if (at >= 0) footer[at] = s;
    else footer.push(s);
  }
  return { header: config.navigation.header ?? base.header, footer };
}

/** Every item path of a tree, lower-cased ("service", "service/recalls"; footer: "help/privacy policy"). */
function pathsOf(tree: NavigationTree): { header: Set<string>; footer: Set<string> } {
  const walk = (items: NavItem[], prefix: string, into: Set<string>) => {
    for (const i of items) {
      const path = prefix ? `${prefix}/${i.name.toLowerCase()}` : i.name.toLowerCase();
      into.add(path);
      if (i.dropdownItems) walk(i.dropdownItems, path, into);
    }
  };
  const header = new Set<string>();
  const footer = new Set<string>();
  walk(tree.header, "", header);
  for (const s of tree.footer) {
    footer.add(s.title.toLowerCase());
    walk(s.items, s.title.toLowerCase(), footer);
  }
  return { header, footer };
}

/** What a shopper's GET of a site path answers (status, and where a redirect goes). */
export type ProbeSitePath = (path: string) => Promise<{ status: number; location: string | null }>;

/**
 * Requests each site path as a shopper would, a few at a time (each is a page render in this
 * process).
 * @returns the paths that answer 404 or 410 (or a 5xx: could not be checked), with a message naming each
 */
export async function brokenLinks(paths: readonly string[], probe: ProbeSitePath): Promise<Map<string, string>> {
  const broken = new Map<string, string>();
  for (let i = 0; i < paths.length; i += 4) {
    await Promise.all(
      paths.slice(i, i + 4).map(async (url) => {
        const { status } = await probe(url);
        const message = status === 404 || status === 410 ? `The link ${url} answers ${status} (page not found): publish its page, add a redirect or correct the link.` : status >= 500 ? `The link ${url} could not be checked (the site answered ${status}); try again.` : null;
        if (message) broken.set(url, message);
      }),
    );
  }
  return broken;
}

/**
 * Checks the rows against the site's menus and the site itself, and turns them into overrides.
 * - a row's item must exist in the template's menus (or be one an earlier row adds or renames);
 * - rename and add need a name; link and add need a link (a site path or an https:// address);
 *   move needs a position from 1;
 * - every site path a row links to is requested as a shopper would: 404 or 410 is refused with
 *   the link named; so is any answer the site could not give (5xx).
 * @param rows the posted rows (empty actions already dropped), with their indices in the form
 * @returns the overrides in row order, or the messages per field (`rows[i].field`)
 */
export async function checkNavigationRows(config: SiteConfig, rows: readonly { index: number; row: NavRow }[], probe: ProbeSitePath): Promise<{ ok: true; overrides: NavOverride[] } | { ok: false; errors: Record<string, string[]> }> {
  const known = pathsOf(templateOf(config));
  const errors: Record<string, string[]> = {};
  const fail = (index: number, field: keyof NavRow, message: string) => (errors[`rows[${index}].${field}`] ??= []).push(message);
  const toProbe = new Map<string, number[]>();
  for (const { index, row } of rows) {
    const target = row.target
      .split("/")
      .map((p) => p.trim().toLowerCase())
      .filter(Boolean)
      .join("/");
    const paths = known[row.area];
    if (!target && !(row.action === "add" && row.area === "header")) fail(index, "target", row.action === "add" ? "Name the footer section to add the link to." : "Name the item, e.g. Service or Service/Recalls.");
    else if (target && !paths.has(target)) fail(index, "target", `The ${row.area} has no item "${row.target}".`);
    if ((row.action === "rename" || row.action === "add") && !row.name) fail(index, "name", "Enter the link text.");
    if (row.action === "move" && !/^[1-9]\d{0,2}$/.test(row.position)) fail(index, "position", "Enter a place from 1 (first).");
    if (row.action === "link" || row.action === "add") {
      if (!row.url) fail(index, "url", "Enter a path of this site (/service) or an https:// address.");
      else if (row.url.startsWith("/") && !row.url.startsWith("//")) toProbe.set(row.url, [...(toProbe.get(row.url) ?? []), index]);
      else if (!/^https:\/\/[^\s"'<>]+\.[^\s"'<>]+$/i.test(row.url)) fail(index, "url", "Use a path of this site starting with \"/\" or an https:// address.");
    }
    // Later rows may name what this one adds or renames.
    const parent = row.action === "rename" ? target.split("/").slice(0, -1).join("/") : target;
    if ((row.action === "add" || row.action === "rename") && row.name) paths.add(parent ? `${parent}/${row.name.toLowerCase()}` : row.name.toLowerCase());
  }
  const broken = await brokenLinks([...toProbe.keys()], probe);
  for (const [url, message] of broken) for (const index of toProbe.get(url)!) fail(index, "url", message);
  if (Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, overrides: rows.map(({ row }) => overrideOf(row)) };
}

/** The menus as shoppers will see them with these overrides. */
export function previewNavigation(config: SiteConfig, overrides: NavOverride[]): NavigationTree {
  return mergeNavigation(baseNavigation(config), { header: config.navigation.header, footer: config.navigation.footerSections }, overrides);
}

/** A refused navigation save: the messages by field and the typed rows. */
export function navigationProblem(errors: Record<string, string[]>, values: Record<string, unknown>): FormProblem {
  return { form: "navigation", errors: { form: [`Nothing was saved: ${Object.values(errors).flat().join(" ")}`], ...errors }, values };
}

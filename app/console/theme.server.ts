/**
 * The brand theme in the console (issue 50 item 6, decision 331): the theme is a section of the
 * site settings, so it is saved as the settings draft and published as a settings version (part
 * 1's preview, publish, versions, rollback and audit). Every save, here or on the settings page,
 * checks each colour pair the theme produces for WCAG 2.2 AA contrast and refuses a failing one.
 */
import { z } from "zod";
import { themeContrastProblems, type ThemeColours } from "~/domain/display/theme-contrast";
import { resolveSiteConfig } from "~/sites/resolve-config";

type Json = Record<string, unknown>;

/**
 * The contrast messages of the theme a site config would resolve to (group values, then the
 * site's own, then defaults), by settings field path (`theme.primary`, `theme.onPrimary`,
 * `theme.accent`).
 * @returns messages by field; empty when every pair passes (or the config does not resolve: the
 *   schema's own messages cover that)
 */
export function themeContrastErrors(groupConfig: unknown, siteConfig: Json): Record<string, string[]> {
  let theme: ThemeColours;
  try {
    theme = resolveSiteConfig(groupConfig, siteConfig).theme;
  } catch {
    return {};
  }
  return Object.fromEntries(Object.entries(themeContrastProblems(theme)).map(([field, messages]) => [`theme.${field}`, messages!]));
}

const colour = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, "A colour like #1a2b3c.")
  .transform((c) => c.toLowerCase())
  .optional();

/** The brand theme form: colours (empty = inherited or default), tagline, and what to remove. */
export const ThemeFormSchema = z.object({
  primary: colour,
  onPrimary: colour,
  accent: colour,
  tagline: z.string().trim().max(80, "At most 80 characters.").optional(),
  removeLogo: z.boolean().default(false),
  removeFavicon: z.boolean().default(false),
});
export type ThemeForm = z.infer<typeof ThemeFormSchema>;

/**
 * The site's own config with its theme section replaced by the form's values (empty colours and
 * tagline removed, so the group's or the default applies) and the new logo and favicon paths.
 * @param own the site's own config (draft, else published)
 * @param uploads a new logo or favicon path; undefined keeps the current one
 */
export function withTheme(own: Json, form: ThemeForm, uploads: { logoUrl?: string; faviconUrl?: string } = {}): Json {
  const current = (typeof own.theme === "object" && own.theme !== null ? own.theme : {}) as Json;
  const theme: Json = { ...current };
  for (const key of ["primary", "onPrimary", "accent", "tagline"] as const) {
    if (form[key]) theme[key] = form[key];
    else delete theme[key];
  }
  if (uploads.logoUrl) theme.logoUrl = uploads.logoUrl;
  else if (form.removeLogo) delete theme.logoUrl;
  if (uploads.faviconUrl) theme.faviconUrl = uploads.faviconUrl;
  else if (form.removeFavicon) delete theme.faviconUrl;
  return { ...own, theme };
}

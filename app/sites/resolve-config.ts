/**
 * Settings inheritance: defaults -> dealer group -> site, merged in one pure function.
 */
import { SiteConfigSchema, type SiteConfig } from "./site-config";

type Json = Record<string, unknown>;

function isPlainObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Deep merge where `over` wins; arrays are replaced, not concatenated. */
function mergeDeep(base: Json, over: Json): Json {
  const out: Json = { ...base };
  for (const [key, value] of Object.entries(over)) {
    if (value === undefined) continue;
    const current = out[key];
    out[key] = isPlainObject(current) && isPlainObject(value) ? mergeDeep(current, value) : value;
  }
  return out;
}

/**
 * The group's stored config values under the site's, before defaults and validation (the
 * settings editor checks this with the schema, as {@link resolveSiteConfig} does).
 */
export function mergeConfigInputs(groupConfig: unknown, siteConfig: unknown): Json {
  return mergeDeep(isPlainObject(groupConfig) ? groupConfig : {}, isPlainObject(siteConfig) ? siteConfig : {});
}

/**
 * Resolves a site's effective configuration (DESIGN.md section 3).
 * @param groupConfig partial config stored on the dealer group (may be empty)
 * @param siteConfig partial config stored on the site (wins over the group)
 * @returns the full SiteConfig with every default filled in
 * @throws ZodError when the merged values are invalid (e.g. a colour that is not #rrggbb)
 */
export function resolveSiteConfig(groupConfig: unknown, siteConfig: unknown): SiteConfig {
  return SiteConfigSchema.parse(mergeConfigInputs(groupConfig, siteConfig));
}

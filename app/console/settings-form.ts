/**
 * The site settings editor's form, generated from the SiteConfig schema (issue 48 item 5): one
 * section per top-level object of {@link SiteConfigSchema} (top-level plain values form
 * "General"), one field per leaf. A section's title and help are its `.meta()`, a field's help its
 * `.describe()`; the label is the field's key in words. Nothing here names a field: a field added
 * to the schema appears in the editor with its documentation.
 *
 * Form values are the SITE's own config (what `sites.config` stores); an empty field inherits the
 * dealer group's value or the default. Validation is the schema itself, over the group's values
 * merged with the site's ({@link resolveSiteConfig}), so the editor cannot accept what the site
 * resolver would refuse.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";
import { SiteConfigSchema } from "~/sites/site-config";
import { mergeConfigInputs, resolveSiteConfig } from "~/sites/resolve-config";

/**
 * How a field is edited:
 * - `text`, `number`: an input; empty inherits;
 * - `boolean`, `enum`: a select whose first option inherits;
 * - `list`: a list of plain values, one per line;
 * - `json`: anything structured (lists of objects, records, optional objects), as JSON.
 */
export type FieldKind = "text" | "number" | "boolean" | "enum" | "list" | "json";

export interface SettingsField {
  /** Dotted path in SiteConfig, also the form field's name, e.g. "display.noPriceText". */
  path: string;
  label: string;
  help: string | null;
  kind: FieldKind;
  /** enum (and list of enum): the allowed values. */
  options?: string[];
  /** list: its items are numbers. */
  numericItems?: boolean;
}

export interface SettingsSection {
  /** Top-level key of SiteConfig, or "general" for top-level plain values. */
  key: string;
  title: string;
  help: string | null;
  /** Content editors may change it (permission matrix reach "editable sections"). */
  contentEditable: boolean;
  fields: SettingsField[];
}

type AnySchema = z.ZodType;

/** The schema under `.default()`, `.optional()`, `.nullable()` wrappers, with the first help text and title met. */
function unwrap(schema: AnySchema): { inner: AnySchema; help: string | null; title: string | null; contentEditable: boolean; nullable: boolean } {
  let inner = schema;
  let help: string | null = null;
  let title: string | null = null;
  let contentEditable = false;
  let nullable = false;
  for (;;) {
    const meta = inner.meta();
    help ??= meta?.description ?? null;
    title ??= meta?.title ?? null;
    contentEditable ||= meta?.contentEditable === true;
    if (inner instanceof z.ZodDefault || inner instanceof z.ZodOptional || inner instanceof z.ZodNullable || inner instanceof z.ZodPrefault) {
      if (inner instanceof z.ZodNullable) nullable = true;
      inner = inner.unwrap() as AnySchema;
      continue;
    }
    return { inner, help, title, contentEditable, nullable };
  }
}

/** "noPriceText" -> "No price text"; "vdpShowMapSection" -> "Vdp show map section". */
export function labelOf(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/([A-Z])([A-Z][a-z])/g, "$1 $2")
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function isPlainValue(schema: AnySchema): boolean {
  return schema instanceof z.ZodString || schema instanceof z.ZodNumber || schema instanceof z.ZodBoolean || schema instanceof z.ZodEnum;
}

function fieldOf(path: string, key: string, schema: AnySchema): SettingsField {
  const { inner, help } = unwrap(schema);
  const base = { path, label: labelOf(key), help };
  if (inner instanceof z.ZodString) return { ...base, kind: "text" };
  if (inner instanceof z.ZodNumber) return { ...base, kind: "number" };
  if (inner instanceof z.ZodBoolean) return { ...base, kind: "boolean" };
  if (inner instanceof z.ZodEnum) return { ...base, kind: "enum", options: inner.options.map(String) };
  if (inner instanceof z.ZodArray) {
    const item = unwrap(inner.element as AnySchema).inner;
    if (isPlainValue(item) && !(item instanceof z.ZodBoolean)) {
      return { ...base, kind: "list", numericItems: item instanceof z.ZodNumber, options: item instanceof z.ZodEnum ? item.options.map(String) : undefined };
    }
  }
  return { ...base, kind: "json" };
}

/**
 * Leaf fields of an object schema, nested objects flattened into dotted paths. A nested field's
 * label names its parent ("By car type: new") and, without help of its own, takes the parent's.
 */
function fieldsOf(prefix: string, shape: Record<string, AnySchema>, parent: { label: string; help: string | null } | null = null): SettingsField[] {
  const out: SettingsField[] = [];
  for (const [key, schema] of Object.entries(shape)) {
    const path = prefix ? `${prefix}.${key}` : key;
    const { inner, nullable, help } = unwrap(schema);
    const label = parent ? `${parent.label}: ${labelOf(key).toLowerCase()}` : labelOf(key);
    // A non-nullable object is a group of fields; a nullable one (present or not) is one JSON value.
    if (inner instanceof z.ZodObject && !nullable) out.push(...fieldsOf(path, inner.shape as Record<string, AnySchema>, { label, help: help ?? parent?.help ?? null }));
    else {
      const field = fieldOf(path, key, schema);
      out.push({ ...field, label, help: field.help ?? parent?.help ?? null });
    }
  }
  return out;
}

let cached: SettingsSection[] | null = null;

/** The editor's sections and fields, in the schema's order (computed once). */
export function settingsSections(): SettingsSection[] {
  if (cached) return cached;
  const general: SettingsSection = { key: "general", title: "General", help: "The site's template, brand, time zone and basic wording.", contentEditable: false, fields: [] };
  const sections: SettingsSection[] = [general];
  for (const [key, schema] of Object.entries(SiteConfigSchema.shape as Record<string, AnySchema>)) {
    const { inner, help, title, contentEditable, nullable } = unwrap(schema);
    if (inner instanceof z.ZodObject && !nullable && title) {
      sections.push({ key, title, help, contentEditable, fields: fieldsOf(key, inner.shape as Record<string, AnySchema>) });
    } else if (inner instanceof z.ZodObject && !nullable) {
      general.fields.push(...fieldsOf(key, inner.shape as Record<string, AnySchema>, { label: labelOf(key), help }));
    } else {
      general.fields.push(fieldOf(key, key, schema));
    }
  }
  cached = sections;
  return sections;
}

/** The key of the section a field path is in ("general" for top-level plain values). */
export function sectionOf(path: string): string {
  const top = path.split(".")[0]!;
  return settingsSections().some((s) => s.key === top) ? top : "general";
}

/** Every field, by path. */
export function settingsFields(): Map<string, SettingsField> {
  return new Map(settingsSections().flatMap((s) => s.fields.map((f) => [f.path, f] as const)));
}

type Json = Record<string, unknown>;

/** The value at a dotted path, or undefined. */
export function valueAt(object: unknown, path: string): unknown {
  let value: unknown = object;
  for (const part of path.split(".")) {
    if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
    value = (value as Json)[part];
  }
  return value;
}

/** Sets a dotted path, making the objects on the way. */
export function setAt(object: Json, path: string, value: unknown): void {
  const parts = path.split(".");
  let at = object;
  for (const part of parts.slice(0, -1)) {
    const next = at[part];
    if (typeof next !== "object" || next === null || Array.isArray(next)) at[part] = {};
    at = at[part] as Json;
  }
  at[parts.at(-1)!] = value;
}

/** A stored value as its form text (the inverse of {@link decodeField}). */
export function encodeField(field: SettingsField, value: unknown): string {
  if (value === undefined) return "";
  switch (field.kind) {
    case "list":
      return Array.isArray(value) ? value.map(String).join("\n") : JSON.stringify(value);
    case "json":
      return JSON.stringify(value, null, 2);
    case "boolean":
      return value === true ? "true" : value === false ? "false" : "";
    default:
      return value === null ? "" : String(value);
  }
}

/** Marks a form text that cannot be turned into its kind of value (JSON that does not parse). */
class Undecodable {
  constructor(readonly message: string) {}
}

/**
 * A form text as the value to store: `undefined` (empty: inherit), or the typed value. A number
 * that is not one stays text so the schema's own message names the problem.
 */
function decodeField(field: SettingsField, raw: string): unknown {
  const text = raw.replace(/\r\n/g, "\n");
  if (text.trim() === "") return undefined;
  switch (field.kind) {
    case "text":
      return text;
    case "number": {
      const n = Number(text.trim().replace(/,/g, ""));
      return Number.isFinite(n) ? n : text;
    }
    case "boolean":
      return text === "true" ? true : text === "false" ? false : text;
    case "enum":
      return text;
    case "list":
      return text
        .split("\n")
        .map((line) => line.trim())
        .filter(Boolean)
        .map((item) => {
          if (!field.numericItems) return item;
          const n = Number(item.replace(/,/g, ""));
          return Number.isFinite(n) ? n : item;
        });
    case "json":
      try {
        return JSON.parse(text) as unknown;
      } catch (error) {
        return new Undecodable(`Not valid JSON: ${(error as Error).message}`);
      }
  }
}

/** Friendlier words for zod's own messages (the schema's custom messages are kept as written). */
const errorMap: z.core.$ZodErrorMap = (issue) => {
  if (issue.code === "invalid_type") return issue.expected === "number" ? "Enter a number." : `Enter a ${issue.expected} value.`;
  if (issue.code === "too_small") return issue.origin === "array" ? `Needs at least ${String(issue.minimum)} item(s).` : issue.origin === "string" ? `Needs at least ${String(issue.minimum)} character(s).` : `Must be at least ${String(issue.minimum)}.`;
  if (issue.code === "too_big") return issue.origin === "string" ? `At most ${String(issue.maximum)} characters.` : `Must be at most ${String(issue.maximum)}.`;
  if (issue.code === "invalid_value") return `Choose one of: ${issue.values.map(String).join(", ")}.`;
  if (issue.code === "invalid_format" && issue.format === "email") return "Enter an e-mail address like name@example.com.au.";
  if (issue.code === "invalid_format" && issue.format === "url") return "Enter a full URL starting with https://.";
  return undefined;
};

/**
 * The schema a settings form is checked with: the form's text decoded per field into the site's
 * config, merged over the group's, checked by {@link SiteConfigSchema}. Issues are reported at the
 * field's path (inside a JSON field, at the field, prefixed with where in the value).
 * @param groupConfig the dealer group's stored config (inherited values)
 * @param locked sections whose values are taken from `current`, not the form (content editors)
 */
function formSchema(groupConfig: unknown, current: Json, locked: Set<string>) {
  const fields = [...settingsFields().values()];
  return z.unknown().transform((raw, ctx) => {
    const site: Json = {};
    const undecodable: { path: string; message: string }[] = [];
    for (const field of fields) {
      if (locked.has(sectionOf(field.path))) {
        const kept = valueAt(current, field.path);
        if (kept !== undefined) setAt(site, field.path, kept);
        continue;
      }
      const text = valueAt(raw, field.path);
      // A field the form did not send at all (not one sent empty) keeps its value: a request
      // built by a script, or a form rendered before the field existed, clears nothing.
      if (text === undefined) {
        const kept = valueAt(current, field.path);
        if (kept !== undefined) setAt(site, field.path, kept);
        continue;
      }
      const value = decodeField(field, typeof text === "string" ? text : "");
      // JSON that does not parse is reported, and the other fields are still checked.
      if (value instanceof Undecodable) undecodable.push({ path: field.path, message: value.message });
      else if (value !== undefined) setAt(site, field.path, value);
    }
    for (const { path, message } of undecodable) ctx.addIssue({ code: "custom", message, path: path.split(".") });
    const merged = SiteConfigSchema.safeParse(mergeConfigInputs(groupConfig, site), { error: errorMap });
    if (!merged.success) {
      for (const issue of merged.error.issues) {
        const path = issue.path.map(String);
        const field = fieldForPath(path);
        const within = field ? path.slice(field.split(".").length) : [];
        ctx.addIssue({ code: "custom", message: within.length ? `${within.map((p) => (/^\d+$/.test(p) ? `item ${Number(p) + 1}` : p)).join(" › ")}: ${issue.message}` : issue.message, path: (field ?? path.join(".")).split(".") });
      }
      return z.NEVER;
    }
    return undecodable.length ? z.NEVER : site;
  });
}

/** The longest field path that is a prefix of an issue's path. */
function fieldForPath(path: string[]): string | null {
  const fields = settingsFields();
  for (let n = path.length; n > 0; n--) {
    const candidate = path.slice(0, n).join(".");
    if (fields.has(candidate)) return candidate;
  }
  return null;
}

/**
 * Parses a submitted settings form with Conform (its `reply()` keeps every typed value and puts
 * each message under its field's name).
 * @param formData the POSTed form
 * @param groupConfig the dealer group's stored config
 * @param current the site's current values (draft, else published): kept for `locked` sections
 *   and for fields the form did not send
 * @returns Conform's submission; on success `value` is the site's own config to store
 */
export function parseSettingsForm(formData: FormData, groupConfig: unknown, current: Json = {}, locked: Set<string> = new Set()) {
  return parseWithZod(formData, { schema: formSchema(groupConfig, current, locked), disableAutoCoercion: true });
}

/**
 * True when a site config (the site's own values over its group's) is valid: the check every
 * publish and rollback makes inside its transaction, so an invalid config is never published.
 */
export function isValidSiteConfig(groupConfig: unknown, siteConfig: unknown): boolean {
  try {
    resolveSiteConfig(groupConfig, siteConfig);
    return true;
  } catch {
    return false;
  }
}

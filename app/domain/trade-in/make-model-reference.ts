/**
 * The make/model reference (data/au_make_model_reference.csv, derived from the real listings,
 * data/README.md) as the trade-in wizard's make-then-model selects use it (issue 11).
 */
import { parse } from "csv-parse/sync";
import referenceCsv from "../../../data/au_make_model_reference.csv?raw";

/** One model of a make: years seen in the listings and its body types. */
export interface ReferenceModel {
  model: string;
  minYear: number | null;
  maxYear: number | null;
  bodyTypes: string[];
}

/** Transmission choices of the wizard. */
export const TRANSMISSIONS = ["Automatic", "Manual"] as const;

/** Body types offered when the reference has none for a model. */
export const DEFAULT_BODY_TYPES = ["Hatchback", "Sedan", "SUV", "Wagon", "Ute / Tray", "Coupe", "Convertible", "Van", "People Mover", "Cab Chassis"];

let cache: Map<string, ReferenceModel[]> | null = null;

function reference(): Map<string, ReferenceModel[]> {
  if (cache) return cache;
  const rows = parse(referenceCsv, { columns: true, skip_empty_lines: true }) as Record<string, string>[];
  const byMake = new Map<string, ReferenceModel[]>();
  for (const r of rows) {
    if (!r.Brand || !r.Model) continue;
    const list = byMake.get(r.Brand) ?? [];
    list.push({ model: r.Model, minYear: Number(r.MinYear) || null, maxYear: Number(r.MaxYear) || null, bodyTypes: (r.BodyTypes ?? "").split("|").filter(Boolean) });
    byMake.set(r.Brand, list);
  }
  for (const list of byMake.values()) list.sort((a, b) => a.model.localeCompare(b.model, "en-AU"));
  cache = byMake;
  return byMake;
}

/** Every make, alphabetical. */
export function referenceMakes(): string[] {
  return [...reference().keys()].sort((a, b) => a.localeCompare(b, "en-AU"));
}

/** The models of a make (exact make name as listed by {@link referenceMakes}); [] for an unknown make. */
export function referenceModels(make: string): ReferenceModel[] {
  return reference().get(make) ?? [];
}

/** Body types offered for a make and model: the reference's, else {@link DEFAULT_BODY_TYPES}. */
export function bodyTypesFor(make: string, model: string): string[] {
  const found = referenceModels(make).find((m) => m.model === model);
  return found?.bodyTypes.length ? found.bodyTypes : DEFAULT_BODY_TYPES;
}

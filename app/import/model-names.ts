/**
 * Model names in one spelling per model, the manufacturer's capitalisation (issue 17, decision
 * 172). The make/model reference (data/au_make_model_reference.csv) is built from listings and
 * carries their spellings: 'HiAce' and 'Hiace', BMW '330I', and first-word truncations such as
 * Toyota 'Land' (for LandCruiser) and 'Rav' (for RAV4). {@link canonicalModelLists} folds every
 * spelling of a model into one: the manufacturer's spelling below when listed, else the spelling
 * with the most listings. {@link canonicalModelName} maps a feed's model (and, for a truncated
 * first word, the title's next word) onto it. Pure.
 */

/** Manufacturers' own spellings where listings disagree or shout (lower-case make -> models). */
export const MANUFACTURER_MODEL_SPELLINGS: Readonly<Record<string, readonly string[]>> = Object.freeze({
  "toyota": ["LandCruiser", "HiAce", "RAV4"],
  "mercedes-benz": ["GLB", "A-Class", "C-Class", "E-Class", "GL-Class"],
  "suzuki": ["SX4"],
  // Issue 52: makers that start a model with a lower-case letter or end it with one.
  "hyundai": ["i20", "i30", "i40", "i45", "ix35", "iLoad", "iMax"],
  "kia": ["Rio"],
  "lexus": ["CT200h", "ES300h", "GS450h", "IS200t", "IS250C", "IS300h", "LS500h", "LX450d", "LX500d", "NX200t", "NX300h", "NX350h", "RC200t", "RX350L", "RX450h", "RX450hL", "RX500h"],
  "volkswagen": ["T-Roc", "Eos"],
  "mahindra": ["Pik-Up"],
  "gwm": ["Ute", "Ora"],
  "holden": ["Ute"],
  "bmw": ["i3", "i4", "i8", "iX", "M135i", "M140i", "M235i", "M240i", "M340i", "M440i", "116i", "118d", "118i", "120d", "120i", "125i", "128ti", "135i", "218d", "218i", "220d", "220i", "225i", "228i", "230i", "316i", "318i", "320Ci", "320d", "320i", "323i", "325i", "328i", "330Ci", "330d", "330i", "335i", "340i", "420d", "420i", "428i", "430i", "435i", "520d", "520i", "525i", "530d", "530e", "530i", "730d", "740i", "740Li"],
});

/**
 * Issue 52: a badge that starts by repeating the end of the model, as listings write BMW's
 * '128ti 28TI' (the variant code is the model without its series digit): the repeated word is
 * dropped. Only a word with a digit, shorter than the model, counts, so 'GT' after 'Mustang GT'
 * style names and plain trim words are left alone.
 * @returns the badge without the repeat, or null when nothing is left
 */
export function dropRepeatedModelTail(model: string, badge: string | null): string | null {
  if (!badge) return badge;
  const [first, ...rest] = badge.trim().split(/\s+/);
  const repeats = first.length >= 2 && first.length < model.length && /\d/.test(first) && model.toLowerCase().endsWith(first.toLowerCase());
  return repeats ? rest.join(" ") || null : badge;
}

/** The comparison key of a model name: lower case, spaces removed ('Land Cruiser' = 'LandCruiser'). */
export function modelKey(model: string): string {
  return model.toLowerCase().replace(/\s+/g, "");
}

/**
 * One spelling per model for each make of the reference.
 * @param rows reference rows (Brand, Model, ListingCount as text)
 * @returns lower-case make -> canonical model names (reference order, duplicates folded)
 */
export function canonicalModelLists(rows: readonly { Brand: string; Model: string; ListingCount?: string }[]): Map<string, string[]> {
  const best = new Map<string, Map<string, { name: string; count: number }>>();
  for (const r of rows) {
    const make = r.Brand.trim().toLowerCase();
    const model = r.Model.trim();
    if (!make || !model) continue;
    const byKey = best.get(make) ?? new Map<string, { name: string; count: number }>();
    const key = modelKey(model);
    const count = Number(r.ListingCount) || 0;
    const seen = byKey.get(key);
    if (!seen) byKey.set(key, { name: model, count });
    else byKey.set(key, { name: count > seen.count ? model : seen.name, count: seen.count + count });
    best.set(make, byKey);
  }
  for (const [make, spellings] of Object.entries(MANUFACTURER_MODEL_SPELLINGS)) {
    const byKey = best.get(make) ?? new Map<string, { name: string; count: number }>();
    for (const name of spellings) byKey.set(modelKey(name), { name, count: byKey.get(modelKey(name))?.count ?? 0 });
    best.set(make, byKey);
  }
  const out = new Map<string, string[]>();
  for (const [make, byKey] of best) out.set(make, [...byKey.values()].map((v) => v.name));
  return out;
}

/**
 * The canonical spelling of a feed's model.
 * - same model in another spelling: 'Hiace' -> 'HiAce', '330I' -> '330i';
 * - a truncated first word completed by the title's next word: 'Land' + 'Cruiser Prado GXL' ->
 *   'LandCruiser' (consumes 1 word of the rest), 'Rav' + '4 GX' -> 'RAV4';
 * - otherwise the model as given.
 * @param make the make as shown (any case)
 * @param model the feed's model
 * @param rest the title after the model, or '' (used only for the truncation rule)
 * @param lists from {@link canonicalModelLists}
 * @returns the model to store and how many words of `rest` it took
 */
export function canonicalModelName(make: string, model: string, rest: string, lists: ReadonlyMap<string, readonly string[]>): { model: string; consumed: number } {
  const list = lists.get(make.trim().toLowerCase());
  const byKey = list ? modelsByKey(list) : new Map<string, string>();
  const next = rest.trim().split(/\s+/)[0] ?? "";
  if (next) {
    const joined = byKey.get(modelKey(model + next));
    if (joined) return { model: joined, consumed: 1 };
  }
  return { model: byKey.get(modelKey(model)) ?? model, consumed: 0 };
}

/** Each list's models by {@link modelKey}, built once per list: a feed asks for every row. */
const keyedLists = new WeakMap<readonly string[], Map<string, string>>();

/** A make's models by {@link modelKey}; the first of the list wins, as a search through it finds. */
function modelsByKey(list: readonly string[]): Map<string, string> {
  let byKey = keyedLists.get(list);
  if (!byKey) {
    byKey = new Map();
    for (const m of list) if (!byKey.has(modelKey(m))) byKey.set(modelKey(m), m);
    keyedLists.set(list, byKey);
  }
  return byKey;
}

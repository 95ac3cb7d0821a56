/**
 * The text the console's "contains" searches match (issue 49: stock search at 20,000 cars, the
 * leads inbox's free text at 100,000 leads). Each expression is the one a trigram index of
 * migration 0039 is built on, written the same way: PostgreSQL uses an expression index only for
 * the identical expression, so a search must build its condition here and nowhere else.
 */
import { sql, type SQL } from "drizzle-orm";
import { cars, leads } from "../../db/schema/index";
import { escapeLike } from "./audit.server";

/**
 * A car's stock number, VIN, rego, make, model and badge, lower-cased and joined by spaces
 * (`cars_search_trgm`). `concat_ws` would read better but is not immutable, so no index can use it.
 */
const carText = sql`lower(${cars.stockNumber} || ' ' || coalesce(${cars.vin}, '') || ' ' || coalesce(${cars.rego}, '') || ' ' || ${cars.make} || ' ' || ${cars.model} || ' ' || coalesce(${cars.badge}, ''))`;

/** A lead's shopper name, e-mail and phone, lower-cased and joined by spaces (`leads_personal_trgm`). */
const leadPersonalText = sql`lower(${leads.firstName} || ' ' || coalesce(${leads.lastName}, '') || ' ' || coalesce(${leads.email}, '') || ' ' || coalesce(${leads.phone}, ''))`;

/** `%word%`, lower-cased, with LIKE's wildcards in `word` taken literally. */
function containsPattern(word: string): string {
  return `%${escapeLike(word.toLowerCase())}%`;
}

/** The car's searchable text (see {@link carText}) contains `word`, case-insensitively. */
export function carTextContains(word: string): SQL {
  return sql`${carText} like ${containsPattern(word)}`;
}

/** The lead's shopper name, e-mail or phone contains `word`, case-insensitively. */
export function leadPersonalTextContains(word: string): SQL {
  return sql`${leadPersonalText} like ${containsPattern(word)}`;
}

/**
 * `column = any($1)` over a list of integer ids as ONE parameter: the ids travel as PostgreSQL's
 * array text (`{1,2,3}`) cast through text to `int[]`, so the statement's text is the same for
 * any number of ids (one plan, one named statement) and both engines take the parameter as plain
 * text (PGlite serialises a parameter by its type, and a text one needs no array support).
 */
import { sql, type Column, type Placeholder, type SQL } from "drizzle-orm";

/**
 * The ids as one parameter's text, for {@link anyId} with a placeholder.
 * @param ids whole numbers (ids); an empty list matches nothing
 * @returns e.g. "{1,2,3}"
 */
export function idListText(ids: Iterable<number>): string {
  return `{${[...ids].map((id) => Math.trunc(id)).join(",")}}`;
}

/**
 * `column = any(ids)` with the ids as one text parameter (or a prepared statement's placeholder
 * whose value is {@link idListText}).
 * @param ids the ids, or a placeholder for a prepared statement
 */
export function anyId(column: Column, ids: Iterable<number> | Placeholder): SQL {
  const value = Symbol.iterator in Object(ids) ? idListText(ids as Iterable<number>) : ids;
  return sql`${column} = any(${value}::text::int[])`;
}

/**
 * Statements prepared once per database handle. Drizzle's `.prepare(name)` builds a query's SQL
 * once (instead of on every call) and, on PostgreSQL and on the embedded database alike
 * (db/pglite-named.ts), keeps it as a named statement that is parsed and planned once per
 * connection. A handle's statements belong to it: tests and benchmarks open several handles in
 * one process, so each gets its own, and a closed handle's go with it.
 */
import type { Database } from "./client";

/**
 * Wraps `prepare` so that it runs once per database handle and its result is kept for that handle.
 * Statement names must be unique across the app (`forecourt_…`): PostgreSQL keeps them per
 * connection, whichever module prepared them.
 * @param prepare builds the handle's statements (e.g. `{ byId: db.select()....prepare("forecourt_x") }`)
 * @returns a function from a handle to its statements
 */
export function preparedPerDatabase<T>(prepare: (db: Database) => T): (db: Database) => T {
  const byHandle = new WeakMap<Database, T>();
  return (db) => {
    let statements = byHandle.get(db);
    if (statements === undefined) byHandle.set(db, (statements = prepare(db)));
    return statements;
  };
}

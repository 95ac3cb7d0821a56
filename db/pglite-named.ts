/**
 * Named prepared statements on the embedded database (issue 15 "Fast pages", decision 217).
 *
 * Drizzle's `.prepare(name)` runs a named statement on PostgreSQL (node-postgres parses and plans
 * it once per connection), but drizzle-orm/pglite ignores the name: every execution goes through
 * `PGlite.query`, which parses, describes and plans the SQL again. For the VDP's car query (about
 * 100 columns of cars and locations) that was 1.28 ms of the main thread per request on the demo
 * data, against 0.23 ms for the same statement kept by name.
 *
 * `enableNamedStatements` makes the PGlite handle honour the name: the first execution sends
 * Parse (with the name) and Describe; later ones send only Bind, Execute and Sync to the kept
 * statement, and read the rows with the row description kept from the first. Statements without
 * a name, and everything inside a transaction, still go through `PGlite.query` unchanged.
 */
import { parse, protocol, type PGlite, type QueryOptions, type Results } from "@electric-sql/pglite";
import type { Database } from "./client";

type BackendMessage = Awaited<ReturnType<PGlite["execProtocolStream"]>>[number];

/** What the backend told us about a named statement when it was parsed. */
interface KeptStatement {
  text: string;
  /** Parameter type oids, in order (ParameterDescription). */
  paramTypes: number[];
  /** The statement's RowDescription; undefined for a statement that returns no rows. */
  rowDescription: BackendMessage | undefined;
}

/** PostgreSQL's SQLSTATE for "prepared statement does not exist" (e.g. after `DEALLOCATE ALL`). */
const INVALID_SQL_STATEMENT_NAME = "26000";

/**
 * The named statements of one PGlite instance (one backend session), and the code that runs them.
 * PGlite runs one session, so a statement parsed once serves every later call of the process.
 */
export class PgliteNamedStatements {
  readonly #client: PGlite;
  readonly #kept = new Map<string, KeptStatement>();
  /** Per caller's `parsers` object: PGlite's parsers with the caller's over them, merged once. */
  readonly #mergedParsers = new WeakMap<object, Record<number | string, unknown>>();

  constructor(client: PGlite) {
    this.#client = client;
  }

  /**
   * Runs `text` as the named statement `name` with `params` (values serialised as PGlite's
   * `query` does: by the parameter's type, else `toString()`; null and undefined as SQL NULL).
   * Waits for any open transaction of this PGlite instance to end first, as `PGlite.query` does,
   * so it never runs inside another caller's transaction.
   * @returns PGlite's result shape (rows as objects, or arrays with `rowMode: "array"`).
   * @throws PGlite's DatabaseError from the backend, with `query` and `params` attached; throws an
   *   Error when `name` was already used for different SQL (as node-postgres does).
   */
  async query<T>(name: string, text: string, params: readonly unknown[], options?: QueryOptions): Promise<Results<T>> {
    const client = this.#client;
    return client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(async () => {
        try {
          return await this.#run(name, text, params, options);
        } catch (error) {
          if ((error as { code?: string }).code !== INVALID_SQL_STATEMENT_NAME) throw withQuery(error, text, params);
          // The session lost the statement (DEALLOCATE, DISCARD): parse it again, once.
          this.#kept.delete(name);
          try {
            return await this.#run(name, text, params, options);
          } catch (retryError) {
            throw withQuery(retryError, text, params);
          }
        }
      }),
    );
  }

  /** Names of the statements this instance has parsed (for tests and diagnostics). */
  names(): string[] {
    return [...this.#kept.keys()];
  }

  async #run<T>(name: string, text: string, params: readonly unknown[], options: QueryOptions | undefined): Promise<Results<T>> {
    // Checked under PGlite's locks, so two first calls cannot both parse or bind one name.
    const known = this.#kept.get(name);
    if (known && known.text !== text) throw new Error(`Prepared statements must be unique: "${name}" was already prepared with other SQL`);
    const kept = known ?? (await this.#parse(name, text, options));
    const values = params.map((value, index) => {
      if (value === null || value === undefined) return null;
      const type = kept.paramTypes[index];
      const serializer = options?.serializers?.[type] ?? this.#client.serializers[type];
      return serializer ? serializer(value) : String(value);
    });
    const { serialize } = protocol;
    let messages: BackendMessage[] = [];
    try {
      messages = [
        ...(await this.#exchange(serialize.bind({ statement: name, values }), options)),
        ...(await this.#exchange(serialize.execute({}), options)),
      ];
    } finally {
      messages.push(...(await this.#exchange(serialize.sync(), options)));
    }
    await this.#client.syncToFs();
    const described = kept.rowDescription ? [kept.rowDescription, ...messages] : messages;
    const parsers = this.#parsersFor(options);
    const parseOptions = options?.parsers ? { ...options, parsers: undefined } : options;
    return parse.parseResults(described, parsers as PGlite["parsers"], parseOptions)[0] as Results<T>;
  }

  /**
   * PGlite's `parseResults` spreads the instance's parsers (about 350, with every array type) and
   * the caller's into a new object on every call: about 110 µs per query, against 14 µs for the
   * rows themselves (the VDP's car). The caller's parsers (drizzle's fixed per prepared query) are
   * merged once here instead. PGlite fills its parsers when it starts; a later
   * `refreshArrayTypes()` is not seen by statements merged before it.
   */
  #parsersFor(options: QueryOptions | undefined): Record<number | string, unknown> {
    if (!options?.parsers) return this.#client.parsers;
    let merged = this.#mergedParsers.get(options.parsers);
    if (!merged) this.#mergedParsers.set(options.parsers, (merged = { ...this.#client.parsers, ...options.parsers }));
    return merged;
  }

  async #parse(name: string, text: string, options: QueryOptions | undefined): Promise<KeptStatement> {
    const { serialize } = protocol;
    let messages: BackendMessage[] = [];
    try {
      messages = [
        ...(await this.#exchange(serialize.parse({ name, text, types: options?.paramTypes }), options)),
        ...(await this.#exchange(serialize.describe({ type: "S", name }), options)),
      ];
    } finally {
      messages.push(...(await this.#exchange(serialize.sync(), options)));
    }
    const statement: KeptStatement = {
      text,
      paramTypes: parse.parseDescribeStatementResults(messages),
      rowDescription: messages.find((message) => message.name === "rowDescription"),
    };
    this.#kept.set(name, statement);
    return statement;
  }

  #exchange(message: Uint8Array, options: QueryOptions | undefined): Promise<BackendMessage[]> {
    return this.#client.execProtocolStream(message, { syncToFs: false, onNotice: options?.onNotice });
  }
}

function withQuery(error: unknown, text: string, params: readonly unknown[]): unknown {
  if (error && typeof error === "object") Object.assign(error, { query: text, params });
  return error;
}

/** The part of drizzle-orm/pglite's prepared query this module replaces: the client it calls. */
interface PglitePreparedQueryShape {
  client?: { query: (text: string, params: unknown[], options?: QueryOptions) => Promise<Results> };
}
type PrepareQuery = (query: unknown, fields: unknown, name: string | undefined, ...rest: unknown[]) => PglitePreparedQueryShape;

/**
 * Makes `db` (a drizzle-orm/pglite handle over `client`) run every query prepared with a name
 * (`.prepare("forecourt_…")`) as a named statement of `client` (see the module comment). Queries
 * prepared without a name, and transactions, are unchanged. db/pglite-named.test.ts checks that the
 * statements are named in `pg_prepared_statements`, so a drizzle upgrade that changes the prepared
 * query's shape fails there.
 * @returns the statements' registry (names parsed so far).
 */
export function enableNamedStatements(db: Database, client: PGlite): PgliteNamedStatements {
  const statements = new PgliteNamedStatements(client);
  const session = db._.session as unknown as { prepareQuery: PrepareQuery };
  const prepareQuery: PrepareQuery = session.prepareQuery.bind(session);
  session.prepareQuery = (query, fields, name, ...rest) => {
    const prepared = prepareQuery(query, fields, name, ...rest);
    if (name && prepared.client) {
      prepared.client = { query: (text, params, options) => statements.query(name, text, params, options) };
    }
    return prepared;
  };
  return statements;
}

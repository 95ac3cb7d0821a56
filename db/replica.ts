/**
 * Reads that tolerate lag from a PostgreSQL streaming replica (DATABASE_REPLICA_URL, issue 55;
 * docs/operations/README.md "Read replica").
 *
 * Writes and read-your-writes paths (leads, reservations, sign-in, console edits) never come here:
 * they take the primary's handle as before. A few heavy, cacheable reads opt in with
 * {@link readLagTolerant}: the search read-model load, the sitemap, and the SRP's per-site-version
 * lists (promo cards, make logos). Each runs on the replica when
 *
 * - the replica is up (a failed read marks it down for {@link ReplicaOptions.retryMs}, and the
 *   read is answered by the primary; after that the replica is tried again, so it recovers on its
 *   own), and
 * - for reads cached by a site's versions, the replica has replayed those versions: the site's
 *   `stock_version` and `config_version` on the replica are at least the ones the request saw on
 *   the primary. Otherwise a model built from the replica's older rows would be kept under the new
 *   version and show old prices until the next stock change.
 *
 * The app code and the React Router build each load their own copy of this module, so the
 * primary-to-replica link is kept under a global symbol (as app/context.ts does for contexts).
 */
import { sql } from "drizzle-orm";
import type { Database } from "./client";

/** How a lag-tolerant read was answered (metrics: `forecourt_db_replica_reads_total{outcome}`). */
export type ReplicaOutcome = "replica" | "behind" | "down" | "failed";

export interface ReplicaOptions {
  /** After a failed read, how long reads go to the primary before the replica is tried again (ms, default 5,000). */
  retryMs?: number;
  /** Called once per lag-tolerant read with how it was answered (metrics). */
  onRead?: (outcome: ReplicaOutcome) => void;
  /** Called when the replica is marked down (logging); the error is the failed read's. */
  onDown?: (error: unknown) => void;
}

/** The versions a read cached per site depends on: the site as the request resolved it on the primary. */
export interface SiteVersions {
  id: number;
  stockVersion: number;
  configVersion: number;
}

/** A replica beside a primary; see the module comment. */
export class ReadReplica {
  private downUntil = 0;
  private readonly retryMs: number;

  constructor(
    /** The replica's Drizzle handle (read only: PostgreSQL refuses writes on a standby). */
    readonly db: Database,
    private readonly options: ReplicaOptions = {},
  ) {
    this.retryMs = options.retryMs ?? 5_000;
  }

  /** False while the replica is marked down after a failed read. */
  available(now = Date.now()): boolean {
    return now >= this.downUntil;
  }

  /** Sends reads to the primary for `retryMs` from now. */
  markDown(error: unknown, now = Date.now()): void {
    const wasUp = this.available(now);
    this.downUntil = now + this.retryMs;
    if (wasUp) this.options.onDown?.(error);
  }

  record(outcome: ReplicaOutcome): void {
    this.options.onRead?.(outcome);
  }

  /** True when the replica has replayed the site at `site`'s versions or later. */
  async hasReached(site: SiteVersions): Promise<boolean> {
    const result = await this.db.execute(sql`select stock_version, config_version from sites where id = ${site.id}`);
    const [row] = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { stock_version: number | string; config_version: number | string }[];
    return row !== undefined && Number(row.stock_version) >= site.stockVersion && Number(row.config_version) >= site.configVersion;
  }
}

const LINKS = Symbol.for("forecourt.db.replicas");
const links = ((globalThis as unknown as Record<symbol, WeakMap<Database, ReadReplica> | undefined>)[LINKS] ??= new WeakMap<Database, ReadReplica>());

/** Links `replica` to the primary handle `primary`: {@link readLagTolerant}(primary, ...) may use it. */
export function attachReplica(primary: Database, replica: ReadReplica): void {
  links.set(primary, replica);
}

/** The replica linked to `primary`, if any. */
export function replicaOf(primary: Database): ReadReplica | undefined {
  return links.get(primary);
}

/**
 * Runs a read that tolerates replication lag on the replica linked to `db`, else on `db` itself.
 * Falls back to `db` when there is no replica, it is marked down, it has not replayed `site`'s
 * versions yet, or the read fails there (then the replica is marked down for a while and the read
 * runs again on `db`; a read that fails on both throws the primary's error).
 * @param db the primary's handle (the one on the router context)
 * @param read the read; it must only read, and only through the handle it is given
 * @param site when the result is cached by the site's stock and config versions: the site as resolved on the primary
 */
export async function readLagTolerant<T>(db: Database, read: (reader: Database) => Promise<T>, site?: SiteVersions): Promise<T> {
  const replica = links.get(db);
  if (!replica) return read(db);
  if (!replica.available()) {
    replica.record("down");
    return read(db);
  }
  let result: T;
  try {
    if (site && !(await replica.hasReached(site))) {
      replica.record("behind");
      return read(db);
    }
    result = await read(replica.db);
  } catch (error) {
    replica.markDown(error);
    replica.record("failed");
    return read(db);
  }
  replica.record("replica");
  return result;
}

/**
 * Per-site computed data cached by the site's stock and config versions (issue 15 "Uncached
 * server render": "per-site computed data cached by the site's stock and config versions").
 *
 * Data every page of a site needs (its locations, the header's model menu) changes only when
 * one of the site's versions moves (database triggers, migration 0018, docs/decisions/180), so
 * each process computes it once per version instead of once per request. A time limit (default
 * 60 s) bounds what depends on the clock as well (a sold car's display window).
 */
import type { Site } from "~/sites/site";

interface Entry {
  version: string;
  at: number;
  value: Promise<unknown>;
}

const entries = new Map<string, Entry>();
/** Entries kept at most: a few per site; past this the oldest are dropped. */
const MAX_ENTRIES = 5_000;

/**
 * The value of `compute()` for this site at its current versions, computed at most once per
 * version and `ttlMs` per process. Concurrent callers share one computation; a failed
 * computation is not kept.
 * @param name what is computed (part of the key; one name per kind of data)
 * @param site the site as resolved for this request: its id, `stockVersion` and `configVersion`
 *   (a value that depends on no stock may pass a constant stock version)
 * @param ttlMs longest life of a value in ms (default 60,000)
 * @throws whatever `compute` throws
 */
export function memoBySiteVersion<T>(name: string, site: Pick<Site, "id" | "stockVersion" | "configVersion">, compute: () => PromiseLike<T>, ttlMs = 60_000, now = Date.now()): Promise<T> {
  const key = `${name}:${site.id}`;
  const version = `${site.stockVersion}.${site.configVersion}`;
  const hit = entries.get(key);
  if (hit && hit.version === version && now - hit.at < ttlMs) return hit.value as Promise<T>;
  // A Drizzle query builder is a thenable that runs its query on every `then`: adopted into a
  // Promise, it runs once however many callers await the memoised value.
  const value = Promise.resolve(compute());
  const entry: Entry = { version, at: now, value };
  if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
  entries.set(key, entry);
  value.catch(() => {
    if (entries.get(key) === entry) entries.delete(key);
  });
  return value;
}

/**
 * {@link memoBySiteVersion} for data that depends on the site's configuration alone (locations,
 * menus, offers: their changes move the config version): kept across stock changes.
 */
export function memoByConfigVersion<T>(name: string, site: Pick<Site, "id" | "configVersion">, compute: () => PromiseLike<T>): Promise<T> {
  return memoBySiteVersion(name, { id: site.id, stockVersion: 0, configVersion: site.configVersion }, compute);
}

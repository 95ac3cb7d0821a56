/**
 * Favourites, compare list and viewed cars in browser storage, spec 4 (favourites/compare toggle,
 * event 39), 8 ("Browser-storage error when storing viewed cars: logged and ignored") and 9
 * ("Favourites and viewed cars are kept in browser storage under keys prefixed by the site slug").
 *
 * Keys: `{siteSlug}:favourites`, `{siteSlug}:compare`, `{siteSlug}:viewed_cars`. Values are JSON
 * arrays. Every function takes the storage (window.localStorage in the browser, a fake in tests).
 */

/** What a favourite (or compare) entry keeps, spec 4. */
export interface SavedCar {
  id: number;
  name: string;
  slug: string;
  make: string;
  model: string;
  primary_image_url: string | null;
}

/** What a viewed-car entry keeps. */
export interface ViewedCar {
  id: number;
  stocknum: string;
  make: string;
  model: string;
  body: string | null;
  simple_body: string | null;
}

export type SavedListKind = "favourites" | "compare";

/** Most recent viewed cars kept. */
export const VIEWED_CARS_LIMIT = 20;

/** Minimal Storage the functions need. */
export type KeyValueStorage = Pick<Storage, "getItem" | "setItem">;

/** The storage key for a list of a site. */
export function storageKey(siteSlug: string, list: SavedListKind | "viewed_cars"): string {
  return `${siteSlug}:${list}`;
}

function readList<T>(storage: KeyValueStorage, key: string): T[] {
  try {
    const raw = storage.getItem(key);
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(parsed) ? (parsed as T[]) : [];
  } catch (error) {
    console.warn("saved cars: could not read", key, error);
    return [];
  }
}

/** The saved list (favourites or compare) of a site; [] when empty or unreadable. */
export function getSavedCars(storage: KeyValueStorage, siteSlug: string, kind: SavedListKind = "favourites"): SavedCar[] {
  return readList<SavedCar>(storage, storageKey(siteSlug, kind));
}

/** Whether the car is in the list. */
export function isSaved(storage: KeyValueStorage, siteSlug: string, carId: number, kind: SavedListKind = "favourites"): boolean {
  return getSavedCars(storage, siteSlug, kind).some((c) => c.id === carId);
}

/**
 * Adds the car to the list (once) or removes it (spec 4: "Adding stores the car in browser storage
 * and fires event 39; removing filters it out"). The caller fires the event.
 * @returns true when the car is now saved. A storage failure is logged and the list unchanged.
 */
export function toggleSavedCar(storage: KeyValueStorage, siteSlug: string, car: SavedCar, kind: SavedListKind = "favourites"): boolean {
  const key = storageKey(siteSlug, kind);
  const list = readList<SavedCar>(storage, key);
  const present = list.some((c) => c.id === car.id);
  const next = present ? list.filter((c) => c.id !== car.id) : [...list, car];
  try {
    storage.setItem(key, JSON.stringify(next));
    return !present;
  } catch (error) {
    console.warn("saved cars: could not store", key, error);
    return present;
  }
}

/**
 * Records a viewed car, most recent first, without duplicates, at most {@link VIEWED_CARS_LIMIT}.
 * Storage errors are logged and ignored (spec 8); never throws.
 */
export function recordViewedCar(storage: KeyValueStorage, siteSlug: string, car: ViewedCar): void {
  const key = storageKey(siteSlug, "viewed_cars");
  try {
    const list = readList<ViewedCar>(storage, key).filter((c) => c.id !== car.id);
    storage.setItem(key, JSON.stringify([car, ...list].slice(0, VIEWED_CARS_LIMIT)));
  } catch (error) {
    console.warn("viewed cars: could not store", error);
  }
}

/** The viewed cars of a site, most recent first. */
export function getViewedCars(storage: KeyValueStorage, siteSlug: string): ViewedCar[] {
  return readList<ViewedCar>(storage, storageKey(siteSlug, "viewed_cars"));
}

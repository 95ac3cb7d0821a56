/**
 * Browser storage used by lead forms (spec 3 "Stored user details", spec 4 "On a returned
 * lead_id: ... save the car to the enquiry store, store a success-category entry").
 * Every access tolerates storage being unavailable (private mode, quotas): it is logged and ignored.
 */
export const USER_DETAILS_KEY = "forecourt.userDetails";
export const ENQUIRY_STORE_KEY = "forecourt.enquiredCars";
export const SUCCESS_CATEGORY_KEY = "forecourt.successCategory";
export const VISITED_PAGES_KEY = "forecourt.visitedPages";
export const LANDING_QUERY_KEY = "forecourt.landingQuery";

/** Spec 3: name, last_name, email, phone, postcode. */
export interface StoredUserDetails {
  name?: string;
  last_name?: string;
  email?: string;
  phone?: string;
  postcode?: string;
}

function read<T>(storage: Storage | undefined, key: string, fallback: T): T {
  try {
    const raw = storage?.getItem(key);
    return raw ? (JSON.parse(raw) as T) : fallback;
  } catch (error) {
    console.warn("browser storage read failed", key, error);
    return fallback;
  }
}

function write(storage: Storage | undefined, key: string, value: unknown): void {
  try {
    storage?.setItem(key, JSON.stringify(value));
  } catch (error) {
    console.warn("browser storage write failed", key, error);
  }
}

const local = () => (typeof window === "undefined" ? undefined : window.localStorage);
const session = () => (typeof window === "undefined" ? undefined : window.sessionStorage);

export const readUserDetails = () => read<StoredUserDetails>(local(), USER_DETAILS_KEY, {});
export const saveUserDetails = (d: StoredUserDetails) => write(local(), USER_DETAILS_KEY, d);
export const saveSuccessCategory = (category: string) => write(local(), SUCCESS_CATEGORY_KEY, { category, at: Date.now() });
export const readSuccessCategory = () => read<{ category: string } | null>(local(), SUCCESS_CATEGORY_KEY, null)?.category ?? null;

/** Adds a car to the enquiry store (latest first, at most 20). */
export function saveEnquiredCar(car: { id: number; title: string }): void {
  const list = read<{ id: number; title: string }[]>(local(), ENQUIRY_STORE_KEY, []).filter((c) => c.id !== car.id);
  write(local(), ENQUIRY_STORE_KEY, [car, ...list].slice(0, 20));
}

/** Most pages kept in the session's visit list (the latest). */
export const VISITED_PAGES_LIMIT = 20;

/**
 * Remembers this page in the session's visit list and, on the session's first page, its query
 * (the server keeps only its linking parameters); returns both (spec 7 lead_attributes). Called
 * on every page (the site layout) and by a lead form as it mounts. Session storage only: nothing
 * leaves the browser until a lead form is sent, so no cookie and no banner are needed, and the
 * server's (cacheable) HTML never holds it. `at` is the page to record (default: this one).
 */
export function recordVisit(at: { pathname: string; search: string } = window.location): { visitedPages: string[]; landingQuery: string } {
  const path = `${at.pathname}${at.search}`;
  const pages = read<string[]>(session(), VISITED_PAGES_KEY, []);
  if (pages[pages.length - 1] !== path) write(session(), VISITED_PAGES_KEY, [...pages, path].slice(-VISITED_PAGES_LIMIT));
  let landingQuery = read<string | null>(session(), LANDING_QUERY_KEY, null);
  if (landingQuery === null) {
    landingQuery = at.search.replace(/^\?/, "");
    write(session(), LANDING_QUERY_KEY, landingQuery);
  }
  return { visitedPages: read<string[]>(session(), VISITED_PAGES_KEY, []), landingQuery };
}

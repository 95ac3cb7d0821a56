/**
 * One string object per distinct value of a search document's repeated text fields (make, model,
 * location, status...), within one load of a site's cars (issue 54 item 1).
 *
 * The database driver gives every row its own copies: at 200,000 cars that is millions of small
 * strings the read model keeps for as long as the site is loaded. Each is an object a major
 * collection marks, so a node's collection pause grows with them; sharing one copy per value
 * makes the documents smaller and the pause shorter. Values are compared by content, so a shared
 * string is indistinguishable from the driver's.
 */
import type { SearchDoc } from "./types.ts";

/** The fields whose values repeat across a site's cars (a few hundred distinct values at most, each). */
export const SHARED_STRING_FIELDS = [
  "title", "make", "model", "badge", "series", "body", "fuel", "drive", "transmission", "colour", "city", "state",
  "dealership", "dealershipName", "carType", "itemType", "tag", "status", "priceBasis", "axleType",
] as const satisfies readonly (keyof SearchDoc)[];

/** Shares the repeated strings of the documents given to {@link share}; one per site load. */
export class DocStrings {
  private readonly values = new Map<string, string>();

  /** Distinct values held (of the shared fields only). */
  get size(): number {
    return this.values.size;
  }

  /**
   * Replaces the document's {@link SHARED_STRING_FIELDS} values (in place) with the first string
   * of equal content seen by this pool.
   * @param doc a document just read (not yet shared with any model)
   * @returns `doc`
   */
  share<T extends SearchDoc>(doc: T): T {
    const fields = doc as unknown as Record<string, unknown>;
    for (const field of SHARED_STRING_FIELDS) {
      const value = fields[field];
      if (typeof value !== "string") continue;
      const seen = this.values.get(value);
      if (seen === undefined) this.values.set(value, value);
      else fields[field] = seen;
    }
    return doc;
  }
}

/**
 * Reuse of a site's previous search documents when its stock changes (issue 54 item 1): a price
 * change on a 200,000-car site reads every car again, but only the changed cars get a new
 * document; the others keep the object the previous version holds. So the heap does not grow by
 * a second copy of the site while the new version is built (about 1.6 KB per car, 330 MB at
 * 200,000 cars, most of it promoted to the old generation and so paid for by full collections on
 * the event loop), and once the previous version is dropped memory is back where it was.
 */
import { setImmediate as nextTurn } from "node:timers/promises";
import type { SearchDoc } from "./types.ts";

/** Previous documents indexed per turn of the event loop (a few ms each). */
export const INDEX_SLICE_DOCS = 10_000;

/** The previous version's documents by car id, to swap an unchanged new document for its old one. */
export class PreviousDocs {
  private constructor(private readonly byId: Map<number, SearchDoc>) {}

  /**
   * Indexes `previous` by car id, {@link INDEX_SLICE_DOCS} a turn of the event loop.
   * @param previous the documents of the site's version being replaced (read only), or none
   */
  static async index(previous: readonly SearchDoc[] | undefined): Promise<PreviousDocs> {
    const byId = new Map<number, SearchDoc>();
    for (let i = 0; previous && i < previous.length; i++) {
      byId.set(previous[i].id, previous[i]);
      if ((i + 1) % INDEX_SLICE_DOCS === 0) await nextTurn();
    }
    return new PreviousDocs(byId);
  }

  /**
   * @param doc a document just read for the new version
   * @returns the previous version's document of the same car when it has the same fields and
   *   values (nested values, such as the finance estimate, compared as JSON), else `doc`
   */
  reuse(doc: SearchDoc): SearchDoc {
    const old = this.byId.get(doc.id);
    return old !== undefined && sameDoc(doc, old) ? old : doc;
  }
}

/**
 * Whether two documents have the same fields and values (nested values, such as the finance
 * estimate, compared as JSON): an unchanged car keeps the previous version's object.
 */
export function sameDoc(a: SearchDoc, b: SearchDoc): boolean {
  const x = a as unknown as Record<string, unknown>;
  const y = b as unknown as Record<string, unknown>;
  const keys = Object.keys(x);
  if (keys.length !== Object.keys(y).length) return false;
  for (const key of keys) {
    const u = x[key];
    const v = y[key];
    if (u === v) continue;
    if (typeof u !== "object" || typeof v !== "object" || u === null || v === null || !(key in y)) return false;
    if (JSON.stringify(u) !== JSON.stringify(v)) return false;
  }
  return true;
}

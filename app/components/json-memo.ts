/**
 * Loader data sent as JSON strings (issue 15 "Fast pages", decision 193). React Router encodes
 * loader data value by value on every request (turbo-stream); a JSON string is one value, and the
 * string of a memoised object (a card or navigation tree kept per site version) is built once.
 */

/** A value of type `T` as JSON text, tagged so a page reads it back with the right memo. */
export type JsonText<Tag extends string> = string & { readonly __jsonText: Tag };

/** Writes memoised objects as JSON once and reads JSON back as the same object. */
export interface JsonMemo<T extends object, Tag extends string> {
  /**
   * `value` as JSON. A memoised value (the same object for every request until its data moves)
   * is serialised once and {@link read} gives back the same object on the server, so caches keyed
   * by its identity (the markup cache, decision 189) still find it; a value built for one request
   * is serialised each time. Fields that are `undefined` are left out, as JSON does.
   */
  write(value: T, memoised: boolean): JsonText<Tag>;
  /**
   * The value a {@link write} string stands for: on the server the memoised object it was made
   * from (or a parse, for a value built for one request); in the browser one object per distinct
   * string, so a revalidation that brings the same data gives the same object (kept content,
   * decision 192, stays kept).
   * @throws SyntaxError when `json` is not JSON (never for a string from {@link write})
   */
  read(json: JsonText<Tag>): T;
}

/**
 * A {@link JsonMemo} remembering at most `limit` objects by their JSON (the oldest forgotten
 * first; `write` puts a forgotten memoised object back, so a page rendered after its loader finds
 * it). Server: only memoised objects are remembered. Browser: every string read.
 * @param limit most objects remembered (each holds its object and its JSON string)
 */
export function createJsonMemo<T extends object, Tag extends string>(limit: number): JsonMemo<T, Tag> {
  const jsonOf = new WeakMap<T, JsonText<Tag>>();
  const byJson = new Map<string, T>();
  const remember = (json: string, value: T) => {
    byJson.delete(json);
    byJson.set(json, value);
    if (byJson.size > limit) byJson.delete(byJson.keys().next().value as string);
  };
  return {
    write(value, memoised) {
      const known = jsonOf.get(value);
      if (known !== undefined) {
        if (byJson.get(known) !== value) remember(known, value);
        return known;
      }
      const json = JSON.stringify(value) as JsonText<Tag>;
      if (memoised) {
        jsonOf.set(value, json);
        remember(json, value);
      }
      return json;
    },
    read(json) {
      const known = byJson.get(json);
      if (known !== undefined) return known;
      const value = JSON.parse(json) as T;
      if (!import.meta.env.SSR) remember(json, value);
      return value;
    },
  };
}

/**
 * Reads a page's loader data as React Router's data request (`<path>.data`, the request a client
 * navigation makes) returns it: turbo-stream's flat array of encoded values on the first line.
 */

/**
 * @param body the text of a `.data` response
 * @returns the encoded values (turbo-stream's flat array)
 * @throws when the first line is not a JSON array
 */
export function dataRequestValues(body: string): unknown[] {
  const first = JSON.parse(body.split("\n", 1)[0]) as unknown;
  if (!Array.isArray(first)) throw new Error("no loader data in the response");
  return first;
}

/**
 * The encoded value of the first object field named `name` (turbo-stream writes an object as
 * `{"_<key index>": <value index>}`).
 * @returns the value as encoded: a string stays a string; an object is its encoded form
 * @throws when no object has that field
 */
export function loaderDataField(stream: unknown[], name: string): unknown {
  const key = `_${stream.indexOf(name)}`;
  const owner = stream.find((v) => !!v && typeof v === "object" && !Array.isArray(v) && key in v) as Record<string, number> | undefined;
  if (!owner) throw new Error(`no field ${name} in the loader data`);
  return stream[owner[key]];
}

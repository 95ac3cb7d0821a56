/**
 * Reads a page's loader data as React Router hands it to the browser (issue 15, decisions 193,
 * 208 and 222): the turbo-stream array in the data block `<script type="application/json"
 * id="fc-loader-data-0">`, whose only escape is `<` as `\u003c`.
 */

/**
 * @param html a server-rendered page
 * @returns the encoded values (turbo-stream's flat array)
 * @throws when the page has no loader data script
 */
export function inlineLoaderData(html: string): unknown[] {
  const block = /<script type="application\/json" id="fc-loader-data-0">([^<]*)<\/script>/.exec(html);
  if (!block) throw new Error("no loader data in the page");
  return JSON.parse(block[1]) as unknown[];
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

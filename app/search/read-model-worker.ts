/**
 * The read-model build worker (issue 54, decision 259): builds one site's search read model on a
 * worker thread, so that a stock change on a site of any size never holds the event loop for the
 * build (about 2 s at 200,000 cars). Runs from the source tree through tsx's loader (tests,
 * `npm run dev`) and bundled as build/node/read-model-worker.js (scripts/build-server.mjs).
 *
 * Task input: `{ batches: Uint8Array[], textIndex: boolean, rangeBlockRows: number }`: the cars
 * as UTF-8 JSON arrays of rows, one per car in input order, each the values of the fields the
 * index reads (read-model-builder.ts BUILD_FIELDS, in that order), in shared memory that the
 * caller keeps for its next build (read only here); whether to build the text index too.
 * Output: `{ parts, decodeMs, buildMs }` with every typed array of the model moved (transferred,
 * not copied) to the caller. The text index's vocabulary (one string per distinct token: about
 * one per car, since stock numbers are tokens) is moved as well, as UTF-8 text in
 * `parts.fields.vocabulary` ({@link EncodedVocabulary}): a structured clone of a 200,000-string
 * array is deserialised on the event loop in one task of 100-500 ms.
 */
import { move, transferableSymbol, valueSymbol } from "piscina";
import { SearchReadModel } from "./read-model.ts";
import { BUILD_FIELDS, encodeVocabulary } from "./read-model-builder.ts";
import type { SearchDoc } from "./types.ts";

export interface ReadModelBuildTask {
  batches: Uint8Array[];
  textIndex: boolean;
  rangeBlockRows: number;
}

/**
 * @param task see the module comment
 * @returns the model's parts, moved, and the worker's decode and build times in ms
 */
export default function buildReadModelParts({ batches, textIndex, rangeBlockRows }: ReadModelBuildTask) {
  const started = performance.now();
  const decoder = new TextDecoder();
  const docs: SearchDoc[] = [];
  for (const batch of batches) {
    for (const row of JSON.parse(decoder.decode(batch)) as unknown[][]) {
      const doc: Record<string, unknown> = {};
      for (let f = 0; f < BUILD_FIELDS.length; f++) doc[BUILD_FIELDS[f]] = row[f];
      docs.push(doc as unknown as SearchDoc);
    }
  }
  const built = performance.now();
  const model = SearchReadModel.build(docs, rangeBlockRows);
  if (textIndex) model.prepareTextIndex();
  const { parts, transfer } = model.exportParts(docs);
  const vocabulary = encodeVocabulary(parts.fields.vocabulary as string[]);
  parts.fields.vocabulary = vocabulary;
  transfer.push(vocabulary.text.buffer as ArrayBuffer);
  const value = { parts, decodeMs: built - started, buildMs: performance.now() - built };
  return move({
    get [transferableSymbol]() {
      return transfer;
    },
    get [valueSymbol]() {
      return value;
    },
  });
}

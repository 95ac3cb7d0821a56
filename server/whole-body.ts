/**
 * A rendered page's bytes, handed from app/entry.server.tsx to the compression middleware
 * (server/compress.ts) alongside its Response (issue 15 "Fast pages", decision 200).
 *
 * The page is rendered into one buffer, so reading it back through the Response's body stream
 * (undici's `arrayBuffer()`) only made a third copy of 100-230 KB per page and a stream to read it
 * with. The key is a registered symbol because the app (React Router's build) and the server
 * bundle each hold their own copy of this module.
 */
const WHOLE_BODY = Symbol.for("forecourt.wholeBody");

type WithWholeBody = Response & { [WHOLE_BODY]?: Uint8Array };

/**
 * Records that `response`'s body is exactly `body` (bytes as sent before compression).
 * @returns `response` itself
 */
export function attachWholeBody(response: Response, body: Uint8Array): Response {
  (response as WithWholeBody)[WHOLE_BODY] = body;
  return response;
}

/**
 * The bytes {@link attachWholeBody} recorded for this very Response object, else undefined (a
 * response built anew by a middleware loses them, and its body is read as usual). The caller
 * that uses them takes the body over: the Response's own stream must not be read afterwards.
 */
export function wholeBodyOf(response: Response): Uint8Array | undefined {
  return (response as WithWholeBody)[WHOLE_BODY];
}

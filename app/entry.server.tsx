/**
 * Server entry (issue 15 "Fast pages", docs/decisions/184): renders a document whole, then answers
 * with one buffer.
 *
 * Why whole and not streamed: every page's Content-Security-Policy names its inline scripts by
 * their SHA-256 (issue 16 defect 10, server/csp.ts), so the policy header can only be written once
 * the last inline script (React Router's hydration data, a deferred section such as the VDP's
 * similar stock) is known. Before this entry the CSP middleware read the streamed page back into
 * a string (a web stream decoded chunk by chunk), built a new response and the compression
 * middleware piped it through a second pair of stream adapters; the answer left no earlier for it.
 * Rendering with `onAllReady` into a list of chunks and hashing here costs none of that, and the
 * page needs no streaming fallbacks or `$RC` swap scripts (deferred sections arrive rendered,
 * inline).
 *
 * Output: a `Response` with the full HTML body (UTF-8), `Content-Type: text/html; charset=utf-8`,
 * `Content-Length` in bytes and the page's `Content-Security-Policy`; HEAD requests get headers
 * only. Errors: rejects when the shell cannot render (React Router then renders the error
 * boundary); an error inside a Suspense boundary is logged (app logger, {@link handleError}) and
 * left to the client, as React does.
 */
import { SpanStatusCode, trace } from "@opentelemetry/api";
import type { EntryContext, HandleErrorFunction, RouterContextProvider, ServerInstrumentation } from "react-router";
import { ServerRouter } from "react-router";
import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import { inlineScriptHashes, policy } from "../server/csp";
import { logServerError, type ErrorLog } from "../server/server-errors";
import { attachWholeBody } from "../server/whole-body";
import { HydratableMarkupContext } from "./components/cached-markup";
import { createHydratableMarkupCache } from "./components/markup-cache.server";
import { serverLogContext } from "./context";

/** Markup of the parts of a page that depend only on memoised data (navigation, footer, car cards), shared by every page of this process (decisions 188, 189). */
const markupCache = createHydratableMarkupCache();

/** The app logger server/app.ts put on the router context, if any (not when the context is missing). */
function serverLog(context: unknown): ErrorLog | null {
  const provider = context as Partial<RouterContextProvider> | undefined;
  if (typeof provider?.get !== "function") return null;
  try {
    return provider.get(serverLogContext);
  } catch {
    return null;
  }
}

/**
 * React Router's server error hook: every error a loader, action or render throws (and React
 * Router's own error responses) comes here instead of React Router's `console.error` of the raw
 * error, which held query parameters and other personal data. Unexpected errors are logged once
 * at error level on the app logger with the method and the path without its query string
 * (server/server-errors.ts); aborted requests and expected 4xx answers (404, 405) are not logged.
 * @param error what was thrown
 * @param args the request and the router context (with the app logger, server/app.ts)
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  logServerError(serverLog(context), error, request);
};

/** How long a deferred section may keep a page waiting before it is rendered as its fallback (ms). */
export const streamTimeout = 5_000;

/**
 * Traces (issue 55, server/tracing.ts): with OTEL_EXPORTER_OTLP_ENDPOINT set, each route loader
 * and action is a span (`loader <route id>`, with its route pattern) inside the request's trace.
 * Unset: none (no wrapper runs).
 */
export const instrumentations: ServerInstrumentation[] = process.env.OTEL_EXPORTER_OTLP_ENDPOINT ? [routeSpans()] : [];

function routeSpans(): ServerInstrumentation {
  const tracer = trace.getTracer("forecourt");
  const span = (kind: "loader" | "action", id: string) => async (handler: () => Promise<{ status: "success" | "error"; error?: Error }>, info: { pattern: string }) => {
    // A request the sampler left out (nine in ten with the guide's 10%) gets no route spans: under
    // a parent that is not recorded they would not be recorded either, so they are not made.
    if (!trace.getActiveSpan()?.isRecording()) {
      await handler();
      return;
    }
    await tracer.startActiveSpan(`${kind} ${id}`, { attributes: { "forecourt.route.id": id, "http.route": `/${info.pattern.replace(/^\/+/, "")}` } }, async (active) => {
      const result = await handler();
      if (result.status === "error") active.setStatus({ code: SpanStatusCode.ERROR, message: result.error?.name });
      active.end();
    });
  };
  return { route: (route) => route.instrument({ loader: span("loader", route.id), action: span("action", route.id) }) };
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
): Response | Promise<Response> {
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === "HEAD") return new Response(null, { status: responseStatusCode, headers: responseHeaders });

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    let settled = false;
    let timeoutId: ReturnType<typeof setTimeout> | undefined;
    // React writes the finished page into this in one go (`pipe` runs once all is ready) and then
    // ends it: a plain Writable that keeps the chunks, joined once at the end.
    const chunks: Uint8Array[] = [];
    const sink = new Writable({
      write(chunk: Uint8Array, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
      final(callback) {
        callback();
        if (settled) return;
        settled = true;
        clearTimeout(timeoutId);
        const body = Buffer.concat(chunks);
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        responseHeaders.set("Content-Length", String(body.byteLength));
        responseHeaders.set("Content-Security-Policy", policy(inlineScriptHashes(body), import.meta.env.DEV));
        // The compression middleware takes these bytes as they are (server/whole-body.ts).
        resolve(attachWholeBody(new Response(body, { status: responseStatusCode, headers: responseHeaders }), body));
      },
      /** React's fatal error after the shell (the page cannot be finished). */
      destroy(error, callback) {
        callback(error);
        if (settled) return;
        settled = true;
        clearTimeout(timeoutId);
        reject(error ?? new Error("The page could not be rendered"));
      },
    });
    const { pipe, abort } = renderToPipeableStream(
      <HydratableMarkupContext.Provider value={markupCache}>
        <ServerRouter context={routerContext} url={request.url} />
      </HydratableMarkupContext.Provider>,
      {
        // The page is sent whole, so no finished section is split out to be swapped in by script
        // (React outlines sections over 12.8 KB by default: the VDP's similar stock was).
        progressiveChunkSize: Number.MAX_SAFE_INTEGER,
        onShellReady() {
          shellRendered = true;
        },
        onAllReady() {
          pipe(sink);
        },
        onShellError(error: unknown) {
          clearTimeout(timeoutId);
          reject(error);
        },
        onError(error: unknown) {
          // Errors before the shell reject above and are logged by React Router's error handling
          // (handleError above); one inside a deferred section is logged here the same way.
          if (shellRendered) logServerError(serverLog(loadContext), error, request);
        },
      },
    );
    // A deferred section still pending after streamTimeout is rendered as its fallback (the
    // client then renders it), so a slow query never holds the page longer than this.
    timeoutId = setTimeout(() => abort(), streamTimeout);
  });
}

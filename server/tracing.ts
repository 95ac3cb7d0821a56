/**
 * OpenTelemetry traces (issue 55; docs/operations/README.md "Traces"), loaded only when
 * OTEL_EXPORTER_OTLP_ENDPOINT is set (server/main.ts imports this module then and only then, so
 * without it no OpenTelemetry SDK code runs or is even loaded).
 *
 * One trace per request: the HTTP server span (instrumentation-http, named `GET /cars/:slug` by
 * server/app.ts, with the site slug as `forecourt.site`), a span per React Router loader and
 * action (app/entry.server.tsx), PostgreSQL queries (instrumentation-pg; statements with `$n`
 * placeholders, never their values) and outbound fetch() calls such as lead webhooks
 * (instrumentation-undici). Lead delivery jobs run outside requests, one trace per job.
 *
 * No personal data: client addresses and user agents are removed from every span before export
 * (RedactingSpanProcessor), and query strings are not recorded beyond what the SRP filters say.
 */
import { register } from "node:module";
import { register as registerImportHooks, supportsSyncHooks } from "import-in-the-middle/register-hooks.mjs";
import type { Context } from "@opentelemetry/api";
import type { ReadableSpan, Span, SpanExporter, SpanProcessor } from "@opentelemetry/sdk-trace-base";

/**
 * The modules the instrumentations below patch when they are imported as ES modules
 * (instrumentation-http: the `http` and `https` built-ins; instrumentation-pg: `pg` and `pg-pool`;
 * instrumentation-undici listens on diagnostics channels and needs no hook). Only these are
 * wrapped by import-in-the-middle: wrapping every module the server imports (its default) made
 * every request about a tenth slower, spread evenly over React, React Router and our own code.
 */
const HOOKED_MODULES = ["http", "https", "node:http", "node:https", "pg", "pg-pool"];

/** Span attributes that can identify a shopper (semantic conventions old and new). */
const PERSONAL_ATTRIBUTES = [
  "client.address",
  "client.port",
  "network.peer.address",
  "network.peer.port",
  "net.peer.ip",
  "net.peer.port",
  "net.sock.peer.addr",
  "net.sock.peer.port",
  "http.client_ip",
  "http.user_agent",
  "user_agent.original",
];

/** Passes spans on to `inner` without the attributes that could identify a person. */
class RedactingSpanProcessor implements SpanProcessor {
  constructor(private readonly inner: SpanProcessor) {}
  onStart(span: Span, parentContext: Context): void {
    this.inner.onStart(span, parentContext);
  }
  onEnd(span: ReadableSpan): void {
    const attributes = span.attributes as Record<string, unknown>;
    for (const name of PERSONAL_ATTRIBUTES) delete attributes[name];
    this.inner.onEnd(span);
  }
  forceFlush(): Promise<void> {
    return this.inner.forceFlush();
  }
  shutdown(): Promise<void> {
    return this.inner.shutdown();
  }
}

/** The running SDK. */
export interface Tracing {
  /** Exports what is buffered and stops. */
  shutdown(): Promise<void>;
}

/**
 * Starts the OpenTelemetry Node SDK with the HTTP, pg and undici instrumentations. Call before the
 * server, database driver and app are imported (server/main.ts does): ES modules imported later
 * are hooked through import-in-the-middle (only {@link HOOKED_MODULES}).
 * @param options.exporter a span exporter (tests: an in-memory one, spans exported as each ends);
 *   default: OTLP over HTTP to OTEL_EXPORTER_OTLP_ENDPOINT, batched
 * @param options.serviceName default OTEL_SERVICE_NAME or "forecourt"
 */
export async function startTracing(options: { exporter?: SpanExporter; serviceName?: string } = {}): Promise<Tracing> {
  // In-thread hooks (module.registerHooks) where this Node.js runs them correctly; otherwise the
  // loader thread, which module.register() starts, with the same list.
  if (supportsSyncHooks()) registerImportHooks({ include: HOOKED_MODULES });
  else register("import-in-the-middle/hook.mjs", import.meta.url, { data: { include: HOOKED_MODULES } });
  const [{ NodeSDK }, { HttpInstrumentation }, { PgInstrumentation }, { UndiciInstrumentation }, { BatchSpanProcessor, SimpleSpanProcessor }] = await Promise.all([
    import("@opentelemetry/sdk-node"),
    import("@opentelemetry/instrumentation-http"),
    import("@opentelemetry/instrumentation-pg"),
    import("@opentelemetry/instrumentation-undici"),
    import("@opentelemetry/sdk-trace-base"),
  ]);
  const processor = options.exporter
    ? new SimpleSpanProcessor(options.exporter)
    : new BatchSpanProcessor(new (await import("@opentelemetry/exporter-trace-otlp-http")).OTLPTraceExporter());
  const sdk = new NodeSDK({
    serviceName: options.serviceName ?? process.env.OTEL_SERVICE_NAME ?? "forecourt",
    spanProcessors: [new RedactingSpanProcessor(processor)],
    // Traces only. Given an OTLP endpoint, the SDK would also start OTLP metrics and logs pipelines
    // of its own (OTEL_METRICS_EXPORTER and OTEL_LOGS_EXPORTER default to "otlp"): the HTTP
    // instrumentation then records a duration histogram on every request, which /metrics
    // (prom-client) already counts. With no log processors the SDK's logger provider exports
    // nothing. An operator who wants either pipeline sets its variable.
    ...(process.env.OTEL_METRICS_EXPORTER ? {} : { metricReaders: [] }),
    ...(process.env.OTEL_LOGS_EXPORTER ? {} : { logRecordProcessors: [] }),
    instrumentations: [
      new HttpInstrumentation({
        // Health checks every few seconds from each load balancer would drown the real traces.
        ignoreIncomingRequestHook: (request) => request.url === "/healthz" || request.url === "/readyz" || request.url === "/metrics",
      }),
      new PgInstrumentation({ enhancedDatabaseReporting: false }),
      new UndiciInstrumentation(),
    ],
  });
  sdk.start();
  return { shutdown: () => sdk.shutdown() };
}

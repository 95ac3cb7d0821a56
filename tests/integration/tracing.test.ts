/**
 * Issue 55: traces with OpenTelemetry (server/tracing.ts) into an in-memory exporter. A VDP over
 * real HTTP is one trace: the server span named by route pattern with the site slug, the loader
 * spans and (PostgreSQL) the queries, with no client address; the request's log line carries the
 * trace id and request id. A lead delivery is a trace whose webhook fetch() is a child span.
 */
import { connect, type AddressInfo } from "node:net";
import { Writable } from "node:stream";
import { InMemorySpanExporter, type ReadableSpan } from "@opentelemetry/sdk-trace-base";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// The route spans (app/entry.server.tsx) are on when an OTLP endpoint is configured; the spans go
// to the in-memory exporter below, never to this address.
process.env.OTEL_EXPORTER_OTLP_ENDPOINT = "http://127.0.0.1:9";
const exporter = new InMemorySpanExporter();
const tracing = await (await import("../../server/tracing")).startTracing({ exporter });
const { serve } = await import("@hono/node-server");
const { get } = await import("../../scripts/bench/server");
const { default: pino } = await import("pino");
const { eq } = await import("drizzle-orm");
const { createApp } = await import("../../server/app");
const { traceIds } = await import("../../server/index");
const { loadBuild, startTestApp } = await import("./app-harness");
const { ENGINE, openTestDatabase } = await import("./database");
const { startWebhookReceiver } = await import("./webhook-receiver");
const { leadFormSchema } = await import("../../app/forms/lead-forms");
const { submitLead } = await import("../../app/services/leads.server");
const { deliverDue } = await import("../../app/services/lead-delivery.server");
const { createLeadChannels } = await import("../../app/adapters/lead-channels.server");
const { leadDeliveries } = await import("../../db/schema/index");

type Handle = Awaited<ReturnType<typeof openTestDatabase>>;
let handle: Handle;
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(async () => {
  await handle?.close();
  await tracing.shutdown();
});


async function spansUntil(found: (spans: ReadableSpan[]) => boolean): Promise<ReadableSpan[]> {
  for (;;) {
    const spans = exporter.getFinishedSpans();
    if (found(spans)) return spans;
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe(`tracing (${ENGINE})`, () => {
  it("starts traces, not OTLP metrics: with an OTLP endpoint and no OTEL_METRICS_EXPORTER, no SDK meter provider is registered (Prometheus counts requests)", async () => {
    const { metrics, trace } = await import("@opentelemetry/api");
    expect(process.env.OTEL_METRICS_EXPORTER).toBeUndefined();
    // The API hands out its no-op provider when nothing was registered; the SDK's are named classes.
    expect(metrics.getMeterProvider().constructor.name).toBe("NoopMeterProvider");
    expect(trace.getTracerProvider().constructor.name).toBe("ProxyTracerProvider");
    expect((trace.getTracerProvider() as unknown as { getDelegate(): object }).getDelegate().constructor.name).toBe("TracerProvider");
  });

  it("a VDP is one trace: server span by route pattern with the site slug, loader spans, queries on PostgreSQL; the log line has its trace and request ids; no client address", async () => {
    const test = await startTestApp(handle);
    const lines: Record<string, unknown>[] = [];
    const sink = new Writable({ write: (chunk, _encoding, done) => (lines.push(JSON.parse(String(chunk))), done()) });
    const logger = pino({ level: "info", mixin: traceIds }, sink);
    const { app } = createApp({ database: handle, build: await loadBuild(), mode: "production", logger, clientDir: "build/client", tracing: true, pageCache: { enabled: false } });
    const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
    await new Promise<void>((ok) => server.once("listening", () => ok()));
    try {
      exporter.reset();
      expect((await get((server.address() as AddressInfo).port, `/cars/${test.carSlug}`, test.host)).status).toBe(200);
      const spans = await spansUntil((all) => all.some((s) => s.name === "GET /cars/:slug"));
      const root = spans.find((s) => s.name === "GET /cars/:slug")!;
      const traceId = root.spanContext().traceId;
      const inTrace = spans.filter((s) => s.spanContext().traceId === traceId);
      expect(root.attributes["forecourt.site"]).toBe(test.site.slug);
      expect(root.attributes["http.route"]).toBe("/cars/:slug");
      expect(inTrace.map((s) => s.name)).toContain("loader routes/car");
      expect(inTrace.find((s) => s.name === "loader routes/car")!.attributes["http.route"]).toBe("/cars/:slug");
      if (ENGINE === "postgres") expect(inTrace.filter((s) => s.name.startsWith("pg.query")).length).toBeGreaterThan(0);
      for (const span of inTrace) {
        for (const name of ["client.address", "network.peer.address", "net.peer.ip", "user_agent.original", "http.user_agent"]) expect(span.attributes[name]).toBeUndefined();
      }
      const line = await (async () => {
        for (;;) {
          const found = lines.find((l) => l.msg === "request" && l.path === `/cars/${test.carSlug}`);
          if (found) return found;
          await new Promise((r) => setTimeout(r, 50));
        }
      })();
      expect(line.trace_id).toBe(traceId);
      expect(line.req_id).toBe(root.attributes["forecourt.request_id"]);
      expect(String(line.req_id)).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      await new Promise<void>((ok) => server.close(() => ok()));
    }
  });

  it("a request its caller did not sample (traceparent flags 00) exports no span, its route loaders' included; a sampled one (01) continues the caller's trace with them", async () => {
    const test = await startTestApp(handle);
    const { app } = createApp({ database: handle, build: await loadBuild(), mode: "production", logger: pino({ level: "silent" }), clientDir: "build/client", tracing: true, pageCache: { enabled: false } });
    const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
    await new Promise<void>((ok) => server.once("listening", () => ok()));
    try {
      exporter.reset();
      const port = (server.address() as AddressInfo).port;
      const unsampled = "0af7651916cd43dd8448eb211c80319c";
      const sampled = "4bf92f3577b34da6a3ce929d0e0e4736";
      // Over a raw socket: this process's own http.request is instrumented too, and would replace
      // the traceparent with its client span's. Written, not ended: the server closes it after the
      // answer (Connection: close), where a half-closed socket could lose the answer.
      const getWithParent = (traceparent: string) =>
        new Promise<string>((ok, fail) => {
          const socket = connect(port, "127.0.0.1", () => socket.write(`GET /cars/${test.carSlug} HTTP/1.1\r\nHost: ${test.host}\r\ntraceparent: ${traceparent}\r\nConnection: close\r\n\r\n`));
          let head = "";
          socket.on("data", (chunk: Buffer) => (head ||= chunk.toString("latin1").split("\r\n")[0]));
          socket.on("end", () => ok(head));
          socket.on("error", fail);
        });
      expect(await getWithParent(`00-${unsampled}-b7ad6b7169203331-00`)).toBe("HTTP/1.1 200 OK");
      expect(await getWithParent(`00-${sampled}-00f067aa0ba902b7-01`)).toBe("HTTP/1.1 200 OK");
      const spans = await spansUntil((all) => all.some((s) => s.name === "GET /cars/:slug" && s.spanContext().traceId === sampled));
      expect(spans.filter((s) => s.spanContext().traceId === sampled).map((s) => s.name)).toContain("loader routes/car");
      expect(spans.filter((s) => s.spanContext().traceId === unsampled)).toEqual([]);
    } finally {
      await new Promise<void>((ok) => server.close(() => ok()));
    }
  });

  it("a lead delivery is a trace of its own; the webhook's fetch() is a child span, and no lead content is an attribute", async () => {
    const receiver = await startWebhookReceiver();
    try {
      const test = await startTestApp(handle, { site: { config: { leads: { routing: [{ channel: "webhook", target: receiver.url }] } } } });
      const values = leadFormSchema("enquiry", { commentsRequired: true, locationShown: false, categories: null }).parse({
        name: "Tracy", last_name: "Span", postcode: "2150", phone: "0412 345 678", email: "tracy@example.com", message: "Traced", terms: true,
      });
      const lead = await submitLead(handle.db, test.site, { form: "enquiry", values, category: "General Enquiry", subcategory: null, car: null, ip: "203.0.113.9", userAgent: "vitest", url: null, now: Date.now() });
      if (lead.kind !== "accepted") throw new Error("lead refused");
      // Only this lead's job is due at the test's clock (year 2000); other tests' jobs stay theirs.
      await handle.db.update(leadDeliveries).set({ nextAttemptAt: new Date("2000-01-01T00:00:00Z") }).where(eq(leadDeliveries.leadId, lead.leadId));
      exporter.reset();
      await deliverDue(handle.db, createLeadChannels({ from: "leads@test", outboxDir: ".data/test-outbox" }), Date.parse("2000-01-01T00:00:01Z"), 5);
      expect(receiver.received.get(lead.leadId)).toBe(1);
      const spans = await spansUntil((all) => all.some((s) => s.name === "lead delivery" && s.attributes["forecourt.lead_delivery.channel"] === "webhook"));
      const delivery = spans.find((s) => s.name === "lead delivery" && s.attributes["forecourt.lead_delivery.channel"] === "webhook")!;
      const children = spans.filter((s) => s.spanContext().traceId === delivery.spanContext().traceId && s !== delivery);
      expect(children.some((s) => s.name === "POST" && String(s.attributes["url.full"]).startsWith(receiver.url))).toBe(true);
      const everything = JSON.stringify(spans.map((s) => s.attributes));
      expect(everything).not.toContain("tracy@example.com");
      expect(everything).not.toContain("0412");
    } finally {
      receiver.close();
    }
  });
});

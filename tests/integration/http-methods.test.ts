/**
 * Request methods over real HTTP (server/methods.ts): OPTIONS answers 204 and every other method
 * but GET, HEAD and POST answers 405, both with `Allow: GET, HEAD, POST`, the same on every kind
 * of path (page, resource route, JSON API, health check, static file, unknown page) and with the
 * security headers, without running a loader (an OPTIONS request to view.json counted a car view)
 * and without an error in any log.
 */
import { once } from "node:events";
import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import { serve } from "@hono/node-server";
import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { cars, carViewVisits } from "../../db/schema/index";
import { ALLOWED_METHODS } from "../../server/methods";
import { useTestApp } from "./app-harness";
import { ENGINE } from "./database";

const lines: { level: number; msg: string; status?: number; method?: string }[] = [];
const logger = pino({ level: "info" }, new Writable({ write: (chunk, _e, done) => (lines.push(JSON.parse(String(chunk))), done()) }));
const ctx = useTestApp({ app: { logger } });

let server: ReturnType<typeof serve>;
let port: number;
const consoleErrors: unknown[][] = [];
let consoleSpy: ReturnType<typeof vi.spyOn>;

beforeAll(async () => {
  server = serve({ fetch: ctx.t.app.fetch, port: 0, hostname: "127.0.0.1" });
  if (!server.listening) await once(server, "listening");
  port = (server.address() as AddressInfo).port;
  consoleSpy = vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => void consoleErrors.push(args));
});
afterAll(async () => {
  consoleSpy?.mockRestore();
  await new Promise<void>((done) => server?.close(() => done()));
});

/** One request over a real socket (node:http), so methods fetch() refuses (TRACE) can be sent. */
function send(method: string, path: string, body?: string): Promise<{ status: number; allow?: string; nosniff?: string; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port, method, path, headers: { host: ctx.t.host, accept: "application/json", ...(body !== undefined ? { "content-type": "application/json", "content-length": String(Buffer.byteLength(body)) } : {}) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, allow: res.headers.allow, nosniff: res.headers["x-content-type-options"] as string | undefined, body: Buffer.concat(chunks).toString("utf8") }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

const paths = () => [
  "/",
  "/search?make=Toyota",
  `/cars/${ctx.t.carSlug}`,
  `/cars/${ctx.t.carSlug}/view.json`,
  `/cars/${ctx.t.carSlug}/brochure.pdf`,
  `/cars/${ctx.t.carSlug}/phone-reveal`,
  "/sitemap.xml",
  "/robots.txt",
  "/favicon.svg",
  "/api/search",
  "/api/watchlist/save-car",
  "/healthz",
  "/brand/certified.svg",
  "/no-such-page",
];

async function views() {
  const [car] = await ctx.handle.db.select({ views: cars.views }).from(cars).where(eq(cars.id, ctx.t.carId));
  const visits = await ctx.handle.db.select().from(carViewVisits).where(eq(carViewVisits.carId, ctx.t.carId));
  return { views: car.views, visits: visits.length };
}

/** Request lines and error-level lines logged, and console.error calls, since the last call. */
function takeLogs() {
  const taken = { requests: lines.filter((l) => l.msg === "request"), errors: lines.filter((l) => l.level >= 50), console: [...consoleErrors] };
  lines.length = 0;
  consoleErrors.length = 0;
  return taken;
}

describe(`request methods (${ENGINE})`, () => {
  it("OPTIONS answers 204 with Allow and no body on every kind of path, and counts no car view", async () => {
    const before = await views();
    takeLogs();
    for (const path of paths()) {
      const res = await send("OPTIONS", path);
      expect({ path, ...res }).toEqual({ path, status: 204, allow: ALLOWED_METHODS, nosniff: "nosniff", body: "" });
    }
    expect(await views()).toEqual(before);
    const logs = takeLogs();
    expect(logs.requests.map((l) => [l.method, l.status])).toEqual(paths().map(() => ["OPTIONS", 204]));
    expect(logs.errors).toEqual([]);
    expect(logs.console).toEqual([]);
  });

  it.each(["PUT", "PATCH", "DELETE", "TRACE", "PROPFIND"])("%s answers 405 with Allow on every kind of path, runs no route and logs no error", async (method) => {
    const before = await views();
    takeLogs();
    for (const path of paths()) {
      const res = await send(method, path, method === "TRACE" ? undefined : "{}");
      expect({ path, ...res }).toEqual({ path, status: 405, allow: ALLOWED_METHODS, nosniff: "nosniff", body: "Method Not Allowed" });
    }
    expect(await views()).toEqual(before);
    const logs = takeLogs();
    expect(logs.requests.map((l) => [l.method, l.status])).toEqual(paths().map(() => [method, 405]));
    expect(logs.errors).toEqual([]);
    expect(logs.console).toEqual([]);
  });

  it("GET, HEAD and POST still reach the routes", async () => {
    const before = await views();
    expect((await send("GET", `/cars/${ctx.t.carSlug}/view.json`)).body).toBe(JSON.stringify({ views: before.views + 1 }));
    expect((await send("HEAD", "/sitemap.xml")).status).toBe(200);
    expect((await send("GET", "/brand/certified.svg")).body).toContain("<svg");
    expect((await send("GET", "/sitemap.xml")).body).toContain("<urlset");
    expect((await send("POST", `/cars/${ctx.t.carSlug}/phone-reveal`, "")).body).toBe(JSON.stringify({ ok: true }));
  });
});

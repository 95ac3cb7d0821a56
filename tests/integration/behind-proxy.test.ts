/**
 * Issue 16 defect 2: behind a TLS-terminating proxy every lead form post was rejected (400) by
 * the framework's Origin check (browser Origin https://..., server URL http://...). With
 * TRUST_PROXY the app rebuilds the request URL from X-Forwarded-Proto/-Host. A real proxy
 * process (tests/integration/tls-proxy.mjs) sits in front of the app over real HTTP.
 */
import { spawn, type ChildProcess } from "node:child_process";
import type { AddressInfo } from "node:net";
import { request } from "node:http";
import { createInterface } from "node:readline";
import { serve, type ServerType } from "@hono/node-server";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client";
import { leadRateLimits, leads } from "../../db/schema/index";
import { ENGINE, openTestDatabase } from "./database";
import { startTestApp, type TestApp } from "./app-harness";

let handle: DatabaseHandle;
const servers: ServerType[] = [];
const proxies: ChildProcess[] = [];

async function listen(t: TestApp): Promise<number> {
  const server = serve({ fetch: t.app.fetch, port: 0, hostname: "127.0.0.1" });
  servers.push(server);
  await new Promise<void>((ok) => server.once("listening", () => ok()));
  return (server.address() as AddressInfo).port;
}

async function startProxy(targetPort: number): Promise<number> {
  const child = spawn(process.execPath, ["tests/integration/tls-proxy.mjs"], { env: { ...process.env, TARGET_PORT: String(targetPort) }, stdio: ["ignore", "pipe", "inherit"] });
  proxies.push(child);
  const line = await new Promise<string>((ok) => createInterface({ input: child.stdout! }).once("line", ok));
  return Number(line.split(" ")[1]);
}

beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(async () => {
  for (const p of proxies) p.kill("SIGTERM");
  for (const s of servers) s.close();
  await handle?.close();
});

/** A raw HTTP POST (node:http, so the Host header is the one given, as a browser sends it). */
function post(port: number, path: string, headers: Record<string, string>, body: string): Promise<{ status: number }> {
  return new Promise((ok, fail) => {
    const req = request({ host: "127.0.0.1", port, path, method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", "content-length": String(Buffer.byteLength(body)), ...headers } }, (res) => {
      res.resume();
      res.on("end", () => ok({ status: res.statusCode ?? 0 }));
    });
    req.on("error", fail);
    req.end(body);
  });
}

const fields = (message: string) =>
  new URLSearchParams({ name: "Jane", last_name: "Citizen", postcode: "2150", phone: "0412 345 678", email: "jane@example.com", message, terms: "on" }).toString();

describe(`behind a TLS-terminating proxy (${ENGINE})`, () => {
  it("with TRUST_PROXY a lead form posted from the https page is accepted, and the app sees https and the client's address", async () => {
    const t = await startTestApp(handle, { app: { trustProxy: true } });
    const proxyPort = await startProxy(await listen(t));
    const res = await post(proxyPort, `/cars/${t.carSlug}`, { host: t.host, origin: `https://${t.host}`, "x-forwarded-for": "10.9.9.9" }, fields("Behind the proxy"));
    expect(res.status).toBe(302);
    const [stored] = await handle.db.select().from(leads).where(eq(leads.siteId, t.site.id));
    expect(stored.payload.message).toBe("Behind the proxy");
    // The URL the app saw is the shopper's https address; the client is the proxy's own hop, not the spoofed first one.
    expect(String(stored.payload.url)).toMatch(new RegExp(`^https://${t.host.replace(/\./g, "\\.")}/`));
    expect(stored.ip).toBe("127.0.0.1");
    expect(await handle.db.select().from(leadRateLimits).where(eq(leadRateLimits.bucket, `ip:${t.site.id}:10.9.9.9`))).toHaveLength(0);

    // A cross-site post through the same proxy is still refused.
    const evil = await post(proxyPort, `/cars/${t.carSlug}`, { host: t.host, origin: "https://evil.example" }, fields("Evil"));
    expect(evil.status).toBe(403);
  });

  it("with TRUST_PROXY, TRACE and other unsupported methods with forwarded headers answer 405, not 500 (a Fetch Request cannot be rebuilt with TRACE)", async () => {
    const t = await startTestApp(handle, { app: { trustProxy: true } });
    const port = await listen(t);
    const status = (method: string) =>
      new Promise<number>((ok, fail) => {
        const req = request({ host: "127.0.0.1", port, path: "/search", method, headers: { host: t.host, "x-forwarded-proto": "https", "x-forwarded-host": t.host } }, (res) => {
          res.resume();
          res.on("end", () => ok(res.statusCode ?? 0));
        });
        req.on("error", fail);
        req.end();
      });
    expect(await status("TRACE")).toBe(405);
    expect(await status("OPTIONS")).toBe(204);
    expect(await status("GET")).toBe(200);
  });

  it("with TRUST_PROXY, a forwarded client address with a port is the address alone (one rate-limit bucket per client, not per connection)", async () => {
    const t = await startTestApp(handle, { app: { trustProxy: true } });
    const port = await listen(t);
    const res = await post(port, `/cars/${t.carSlug}`, { host: t.host, origin: `http://${t.host}`, "x-forwarded-for": "10.1.1.1, 203.0.113.7:5678" }, fields("Port in the hop"));
    expect(res.status).toBe(302);
    const [stored] = await handle.db.select().from(leads).where(eq(leads.siteId, t.site.id));
    expect(stored.ip).toBe("203.0.113.7");
  });

  it("without TRUST_PROXY the forwarded headers are ignored (anyone can send them)", async () => {
    const t = await startTestApp(handle);
    const port = await listen(t);
    const res = await post(port, `/cars/${t.carSlug}`, { host: t.host, origin: `https://${t.host}`, "x-forwarded-proto": "https" }, fields("Spoofed proto"));
    expect(res.status).toBe(403);
    expect(await handle.db.select().from(leads).where(eq(leads.siteId, t.site.id))).toHaveLength(0);
  });
});

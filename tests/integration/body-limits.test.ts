/**
 * Issue 16 defect 3: request bodies are limited per route. A 20 MiB form post answered a 40 MB
 * error page echoing the body twice; now it is a 413 with a short fixed page.
 */
import { connect, type AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { describe, expect, it } from "vitest";
import { DEFAULT_BODY_LIMIT } from "../../server/guards";
import { ENGINE } from "./database";
import { formPost, useTestApp } from "./app-harness";

const ctx = useTestApp();

const marker = "OVERSIZE-MARKER-";

describe(`request body limits (${ENGINE})`, () => {
  it("a 20 MiB lead form post answers 413 with a short page that does not echo the body", async () => {
    const res = await ctx.t.request("/enquiries/general-enquiry", formPost(ctx.t, { name: "Jane", message: marker + "x".repeat(20 * 1024 * 1024) }));
    expect(res.status).toBe(413);
    const body = await res.text();
    expect(body).toContain("This form is too large");
    expect(body).not.toContain(marker);
    expect(body.length).toBeLessThan(2000);
  });

  it("a streamed body without Content-Length is cut off at the limit too", async () => {
    const chunk = new TextEncoder().encode(`message=${marker}${"y".repeat(64 * 1024)}`);
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 50) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const res = await ctx.t.request(`/cars/${ctx.t.carSlug}`, { method: "POST", body: stream, headers: { "content-type": "application/x-www-form-urlencoded", origin: `http://${ctx.t.host}`, "transfer-encoding": "chunked" }, duplex: "half" } as RequestInit);
    expect(res.status).toBe(413);
    expect(sent).toBeLessThan(50);
  });

  it("over a real connection, the 413 says Connection: close: the unread body means the connection cannot carry another request", async () => {
    const server = serve({ fetch: ctx.t.app.fetch, port: 0, hostname: "127.0.0.1" });
    await new Promise<void>((ok) => server.once("listening", () => ok()));
    try {
      const { port } = server.address() as AddressInfo;
      const head = await new Promise<string>((ok, fail) => {
        const socket = connect(port, "127.0.0.1", () => {
          // Declares 1 MiB and sends 64 KiB of it: the server answers without reading the rest.
          socket.write(`POST /service HTTP/1.1\r\nHost: ${ctx.t.host}\r\nOrigin: http://${ctx.t.host}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${1024 * 1024}\r\n\r\n`);
          socket.write(`message=${"z".repeat(64 * 1024)}`);
        });
        let text = "";
        socket.on("data", (chunk) => {
          text += chunk.toString("latin1");
          if (text.includes("\r\n\r\n")) {
            socket.destroy();
            ok(text.slice(0, text.indexOf("\r\n\r\n")).toLowerCase());
          }
        });
        socket.on("error", fail);
      });
      expect(head.split("\r\n")[0]).toBe("http/1.1 413 payload too large");
      expect(head).toContain("connection: close");
      expect(head).not.toContain("keep-alive");
    } finally {
      server.close();
    }
  });

  it("JSON APIs take less than forms, and a normal lead still fits", async () => {
    const json = await ctx.t.request("/api/youx/quote", { method: "POST", body: JSON.stringify({ pad: "z".repeat(20 * 1024) }), headers: { "content-type": "application/json", origin: `http://${ctx.t.host}` } });
    expect(json.status).toBe(413);
    const ok = await ctx.t.request(`/cars/${ctx.t.carSlug}`, formPost(ctx.t, { name: "Jane", last_name: "Citizen", postcode: "2150", phone: "0412 345 678", email: "j@example.com", message: "m".repeat(3900), terms: "on", visited_pages: "/a\n".repeat(900) }));
    expect(ok.status).toBe(302);
    expect(DEFAULT_BODY_LIMIT).toBe(64 * 1024);
  });
});

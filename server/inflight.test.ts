/**
 * Issue 54 item 5: the per-node cap on database work answers 503 with Retry-After instead of
 * queueing without bound, and a body is read before a slot is taken (a slow sender holds none).
 * The handler here is held open by the test, standing in for a loader waiting on the database.
 */
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { limitInflightWork } from "./inflight";

function heldApp(options: Parameters<typeof limitInflightWork>[0]) {
  const limiter = limitInflightWork(options);
  const holds: (() => void)[] = [];
  const started: string[] = [];
  const app = new Hono();
  app.use("*", limiter.middleware);
  app.all("*", async (c) => {
    const label = c.req.query("n") ?? "";
    started.push(label);
    if (c.req.method === "POST") return c.text(`got ${await c.req.text()}`);
    await new Promise<void>((release) => holds.push(release));
    return c.text(`done ${label}`);
  });
  const until = async (done: () => boolean) => {
    while (!done()) await new Promise((ok) => setTimeout(ok, 5));
  };
  return { app, limiter, holds, started, until };
}

describe("in-flight cap (issue 54)", () => {
  it("holds `max` requests, queues `queue` more in order, and refuses the rest at once with 503 and Retry-After", async () => {
    const { app, limiter, holds, started, until } = heldApp({ max: 2, queue: 1, maxWaitMs: 60_000, retryAfterSeconds: 3 });
    const first = app.request("/?n=1");
    const second = app.request("/?n=2");
    await until(() => started.length === 2);
    const third = app.request("/?n=3");
    await until(() => limiter.stats().queued === 1);
    const refused = await app.request("/?n=4");
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toBe("3");
    expect(refused.headers.get("cache-control")).toBe("no-store");
    expect(await refused.text()).toContain("try again in a few seconds");
    expect(started).toEqual(["1", "2"]);
    expect(limiter.stats()).toEqual({ active: 2, queued: 1, shed: 1, slowBodies: 0 });
    // A finished request hands its slot to the one waiting.
    holds[0]();
    expect(await (await first).text()).toBe("done 1");
    await until(() => started.length === 3);
    expect(started).toEqual(["1", "2", "3"]);
    holds[1]();
    holds[2]();
    expect(await (await second).text()).toBe("done 2");
    expect(await (await third).text()).toBe("done 3");
    expect(limiter.stats()).toEqual({ active: 0, queued: 0, shed: 1, slowBodies: 0 });
  });

  it("a queued request that waits past maxWaitMs gets 503 and never runs", async () => {
    const { app, limiter, holds, started, until } = heldApp({ max: 1, queue: 5, maxWaitMs: 20 });
    const first = app.request("/?n=1");
    await until(() => started.length === 1);
    const waited = await app.request("/?n=2");
    expect(waited.status).toBe(503);
    expect(waited.headers.get("retry-after")).toBe("2");
    holds[0]();
    expect((await first).status).toBe(200);
    expect(started).toEqual(["1"]);
    expect(limiter.stats()).toMatchObject({ active: 0, queued: 0, shed: 1 });
  });

  it("reads a body before taking a slot: a slow sender holds none, and its post is answered once the body is in", async () => {
    const { app, limiter, holds, started, until } = heldApp({ max: 1, queue: 0, maxWaitMs: 60_000 });
    let finishBody!: () => void;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode("name=Ja"));
        finishBody = () => {
          controller.enqueue(new TextEncoder().encode("ne"));
          controller.close();
        };
      },
    });
    const post = app.request("/?n=post", { method: "POST", body, duplex: "half" } as RequestInit);
    // While the body trickles in, the one slot is free: a GET takes it.
    const get = app.request("/?n=get");
    await until(() => started.length === 1);
    expect(started).toEqual(["get"]);
    expect(limiter.stats().active).toBe(1);
    holds[0]();
    expect((await get).status).toBe(200);
    finishBody();
    const answered = await post;
    expect(answered.status).toBe(200);
    expect(await answered.text()).toBe("got name=Jane");
  });

  it("a body that does not arrive within bodyTimeoutMs gets 408 with Connection: close, and no slot is used", async () => {
    const { app, limiter, started } = heldApp({ max: 1, queue: 0, bodyTimeoutMs: 100 });
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode("na")); // and nothing more: a slow-body attack
      },
    });
    const answered = await app.request("/?n=slow", { method: "POST", body, duplex: "half" } as RequestInit);
    expect(answered.status).toBe(408);
    expect(answered.headers.get("connection")).toBe("close");
    expect(started).toEqual([]);
    expect(limiter.stats()).toEqual({ active: 0, queued: 0, shed: 0, slowBodies: 1 });
  });
});

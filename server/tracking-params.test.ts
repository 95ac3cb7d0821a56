/**
 * Decision 221 (issue 15 repeat views): tracking parameters are left out of the URL a page is
 * rendered and cached for; every other parameter is kept exactly as sent.
 */
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { ignoreTrackingParameters, withoutTrackingParameters } from "./tracking-params";

describe("withoutTrackingParameters", () => {
  it("leaves out utm_* and click ids, keeping the other parameters' order and encoding", () => {
    expect(withoutTrackingParameters("http://a.localhost/cars/x?utm_source=facebook&utm_medium=cpc&fbclid=IwAR3abc")).toBe("http://a.localhost/cars/x");
    expect(withoutTrackingParameters("http://a.localhost/search?make=Kia&gclid=Cj0K&body=SUV%20x&UTM_Campaign=spring")).toBe("http://a.localhost/search?make=Kia&body=SUV%20x");
    expect(withoutTrackingParameters("http://a.localhost/search?utm_term&make=Mazda+CX-5&msclkid=1&_gl=1*abc")).toBe("http://a.localhost/search?make=Mazda+CX-5");
    expect(withoutTrackingParameters("http://a.localhost/?utm_source=x&page=2")).toBe("http://a.localhost/?page=2");
  });

  it("returns null when there is nothing to leave out (the request goes on untouched)", () => {
    expect(withoutTrackingParameters("http://a.localhost/cars/x")).toBeNull();
    expect(withoutTrackingParameters("http://a.localhost/search?make=Kia&body=SUV")).toBeNull();
    // Names that only start like a tracking one are ordinary parameters.
    expect(withoutTrackingParameters("http://a.localhost/search?gclidx=1&fbclid_note=2")).toBeNull();
    expect(withoutTrackingParameters("http://a.localhost/search?make=%E0%A4%A&q=utm_source")).toBeNull();
  });
});

describe("ignoreTrackingParameters middleware", () => {
  const app = new Hono();
  app.use(ignoreTrackingParameters());
  app.all("*", (c) => c.json({ method: c.req.method, url: c.req.url, make: c.req.query("make") ?? null, agent: c.req.header("user-agent") ?? null }));

  it("a GET continues as the URL without them, with its headers", async () => {
    const res = await app.request("http://a.localhost/search?utm_source=x&make=Kia&fbclid=1", { headers: { "user-agent": "ShopperBrowser/1" } });
    expect(await res.json()).toEqual({ method: "GET", url: "http://a.localhost/search?make=Kia", make: "Kia", agent: "ShopperBrowser/1" });
  });

  it("a POST keeps its URL as sent", async () => {
    const res = await app.request("http://a.localhost/cars/x?utm_source=x", { method: "POST", body: "a=1" });
    expect((await res.json()).url).toBe("http://a.localhost/cars/x?utm_source=x");
  });
});

/** Origin check of state-changing requests (issue 9: "Every state-changing request checks Origin"). */
import { afterEach, describe, expect, it } from "vitest";
import { assertSameOrigin, isSameOrigin } from "./origin.server";

const saved = process.env.TRUST_PROXY;
afterEach(() => {
  if (saved === undefined) delete process.env.TRUST_PROXY;
  else process.env.TRUST_PROXY = saved;
});

const post = (url: string, headers: Record<string, string>) => new Request(url, { method: "POST", headers });

describe("isSameOrigin", () => {
  it("accepts the request's own origin and refuses others, 'null' and a missing Origin", () => {
    expect(isSameOrigin(post("http://a.localhost:3000/x", { origin: "http://a.localhost:3000" }))).toBe(true);
    expect(isSameOrigin(post("http://a.localhost:3000/x", { origin: "http://b.localhost:3000" }))).toBe(false);
    expect(isSameOrigin(post("http://a.localhost:3000/x", { origin: "https://a.localhost:3000" }))).toBe(false);
    expect(isSameOrigin(post("http://a.localhost:3000/x", { origin: "null" }))).toBe(false);
    expect(isSameOrigin(post("http://a.localhost:3000/x", {}))).toBe(false);
  });

  it("behind a TLS proxy accepts the public https origin only when TRUST_PROXY is set", () => {
    const req = () => post("http://a.example/x", { origin: "https://www.dealer.example", "x-forwarded-proto": "https", "x-forwarded-host": "www.dealer.example" });
    delete process.env.TRUST_PROXY;
    expect(isSameOrigin(req())).toBe(false);
    process.env.TRUST_PROXY = "1";
    expect(isSameOrigin(req())).toBe(true);
  });

  it("assertSameOrigin throws a 403 response", () => {
    let thrown: unknown;
    try {
      assertSameOrigin(post("http://a.localhost/x", { origin: "https://evil.example" }));
    } catch (e) {
      thrown = e;
    }
    expect((thrown as Response).status).toBe(403);
  });
});

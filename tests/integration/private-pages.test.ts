/**
 * Pages that carry one shopper's or one transaction's state are never kept by a shared cache
 * (app/domain/private-page.ts, server/app.ts). An outside sweep with two nodes found the page
 * cache serving a trade-in valuation's "done" step that still said the offer was accepted after
 * the shopper declined it, and the purchase journey (with the shopper's email) sent as `public`.
 */
import { describe, expect, it } from "vitest";
import { startValuation } from "../../app/services/trade-in.server";
import { ENGINE } from "./database";
import { useTestApp } from "./app-harness";

const ctx = useTestApp({ site: { config: { features: { checkout: true, onlinePurchase: true } } } });

const cacheControl = async (path: string, init: RequestInit = {}) => {
  const res = await ctx.t.request(path, init);
  await res.arrayBuffer();
  return { status: res.status, cacheControl: res.headers.get("cache-control"), vary: res.headers.get("vary"), xCache: res.headers.get("x-cache") };
};

describe(`private pages (${ENGINE})`, () => {
  it("transactional pages answer private, no-store: sign-in, reserve, the purchase journey", async () => {
    for (const path of ["/sign-in", `/cars/${ctx.t.carSlug}/checkout`, `/checkout-journey?car_id=${ctx.t.carId}`]) {
      const answer = await cacheControl(path);
      expect(answer.status, path).toBe(200);
      expect(answer.cacheControl, path).toBe("private, no-store");
    }
  });

  it("a valuation's steps (?v=token) are private and never served from the page cache; the wizard's landing page stays public", async () => {
    expect((await cacheControl("/trade-in")).cacheControl).toMatch(/^public\b/);
    const { token } = await startValuation(ctx.handle.db, ctx.t.site, null);
    const step = `/trade-in?v=${token}&step=vehicle`;
    const first = await cacheControl(step);
    const second = await cacheControl(step);
    expect(first.status).toBe(200);
    expect([first.cacheControl, second.cacheControl]).toEqual(["private, no-store", "private, no-store"]);
    expect(second.xCache).not.toBe("HIT");
  });

  it("a request with one of our per-visitor cookies, or an answer that sets one, is private even on a public page", async () => {
    const anonymous = await cacheControl("/");
    expect(anonymous.cacheControl).toMatch(/^public\b/);
    const journey = await cacheControl("/", { headers: { cookie: "fc_journey=3f2c1e4a-0000-4000-8000-000000000000" } });
    expect(journey.cacheControl).toBe("private, no-store");
    expect(journey.vary).toMatch(/Cookie/);
    // Other sites' cookies (analytics) change nothing.
    expect((await cacheControl("/", { headers: { cookie: "_ga=GA1.2.3" } })).cacheControl).toMatch(/^public\b/);
  });
});

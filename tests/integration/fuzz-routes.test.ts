/**
 * Fuzzing every entry point (issue 16 "Make it stay fixed"): the routes come from the route
 * table (app/routes.ts), so a route added later is fuzzed without touching this file. For each
 * route, fast-check sends hostile and random query strings, path parameters, form bodies and JSON
 * bodies (GET and POST, from the site's own origin), and the importer gets hostile rows.
 *
 * Properties: no 5xx; no unescaped reflection of the hostile marker; a rejected post stores no
 * lead; every accepted lead is stored with a delivery job. Bounded: FUZZ_RUNS (default 3) runs per
 * route and kind; the total request count is printed and asserted.
 */
import { eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import routes from "../../app/routes";
import { leadDeliveries, leads } from "../../db/schema/index";
import { parseFeedText } from "../../app/import/parse-feed";
import { importStock } from "../../app/services/stock-import.server";
import { useTestApp } from "./app-harness";
import { hostile, MARKER, wellFormed } from "./hostile-input";
import { ENGINE } from "./database";

const RUNS = Number(process.env.FUZZ_RUNS ?? 3);
const SEED = Number(process.env.FUZZ_SEED ?? 1616);
const ctx = useTestApp();

const value = fc.oneof(hostile, fc.string({ maxLength: 40 }), fc.integer().map(String));
const params = fc.dictionary(fc.oneof(fc.constantFrom("make", "model", "form", "category", "page", "sort", "car_id", "location_id", "location", "reserved", "payment", "price", "q", "ids", "body"), fc.string({ maxLength: 8 })), value, { maxKeys: 5 });

type Entry = { path?: string; index?: boolean; children?: Entry[] };
/** Every route path of the table (nested ones joined), `:param` and `*` kept for filling in. */
function routePaths(entries: Entry[], prefix = ""): string[] {
  return entries.flatMap((e) => {
    const path = e.index ? prefix : [prefix, e.path ?? ""].filter(Boolean).join("/");
    return [...(e.path !== undefined || e.index ? [path] : []), ...routePaths(e.children ?? [], path)];
  });
}

function fill(path: string, carSlug: string, segment: string): string {
  return `/${path
    .split("/")
    .filter(Boolean)
    .map((s) => (s === ":slug" ? carSlug : s.startsWith(":") || s === "*" ? encodeURIComponent(wellFormed(segment)) : s))
    .join("/")}`;
}

const encode = (p: Record<string, string>) => Object.entries(p).map(([k, v]) => `${encodeURIComponent(wellFormed(k))}=${encodeURIComponent(wellFormed(v))}`).join("&");

describe(`fuzzing every route and the importer (${ENGINE})`, () => {
  const paths = [...new Set(routePaths(routes as Entry[]))];
  let requests = 0;

  async function send(path: string, init: RequestInit = {}) {
    requests++;
    const res = await ctx.t.request(path, init);
    const body = await res.text();
    expect(res.status, `${init.method ?? "GET"} ${path}`).toBeLessThan(500);
    expect(body.includes(MARKER), `${path} reflected the marker unescaped`).toBe(false);
    return { res, body };
  }

  const leadCount = async () => (await ctx.handle.db.select({ n: sql<number>`count(*)::int` }).from(leads).where(eq(leads.siteId, ctx.t.site.id)))[0].n;

  it("the route table is read (a new route is fuzzed automatically)", () => {
    expect(paths).toContain("cars/:slug");
    expect(paths.length).toBeGreaterThan(20);
  });

  it("GET with hostile query strings and path parameters: no 5xx, no reflection", async () => {
    for (const path of paths) {
      await fc.assert(
        fc.asyncProperty(params, value, async (query, segment) => {
          let target = fill(path, ctx.t.carSlug, segment);
          const qs = encode(query);
          if (qs) target += `?${qs}`;
          await send(target);
        }),
        { numRuns: RUNS, seed: SEED },
      );
    }
  });

  it("POST form and JSON bodies: no 5xx, no reflection; rejected posts store nothing, accepted leads are stored and routed", async () => {
    const base = { name: "Jane", last_name: "Citizen", postcode: "2150", phone: "0412 345 678", email: "jane@example.com", message: "Fuzz", terms: "on" };
    const origin = { origin: `http://${ctx.t.host}` };
    for (const path of paths) {
      await fc.assert(
        fc.asyncProperty(params, fc.boolean(), fc.boolean(), async (fields, valid, json) => {
          const target = fill(path, ctx.t.carSlug, "x");
          const before = await leadCount();
          const body = valid ? { ...base, ...fields } : fields;
          const { res } = json
            ? await send(target, { method: "POST", body: JSON.stringify(body), headers: { ...origin, "content-type": "application/json" } })
            : await send(target, { method: "POST", body: new URLSearchParams(body).toString(), headers: { ...origin, "content-type": "application/x-www-form-urlencoded" } });
          const after = await leadCount();
          const accepted = res.status === 302 && (res.headers.get("location") ?? "").startsWith("/success");
          expect(after - before, `${target} ${res.status}`).toBe(accepted ? 1 : 0);
          if (accepted) {
            const [newest] = await ctx.handle.db.select({ id: leads.id }).from(leads).where(eq(leads.siteId, ctx.t.site.id)).orderBy(sql`${leads.id} desc`).limit(1);
            expect(await ctx.handle.db.select().from(leadDeliveries).where(eq(leadDeliveries.leadId, newest.id))).not.toHaveLength(0);
          }
        }),
        { numRuns: RUNS, seed: SEED },
      );
    }
  });

  it("hostile import rows: never a thrown import; good rows stored, bad rows reported with their row number", async () => {
    const header = "stock_number,car_type,make,model,year,price,images,file,dealer_comments";
    const cell = fc.oneof(hostile, fc.string({ maxLength: 12 }), fc.constantFrom('"', '""', ",", "\r\n", "\n"));
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(cell, { minLength: 0, maxLength: 10 }), { minLength: 1, maxLength: 8 }), async (rows) => {
        requests++;
        const good = `G${Math.random().toString(36).slice(2, 8)},used,Mazda,3,2019,20000,https://img.example/a.jpg,,fine`;
        const csv = [header, good, ...rows.map((r) => r.join(","))].join("\n");
        const parsed = parseFeedText(csv, "feed.csv", new Map());
        for (const r of parsed.rows) if (!r.ok) expect(r.reason.length).toBeGreaterThan(0);
        expect(parsed.rows.some((r) => r.ok && r.record.stock_number === good.split(",")[0])).toBe(true);
        const summary = await importStock(ctx.handle.db, ctx.t.site, parsed.rows);
        expect(summary.rejected).toBe(parsed.rows.filter((r) => !r.ok).length + summary.rejections.filter((x) => x.reason.startsWith("duplicate")).length);
      }),
      { numRuns: RUNS * 5, seed: SEED },
    );
  });

  it("reports the request count of this run", () => {
    console.log(`fuzz: ${requests} requests and imports over ${paths.length} routes (FUZZ_RUNS=${RUNS}, seed ${SEED})`);
    expect(requests).toBeGreaterThanOrEqual(paths.length * RUNS * 2);
  });
});

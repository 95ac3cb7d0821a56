/**
 * Issue 15 "Repeat views" across nodes (docs/decisions/180): the page cache's ETag is a hash of
 * the page's bytes, so a public page must render the same bytes whenever, and on whichever node,
 * it is rendered while nothing it shows has changed. The sticky footer's Call Now plan used to
 * carry the render instant (`from`), so no two nodes, and no two cache lifetimes, agreed on an
 * ETag. (`/api/search` keeps its `ms`, the engine's time, which spec 7 lists in the answer.) A
 * location page's reviews read their dates in words against the render instant ("3 hours ago"),
 * so that page changed every minute; they now count the site's local days ("today").
 *
 * Real database, real build, real HTTP handling through the Hono app with the page cache off (so
 * every request renders). The request time (`requestInfoContext.now`, Date.now() in server/app.ts)
 * is set with a fake Date; hours apart, so every per-process memo (60 s) is made afresh, as on
 * another node.
 */
import { createHash } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { locations, reviews } from "../../db/schema/index";
import { ENGINE } from "./database";
import { useTestApp } from "./app-harness";

const PHONE = "(08) 9201 4400";
const ctx = useTestApp({ site: { config: { timeZone: "Australia/Perth", phones: { main: PHONE } } }, app: { pageCache: { enabled: false } } });

/** Mon-Sat 08:30-17:30, Sunday closed (spec 3 opening hours). */
const weekly = [0, 1, 2, 3, 4, 5, 6].map((weekday) =>
  weekday === 0 ? { weekday, status: "Closed", open: null, close: null } : { weekday, status: "Open", open: "08:30", close: "17:30" },
);

beforeAll(async () => {
  const { t, handle } = ctx;
  await handle.db.execute(sql`update locations set opening_hours = ${JSON.stringify(weekly)}::jsonb where site_id = ${t.site.id}`);
  // A review of the site's location (/our-location/main) from 08:00 Perth on Tue 1 Dec 2026, replied to at 09:00.
  const [main] = await handle.db.select().from(locations).where(and(eq(locations.siteId, t.site.id), eq(locations.slug, "main")));
  await handle.db.insert(reviews).values({
    siteId: t.site.id,
    locationId: main.id,
    customerName: "Same-day reviewer",
    text: "Picked up the car this morning.",
    rating: 5,
    reviewDate: new Date("2026-12-01T00:00:00.000Z"),
    replyText: "Thanks, enjoy the drive.",
    replyDate: new Date("2026-12-01T01:00:00.000Z"),
  });
});
afterEach(() => {
  vi.useRealTimers();
});

/** The page at `path` rendered at the instant `iso` (ISO 8601, UTC). */
async function renderAt(iso: string, path: string) {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date(iso));
  const res = await ctx.t.request(path);
  const text = await res.text();
  vi.useRealTimers();
  expect([path, res.status]).toEqual([path, 200]);
  return { text, hash: createHash("sha256").update(text).digest("base64url") };
}

/** Whether the page's sticky footer (spec 2.7) renders the Call Now button (the header has its own tel: link). */
const hasCallNow = (html: string) => /<nav aria-label="Quick actions"[^>]*><a href="tel:\d+"[^>]*>Call Now<\/a>/.test(html);

describe(`the same page renders the same bytes all through an opening-hours window (${ENGINE})`, () => {
  it("home, SRP and VDP: byte-identical at 10:00, 10:01 and 15:00 Perth on a Tuesday, with Call Now shown", async () => {
    // Tue 1 Dec 2026, Perth (UTC+8, no daylight time): open 08:30-17:30.
    for (const path of ["/", "/search", `/cars/${ctx.t.carSlug}`]) {
      const at10 = await renderAt("2026-12-01T02:00:00.000Z", path);
      const at1001 = await renderAt("2026-12-01T02:01:00.000Z", path);
      const at15 = await renderAt("2026-12-01T07:00:00.000Z", path);
      expect([path, hasCallNow(at10.text)]).toEqual([path, true]);
      // Compared by hash: a failure shows two short digests, not two pages of HTML.
      expect([path, at1001.hash, at15.hash]).toEqual([path, at10.hash, at10.hash]);
    }
  });

  it("location detail with a review from earlier the same day: byte-identical at 10:00, 10:01 and 15:00 Perth, the review reads 'today'", async () => {
    const path = "/our-location/main";
    const at10 = await renderAt("2026-12-01T02:00:00.000Z", path);
    const at1001 = await renderAt("2026-12-01T02:01:00.000Z", path);
    const at15 = await renderAt("2026-12-01T07:00:00.000Z", path);
    // The review (dated 08:00) and its reply (09:00) in words, not "2 hours ago" / "1 hour ago".
    expect(at10.text).toContain("Same-day reviewer");
    expect([at10.text.includes(">today</time>"), at10.text.includes(">today</p>")]).toEqual([true, true]);
    expect([at1001.hash, at15.hash]).toEqual([at10.hash, at10.hash]);
    // The next local day (Wed 00:30 Perth, 16 h 30 min after the review): "1 day ago".
    const nextDay = await renderAt("2026-12-01T16:30:00.000Z", path);
    expect(nextDay.text).toContain(">1 day ago</time>");
  });

  it("changes at the window's edge: Call Now goes at 17:30 Perth, and the evening renders agree with each other", async () => {
    const open = await renderAt("2026-12-01T09:29:59.999Z", "/"); // Tue 17:29:59.999 Perth
    const closed = await renderAt("2026-12-01T09:30:00.000Z", "/"); // Tue 17:30 Perth
    const later = await renderAt("2026-12-01T14:00:00.000Z", "/"); // Tue 22:00 Perth
    expect([hasCallNow(open.text), hasCallNow(closed.text)]).toEqual([true, false]);
    expect(later.text === closed.text).toBe(true);
  });
});

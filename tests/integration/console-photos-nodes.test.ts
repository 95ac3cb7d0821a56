/**
 * Issue 49 item 2 "A car with photos shows them in the gallery and on cards at once" on every
 * node: two app processes on one PostgreSQL, both holding the VDP in their page cache; a manager
 * uploads a photo and later deletes it through node 1, and node 2 shows (then stops showing) it on
 * its next request, serving the bytes from the database. PostgreSQL only: PGlite cannot be shared
 * by two processes.
 */
import sharp from "sharp";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { StaffAuth } from "../../app/console/auth.server";
import { addStaffMember } from "../../app/console/staff.server";
import { importStock } from "../../app/services/stock-import.server";
import { cars } from "../../db/schema/index";
import { CACHE_STATUS_HEADER } from "../../server/page-cache";
import { sendToNode as send, useTwoAppNodes } from "./app-nodes";
import { CONSOLE_HOST, CONSOLE_ORIGIN, recordingMailer } from "./console-harness";
import { createTestSite } from "./database";
import { feed, stockRecord } from "./fixtures";

const url = process.env.DATABASE_URL;
describe.skipIf(!url)(`console photos on two app processes over one PostgreSQL ${url ? "" : "-- skipped: needs DATABASE_URL (PGlite cannot be shared by two processes)"}`, () => {
  const nodes = useTwoAppNodes();

  it("issue 49 item 2: a photo uploaded through node 1 shows in node 2's VDP gallery on its next request, and is gone from both once deleted", async () => {
    const site = await createTestSite(nodes.direct);
    await importStock(nodes.direct.db, site, feed([stockRecord()]));
    const [car] = await nodes.direct.db.select({ slug: cars.slug, stockNumber: cars.stockNumber }).from(cars).where(eq(cars.siteId, site.id));
    const host = `${site.slug}.localhost`;
    const vdp = `/cars/${car.slug}`;
    const email = `two-nodes-${Date.now()}@photos.test`;
    await addStaffMember(nodes.direct.db, { email, role: "site_manager", target: { siteSlug: site.slug } });
    const link = new URL(await new StaffAuth(nodes.direct.db, recordingMailer()).signInLink(CONSOLE_ORIGIN, email));
    const signedIn = await send(nodes.ports[0]!, CONSOLE_HOST, `${link.pathname}${link.search}`);
    const cookie = ([] as string[]).concat(signedIn.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]).find((c) => c.startsWith("fc_staff="))!;
    expect(cookie).toBeTruthy();

    for (const port of nodes.ports) await send(port, host, vdp);
    for (const port of nodes.ports) {
      const cached = await send(port, host, vdp);
      expect(cached.headers[CACHE_STATUS_HEADER.toLowerCase()]).toBe("HIT");
      expect(cached.text).not.toContain("car-photos");
    }

    const form = new FormData();
    form.set("intent", "upload");
    const jpeg = await sharp({ create: { width: 1000, height: 750, channels: 3, background: "#c02020" } }).jpeg().toBuffer();
    form.append("photos", new Blob([new Uint8Array(jpeg)], { type: "image/jpeg" }), "front.jpg");
    const page = `/sites/${site.slug}/stock/${car.stockNumber}/photos`;
    const uploaded = await send(nodes.ports[0]!, CONSOLE_HOST, page, { cookie, multipart: form });
    expect(uploaded.status).toBe(200);
    expect(uploaded.text).toContain("front.jpg: added.");
    const [row] = await nodes.direct.db.select({ images: cars.images }).from(cars).where(and(eq(cars.siteId, site.id), eq(cars.stockNumber, car.stockNumber)));
    const photo = row.images[0].url;
    expect(photo).toMatch(/^\/car-photos\/[0-9a-f-]{36}\.jpg$/);
    const rendition = `/images?src=${encodeURIComponent(photo)}&w=320&q=75`;

    for (const port of [nodes.ports[1]!, nodes.ports[0]!]) {
      expect((await send(port, host, vdp)).text).toContain(`src=${encodeURIComponent(photo)}`);
      const master = await send(port, host, photo);
      expect(master.status).toBe(200);
      expect((await sharp(master.bytes).metadata()).width).toBe(1000);
      expect((await send(port, host, rendition)).status).toBe(200);
    }

    const deleted = await send(nodes.ports[0]!, CONSOLE_HOST, page, { cookie, form: { intent: "delete", photo } });
    expect(deleted.status).toBe(200);
    for (const port of [nodes.ports[1]!, nodes.ports[0]!]) {
      expect((await send(port, host, vdp)).text).not.toContain("car-photos");
      expect((await send(port, host, photo)).status).toBe(404);
      expect((await send(port, host, rendition)).status).toBe(404);
    }
  }, 120_000);
});

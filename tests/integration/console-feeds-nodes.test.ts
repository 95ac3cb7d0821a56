/**
 * Issue 49 item 3 "the public site shows applied changes on the next request on every node": two
 * app processes on one PostgreSQL, both with the car's VDP in their page cache; a site manager
 * pulls the feed (from a local HTTP server) through node 1, and both nodes answer the new price on
 * their next request. PostgreSQL only: PGlite cannot be shared by two processes.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { StaffAuth } from "../../app/console/auth.server";
import { addStaffMember } from "../../app/console/staff.server";
import { importStock } from "../../app/services/stock-import.server";
import { cars } from "../../db/schema/index";
import { CACHE_STATUS_HEADER } from "../../server/page-cache";
import { sendToNode, staffCookieOf, useTwoAppNodes } from "./app-nodes";
import { CONSOLE_HOST, CONSOLE_ORIGIN, recordingMailer } from "./console-harness";
import { createTestSite } from "./database";
import { feed, stockRecord } from "./fixtures";

const url = process.env.DATABASE_URL;
describe.skipIf(!url)(`feed pull on two app processes over one PostgreSQL ${url ? "" : "-- skipped: needs DATABASE_URL (PGlite cannot be shared by two processes)"}`, () => {
  const nodes = useTwoAppNodes();

  it("pulled through node 1, the new price shows on the next request to nodes 1 and 2", async () => {
    const site = await createTestSite(nodes.direct);
    const host = `${site.slug}.localhost`;
    const car = stockRecord({ stock_number: "NODES-1", make: "Toyota", model: "HiLux", year: 2021, price: 45990 });
    await importStock(nodes.direct.db, site, feed([car]));
    const [{ slug }] = await nodes.direct.db.select({ slug: cars.slug }).from(cars).where(and(eq(cars.siteId, site.id), eq(cars.stockNumber, "NODES-1")));
    const csv = `stock_number,car_type,make,model,badge,year,price,km,body,fuel,transmission,colour,listing_suburb,listing_state\nNODES-1,used,Toyota,HiLux,${car.badge},2021,38880,45000,SUV,Unleaded,Automatic,White,Parramatta,NSW\n`;
    const server = createServer((_req, res) => res.writeHead(200, { "content-type": "text/csv" }).end(csv));
    await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
    try {
      const email = `feeds-nodes-${Date.now()}@feeds.test`;
      await addStaffMember(nodes.direct.db, { email, role: "site_manager", target: { siteSlug: site.slug } });
      const link = new URL(await new StaffAuth(nodes.direct.db, recordingMailer()).signInLink(CONSOLE_ORIGIN, email));
      const cookie = staffCookieOf(await sendToNode(nodes.ports[0]!, CONSOLE_HOST, `${link.pathname}${link.search}`));
      expect(cookie).toContain("fc_staff=");

      for (const port of nodes.ports) await sendToNode(port, host, `/cars/${slug}`);
      for (const port of nodes.ports) {
        const cached = await sendToNode(port, host, `/cars/${slug}`);
        expect(cached.headers[CACHE_STATUS_HEADER.toLowerCase()]).toBe("HIT");
        expect(cached.text).toContain("45,990");
      }

      const feeds = `/sites/${site.slug}/feeds`;
      const port = (server.address() as AddressInfo).port;
      expect((await sendToNode(nodes.ports[0]!, CONSOLE_HOST, feeds, { cookie, origin: CONSOLE_ORIGIN, form: { intent: "save-source", url: `http://127.0.0.1:${port}/stock.csv`, schedule: "off", full: "on" } })).status).toBe(200);
      const pulled = await sendToNode(nodes.ports[0]!, CONSOLE_HOST, feeds, { cookie, origin: CONSOLE_ORIGIN, form: { intent: "pull-now" } });
      expect(pulled.text).toContain("Feed pulled and applied: 0 created, 1 updated");

      for (const port of nodes.ports) {
        const page = await sendToNode(port, host, `/cars/${slug}`);
        expect(page.status).toBe(200);
        expect(page.text).toContain("38,880");
        expect(page.text).not.toContain("45,990");
      }
    } finally {
      await new Promise<void>((ok) => server.close(() => ok()));
    }
  }, 120_000);
});

/**
 * Issue 48 item 5 "Publish is atomic. The public site (page cache, every node) shows the change on
 * its next request": two app processes on one PostgreSQL; a site manager publishes through one,
 * and both answer the changed page on their next request although both had the old page cached.
 * PostgreSQL only: PGlite cannot be shared by two processes.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { StaffAuth } from "../../app/console/auth.server";
import { addStaffMember } from "../../app/console/staff.server";
import { CACHE_STATUS_HEADER } from "../../server/page-cache";
import { sendToNode, staffCookieOf, useTwoAppNodes } from "./app-nodes";
import { CONSOLE_HOST, CONSOLE_ORIGIN, recordingMailer } from "./console-harness";
import { sites } from "../../db/schema/index";
import { createTestSite } from "./database";

/** One request to a node; a form is posted from the console's origin. */
function send(port: number, host: string, path: string, options: { method?: string; cookie?: string; form?: Record<string, string> } = {}) {
  return sendToNode(port, host, path, { ...options, origin: CONSOLE_ORIGIN });
}

const url = process.env.DATABASE_URL;
describe.skipIf(!url)(`settings publish on two app processes over one PostgreSQL ${url ? "" : "-- skipped: needs DATABASE_URL (PGlite cannot be shared by two processes)"}`, () => {
  const nodes = useTwoAppNodes();

  it("spec 8 / issue 48: published through node 1, the new settings show on the next request to nodes 1 and 2", async () => {
    const site = await createTestSite(nodes.direct);
    const host = `${site.slug}.localhost`;
    const email = `two-nodes-${Date.now()}@settings.test`;
    await addStaffMember(nodes.direct.db, { email, role: "site_manager", target: { siteSlug: site.slug } });
    const link = new URL(await new StaffAuth(nodes.direct.db, recordingMailer()).signInLink(CONSOLE_ORIGIN, email));
    const signedIn = await send(nodes.ports[0]!, CONSOLE_HOST, `${link.pathname}${link.search}`);
    const cookie = staffCookieOf(signedIn);
    expect(cookie).toBeTruthy();

    // Both nodes hold the home page in their page cache.
    for (const port of nodes.ports) await send(port, host, "/");
    for (const port of nodes.ports) {
      const cached = await send(port, host, "/");
      expect(cached.headers[CACHE_STATUS_HEADER.toLowerCase()]).toBe("HIT");
      expect(cached.text).not.toContain("Published on node one");
    }

    const settings = `/sites/${site.slug}/settings`;
    expect((await send(nodes.ports[0]!, CONSOLE_HOST, settings, { cookie, form: { intent: "save", "hero.title": "Published on node one" } })).status).toBe(302);
    // A draft is not public on either node.
    for (const port of nodes.ports) expect((await send(port, host, "/")).text).not.toContain("Published on node one");
    const published = await send(nodes.ports[0]!, CONSOLE_HOST, settings, { cookie, form: { intent: "publish" } });
    expect(published.status).toBe(302);
    expect(published.headers.location).toContain("published-2");
    for (const port of [nodes.ports[1]!, nodes.ports[0]!]) expect((await send(port, host, "/")).text).toContain("Published on node one");
  }, 120_000);

  it("issue 48 item 4: a host given to a site (through any node) is answered by every node on its next request, not after the node's site-list refresh", async () => {
    const site = await createTestSite(nodes.direct);
    const newHost = `www.fresh-${Date.now().toString(36)}.example.com.au`;
    // Both nodes have just read their site list (fresh for 5 s): the new host is not in it.
    for (const port of nodes.ports) expect((await send(port, newHost, "/")).status).toBe(404);
    // What the console's "Save hosts" writes (the config_version trigger moves the site's version).
    await nodes.direct.db.update(sites).set({ hosts: [...site.hosts, newHost] }).where(eq(sites.id, site.id));
    for (const port of nodes.ports) {
      const answer = await send(port, newHost, "/");
      expect(answer.status).toBe(200);
      expect(answer.text).toContain(site.name);
    }
  }, 120_000);
});

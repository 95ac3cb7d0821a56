/**
 * The console's permission test, GENERATED from its route table (issue 48 "Must show"): every
 * route x every role x own tenant / other tenant / signed out, against the permission matrix
 * (app/console/permissions.ts). A console route declared without a table line, or a route module
 * that does not run its guard, fails here. Prints the number of cases.
 */
import { readFileSync } from "node:fs";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "../../app/routes";
import { CONSOLE_PREFIX, CONSOLE_ROUTES, type ConsoleRoute } from "../../app/console/route-table";
import { accessOf, STAFF_ROLES, type StaffRole } from "../../app/console/permissions";
import { addStaffMember, type GrantTarget } from "../../app/console/staff.server";
import type { Site } from "../../app/sites/site";
import { importStock } from "../../app/services/stock-import.server";
import { cars, leads, locations } from "../../db/schema/index";
import { useTestApp } from "./app-harness";
import { asPasskeySession, consoleRequest, freshClientIp, recordingMailer, signInByLink } from "./console-harness";
import { createTestSite, ENGINE } from "./database";
import { feed, stockRecord } from "./fixtures";

const state = useTestApp({ app: { trustProxy: true, console: { mailer: recordingMailer() } } });
let other: Site;
/** A car's stock number, on both sites, with one photo; on the own site at the sales member's location (row routes). */
let stockNumber = "";
/** A car of each tenant, by id, for the car pages. */
const carIds = { own: 0, other: 0 };
const cookies = new Map<StaffRole, string>();
/** An operator signed in by e-mail link only (no passkey confirmation). */
let operatorByEmail = "";
type Tenant = "own" | "other";
let cases = 0;
/** A lead of each tenant (for `:leadId`), at the site's first location (the own site's is the sales member's). */
const leadIds = new Map<Tenant, number>();

beforeAll(async () => {
  const { t, handle } = state;
  other = await createTestSite(handle);
  const [main] = await handle.db.select({ id: locations.id, slug: locations.slug }).from(locations).where(eq(locations.siteId, t.site.id));
  const [car] = await handle.db.update(cars).set({ locationId: main.id, images: [{ url: "/demo-photos/gallery-caravan-1.jpg" }] }).where(eq(cars.id, t.carId)).returning({ stockNumber: cars.stockNumber });
  stockNumber = car.stockNumber;
  // The same stock number on the other site: operators open it there; anyone else finds no site.
  await importStock(handle.db, other, feed([stockRecord({ stock_number: stockNumber })]));
  await handle.db.update(cars).set({ images: [{ url: "/demo-photos/gallery-caravan-1.jpg" }] }).where(and(eq(cars.siteId, other.id), eq(cars.stockNumber, stockNumber)));
  await handle.db.update(cars).set({ locationId: main.id }).where(eq(cars.id, t.carId));
  const [otherCar] = await handle.db.select({ id: cars.id }).from(cars).where(eq(cars.siteId, other.id));
  carIds.own = t.carId;
  carIds.other = otherCar.id;
  const stamp = `${Date.now()}`;
  for (const [tenant, site] of [["own", t.site], ["other", other]] as const) {
    const [location] = await handle.db.select({ id: locations.id }).from(locations).where(eq(locations.siteId, site.id)).limit(1);
    const [lead] = await handle.db.insert(leads).values({ siteId: site.id, submissionKey: `perm-${stamp}`, form: "enquiry", category: "Sales Enquiry", locationId: location.id, firstName: "Perm", payload: {} }).returning({ id: leads.id });
    leadIds.set(tenant, lead.id);
  }
  for (const role of STAFF_ROLES) {
    const email = `${role}-${stamp}@perm.test`;
    const target: GrantTarget = role === "platform_operator" ? { platform: true } : role === "group_admin" ? { groupSlug: t.site.dealerGroup!.slug } : role === "sales" ? { siteSlug: t.site.slug, locationSlugs: [main.slug] } : { siteSlug: t.site.slug };
    await addStaffMember(handle.db, { email, role, target });
    const cookie = await signInByLink(t, handle, email, freshClientIp());
    // Operators confirm with a passkey before their pages open (ASVS 4.3.1; the e-mail-only case is tested below).
    cookies.set(role, role === "platform_operator" ? await asPasskeySession(handle, cookie) : cookie);
  }
});
beforeAll(async () => {
  const email = `operator-email-${Date.now()}@perm.test`;
  await addStaffMember(state.handle.db, { email, role: "platform_operator", target: { platform: true } });
  operatorByEmail = await signInByLink(state.t, state.handle, email, freshClientIp());
});
afterAll(() => {
  console.log(`console permission test (${ENGINE}): ${cases} cases (${CONSOLE_ROUTES.length} routes, ${CONSOLE_ROUTES.filter((r) => r.action).length} with actions, x ${STAFF_ROLES.length} roles x own/other tenant, plus signed out)`);
});

function pathOf(route: ConsoleRoute, tenant: Tenant): string {
  const site = tenant === "own" ? state.t.site : other;
  const slug = route.guard.kind === "group" ? site.dealerGroup!.slug : site.slug;
  // A token no invitation has: the page still answers (saying the link does not work).
  // Row routes open the car with the same stock number (or each tenant's car by id) on both sites, and each tenant's lead.
  return `/${route.path.replace(":slug", slug).replace(":token", "no-such-invitation-token-0000").replace(":stockNumber", stockNumber).replace(":position", "1").replace(":leadId", String(leadIds.get(tenant))).replace(":car", String(carIds[tenant]))}`;
}

/** What the matrix says a request should get. */
function expected(route: ConsoleRoute, role: StaffRole | null, tenant: Tenant): { status: number; location?: string } {
  const guard = route.guard;
  // The sign-in page sends a signed-in member on; other public pages answer everyone.
  if (guard.kind === "public") return role && route.id === "console-sign-in" ? { status: 302 } : { status: 200 };
  if (!role) return { status: 302, location: "/sign-in?next=" };
  if (guard.kind === "signed-in") return { status: 200 };
  const holds = accessOf(role, guard.permission) !== null;
  if (role === "platform_operator") return { status: holds ? 200 : 403 };
  if (guard.kind === "platform") return { status: holds ? 200 : 403 };
  if (tenant === "other") return { status: 404 };
  return { status: holds ? 200 : 403 };
}

describe(`console permissions (${ENGINE})`, () => {
  it("every console route in app/routes.ts has a line in the route table, and every module runs its guard", () => {
    const ids: string[] = [];
    const walk = (entries: RouteConfigEntry[], under: boolean) => {
      for (const e of entries) {
        const inside = under || (e.path ?? "").split("/")[0] === CONSOLE_PREFIX;
        if (inside && e.id && e.id !== "console-layout" && e.id !== "console-not-found") ids.push(e.id);
        if (e.children) walk(e.children, inside);
      }
    };
    walk(routes as RouteConfigEntry[], false);
    expect(ids.sort()).toEqual(CONSOLE_ROUTES.map((r) => r.id).sort());
    for (const route of CONSOLE_ROUTES) {
      if (route.guard.kind === "public") continue;
      const source = readFileSync(`app/${route.file}`, "utf8");
      expect(source, `${route.file} must call guardConsoleRoute`).toContain("guardConsoleRoute(");
      expect(source, `${route.file} must name its route id ${route.id}`).toContain(`"${route.id}"`);
      if (route.action) expect(source, `${route.file} must guard its action`).toContain(`guardConsoleAction("${route.id}"`);
    }
  });

  for (const route of CONSOLE_ROUTES) {
    for (const tenant of ["own", "other"] as const) {
      if (tenant === "other" && (route.guard.kind === "public" || route.guard.kind === "signed-in" || route.guard.kind === "platform")) continue;
      for (const role of [...STAFF_ROLES, null]) {
        const want = expected(route, role, tenant);
        it(`${route.id} ${tenant} tenant as ${role ?? "signed out"}: ${want.status}`, async () => {
          cases++;
          const response = await consoleRequest(state.t, pathOf(route, tenant), { ip: "198.18.1.1", cookie: role ? cookies.get(role) : undefined });
          expect(response.status).toBe(want.status);
          if (want.location) expect(response.headers.get("location")).toContain(want.location);
          const named = tenant === "own" ? state.t.site : other;
          // A download (CSV) names its site in its file name; a page in its text.
          if (want.status === 200 && route.guard.kind === "site") expect(response.headers.get("content-disposition") ?? (await response.text())).toContain(response.headers.has("content-disposition") ? named.slug : named.name);
        });
      }
    }
  }

  // ASVS 4.3.1: every site, group and platform route, as an operator whose session is from an
  // e-mailed link: the page sends them to add and confirm a passkey; a post is held (401, the
  // "Confirm it's you" page), never carried out.
  for (const route of CONSOLE_ROUTES) {
    if (route.guard.kind !== "site" && route.guard.kind !== "group" && route.guard.kind !== "platform") continue;
    it(`${route.id} as an operator signed in by e-mail: 302 to add a passkey${route.action ? ", POST 401" : ""}`, async () => {
      cases++;
      const path = pathOf(route, "own");
      const page = await consoleRequest(state.t, path, { ip: "198.18.1.2", cookie: operatorByEmail });
      expect(page.status).toBe(302);
      expect(page.headers.get("location")).toBe(`/account?passkey=required&next=${encodeURIComponent(path)}`);
      if (!route.action) return;
      cases++;
      const post = await consoleRequest(state.t, path, { ip: "198.18.1.2", cookie: operatorByEmail, form: { intent: "" } });
      expect(post.status).toBe(401);
      // A resource route (no page of its own, such as the live Markdown preview's endpoint) answers
      // the step-up as data; a page route shows the "Confirm it's you" page.
      if (route.file.endsWith(".ts")) expect(await post.json()).toMatchObject({ stepUp: true, reason: "passkey", codeAllowed: false });
      else expect(await post.text()).toContain("Platform operators confirm with a passkey");
    });
  }

  // Actions: every route whose table line names an action permission, posted to as every role.
  // An empty post is refused by the guard (sign-in, 403, 404) or, once the guard lets it through,
  // answered by the action itself: a validation error (400), or a redirect back for a settings
  // save that changes nothing. Never a 5xx.
  for (const route of CONSOLE_ROUTES) {
    if (!route.action || route.guard.kind === "public" || route.guard.kind === "signed-in") continue;
    const guard = { kind: route.guard.kind, permission: route.action };
    for (const tenant of ["own", "other"] as const) {
      if (tenant === "other" && route.guard.kind === "platform") continue;
      for (const role of [...STAFF_ROLES, null]) {
        const want = expected({ ...route, guard }, role, tenant);
        it(`${route.id} POST ${tenant} tenant as ${role ?? "signed out"}: ${want.status === 200 ? "allowed" : want.status}`, async () => {
          cases++;
          const response = await consoleRequest(state.t, pathOf(route, tenant), { ip: "198.18.1.1", cookie: role ? cookies.get(role) : undefined, form: { intent: "" } });
          if (want.status !== 200) {
            expect(response.status).toBe(want.status);
            if (want.location) expect(response.headers.get("location")).toContain(want.location);
            return;
          }
          expect([302, 400]).toContain(response.status);
          if (response.status === 302) expect(response.headers.get("location")).toContain(pathOf(route, tenant));
        });
      }
    }
  }
});

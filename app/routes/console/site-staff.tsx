/** `/sites/{slug}/staff`: the site's staff; managers invite, change roles, assign locations, remove (issue 48 item 7). */
import { asc, eq } from "drizzle-orm";
import type { Route } from "./+types/site-staff";
import { consoleOf, guardConsoleAction, guardConsoleRoute } from "~/console/guard.server";
import { accessOf } from "~/console/permissions";
import { staffPageAction } from "~/console/staff-actions.server";
import { grantableRoles, listStaff, type StaffScope } from "~/console/staff-admin.server";
import { StaffPage, type StaffPageData } from "~/console/staff-page";
import { locations } from "../../../db/schema/index";

export async function loader(args: Route.LoaderArgs) {
  const { db, site, member } = await guardConsoleRoute("console-site-staff", args);
  const scoped = site!.site;
  const scope: StaffScope = { kind: "site", siteId: scoped.id, name: scoped.name };
  const { staff, invitations } = await listStaff(db, scope, Date.now());
  const locs = await db.select({ id: locations.id, name: locations.name }).from(locations).where(eq(locations.siteId, scoped.id)).orderBy(asc(locations.name));
  const canManage = member.grants.some((g) => accessOf(g.role, "staff.manage") && (g.role === "platform_operator" || (g.role === "group_admin" && g.dealerGroupId === scoped.dealerGroupId) || g.siteId === scoped.id));
  const data: StaffPageData = { title: `Staff of ${scoped.name}`, back: { href: `/sites/${scoped.slug}`, label: scoped.name }, staff, invitations, roles: grantableRoles(scope), locations: locs, canManage, me: member.email };
  return data;
}

export async function action(args: Route.ActionArgs) {
  const { db, site, member } = await guardConsoleAction("console-site-staff", args);
  const scoped = site!.site;
  return staffPageAction(db, consoleOf(args.context), member, { kind: "site", siteId: scoped.id, name: scoped.name }, args.request);
}

export default function ConsoleSiteStaff({ loaderData, actionData }: Route.ComponentProps) {
  return <StaffPage data={loaderData} outcome={actionData} />;
}

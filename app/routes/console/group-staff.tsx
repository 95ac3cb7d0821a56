/** `/groups/{slug}/staff`: a dealer group's admins; invite, remove (issue 48 item 7). */
import type { Route } from "./+types/group-staff";
import { consoleOf, guardConsoleAction, guardConsoleRoute } from "~/console/guard.server";
import { accessOf } from "~/console/permissions";
import { staffPageAction } from "~/console/staff-actions.server";
import { grantableRoles, listStaff, type StaffScope } from "~/console/staff-admin.server";
import { StaffPage, type StaffPageData } from "~/console/staff-page";

export async function loader(args: Route.LoaderArgs) {
  const { db, group, member } = await guardConsoleRoute("console-group-staff", args);
  const scope: StaffScope = { kind: "group", dealerGroupId: group!.id, name: group!.name };
  const { staff, invitations } = await listStaff(db, scope, Date.now());
  const canManage = member.grants.some((g) => accessOf(g.role, "group.manage") && (g.role === "platform_operator" || g.dealerGroupId === group!.id));
  const data: StaffPageData = { title: `Admins of ${group!.name}`, back: { href: `/groups/${group!.slug}`, label: group!.name }, staff, invitations, roles: grantableRoles(scope), locations: [], canManage, me: member.email };
  return data;
}

export async function action(args: Route.ActionArgs) {
  const { db, group, member } = await guardConsoleAction("console-group-staff", args);
  return staffPageAction(db, consoleOf(args.context), member, { kind: "group", dealerGroupId: group!.id, name: group!.name }, args.request);
}

export default function ConsoleGroupStaff({ loaderData, actionData }: Route.ComponentProps) {
  return <StaffPage data={loaderData} outcome={actionData} />;
}

/**
 * The form posts of the site and group staff pages (issue 48 item 7): one zod schema per intent,
 * messages beside the fields, values kept; the services do the change with its audit row.
 */
import { z } from "zod";
import type { Database } from "../../db/client";
import type { ConsoleRequest } from "./context";
import { fieldProblem, formDone, formProblem, parseConsoleForm, readConsoleFormData } from "./form.server";
import { ROLE_LABELS, type StaffRole } from "./permissions";
import { assignLocations, changeRole, grantableRoles, inviteStaff, removeStaff, revokeInvitation, type StaffActor, type StaffScope } from "./staff-admin.server";
import { StaffInputError, type StaffMember } from "./staff.server";
import { MAX_DB_ID } from "~/domain/db-id";

function schemaFor(roles: readonly StaffRole[]) {
  const role = z.enum(roles as [StaffRole, ...StaffRole[]], { error: `Choose a role: ${roles.map((r) => ROLE_LABELS[r]).join(", ")}.` });
  const locations = z.array(z.number().int().positive().max(MAX_DB_ID)).max(100).default([]);
  const grantId = z.number({ error: "Choose a staff member." }).int().positive().max(MAX_DB_ID, "Choose a staff member.");
  return z.discriminatedUnion("intent", [
    z.object({ intent: z.literal("invite"), email: z.email({ error: "Enter their work e-mail address, e.g. sam@dealer.com.au." }).max(254), role, locations }),
    z.object({ intent: z.literal("role"), grantId, role, locations }),
    z.object({ intent: z.literal("locations"), grantId, locations }),
    z.object({ intent: z.literal("remove"), grantId }),
    z.object({ intent: z.literal("revoke"), invitationId: z.uuid({ error: "Choose an invitation." }) }),
  ], { error: "Choose what to do." });
}

/**
 * Runs one staff-page post for `scope`.
 * @returns the page's action data (400 with messages, or a confirmation)
 */
export async function staffPageAction(db: Database, console: ConsoleRequest, member: StaffMember, scope: StaffScope, request: Request) {
  const formData = await readConsoleFormData(request);
  const intent = String(formData.get("intent") ?? "");
  const formId = intent === "invite" ? "invite" : `${intent}-${String(formData.get("grantId") ?? formData.get("invitationId") ?? "")}`;
  const parsed = parseConsoleForm(formId, formData, schemaFor(grantableRoles(scope)));
  if (!parsed.ok) return formProblem(parsed.problem);
  const input = parsed.value;
  const actor: StaffActor = { userId: member.id, email: member.email, ip: console.clientIp };
  const now = Date.now();
  try {
    switch (input.intent) {
      case "invite":
        await inviteStaff(db, console.auth, console.origin, actor, scope, { email: input.email, role: input.role, locationIds: input.locations }, now);
        return formDone(`Invitation sent to ${input.email.toLowerCase()}.`);
      case "role":
        await changeRole(db, actor, scope, input.grantId, input.role, input.locations);
        return formDone(`Role changed to ${ROLE_LABELS[input.role].toLowerCase()}.`);
      case "locations":
        await assignLocations(db, actor, scope, input.grantId, input.locations);
        return formDone("Locations saved.");
      case "remove":
        await removeStaff(db, actor, scope, input.grantId);
        return formDone("Removed; their sessions have ended.");
      case "revoke":
        await revokeInvitation(db, actor, scope, input.invitationId);
        return formDone("Invitation withdrawn.");
    }
  } catch (error) {
    // Row forms show one message in their row; the invite form beside the field.
    if (error instanceof StaffInputError) return fieldProblem(formId, input.intent === "invite" ? error.field : "form", error.message, Object.fromEntries(formData));
    throw error;
  }
}

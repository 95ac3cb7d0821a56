/**
 * The staff page of a site or a dealer group (issue 48 item 7): who works here, pending
 * invitations, and (for managers) the forms to invite, change a role, assign locations (sales)
 * and remove. Plain HTML forms posting to the page's action; they work without JavaScript.
 */
import { ROLE_LABELS, type StaffRole } from "./permissions";
import { errorsOf, FieldErrors, FormStatus, keptValue, type FormOutcome } from "./forms";
import { ScrollingTable } from "~/console/scrolling-table";
import { staffTimeText } from "~/console/staff-time";

export interface StaffPageData {
  title: string;
  back: { href: string; label: string };
  staff: { grantId: number; email: string; role: StaffRole; locationIds: number[] }[];
  invitations: { id: string; email: string; role: StaffRole; expiresAt: string }[];
  roles: readonly StaffRole[];
  locations: { id: number; name: string }[];
  canManage: boolean;
  me: string;
}

function LocationBoxes({ form, locations, checked, outcome }: { form: string; locations: StaffPageData["locations"]; checked: number[]; outcome: FormOutcome }) {
  if (!locations.length) return null;
  const errors = errorsOf(outcome, form, "locations");
  return (
    <fieldset className="grid gap-1" aria-describedby={errors.length ? `${form}-locations-error` : undefined}>
      <legend className="text-sm">Locations (sales only)</legend>
      {locations.map((l) => (
        <label key={l.id} className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="locations" value={l.id} defaultChecked={checked.includes(l.id)} />
          {l.name}
        </label>
      ))}
      <FieldErrors id={`${form}-locations-error`} messages={errors} />
    </fieldset>
  );
}

function RoleSelect({ roles, value, describedBy, id }: { roles: readonly StaffRole[]; value: string; describedBy?: string; id?: string }) {
  return (
    <select id={id} name="role" defaultValue={value} aria-describedby={describedBy} className="rounded border border-slate-400 px-2 py-1">
      {roles.map((r) => (
        <option key={r} value={r}>
          {ROLE_LABELS[r]}
        </option>
      ))}
    </select>
  );
}

export function StaffPage({ data, outcome }: { data: StaffPageData; outcome: FormOutcome }) {
  const names = new Map(data.locations.map((l) => [l.id, l.name]));
  const emailErrors = errorsOf(outcome, "invite", "email");
  const roleErrors = errorsOf(outcome, "invite", "role");
  return (
    <section aria-labelledby="staff-title">
      <title>{`${data.title} · Forecourt console`}</title>
      <p className="text-sm">
        <a href={data.back.href} className="underline">
          {data.back.label}
        </a>
      </p>
      <h1 id="staff-title" className="text-2xl font-bold">
        {data.title}
      </h1>
      <FormStatus outcome={outcome} />
      {data.staff.length ? (
        <ScrollingTable label="Staff" className="mt-4">
          <caption className="sr-only">Staff and their roles</caption>
          <thead>
            <tr>
              <th scope="col">E-mail</th>
              <th scope="col">Role</th>
              {data.canManage ? <th scope="col">Change</th> : null}
            </tr>
          </thead>
          <tbody>
            {data.staff.map((s) => {
              const form = `role-${s.grantId}`;
              const rowErrors = [...errorsOf(outcome, form, "form"), ...errorsOf(outcome, `remove-${s.grantId}`, "form"), ...errorsOf(outcome, `locations-${s.grantId}`, "form")];
              return (
                <tr key={s.grantId} className="border-t border-slate-200 align-top">
                  <td className="py-2 pr-2">{s.email}</td>
                  <td className="py-2 pr-2">
                    {ROLE_LABELS[s.role]}
                    {s.role === "sales" ? <span className="block text-slate-600">{s.locationIds.map((id) => names.get(id)).filter(Boolean).join(", ") || "no locations yet"}</span> : null}
                  </td>
                  {data.canManage ? (
                    <td className="py-2">
                      {s.email === data.me ? (
                        <span className="text-slate-600">You</span>
                      ) : (
                        <div className="grid gap-2">
                          <form method="post" className="flex flex-wrap items-end gap-2">
                            <input type="hidden" name="grantId" value={s.grantId} />
                            <label className="grid gap-1">
                              <span>Role for {s.email}</span>
                              <RoleSelect roles={data.roles} value={s.role} />
                            </label>
                            {s.role === "sales" ? <LocationBoxes form={form} locations={data.locations} checked={s.locationIds} outcome={outcome} /> : null}
                            <button name="intent" value="role" className="rounded border border-slate-500 px-3 py-1">
                              Save role
                            </button>
                            {s.role === "sales" ? (
                              <button name="intent" value="locations" className="rounded border border-slate-500 px-3 py-1">
                                Save locations
                              </button>
                            ) : null}
                          </form>
                          <form method="post">
                            <input type="hidden" name="grantId" value={s.grantId} />
                            <button name="intent" value="remove" className="rounded border border-red-700 px-3 py-1 text-red-800">
                              Remove {s.email}
                            </button>
                          </form>
                          {rowErrors.length ? <p className="text-sm font-semibold text-red-800">{rowErrors.join(" ")}</p> : null}
                        </div>
                      )}
                    </td>
                  ) : null}
                </tr>
              );
            })}
          </tbody>
        </ScrollingTable>
      ) : (
        <p className="mt-4">Nobody works here yet.{data.canManage ? " Invite the first person below." : ""}</p>
      )}
      {data.invitations.length ? (
        <>
          <h2 className="mt-6 text-xl font-semibold">Invitations waiting</h2>
          <ul className="mt-2 grid gap-2">
            {data.invitations.map((i) => (
              <li key={i.id} className="flex flex-wrap items-center gap-3">
                <span>
                  {i.email}, {ROLE_LABELS[i.role].toLowerCase()} (until {staffTimeText(i.expiresAt)})
                </span>
                {data.canManage ? (
                  <form method="post">
                    <input type="hidden" name="invitationId" value={i.id} />
                    <button name="intent" value="revoke" className="rounded border border-slate-500 px-3 py-1 text-sm">
                      Withdraw invitation to {i.email}
                    </button>
                  </form>
                ) : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {data.canManage ? (
        <section aria-labelledby="invite-title" className="mt-6 max-w-md">
          <h2 id="invite-title" className="text-xl font-semibold">
            Invite someone
          </h2>
          <form method="post" className="mt-2 grid gap-3" noValidate>
            <label className="grid gap-1">
              <span>Work e-mail</span>
              <input
                name="email"
                type="email"
                autoComplete="off"
                defaultValue={keptValue(outcome, "invite", "email")}
                aria-invalid={emailErrors.length ? true : undefined}
                aria-describedby={emailErrors.length ? "invite-email-error" : undefined}
                className="rounded border border-slate-400 px-3 py-2"
              />
            </label>
            <FieldErrors id="invite-email-error" messages={emailErrors} />
            <div className="grid gap-1">
              <label htmlFor="invite-role">Role</label>
              <RoleSelect id="invite-role" roles={data.roles} value={keptValue(outcome, "invite", "role", data.roles[0])} describedBy={roleErrors.length ? "invite-role-error" : undefined} />
            </div>
            <FieldErrors id="invite-role-error" messages={roleErrors} />
            {data.roles.includes("sales") ? <LocationBoxes form="invite" locations={data.locations} checked={[]} outcome={outcome} /> : null}
            <button name="intent" value="invite" className="rounded bg-slate-900 px-4 py-2 font-semibold text-white">
              Send invitation
            </button>
          </form>
        </section>
      ) : null}
    </section>
  );
}

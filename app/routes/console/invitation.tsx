/**
 * `/invitations/{token}`: an e-mailed invitation (issue 48 item 2). Opening the link shows what it
 * grants; accepting is a form post (a mail scanner's GET never uses it up), which creates the
 * grant and signs the person in through a one-time link, as any other sign-in.
 */
import { redirect } from "react-router";
import type { Route } from "./+types/invitation";
import { consoleOf } from "~/console/guard.server";
import { ROLE_LABELS } from "~/console/permissions";
import { acceptInvitation, invitationByToken } from "~/console/staff-admin.server";
import { dbContext } from "~/context";

const TOKEN = /^[A-Za-z0-9_-]{20,100}$/;

export async function loader({ context, params }: Route.LoaderArgs) {
  consoleOf(context);
  const invitation = TOKEN.test(params.token) ? await invitationByToken(context.get(dbContext), params.token, Date.now()) : null;
  return { invitation: invitation ? { ...invitation, role: ROLE_LABELS[invitation.role] } : null };
}

export async function action({ context, params, request }: Route.ActionArgs) {
  const console = consoleOf(context);
  const db = context.get(dbContext);
  const accepted = TOKEN.test(params.token) ? await acceptInvitation(db, params.token, console.clientIp, Date.now()) : null;
  if (!accepted) return { failed: true };
  // A session another person held in this browser ends; the new one comes from the one-time link.
  await console.auth.endPresentedSession(request, console.origin);
  const link = await console.auth.signInLink(console.origin, accepted.email);
  const url = new URL(link);
  throw redirect(`${url.pathname}${url.search}`);
}

export default function ConsoleInvitation({ loaderData, actionData }: Route.ComponentProps) {
  const invitation = loaderData.invitation;
  const open = invitation?.state === "open" && !actionData?.failed;
  return (
    <section aria-labelledby="invitation-title" className="mx-auto max-w-md">
      <title>Invitation · Forecourt console</title>
      <h1 id="invitation-title" className="text-2xl font-bold">
        Your invitation
      </h1>
      {open ? (
        <>
          <p className="mt-3">
            {invitation.email} is invited to <strong>{invitation.to}</strong> as {invitation.role.toLowerCase()}.
          </p>
          <form method="post" className="mt-4">
            <button className="rounded bg-slate-900 px-4 py-2 font-semibold text-white">Accept and sign in</button>
          </form>
        </>
      ) : (
        <p className="mt-3">
          {invitation?.state === "accepted" ? "This invitation was already accepted. " : invitation?.state === "expired" ? "This invitation has expired. " : "This invitation link does not work any more. "}
          <a href="/sign-in" className="underline">
            Sign in
          </a>{" "}
          with your e-mail, or ask the person who invited you for a new invitation.
        </p>
      )}
    </section>
  );
}

/**
 * `/account`: the signed-in member's passkeys (add one after an e-mailed code; remove one) and
 * signing out everywhere (issue 48 item 2). Adding a passkey needs the browser's WebAuthn API,
 * so that button is the console's one script (public/console/passkeys.js); the rest are forms.
 */
import { and, asc, eq } from "drizzle-orm";
import { z } from "zod";
import type { Route } from "./+types/account";
import { consoleOf, guardConsoleRoute } from "~/console/guard.server";
import { formProblem, parseConsoleForm } from "~/console/form.server";
import { FormStatus, type FormOutcome } from "~/console/forms";
import { recordAudit } from "~/console/staff.server";
import { staffPasskeys } from "../../../db/schema/index";

export async function loader(args: Route.LoaderArgs) {
  const { db, member } = await guardConsoleRoute("console-account", args);
  const keys = await db.select({ id: staffPasskeys.id, name: staffPasskeys.name, createdAt: staffPasskeys.createdAt }).from(staffPasskeys).where(eq(staffPasskeys.userId, member.id)).orderBy(asc(staffPasskeys.createdAt));
  return { email: member.email, passkeys: keys.map((k) => ({ id: k.id, name: k.name || "Passkey", added: k.createdAt?.toISOString().slice(0, 10) ?? "" })), added: new URL(args.request.url).searchParams.has("added") };
}

const RemovePasskey = z.object({ intent: z.literal("remove-passkey"), passkeyId: z.string().min(1).max(200) });

export async function action(args: Route.ActionArgs) {
  const { db, member } = await guardConsoleRoute("console-account", args);
  const console = consoleOf(args.context);
  const parsed = parseConsoleForm("passkey", await args.request.formData(), RemovePasskey);
  if (!parsed.ok) return formProblem(parsed.problem);
  const removed = await db.transaction(async (tx) => {
    const [row] = await tx.delete(staffPasskeys).where(and(eq(staffPasskeys.id, parsed.value.passkeyId), eq(staffPasskeys.userId, member.id))).returning({ id: staffPasskeys.id, name: staffPasskeys.name });
    if (row) await recordAudit(tx, { userId: member.id, actorEmail: member.email, action: "passkey.remove", entity: "staff-passkey", entityId: row.id, before: { name: row.name }, ipAddress: console.clientIp });
    return row;
  });
  return { problem: null, done: removed ? "Passkey removed." : "That passkey was already removed." };
}

export default function ConsoleAccount({ loaderData, actionData }: Route.ComponentProps) {
  const outcome = actionData as FormOutcome;
  return (
    <section aria-labelledby="account-title" className="max-w-xl">
      <title>My account · Forecourt console</title>
      <h1 id="account-title" className="text-2xl font-bold">
        My account
      </h1>
      <p className="mt-1">Signed in as {loaderData.email}.</p>
      {loaderData.added && !outcome ? (
        <p role="status" className="mt-3 rounded border border-green-700 bg-green-50 p-3 text-sm">
          Passkey added. Next time, sign in with it.
        </p>
      ) : null}
      <FormStatus outcome={outcome} />
      <h2 className="mt-6 text-xl font-semibold">Passkeys</h2>
      {loaderData.passkeys.length ? (
        <ul className="mt-2 grid gap-2">
          {loaderData.passkeys.map((p) => (
            <li key={p.id} className="flex flex-wrap items-center gap-3">
              <span>
                {p.name} (added {p.added})
              </span>
              <form method="post">
                <input type="hidden" name="passkeyId" value={p.id} />
                <button name="intent" value="remove-passkey" className="rounded border border-slate-500 px-3 py-1 text-sm">
                  Remove {p.name}
                </button>
              </form>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2">No passkeys yet. A passkey signs you in with your fingerprint, face or device PIN instead of an e-mailed code.</p>
      )}
      <p className="mt-2 text-sm text-slate-600">For your safety, a passkey can be added only within 15 minutes of signing in.</p>
      <div data-passkey hidden className="mt-3 grid max-w-sm gap-2">
        <label htmlFor="passkey-name">Name for the new passkey (optional)</label>
        <input id="passkey-name" maxLength={60} placeholder="e.g. Work laptop" className="rounded border border-slate-400 px-3 py-2" />
        <button type="button" data-passkey-action="register" data-name-input="passkey-name" className="rounded bg-slate-900 px-4 py-2 font-semibold text-white">
          Add a passkey
        </button>
        <p data-passkey-status role="status" className="text-sm" />
      </div>
      <noscript>
        <p className="mt-3 text-sm">Adding a passkey needs JavaScript.</p>
      </noscript>
      <h2 className="mt-6 text-xl font-semibold">Sessions</h2>
      <p className="mt-2">
        <a href="/sign-out" className="underline">
          Sign out of this browser, or everywhere
        </a>
      </p>
      <script src="/console/passkeys.js" defer />
    </section>
  );
}

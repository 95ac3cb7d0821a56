/**
 * `/account`: the signed-in member's passkeys (add one after an e-mailed code; remove one), the
 * browsers they are signed in on, each of which they can sign out (ASVS 3.3.4), and signing out
 * everywhere (issue 48 item 2). Adding a passkey needs the browser's WebAuthn API,
 * so that button is the console's one script (public/console/passkeys.js); the rest are forms.
 */
import { and, asc, eq } from "drizzle-orm";
import { z } from "zod";
import type { Route } from "./+types/account";
import { consoleOf, guardConsoleAction, guardConsoleRoute } from "~/console/guard.server";
import { FRESH_SECONDS } from "~/console/auth.server";
import { isOperator } from "~/console/step-up.server";
import { formProblem, parseConsoleForm, readConsoleFormData } from "~/console/form.server";
import { FormStatus, type FormOutcome } from "~/console/forms";
import { recordAudit } from "~/console/staff.server";
import { staffTimeText } from "~/console/staff-time";
import { staffPasskeys } from "../../../db/schema/index";

export async function loader(args: Route.LoaderArgs) {
  const { db, member } = await guardConsoleRoute("console-account", args);
  const console = consoleOf(args.context);
  const [keys, sessions] = await Promise.all([
    db.select({ id: staffPasskeys.id, name: staffPasskeys.name, createdAt: staffPasskeys.createdAt }).from(staffPasskeys).where(eq(staffPasskeys.userId, member.id)).orderBy(asc(staffPasskeys.createdAt)),
    console.auth.sessionsOf(member.id),
  ]);
  // The guard has read this request's session already: the one marked "this browser".
  const current = member.session?.sessionId ?? null;
  const next = args.url.searchParams.get("next") ?? "";
  return {
    email: member.email,
    freshMinutes: FRESH_SECONDS / 60,
    // ASVS 4.3.1: an operator signed in by e-mail is sent here before any site, group or platform page.
    passkeyRequired: isOperator(member) && member.session?.method !== "passkey" ? { next: next.startsWith("/") && !next.startsWith("//") && !next.startsWith("/\\") ? next : "/" } : null,
    passkeys: keys.map((k) => ({ id: k.id, name: k.name || "Passkey", added: k.createdAt ? staffTimeText(k.createdAt) : "" })),
    added: args.url.searchParams.has("added"),
    sessions: sessions.map((s) => ({ id: s.id, signedIn: staffTimeText(s.createdAt), lastActive: staffTimeText(s.updatedAt), address: s.ipAddress ?? "unknown", browser: s.userAgent ?? "unknown", current: s.id === current })),
  };
}

const RemovePasskey = z.object({ intent: z.literal("remove-passkey"), passkeyId: z.string().min(1).max(200) });
const EndSession = z.object({ intent: z.literal("end-session"), sessionId: z.string().min(1).max(200) });
const AccountAction = z.discriminatedUnion("intent", [RemovePasskey, EndSession]);

export async function action(args: Route.ActionArgs) {
  const { db, member } = await guardConsoleAction("console-account", args);
  const console = consoleOf(args.context);
  const parsed = parseConsoleForm("account", await readConsoleFormData(args.request), AccountAction);
  if (!parsed.ok) return formProblem(parsed.problem);
  if (parsed.value.intent === "end-session") {
    const { sessionId } = parsed.value;
    const ended = await db.transaction(async (tx) => {
      const live = await console.auth.endSession(member.id, sessionId, tx);
      if (live) await recordAudit(tx, { userId: member.id, actorEmail: member.email, action: "session.end", entity: "staff-session", entityId: sessionId, ipAddress: console.clientIp });
      return live;
    });
    return { problem: null, done: ended ? "That browser is signed out." : "That session had already ended." };
  }
  const { passkeyId } = parsed.value;
  const removed = await db.transaction(async (tx) => {
    const [row] = await tx.delete(staffPasskeys).where(and(eq(staffPasskeys.id, passkeyId), eq(staffPasskeys.userId, member.id))).returning({ id: staffPasskeys.id, name: staffPasskeys.name });
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
      {loaderData.passkeyRequired ? (
        <div role="region" aria-labelledby="passkey-required-title" className="mt-4 rounded border border-amber-600 bg-amber-50 p-3">
          <h2 id="passkey-required-title" className="font-semibold">
            Platform work needs a passkey
          </h2>
          <p className="mt-1 text-sm">
            {loaderData.passkeys.length
              ? "You signed in with an e-mail. Confirm with your passkey to open site, group and platform pages."
              : "You signed in with an e-mail. Add a passkey below, then confirm with it to open site, group and platform pages."}
          </p>
          {loaderData.passkeys.length ? (
            <button type="button" data-passkey hidden data-passkey-action="sign-in" data-next={loaderData.passkeyRequired.next} className="mt-2 rounded bg-slate-900 px-4 py-2 font-semibold text-white">
              Confirm with my passkey
            </button>
          ) : null}
        </div>
      ) : null}
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
      <p className="mt-2 text-sm text-slate-600">For your safety, a passkey can be added only within {loaderData.freshMinutes} minutes of signing in.</p>
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
      <h2 className="mt-6 text-xl font-semibold">Where you are signed in</h2>
      <ul className="mt-2 grid gap-3">
        {loaderData.sessions.map((s) => (
          <li key={s.id} className="rounded border border-slate-300 p-3 text-sm">
            <p className="font-semibold">{s.current ? "This browser" : "Another browser"}</p>
            <p className="break-words">{s.browser}</p>
            <p>{`Signed in ${s.signedIn} from ${s.address}; last active ${s.lastActive}.`}</p>
            {s.current ? null : (
              <form method="post" className="mt-2">
                <input type="hidden" name="sessionId" value={s.id} />
                <button name="intent" value="end-session" className="rounded border border-slate-500 px-3 py-1">
                  Sign out this browser
                </button>
              </form>
            )}
          </li>
        ))}
      </ul>
      <p className="mt-2">
        <a href="/sign-out" className="underline">
          Sign out of this browser, or everywhere
        </a>
      </p>
      <script src="/console/passkeys.js" defer />
    </section>
  );
}

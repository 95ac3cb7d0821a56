/**
 * Staff sign-in (issue 48 item 2, decisions 250 and 280): a passkey (when the browser has one and
 * JavaScript runs), else an e-mailed 6-digit code; one-time links from
 * `npm run staff` land on better-auth's /api/auth/magic-link/verify and come back here on error.
 * Works without JavaScript; what the member typed is kept on every error.
 */
import { redirect } from "react-router";
import type { Route } from "./+types/sign-in";
import { consoleOf } from "~/console/guard.server";
import { STAFF_SIGN_IN_MESSAGES } from "~/console/auth.server";
import { EmailCodeSteps } from "~/console/code-fields";
import { readConsoleFormData } from "~/console/form.server";

/** A `next` path on the console itself (never another origin). */
function safeNext(value: string | null): string {
  return value && value.startsWith("/") && !value.startsWith("//") && !value.startsWith("/\\") ? value : "/";
}

export async function loader({ context, request, url }: Route.LoaderArgs) {
  const console = consoleOf(context);
  if (await console.auth.userIdOf(request, console.origin)) throw redirect(safeNext(url.searchParams.get("next")));
  const error = url.searchParams.get("error");
  return { next: safeNext(url.searchParams.get("next")), linkError: error ? "That sign-in link has expired or was already used. Ask for a code below." : null };
}

export async function action({ context, request, url }: Route.ActionArgs) {
  const console = consoleOf(context);
  const form = await readConsoleFormData(request);
  const email = String(form.get("email") ?? "").trim().slice(0, 254);
  const next = safeNext(String(form.get("next") ?? "/"));
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) return { step: "email" as const, email, message: STAFF_SIGN_IN_MESSAGES.invalidEmail, next };
  if (form.get("intent") === "code") {
    const code = String(form.get("code") ?? "").replace(/\s/g, "");
    if (!/^\d{6}$/.test(code)) return { step: "code" as const, email, message: STAFF_SIGN_IN_MESSAGES.invalidCode, next };
    const outcome = await console.auth.signInWithCode(request, console.origin, email, code, console.clientIp);
    if (!outcome.ok) return { step: "code" as const, email, message: outcome.message, next };
    const headers = new Headers();
    for (const cookie of outcome.setCookies) headers.append("Set-Cookie", cookie);
    throw redirect(next, { headers });
  }
  const outcome = await console.auth.requestCode(request, console.origin, email);
  if (!outcome.ok) return { step: "email" as const, email, message: outcome.message, next };
  return { step: "code" as const, email, message: STAFF_SIGN_IN_MESSAGES.sent, next };
}

export default function ConsoleSignIn({ loaderData, actionData }: Route.ComponentProps) {
  const step = actionData?.step ?? "email";
  const next = actionData?.next ?? loaderData.next;
  const message = actionData?.message ?? loaderData.linkError;
  return (
    <section aria-labelledby="sign-in-title" className="mx-auto max-w-sm">
      <title>Sign in · Forecourt console</title>
      <h1 id="sign-in-title" className="text-2xl font-bold">
        Staff sign-in
      </h1>
      {message ? (
        <p role="status" className="mt-3 rounded border border-slate-300 bg-slate-50 p-3 text-sm">
          {message}
        </p>
      ) : null}
      <form method="post" className="mt-4 grid gap-3">
        <input type="hidden" name="next" value={next} />
        <label className="grid gap-1">
          <span>Work e-mail</span>
          <input name="email" type="email" autoComplete="username" required defaultValue={actionData?.email ?? ""} readOnly={step === "code"} className="rounded border border-slate-400 px-3 py-2" />
        </label>
        <EmailCodeSteps codeSent={step === "code"} codeField="code" stepField="intent" submitLabel="Sign in" />
      </form>
      <div data-passkey hidden className="mt-6 grid gap-2 border-t border-slate-200 pt-4">
        <button type="button" data-passkey-action="sign-in" data-next={next} className="rounded border border-slate-900 px-4 py-2 font-semibold">
          Sign in with a passkey
        </button>
        <p data-passkey-status role="status" className="text-sm" />
      </div>
      <script src="/console/passkeys.js" defer />
    </section>
  );
}

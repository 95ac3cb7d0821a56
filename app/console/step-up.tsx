/**
 * The "Confirm it's you" page (issue 48, ASVS 3.7.1, 4.3.1, 4.3.3): shown by the console layout's
 * error boundary when the guard refused a post for want of a fresh or passkey sign-in
 * (app/console/step-up.server.ts). Every value the member typed travels in hidden fields and is
 * posted again after the confirmation, so nothing typed is lost. The passkey button needs the
 * browser's WebAuthn (public/console/passkeys.js); the e-mailed code works without JavaScript.
 */
import { EmailCodeSteps } from "./code-fields";

/** What the "Confirm it's you" page shows (the data of the 401 the guard throws). */
export interface StepUpChallenge {
  stepUp: true;
  /** The public path the form posts to again. */
  action: string;
  /** Every text value of the refused post, in order (file inputs cannot be kept). */
  fields: [string, string][];
  /** "passkey": an operator whose session is not from a passkey; "fresh": the sign-in is too old. */
  reason: "passkey" | "fresh";
  /** Whether the member has a passkey to confirm with. */
  hasPasskey: boolean;
  /** Whether a code may be used instead (never for operators). */
  codeAllowed: boolean;
  /** A code was e-mailed: the page asks for it. */
  codeSent: boolean;
  message: string | null;
}

/** The challenge in a route error's data, or null. */
export function stepUpOf(value: unknown): StepUpChallenge | null {
  return value && typeof value === "object" && (value as { stepUp?: unknown }).stepUp === true ? (value as StepUpChallenge) : null;
}

function Kept({ fields }: { fields: [string, string][] }) {
  return (
    <>
      {fields.map(([name, value], i) => (
        <input key={`${name}-${i}`} type="hidden" name={name} value={value} />
      ))}
    </>
  );
}

/** The confirmation page for a refused post. */
export function StepUpPanel({ challenge }: { challenge: StepUpChallenge }) {
  const { action, fields } = challenge;
  return (
    <section aria-labelledby="step-up-title" className="mx-auto max-w-md">
      <title>Confirm it's you · Forecourt console</title>
      <h1 id="step-up-title" className="text-2xl font-bold">
        Confirm it's you
      </h1>
      <p className="mt-2">
        {challenge.reason === "passkey"
          ? "Platform operators confirm with a passkey before any platform work. Nothing has been changed yet."
          : "This change needs a recent sign-in. Confirm it's you and it goes ahead as you entered it. Nothing has been changed yet."}
      </p>
      {challenge.message ? (
        <p role="status" className="mt-3 rounded border border-slate-300 bg-slate-50 p-3 text-sm">
          {challenge.message}
        </p>
      ) : null}
      {challenge.hasPasskey ? (
        <form method="post" action={action} data-passkey hidden className="mt-4 grid gap-2">
          <Kept fields={fields} />
          <button type="button" data-passkey-action="step-up" className="rounded bg-slate-900 px-4 py-2 font-semibold text-white">
            Confirm with a passkey
          </button>
          <p data-passkey-status role="status" className="text-sm" />
        </form>
      ) : challenge.reason === "passkey" ? (
        <p className="mt-4">
          You have no passkey yet.{" "}
          <a className="underline" href={`/account?passkey=required&next=${encodeURIComponent(action)}`}>
            Add a passkey on your account page
          </a>
          , then come back to this page.
        </p>
      ) : null}
      {challenge.codeAllowed ? (
        <form method="post" action={action} className="mt-6 grid gap-3 border-t border-slate-200 pt-4">
          <Kept fields={fields} />
          <EmailCodeSteps codeSent={challenge.codeSent} codeField="stepUpCode" stepField="stepUp" submitLabel="Confirm and carry on" />
        </form>
      ) : null}
      <p className="mt-6">
        <a className="underline" href={action}>
          Cancel
        </a>
      </p>
      <script src="/console/passkeys.js" defer />
    </section>
  );
}

/**
 * The e-mailed code's two steps in a console form (issue 48 item 2): first "E-mail me a code",
 * then the 6-digit code with "Send a new code". Used by staff sign-in and by the "Confirm it's
 * you" page (decision 355); plain form controls, no JavaScript.
 */
export function EmailCodeSteps({ codeSent, codeField, stepField, submitLabel }: { codeSent: boolean; codeField: string; stepField: string; submitLabel: string }) {
  if (!codeSent)
    return (
      <button name={stepField} value="send" className="rounded bg-slate-900 px-4 py-2 font-semibold text-white">
        E-mail me a code
      </button>
    );
  return (
    <>
      <label className="grid gap-1">
        <span>6-digit code from the e-mail</span>
        <input name={codeField} inputMode="numeric" autoComplete="one-time-code" pattern="[0-9 ]{6,7}" required className="rounded border border-slate-400 px-3 py-2" />
      </label>
      <button name={stepField} value="code" className="rounded bg-slate-900 px-4 py-2 font-semibold text-white">
        {submitLabel}
      </button>
      <button name={stepField} value="send" formNoValidate className="rounded border border-slate-400 px-4 py-2">
        Send a new code
      </button>
    </>
  );
}

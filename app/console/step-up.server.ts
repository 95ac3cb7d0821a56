/**
 * Re-authentication before the console's high-value changes (issue 48 "Standards", ASVS 3.7.1,
 * 4.3.1 and 4.3.3; decision 355).
 *
 * - A change the route table marks `stepUp` (granting or changing a role, removing staff,
 *   publishing or rolling back settings, onboarding, hosts, archiving, removing a passkey) needs a
 *   sign-in in the last {@link FRESH_SECONDS} (better-auth's "fresh session").
 * - A platform operator's session must come from a passkey for every site, group and platform
 *   page (a phishing-resistant factor with user verification); an e-mailed code or link is not
 *   enough there, also not as a step-up.
 * - When neither holds, the post is not carried out: the console answers a "Confirm it's you" page
 *   (the layout's error boundary) that holds every value the member typed as hidden fields, and
 *   posts them again after a passkey (the browser's WebAuthn, public/console/passkeys.js) or an
 *   e-mailed code. A correct code signs in afresh through better-auth and answers 307 to the same
 *   URL, so the browser posts the same form again with the new session.
 */
import { data, redirect } from "react-router";
import { eq } from "drizzle-orm";
import { FRESH_SECONDS, type StaffSessionState } from "./auth.server";
import type { ConsoleRequest } from "./context";
import type { StepUpChallenge } from "./step-up";
import type { StaffMember } from "./staff.server";
import type { Database } from "../../db/client";
import { staffPasskeys } from "../../db/schema/index";

/** Form fields of the step-up itself: never among the kept values (after a code, the re-post carries them and actions ignore them). */
export const STEP_UP_FIELD = "stepUp";
export const STEP_UP_CODE_FIELD = "stepUpCode";

/** True when the member holds a platform grant (an operator). */
export function isOperator(member: StaffMember): boolean {
  return member.grants.some((g) => g.role === "platform_operator");
}

/** True when the session was signed in within {@link FRESH_SECONDS} (epoch ms `now`). */
export function isFresh(session: StaffSessionState, now: number = Date.now()): boolean {
  return now - session.signedInAt.getTime() < FRESH_SECONDS * 1000;
}

/** True when an operator's session is not from a passkey (ASVS 4.3.1): their site, group and platform pages are closed to it. */
export function operatorNeedsPasskey(member: StaffMember, session: StaffSessionState): boolean {
  return isOperator(member) && session.method !== "passkey";
}

/**
 * For an operator's page view without a passkey session: the account page, which asks for a
 * passkey (adding one first when they have none) and comes back to `next`.
 */
export function passkeyRequiredRedirect(next: string): Response {
  return redirect(`/account?passkey=required&next=${encodeURIComponent(next)}`);
}

/**
 * Applies the step-up rules to a post the guard has already allowed.
 * @param highValue whether this post is one of the route's `stepUp` intents
 * @param operatorPage whether the route is a site, group or platform page (an operator's session
 *   must be from a passkey there, and only a passkey confirms)
 * @param path the public path of the request (the form posts there again)
 * @throws a 401 {@link StepUpChallenge} when a re-authentication is needed; a 307 redirect to
 *   `path` with the new session cookie after a correct e-mailed code
 */
export async function requireStepUp(input: { db: Database; console: ConsoleRequest; request: Request; member: StaffMember; session: StaffSessionState; highValue: boolean; operatorPage: boolean; path: string }): Promise<void> {
  const { member, session } = input;
  const passkeyOnly = input.operatorPage && isOperator(member);
  const reason = passkeyOnly && session.method !== "passkey" ? "passkey" : input.highValue && !isFresh(session) ? "fresh" : null;
  if (!reason) return;
  const form = await input.request.clone().formData();
  const fields = [...form.entries()].filter((e): e is [string, string] => typeof e[1] === "string" && e[0] !== STEP_UP_FIELD && e[0] !== STEP_UP_CODE_FIELD);
  const [key] = await input.db.select({ id: staffPasskeys.id }).from(staffPasskeys).where(eq(staffPasskeys.userId, member.id)).limit(1);
  const codeAllowed = !passkeyOnly;
  const challenge: StepUpChallenge = { stepUp: true, action: input.path, fields, reason, hasPasskey: !!key, codeAllowed, codeSent: false, message: null };
  const step = form.get(STEP_UP_FIELD);
  if (codeAllowed && step === "send") {
    const sent = await input.console.auth.requestCode(input.request, input.console.origin, member.email);
    throw data({ ...challenge, codeSent: sent.ok, message: sent.ok ? `A 6-digit code is on its way to ${member.email}.` : sent.message }, { status: 401 });
  }
  if (codeAllowed && step === "code") {
    const code = String(form.get(STEP_UP_CODE_FIELD) ?? "").replace(/\s/g, "");
    if (!/^\d{6}$/.test(code)) throw data({ ...challenge, codeSent: true, message: "Please enter the 6-digit code from the e-mail." }, { status: 401 });
    const outcome = await input.console.auth.signInWithCode(input.request, input.console.origin, member.email, code, input.console.clientIp);
    if (!outcome.ok) throw data({ ...challenge, codeSent: true, message: outcome.message }, { status: 401 });
    const headers = new Headers();
    for (const cookie of outcome.setCookies) headers.append("Set-Cookie", cookie);
    throw redirect(input.path, { status: 307, headers });
  }
  throw data(challenge, { status: 401 });
}

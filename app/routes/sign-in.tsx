/**
 * `/sign-in?type={type}&redirect={path}&back={path}` (spec 2.1; issue 9). Two steps, both plain
 * form posts (works without JavaScript):
 * 1. the shopper's Australian mobile number -> a 6-digit code by SMS;
 * 2. the code -> signed in (session cookie), then sent to `redirect` (same-site paths only).
 * `back` returns to where they came from. A `car_id` (watchlist sign-in) is saved to the
 * watchlist as part of signing in (spec 4 "after signing in the car is saved").
 */
import { data, Form, redirect, useNavigation } from "react-router";
import { Link } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/sign-in";
import { getSmsSender } from "~/adapters/sms/sms.server";
import { dbContext, requestInfoContext, siteContext } from "~/context";
import { PRIVATE_PAGE_HEADERS } from "~/domain/private-page";
import { parseDbId } from "~/domain/db-id";
import { maskAuMobile } from "~/domain/accounts/phone";
import { parseSignInType, safeRedirectPath, type SignInType } from "~/domain/accounts/redirect";
import { deviceTokenFrom, getShopper, rememberDevice, requestSignInCode, startSession, verifySignInCode } from "~/services/auth.server";
import { assertSameOrigin } from "~/services/origin.server";
import { saveCar } from "~/services/watchlist.server";
import { readFormData } from "~/services/read-form.server";
import { keepFormOnFailure } from "~/components/form-client-action";
import { GENERIC_FORM_ERROR } from "~/forms/lead-form-text";

const HEADINGS: Record<SignInType, { title: string; lead: string }> = {
  watchlist: { title: "Sign in to save this car", lead: "Your watchlist is kept with your mobile number, so it follows you to any device." },
  garage: { title: "Sign in to My Garage", lead: "My Garage keeps the cars you have saved." },
  checkout: { title: "Sign in to reserve online", lead: "We need your mobile number before you reserve a car." },
  finance: { title: "Sign in for finance", lead: "We need your mobile number before you apply for finance." },
  payment: { title: "Sign in to pay online", lead: "We need your mobile number before you pay online." },
  "spin-to-win": { title: "Sign in to spin", lead: "One spin per mobile number." },
  account: { title: "Sign in", lead: "Sign in with your mobile number to keep a watchlist across devices." },
};

function readParams(url: URL) {
  const redirectTo = safeRedirectPath(url.searchParams.get("redirect"));
  const carId = parseDbId(url.searchParams.get("car_id"));
  return {
    type: parseSignInType(url.searchParams.get("type")),
    redirect: redirectTo,
    back: safeRedirectPath(url.searchParams.get("back"), redirectTo),
    carId,
  };
}

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const site = context.get(siteContext);
  const params = readParams(url);
  if (await getShopper(request, site, context.get(dbContext))) throw redirect(params.redirect);
  return { ...params, siteName: site.name };
}

export function meta({ loaderData: data }: Route.MetaArgs) {
  const heading = data ? HEADINGS[data.type].title : "Sign in";
  return [{ title: `${heading} | ${data?.siteName ?? ""}` }, { name: "robots", content: "noindex" }];
}

const FormSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("request-code"), phone: z.string().max(64).default("") }),
  z.object({ intent: z.literal("verify"), challenge: z.string().uuid(), code: z.string().max(32).default("") }),
]);

type ActionData =
  | { step: "phone"; error: string | null; phone: string }
  | { step: "code"; error: string | null; challenge: string; masked: string };

/**
 * A request that never reached the app keeps the step and the number typed, with spec 8's
 * generic form message (issue 51 section 1).
 */
export const clientAction = keepFormOnFailure<ActionData>((posted) =>
  posted.get("intent") === "verify"
    ? { step: "code", error: GENERIC_FORM_ERROR, challenge: String(posted.get("challenge") ?? ""), masked: "your mobile" }
    : { step: "phone", error: GENERIC_FORM_ERROR, phone: String(posted.get("phone") ?? "") },
);

export async function action({ request, context, url }: Route.ActionArgs) {
  assertSameOrigin(request);
  const site = context.get(siteContext);
  const db = context.get(dbContext);
  const info = context.get(requestInfoContext);
  const params = readParams(url);
  const parsed = FormSchema.safeParse(Object.fromEntries(await readFormData(request)));
  if (!parsed.success) return data<ActionData>({ step: "phone", error: "Please enter your mobile number.", phone: "" }, { status: 400 });
  const form = parsed.data;

  if (form.intent === "request-code") {
    const result = await requestSignInCode(db, site, getSmsSender(), { phone: form.phone, ip: info?.clientIp ?? null, now: Date.now(), deviceToken: deviceTokenFrom(request) });
    if (result.kind === "sent") return data<ActionData>({ step: "code", error: null, challenge: result.handle, masked: maskAuMobile(result.phone) });
    const status = result.kind === "rate-limited" ? 429 : result.kind === "sms-failed" ? 503 : 400;
    return data<ActionData>({ step: "phone", error: result.message, phone: form.phone }, { status });
  }

  const result = await verifySignInCode(db, site, { handle: form.challenge, code: form.code, now: Date.now() });
  if (result.kind === "ok") {
    const cookie = await startSession(request, site, db, result.shopper);
    if (params.type === "watchlist" && params.carId) await saveCar(db, site, result.shopper, params.carId);
    const headers = new Headers({ "Set-Cookie": cookie });
    headers.append("Set-Cookie", await rememberDevice(request, site, db, result.shopper));
    throw redirect(params.redirect, { headers });
  }
  if (result.kind === "wrong-code") return data<ActionData>({ step: "code", error: result.message, challenge: form.challenge, masked: maskAuMobile(result.phone) }, { status: 400 });
  if (result.kind === "invalid") {
    return data<ActionData>({ step: "code", error: result.message, challenge: form.challenge, masked: "your mobile" }, { status: 400 });
  }
  return data<ActionData>({ step: "phone", error: result.message, phone: "" }, { status: 400 });
}

const INPUT = "mt-1 block w-full rounded border border-slate-400 px-3 py-2 text-lg";
const BUTTON = "mt-4 w-full rounded bg-[var(--site-primary)] px-4 py-2 font-semibold text-[var(--site-on-primary)] disabled:opacity-60";

/** One shopper's transaction: never kept by a shared cache (app/domain/private-page.ts). */
export function headers() {
  return PRIVATE_PAGE_HEADERS;
}

export default function SignIn({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const heading = HEADINGS[loaderData.type];
  const state: ActionData = actionData ?? { step: "phone", error: null, phone: "" };
  return (
    <section aria-labelledby="sign-in-title" className="mx-auto max-w-md rounded-lg bg-white p-6 shadow-sm sm:p-8">
      <h1 id="sign-in-title" className="text-2xl font-bold">
        {heading.title}
      </h1>
      <p className="mt-2 text-slate-700">{heading.lead}</p>
      {state.error ? (
        <p role="alert" className="mt-4 rounded border border-red-300 bg-red-50 px-3 py-2 text-red-800" data-testid="sign-in-error">
          {state.error}
        </p>
      ) : null}
      {state.step === "phone" ? (
        <Form method="post" className="mt-4" key="phone">
          <input type="hidden" name="intent" value="request-code" />
          <label htmlFor="sign-in-phone" className="block font-medium">
            Mobile number
          </label>
          <input
            id="sign-in-phone"
            name="phone"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            required
            maxLength={20}
            defaultValue={state.phone}
            placeholder="0412 345 678"
            aria-describedby="sign-in-phone-help"
            aria-invalid={state.error ? true : undefined}
            className={INPUT}
          />
          <p id="sign-in-phone-help" className="mt-1 text-sm text-slate-600">
            We will text you a 6-digit code. Standard rates may apply.
          </p>
          <button type="submit" className={BUTTON} disabled={busy}>
            {busy ? "Sending..." : "Text me a code"}
          </button>
        </Form>
      ) : (
        <Form method="post" className="mt-4" key={`code-${state.challenge}`}>
          <input type="hidden" name="intent" value="verify" />
          <input type="hidden" name="challenge" value={state.challenge} />
          <p className="text-slate-700" data-testid="code-sent">
            We sent a code to {state.masked}. It expires in 5 minutes.
          </p>
          <label htmlFor="sign-in-code" className="mt-3 block font-medium">
            6-digit code
          </label>
          <input
            id="sign-in-code"
            name="code"
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9 ]{6,7}"
            required
            maxLength={7}
            aria-invalid={state.error ? true : undefined}
            className={`${INPUT} tracking-widest`}
          />
          <button type="submit" className={BUTTON} disabled={busy}>
            {busy ? "Checking..." : "Sign in"}
          </button>
        </Form>
      )}
      <p className="mt-6 flex justify-between text-sm">
        {state.step === "code" ? (
          <Link to={`?${new URLSearchParams({ type: loaderData.type, redirect: loaderData.redirect, back: loaderData.back, ...(loaderData.carId ? { car_id: String(loaderData.carId) } : {}) })}`} reloadDocument className="underline">
            Use a different number or get a new code
          </Link>
        ) : (
          <span />
        )}
        <Link to={loaderData.back} className="underline">
          Back
        </Link>
      </p>
    </section>
  );
}

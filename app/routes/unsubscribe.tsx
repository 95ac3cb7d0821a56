/**
 * /pages/unsubscribe (spec 2.1 content row): a working unsubscribe form. The email (zod-validated)
 * is recorded for the site; works without JavaScript (plain POST, then a confirmation).
 */
import { Form, data } from "react-router";
import type { Route } from "./+types/unsubscribe";
import { Breadcrumbs, pageMeta } from "~/components/content/content-ui";
import { dbContext, requestInfoContext, siteContext } from "~/context";
import { recordUnsubscribe, UnsubscribeSchema } from "~/services/content.server";
import { siteBaseUrl } from "~/services/sitemap.server";
import { readFormData } from "~/services/read-form.server";
import { keepFormOnFailure } from "~/components/form-client-action";
import { GENERIC_FORM_ERROR } from "~/forms/lead-form-text";

type ActionData = { ok: false; errors: Record<string, string>; email: string; formError?: string } | { ok: true; email: string };

export async function loader({ context }: Route.LoaderArgs) {
  const site = context.get(siteContext);
  return {
    siteName: site.name,
    title: "Unsubscribe",
    description: `Stop marketing emails from ${site.name}.`,
    canonical: `${siteBaseUrl(site, context.get(requestInfoContext).origin)}/pages/unsubscribe`,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readFormData(request);
  const parsed = UnsubscribeSchema.safeParse({ email: form.get("email") ?? undefined, reason: form.get("reason") || undefined });
  if (!parsed.success) {
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
    return data<ActionData>({ ok: false, errors, email: String(form.get("email") ?? "") }, { status: 400 });
  }
  await recordUnsubscribe(context.get(dbContext), context.get(siteContext), parsed.data);
  return data<ActionData>({ ok: true, email: parsed.data.email.toLowerCase() });
}

/** A submit that never reaches the app keeps the form as typed, with spec 8's generic form error (issue 51). */
export const clientAction = keepFormOnFailure<ActionData>((posted) => ({ ok: false, errors: {}, email: String(posted.get("email") ?? ""), formError: GENERIC_FORM_ERROR }));

export function meta({ loaderData: data }: Route.MetaArgs) {
  return pageMeta(data);
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const errors = actionData && !actionData.ok ? actionData.errors : {};
  return (
    <div className="mx-auto max-w-xl">
      <Breadcrumbs items={[{ name: "Home", path: "/" }, { name: "Unsubscribe", path: "/pages/unsubscribe" }]} />
      <h1 className="text-3xl font-bold">Unsubscribe</h1>
      {actionData?.ok ? (
        <p role="status" className="mt-4 rounded bg-green-50 p-3">
          {`Done: ${actionData.email} will no longer receive marketing emails from ${loaderData.siteName}. It can take up to 5 business days to take effect.`}
        </p>
      ) : (
        <Form method="post" className="mt-4 space-y-4" noValidate>
          {actionData && !actionData.ok && actionData.formError ? (
            <p role="alert" data-testid="error-warning" className="rounded border border-red-300 bg-red-50 p-3 font-semibold text-red-800">
              {actionData.formError}
            </p>
          ) : null}
          <p>Enter your email address and we will stop sending you marketing emails.</p>
          <div>
            <label htmlFor="unsubscribe-email" className="block font-semibold">
              Email
            </label>
            <input id="unsubscribe-email" name="email" type="email" autoComplete="email" required defaultValue={actionData && !actionData.ok ? actionData.email : ""} aria-invalid={errors.email ? true : undefined} aria-describedby={errors.email ? "unsubscribe-email-error" : undefined} className="mt-1 w-full rounded border border-slate-400 px-3 py-2" />
            {errors.email ? <p id="unsubscribe-email-error" className="mt-1 text-sm text-red-700">{errors.email}</p> : null}
          </div>
          <div>
            <label htmlFor="unsubscribe-reason" className="block font-semibold">
              Reason (optional)
            </label>
            <textarea id="unsubscribe-reason" name="reason" maxLength={1000} rows={3} className="mt-1 w-full rounded border border-slate-400 px-3 py-2" />
            {errors.reason ? <p className="mt-1 text-sm text-red-700">{errors.reason}</p> : null}
          </div>
          <button type="submit" className="rounded bg-[var(--site-primary)] px-4 py-2 font-semibold text-[var(--site-on-primary)]">
            Unsubscribe
          </button>
        </Form>
      )}
    </div>
  );
}

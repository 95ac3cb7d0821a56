/**
 * The console's page frame (decision 249): a header with the signed-in member and a skip link,
 * then the page. Server-rendered; links and forms are plain HTML.
 */
import { isRouteErrorResponse, Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { signedInMember } from "~/console/guard.server";
import { StepUpPanel, stepUpOf } from "~/console/step-up";

export async function loader({ context, request }: Route.LoaderArgs) {
  const member = await signedInMember(context, request);
  return { member: member ? { email: member.email, demo: member.demo, operator: member.grants.some((g) => g.role === "platform_operator") } : null };
}

export default function ConsoleLayout({ loaderData }: Route.ComponentProps) {
  const member = loaderData.member;
  return (
    <>
      <a href="#console-main" className="sr-only focus:not-sr-only">
        Skip to content
      </a>
      <header className="border-b border-slate-200 bg-slate-900 text-white">
        <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-2 px-4 py-3">
          <a href="/" className="font-semibold">
            Forecourt console
          </a>
          {member ? (
            <nav aria-label="Console" className="flex flex-wrap items-center gap-4 text-sm">
              <a href="/">My sites</a>
              {member.operator ? <a href="/platform">Platform</a> : null}
              <a href="/account">{member.email}</a>
              <a href="/sign-out">Sign out</a>
            </nav>
          ) : null}
        </div>
        {member?.demo ? <p className="bg-amber-200 px-4 py-1 text-center text-sm text-slate-900">Demo account (demo data): not for real dealer work.</p> : null}
      </header>
      <main id="console-main" className="mx-auto max-w-5xl px-4 py-6">
        <Outlet />
      </main>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  // A post the guard held back for a re-authentication: the confirmation page, with the typed values.
  const challenge = isRouteErrorResponse(error) ? stepUpOf(error.data) : null;
  if (challenge)
    return (
      <main id="console-main" className="mx-auto max-w-5xl px-4 py-6">
        <StepUpPanel challenge={challenge} />
      </main>
    );
  const status = error && typeof error === "object" && "status" in error ? Number((error as { status: number }).status) : 500;
  const title = status === 404 ? "Not found" : status === 403 ? "Not allowed" : "Something went wrong";
  const text = status === 404 ? "There is no such page, or it is not one of yours." : status === 403 ? "Your role does not include this page. Ask your site manager if you need it." : "Please try again in a moment.";
  return (
    <main id="console-main" className="mx-auto max-w-5xl px-4 py-6">
      <title>{`${title} · Forecourt console`}</title>
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="mt-2">{text}</p>
      <p className="mt-4">
        <a href="/" className="underline">
          Back to my sites
        </a>
      </p>
    </main>
  );
}

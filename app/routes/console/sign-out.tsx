/** Sign out of this browser, or everywhere (every session of the member ends at once). */
import { redirect } from "react-router";
import type { Route } from "./+types/sign-out";
import { consoleOf, guardConsoleRoute } from "~/console/guard.server";
import { readConsoleFormData } from "~/console/form.server";

export async function loader(args: Route.LoaderArgs) {
  const { member } = await guardConsoleRoute("console-sign-out", args);
  return { email: member.email };
}

export async function action({ context, request }: Route.ActionArgs) {
  const console = consoleOf(context);
  const form = await readConsoleFormData(request);
  const cookies = await console.auth.signOut(request, console.origin, form.get("everywhere") === "1");
  const headers = new Headers();
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  throw redirect("/sign-in", { headers });
}

export default function ConsoleSignOut({ loaderData }: Route.ComponentProps) {
  return (
    <section aria-labelledby="sign-out-title" className="mx-auto max-w-sm">
      <title>Sign out · Forecourt console</title>
      <h1 id="sign-out-title" className="text-2xl font-bold">
        Sign out
      </h1>
      <p className="mt-2">Signed in as {loaderData.email}.</p>
      <form method="post" className="mt-4 grid gap-3">
        <button className="rounded bg-slate-900 px-4 py-2 font-semibold text-white">Sign out of this browser</button>
        <button name="everywhere" value="1" className="rounded border border-slate-400 px-4 py-2">
          Sign out everywhere
        </button>
      </form>
    </section>
  );
}

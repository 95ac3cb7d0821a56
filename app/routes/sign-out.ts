/**
 * `POST /sign-out` (issue 9): ends the session of this site in the database, clears the cookie
 * and returns to the home page. Checks Origin. GET goes to the home page (nothing changes).
 */
import { redirect } from "react-router";
import type { Route } from "./+types/sign-out";
import { dbContext, siteContext } from "~/context";
import { endSession } from "~/services/auth.server";
import { assertSameOrigin } from "~/services/origin.server";

export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  const cookie = await endSession(request, context.get(siteContext), context.get(dbContext));
  return redirect("/", { headers: { "Set-Cookie": cookie } });
}

export function loader() {
  return redirect("/");
}

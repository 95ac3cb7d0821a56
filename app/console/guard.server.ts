/**
 * The check every console loader and action starts with (decision 251): the signed-in staff
 * member, then the route's guard from the route table (app/console/route-table.ts) applied by the
 * scoped services. A route cannot pick a weaker check than its table line.
 */
import { redirect, type RouterContextProvider } from "react-router";
import { dbContext } from "../context";
import { consoleContext, type ConsoleRequest } from "./context";
import { actionGuardOf, CONSOLE_PREFIX, guardOf, stepUpIntentsOf, type ConsoleGuard } from "./route-table";
import { operatorNeedsPasskey, passkeyRequiredRedirect, requireStepUp } from "./step-up.server";
import { groupFor, loadSignedInMember, requirePlatform, siteFor, type ConsoleGroup, type ScopedSite, type StaffMember } from "./staff.server";
import type { Database } from "../../db/client";

/** What a guarded console route gets. */
export interface ConsoleAccess {
  member: StaffMember;
  console: ConsoleRequest;
  db: Database;
  /** For `site` guards: the site and the member's reach in it. */
  site?: ScopedSite;
  /** For `group` guards. */
  group?: ConsoleGroup;
}

/** The public path of a console request (the router sees it under the hidden prefix). */
export function publicPath(request: Request): string {
  const url = new URL(request.url);
  const path = url.pathname.slice(`/${CONSOLE_PREFIX}`.length) || "/";
  return `${path}${url.search}`;
}

/** The console request values; a 404 on any other host (defence in depth: the server already refuses). */
export function consoleOf(context: Readonly<RouterContextProvider>): ConsoleRequest {
  const value = context.get(consoleContext);
  if (!value) throw new Response("Not found", { status: 404 });
  return value;
}

/**
 * The signed-in staff member, or a redirect to /sign-in that comes back here afterwards.
 * @throws a redirect Response when signed out (or removed)
 */
export async function requireStaff(context: Readonly<RouterContextProvider>, request: Request): Promise<{ member: StaffMember; console: ConsoleRequest; db: Database }> {
  const member = await signedInMember(context, request);
  if (!member) throw redirect(`/sign-in?next=${encodeURIComponent(publicPath(request))}`);
  return { member, console: consoleOf(context), db: context.get(dbContext) };
}

/** Members read for a page view, by its request context (one per HTTP request). */
const pageViewMembers = new WeakMap<ConsoleRequest, Promise<StaffMember | null>>();

/**
 * The signed-in staff member of a request with their grants, or null (signed out, removed). On a
 * page view (GET) it is read once, though the console layout and the page's loader both ask (the
 * router hands each loader its own Request, so the request's context is the key). An action reads
 * it afresh, and so do the loaders after it: the action may have changed it.
 */
export function signedInMember(context: Readonly<RouterContextProvider>, request: Request): Promise<StaffMember | null> {
  const console = consoleOf(context);
  const read = async () => {
    const { state: claimed, setCookies } = await console.auth.claimedSessionOf(request, console.origin);
    console.responseCookies?.push(...setCookies);
    // The claim may come from the browser's signed copy: the member's read takes the stored session.
    return claimed ? loadSignedInMember(context.get(dbContext), claimed.userId, claimed.sessionId) : null;
  };
  if (request.method !== "GET" && request.method !== "HEAD") return read();
  let member = pageViewMembers.get(console);
  if (!member) {
    member = read();
    pageViewMembers.set(console, member);
  }
  return member;
}

/**
 * Applies route `routeId`'s guard for this request.
 * @throws a redirect to /sign-in (signed out), 404 (another tenant, unknown slug), 403 (own tenant,
 *   role without the permission)
 */
export async function guardConsoleRoute(routeId: string, args: GuardArgs): Promise<ConsoleAccess> {
  return applyGuard(routeId, guardOf(routeId), args, false);
}

/**
 * Applies route `routeId`'s action guard (its table line's `action` permission, else the page's).
 * Every console action starts with it.
 * @throws as {@link guardConsoleRoute}
 */
export async function guardConsoleAction(routeId: string, args: GuardArgs): Promise<ConsoleAccess> {
  const intents = stepUpIntentsOf(routeId);
  const intent = intents.length && !intents.includes("*") ? String((await args.request.clone().formData()).get("intent") ?? "") : "";
  return applyGuard(routeId, actionGuardOf(routeId), args, intents.includes("*") || intents.includes(intent));
}

type GuardArgs = { context: Readonly<RouterContextProvider>; request: Request; params: Record<string, string | undefined> };

/**
 * @param highValue a post the route table marks `stepUp` (needs a fresh sign-in)
 * @throws as {@link guardConsoleRoute}; for posts also the step-up challenge (app/console/step-up.server.ts)
 */
async function applyGuard(routeId: string, guard: ConsoleGuard, args: GuardArgs, highValue: boolean): Promise<ConsoleAccess> {
  if (guard.kind === "public") throw new Error(`${routeId} is public: it has no staff member to guard`);
  const access: ConsoleAccess = await requireStaff(args.context, args.request);
  const session = access.member.session!;
  // ASVS 4.3.1: an operator signed in by e-mail adds and uses a passkey before any site, group or
  // platform page; a post keeps its values on the confirmation page instead (below).
  const operatorPage = guard.kind !== "signed-in";
  const isRead = args.request.method === "GET" || args.request.method === "HEAD";
  if (operatorPage && isRead && operatorNeedsPasskey(access.member, session)) throw passkeyRequiredRedirect(publicPath(args.request));
  if (guard.kind === "site") access.site = await siteFor(access.db, access.member, args.params.slug ?? "", guard.permission);
  if (guard.kind === "group") access.group = await groupFor(access.db, access.member, args.params.slug ?? "", guard.permission);
  if (guard.kind === "platform") requirePlatform(access.member, guard.permission);
  // After the permission checks: nobody is asked to confirm a change their role cannot make.
  if (!isRead) await requireStepUp({ db: access.db, console: access.console, request: args.request, member: access.member, session, highValue, operatorPage, path: publicPath(args.request) });
  return access;
}

/**
 * `/platform/sites/{slug}`: a site's hosts and archiving (issue 48 item 4; operators only). A host
 * another site answers on is refused with the name of that site; archiving makes the hosts answer
 * 410 and keeps every row.
 */
import { data } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/platform-site";
import { consoleOf, guardConsoleAction, guardConsoleRoute } from "~/console/guard.server";
import { fieldProblem, formProblem, parseConsoleForm, readConsoleFormData } from "~/console/form.server";
import { errorsOf, FieldErrors, FormStatus, keptValue, type FormOutcome } from "~/console/forms";
import { HostList, OnboardingError, platformSite, setArchived, setHosts } from "~/console/onboarding.server";
import { staffTimeText } from "~/console/staff-time";

const SiteChange = z.discriminatedUnion("intent", [z.object({ intent: z.literal("hosts"), hosts: HostList.default([]) }), z.object({ intent: z.literal("archive") }), z.object({ intent: z.literal("restore") })], { error: "Choose what to change." });

export async function loader(args: Route.LoaderArgs) {
  const { db } = await guardConsoleRoute("console-platform-site", args);
  const site = await platformSite(db, args.params.slug);
  if (!site) throw data("Not found", { status: 404 });
  return { site, created: args.url.searchParams.has("created") };
}

export async function action(args: Route.ActionArgs) {
  const { db, member } = await guardConsoleAction("console-platform-site", args);
  const console = consoleOf(args.context);
  const site = await platformSite(db, args.params.slug);
  if (!site) throw data("Not found", { status: 404 });
  const formData = await readConsoleFormData(args.request);
  const parsed = parseConsoleForm("site", formData, SiteChange);
  if (!parsed.ok) return formProblem(parsed.problem);
  const actor = { userId: member.id, email: member.email, ip: console.clientIp };
  try {
    if (parsed.value.intent === "hosts") await setHosts(db, actor, site.id, parsed.value.hosts);
    else await setArchived(db, actor, site.id, parsed.value.intent === "archive");
  } catch (error) {
    if (error instanceof OnboardingError) return fieldProblem("site", error.field, error.message, Object.fromEntries(formData));
    throw error;
  }
  console.sitesChanged?.();
  const done = parsed.value.intent === "hosts" ? "Hosts saved: the site answers on them now." : parsed.value.intent === "archive" ? "Site archived: its hosts answer 410 Gone. Its data is kept." : "Site restored: its hosts answer again.";
  return { problem: null, done };
}

export default function ConsolePlatformSite({ loaderData, actionData }: Route.ComponentProps) {
  const { site } = loaderData;
  const outcome = actionData as FormOutcome;
  const hostErrors = errorsOf(outcome, "site", "hosts");
  return (
    <section aria-labelledby="platform-site-title">
      <title>{`${site.name} hosts · Forecourt console`}</title>
      <p className="text-sm">
        <a href="/platform" className="underline">
          Platform
        </a>{" "}
        ·{" "}
        <a href={`/sites/${site.slug}`} className="underline">
          {site.name} dashboard
        </a>
      </p>
      <h1 id="platform-site-title" className="text-2xl font-bold">
        {site.name}: hosts and archiving
      </h1>
      {loaderData.created && !outcome ? (
        <p role="status" className="mt-3 rounded border border-green-700 bg-green-50 p-3 text-sm">
          Site created in {site.group ?? "no group"}. It answers now at {site.slug}.localhost{site.hosts.length ? ` and ${site.hosts.join(", ")}` : ""}.
        </p>
      ) : null}
      <FormStatus outcome={outcome} />
      {site.archivedAt ? <p className="mt-3 font-semibold">Archived on {staffTimeText(site.archivedAt)}: its hosts answer 410 Gone.</p> : null}
      <form method="post" className="mt-4 grid max-w-md gap-2" noValidate>
        <label htmlFor="hosts">Hosts</label>
        <p id="hosts-hint" className="text-sm text-slate-600">
          One per line, e.g. www.smithmotors.com.au. The site also answers at {site.slug}.localhost.
        </p>
        <textarea id="hosts" name="hosts" rows={4} defaultValue={keptValue(outcome, "site", "hosts", site.hosts.join("\n"))} aria-invalid={hostErrors.length ? true : undefined} aria-describedby={`hosts-hint${hostErrors.length ? " hosts-error" : ""}`} className="rounded border border-slate-400 px-3 py-2" />
        <FieldErrors id="hosts-error" messages={hostErrors} />
        <button name="intent" value="hosts" className="rounded bg-slate-900 px-4 py-2 font-semibold text-white">
          Save hosts
        </button>
      </form>
      <form method="post" className="mt-6">
        {site.archivedAt ? (
          <button name="intent" value="restore" className="rounded border border-slate-500 px-4 py-2">
            Restore {site.name}
          </button>
        ) : (
          <button name="intent" value="archive" className="rounded border border-red-700 px-4 py-2 text-red-800">
            Archive {site.name}
          </button>
        )}
      </form>
    </section>
  );
}

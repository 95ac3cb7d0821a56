/**
 * `/platform`: every dealer group and site, and onboarding (issue 48 item 4): create a dealer
 * group; create a site in a group from a template (another site's config, or blank with the
 * defaults) with its hosts. Platform operators only.
 */
import { redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/platform";
import { consoleOf, guardConsoleAction, guardConsoleRoute } from "~/console/guard.server";
import { fieldProblem, formProblem, parseConsoleForm, readConsoleFormData } from "~/console/form.server";
import { errorsOf, FieldErrors, FormStatus, keptValue, type FormOutcome } from "~/console/forms";
import { createGroup, createSite, HostList, OnboardingError, platformOverview, Slug } from "~/console/onboarding.server";

const Name = z.string({ error: "Enter a name." }).trim().min(2, "A name has at least 2 characters.").max(120, "A name has at most 120 characters.");
const Onboard = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("group"), slug: Slug, name: Name }),
    z.object({ intent: z.literal("site"), group: z.string({ error: "Choose a dealer group." }).min(1), slug: Slug, name: Name, template: z.string({ error: "Choose a template, or blank." }).min(1), hosts: HostList.default([]) }),
  ],
  { error: "Choose what to create." },
);

export async function loader(args: Route.LoaderArgs) {
  const { db } = await guardConsoleRoute("console-platform", args);
  return platformOverview(db);
}

export async function action(args: Route.ActionArgs) {
  const { db, member } = await guardConsoleAction("console-platform", args);
  const console = consoleOf(args.context);
  const formData = await readConsoleFormData(args.request);
  const form = formData.get("intent") === "group" ? "group" : "site";
  const parsed = parseConsoleForm(form, formData, Onboard);
  if (!parsed.ok) return formProblem(parsed.problem);
  const actor = { userId: member.id, email: member.email, ip: console.clientIp };
  const input = parsed.value;
  try {
    if (input.intent === "group") {
      await createGroup(db, actor, { slug: input.slug, name: input.name });
      return { problem: null, done: `Dealer group ${input.name} created.` };
    }
    await createSite(db, actor, { groupSlug: input.group, slug: input.slug, name: input.name, template: input.template === "blank" ? { blank: true } : { siteSlug: input.template }, hosts: input.hosts });
    console.sitesChanged?.();
    throw redirect(`/platform/sites/${input.slug}?created=1`);
  } catch (error) {
    if (error instanceof OnboardingError) return fieldProblem(form, error.field, error.message, Object.fromEntries(formData));
    throw error;
  }
}

function Field({ outcome, form, name, label, hint, ...input }: { outcome: FormOutcome; form: string; name: string; label: string; hint?: string } & React.InputHTMLAttributes<HTMLInputElement>) {
  const errors = errorsOf(outcome, form, name);
  const id = `${form}-${name}`;
  return (
    <div className="grid gap-1">
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      <input id={id} name={name} defaultValue={keptValue(outcome, form, name)} aria-invalid={errors.length ? true : undefined} aria-describedby={[hint ? `${id}-hint` : "", errors.length ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined} className="rounded border border-slate-400 px-3 py-2" {...input} />
      <FieldErrors id={`${id}-error`} messages={errors} />
    </div>
  );
}

export default function ConsolePlatform({ loaderData, actionData }: Route.ComponentProps) {
  const outcome = actionData as FormOutcome;
  const groupErrors = errorsOf(outcome, "site", "group");
  const templateErrors = errorsOf(outcome, "site", "template");
  const hostErrors = errorsOf(outcome, "site", "hosts");
  return (
    <section aria-labelledby="platform-title">
      <title>Platform · Forecourt console</title>
      <h1 id="platform-title" className="text-2xl font-bold">
        Platform
      </h1>
      <p className="mt-2">
        <a href="/platform/offers" className="underline">
          Network offers
        </a>
      </p>
      <FormStatus outcome={outcome} />
      {loaderData.groups.map((g) => (
        <section key={g.slug} aria-labelledby={`group-${g.slug}`} className="mt-4">
          <h2 id={`group-${g.slug}`} className="text-lg font-semibold">
            <a href={`/groups/${g.slug}`} className="underline">
              {g.name}
            </a>
          </h2>
          {g.sites.length ? (
            <ul className="list-disc pl-6">
              {g.sites.map((s) => (
                <li key={s.slug}>
                  <a href={`/sites/${s.slug}`} className="underline">
                    {s.name}
                  </a>{" "}
                  · <a href={`/platform/sites/${s.slug}`} className="underline">hosts and archiving{s.archived ? " (archived)" : ""}</a>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-slate-600">No sites yet.</p>
          )}
        </section>
      ))}
      <div className="mt-8 grid gap-8 md:grid-cols-2">
        <section aria-labelledby="new-group-title">
          <h2 id="new-group-title" className="text-xl font-semibold">
            New dealer group
          </h2>
          <form method="post" className="mt-2 grid gap-3" noValidate>
            <Field outcome={outcome} form="group" name="name" label="Group name" />
            <Field outcome={outcome} form="group" name="slug" label="Group slug" hint="Lower-case letters, digits and hyphens, e.g. smith-motor-group." />
            <button name="intent" value="group" className="rounded bg-slate-900 px-4 py-2 font-semibold text-white">
              Create dealer group
            </button>
          </form>
        </section>
        <section aria-labelledby="new-site-title">
          <h2 id="new-site-title" className="text-xl font-semibold">
            New site
          </h2>
          <form method="post" className="mt-2 grid gap-3" noValidate>
            <div className="grid gap-1">
              <label htmlFor="site-group">Dealer group</label>
              <select id="site-group" name="group" defaultValue={keptValue(outcome, "site", "group")} aria-describedby={groupErrors.length ? "site-group-error" : undefined} className="rounded border border-slate-400 px-3 py-2">
                <option value="">Choose a group</option>
                {loaderData.groups.map((g) => (
                  <option key={g.slug} value={g.slug}>
                    {g.name}
                  </option>
                ))}
              </select>
              <FieldErrors id="site-group-error" messages={groupErrors} />
            </div>
            <Field outcome={outcome} form="site" name="name" label="Site name" hint="As shoppers see it, e.g. Smith Motors Parramatta." />
            <Field outcome={outcome} form="site" name="slug" label="Site slug" hint="Lower-case letters, digits and hyphens; the site also answers at {slug}.localhost." />
            <div className="grid gap-1">
              <label htmlFor="site-template">Start from</label>
              <select id="site-template" name="template" defaultValue={keptValue(outcome, "site", "template", "blank")} aria-describedby={templateErrors.length ? "site-template-error" : undefined} className="rounded border border-slate-400 px-3 py-2">
                <option value="blank">Blank (the defaults)</option>
                {loaderData.templates.map((t) => (
                  <option key={t.slug} value={t.slug}>
                    A copy of {t.name}&apos;s settings
                  </option>
                ))}
              </select>
              <FieldErrors id="site-template-error" messages={templateErrors} />
            </div>
            <div className="grid gap-1">
              <label htmlFor="site-hosts">Hosts</label>
              <p id="site-hosts-hint" className="text-sm text-slate-600">
                One per line, e.g. www.smithmotors.com.au. Optional now; set them later on the site&apos;s platform page.
              </p>
              <textarea id="site-hosts" name="hosts" rows={3} defaultValue={keptValue(outcome, "site", "hosts")} aria-invalid={hostErrors.length ? true : undefined} aria-describedby={`site-hosts-hint${hostErrors.length ? " site-hosts-error" : ""}`} className="rounded border border-slate-400 px-3 py-2" />
              <FieldErrors id="site-hosts-error" messages={hostErrors} />
            </div>
            <button name="intent" value="site" className="rounded bg-slate-900 px-4 py-2 font-semibold text-white">
              Create site
            </button>
          </form>
        </section>
      </div>
    </section>
  );
}

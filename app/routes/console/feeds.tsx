/**
 * `/sites/{slug}/feeds` (issue 49 item 3): upload a CSV or JSON stock feed, see its dry run (what
 * would be created, updated, withdrawn and rejected, with row numbers and reasons), apply it
 * without uploading it again; set the site's feed URL with a pull schedule and pull it now; and
 * read the import history with each import's rejection report. Plain forms (the upload is
 * multipart), server-rendered. Changing anything takes `stock.edit` over the whole site: a feed
 * touches every location's cars.
 */
import { TZDate } from "@date-fns/tz";
import { format } from "date-fns/format";
import { data, redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/feeds";
import { fieldProblem, formDone, formProblem, parseConsoleForm, type FormProblem, readConsoleFormData } from "~/console/form.server";
import { errorsOf, FieldErrors, FormStatus, keptValue, type FormOutcome } from "~/console/forms";
import { consoleOf, guardConsoleAction, guardConsoleRoute } from "~/console/guard.server";
import { carsByStatus } from "~/console/dashboard.server";
import { ScrollingTable } from "~/console/scrolling-table";
import { siteFor } from "~/console/staff.server";
import { DEFAULT_MAX_CHANGE_PERCENT, FEED_MAX_BYTES, feedTooLargeMessage, megabytes } from "~/import/feed-limits";
import {
  applyUpload,
  dryRunUpload,
  FeedApplyError,
  FeedInputError,
  feedHistory,
  getFeedImport,
  loadFeedSource,
  nextPullAt,
  pullFeed,
  saveFeedSource,
  type FeedActor,
  type FeedHistoryRow,
  type FeedImportRow,
} from "~/services/feed-imports.server";
import { getSiteBySlug } from "~/services/sites.server";

const ROUTE_ID = "console-site-feeds";
const STATUS_LABELS: Record<string, string> = { in_stock: "In stock", coming_soon: "Coming soon", sold: "Sold", withdrawn: "Withdrawn" };
/** Schedules offered by name; anything else is a custom cron expression. */
const PRESETS = { hourly: "0 * * * *", daily: "0 6 * * *" } as const;
/** Rejected rows shown on the page (the CSV report has all). */
const SHOWN_REJECTIONS = 200;
/** Cars of each list shown on the page. */
const SHOWN_CARS = 100;

const UploadForm = z.object({
  feed: z.instanceof(File, { message: "Choose the feed file (CSV or JSON)." }),
  full: z.boolean().default(false),
});

const ApplyForm = z.object({ importId: z.coerce.number({ message: "Upload the feed again." }).int().positive("Upload the feed again.") });

const SourceForm = z
  .object({
    url: z
      .string({ message: "Enter the feed's address, starting with https://" })
      .trim()
      .max(2000, "Use an address of at most 2,000 characters.")
      .refine((v) => /^https?:\/\/[^\s/]+/i.test(v) && URL.canParse(v), "Enter the feed's address, starting with https:// (or http://)."),
    schedule: z.enum(["off", "hourly", "daily", "custom"], { message: "Choose how often to pull." }),
    cron: z.string().trim().max(100, "Use at most 100 characters.").optional(),
    full: z.boolean().default(false),
    // Absent from forms saved before the field existed: the default share.
    maxChange: z.preprocess(
      (v) => (v === undefined ? DEFAULT_MAX_CHANGE_PERCENT : v),
      z.coerce.number({ message: "Enter a share from 1 to 100." }).int("Enter a whole number from 1 to 100.").min(1, "Enter a share from 1 to 100.").max(100, "Enter a share from 1 to 100."),
    ),
  })
  .superRefine((v, ctx) => {
    if (v.schedule !== "custom") return;
    if (!v.cron) return void ctx.addIssue({ code: "custom", path: ["cron"], message: "Enter a cron expression, like 0 6 * * * (every day at 6 am)." });
    try {
      nextPullAt(v.cron, "UTC", new Date());
    } catch (error) {
      ctx.addIssue({ code: "custom", path: ["cron"], message: `This is not a cron expression (${(error as Error).message}). Five fields: minute hour day month weekday, like 30 5 * * 1-5.` });
    }
  });

function when(date: Date | null, timeZone: string): string {
  return date ? format(new TZDate(date, timeZone), "d MMM yyyy, h:mm a") : "";
}

function historyRow(row: FeedHistoryRow, timeZone: string) {
  return {
    id: row.id,
    at: when(row.appliedAt ?? row.createdAt, timeZone),
    who: row.appliedEmail ?? (row.source === "pull" ? "Scheduled pull" : (row.createdEmail ?? "")),
    file: row.fileName.split("?")[0],
    source: row.source,
    status: row.status,
    counts: row.counts,
    error: row.error,
    heldReason: row.heldReason,
    rejected: row.counts?.rejected ?? 0,
  };
}

export async function loader(args: Route.LoaderArgs) {
  const { db, site: scoped, member } = await guardConsoleRoute(ROUTE_ID, args);
  const site = (await getSiteBySlug(db, scoped!.site.slug))!;
  const url = args.url;
  const timeZone = site.config.timeZone;
  const canEdit = await siteFor(db, member, site.slug, "stock.edit").then(
    (s) => s.reach === "all",
    () => false,
  );
  const [byStatus, history, source] = await Promise.all([carsByStatus(db, scoped!), feedHistory(db, site.id), loadFeedSource(db, site.id)]);
  const dryRunId = Number(url.searchParams.get("dryRun"));
  const dryRun = Number.isInteger(dryRunId) && dryRunId > 0 ? await getFeedImport(db, site.id, dryRunId) : null;
  const tooLarge = Number(url.searchParams.get("tooLarge"));
  const schedule = source?.schedule ?? null;
  const preset = (Object.entries(PRESETS).find(([, cron]) => cron === schedule)?.[0] ?? (schedule ? "custom" : "off")) as "off" | "hourly" | "daily" | "custom";
  return {
    site: { slug: site.slug, name: site.name, timeZone },
    canEdit,
    stock: byStatus.map((r) => ({ label: STATUS_LABELS[r.status] ?? r.status, cars: r.cars })),
    limitedToLocations: scoped!.reach === "assigned-locations",
    uploadError: tooLarge > FEED_MAX_BYTES ? feedTooLargeMessage(tooLarge) : null,
    dryRun: dryRun
      ? {
          id: dryRun.id,
          file: dryRun.fileName,
          status: dryRun.status,
          full: dryRun.fullSnapshot,
          encoding: dryRun.encoding,
          counts: dryRun.counts,
          created: dryRun.changes?.created.slice(0, SHOWN_CARS) ?? [],
          updated: dryRun.changes?.updated.slice(0, SHOWN_CARS) ?? [],
          withdrawn: dryRun.changes?.withdrawn.slice(0, SHOWN_CARS) ?? [],
          rejections: dryRun.rejections.slice(0, SHOWN_REJECTIONS),
          at: when(dryRun.createdAt, timeZone),
          heldReason: dryRun.heldReason,
        }
      : null,
    source: source
      ? { url: source.url, preset, cron: schedule ?? "", full: source.fullSnapshot, maxChange: source.maxChangePercent, nextPull: when(source.nextPullAt, timeZone), lastPull: when(source.lastPullAt, timeZone), lastOutcome: source.lastOutcome }
      : null,
    history: history.map((h) => historyRow(h, timeZone)),
  };
}

export async function action(args: Route.ActionArgs) {
  const { db, site: scoped, member } = await guardConsoleAction("console-site-feeds", args);
  const formData = await readConsoleFormData(args.request);
  const intent = formData.get("intent");
  if (intent !== "dry-run" && intent !== "apply" && intent !== "save-source" && intent !== "remove-source" && intent !== "pull-now") {
    return formProblem({ form: "feeds", errors: { form: ["Choose one of the page's buttons."] }, values: {} });
  }
  // A feed changes cars of every location: sales, whose reach is their own locations, cannot.
  if (scoped!.reach !== "all") throw data("Feed imports change the whole site's stock; your role reaches only your locations' cars. Ask your site manager.", { status: 403 });
  const site = (await getSiteBySlug(db, scoped!.site.slug))!;
  const actor: FeedActor = { userId: member.id, email: member.email, ipAddress: consoleOf(args.context).clientIp };
  const here = `/sites/${site.slug}/feeds`;

  if (intent === "dry-run") {
    const parsed = parseConsoleForm("upload", formData, UploadForm);
    if (!parsed.ok) return formProblem(withoutFile(parsed.problem));
    try {
      const id = await dryRunUpload(db, site, actor, { name: parsed.value.feed.name || "feed", bytes: new Uint8Array(await parsed.value.feed.arrayBuffer()) }, parsed.value.full);
      return redirect(`${here}?dryRun=${id}#dry-run`);
    } catch (error) {
      if (error instanceof FeedInputError) return fieldProblem("upload", "feed", error.message, { full: parsed.value.full ? "on" : "" });
      throw error;
    }
  }
  if (intent === "apply") {
    const parsed = parseConsoleForm("apply", formData, ApplyForm);
    if (!parsed.ok) return formProblem(parsed.problem);
    try {
      const summary = await applyUpload(db, site, actor, parsed.value.importId);
      return formDone(`Feed applied: ${summary.created} created, ${summary.updated} updated, ${summary.withdrawn} withdrawn, ${summary.rejected} rejected, ${summary.unchanged} unchanged. The public site shows it now.`);
    } catch (error) {
      if (error instanceof FeedApplyError || error instanceof FeedInputError) return formProblem({ form: "apply", errors: { form: [error.message] }, values: {} });
      throw error;
    }
  }
  if (intent === "save-source") {
    const parsed = parseConsoleForm("source", formData, SourceForm);
    if (!parsed.ok) return formProblem(parsed.problem);
    const { url, schedule, cron, full, maxChange } = parsed.value;
    const expression = schedule === "off" ? null : schedule === "custom" ? cron! : PRESETS[schedule];
    await saveFeedSource(db, site, actor, { url, schedule: expression, full, maxChangePercent: maxChange });
    return formDone(expression ? `Feed URL saved. Next pull: ${when(nextPullAt(expression, site.config.timeZone, new Date()), site.config.timeZone)} (${site.config.timeZone}).` : "Feed URL saved. It is pulled only when you press Pull now.");
  }
  if (intent === "remove-source") {
    await saveFeedSource(db, site, actor, null);
    return formDone("Feed URL removed: nothing is pulled any more.");
  }
  const outcome = await pullFeed(db, site, actor);
  if (outcome.kind === "held") return formDone(outcome.reason);
  if (outcome.kind === "applied") {
    const s = outcome.summary;
    return formDone(`Feed pulled and applied: ${s.created} created, ${s.updated} updated, ${s.withdrawn} withdrawn, ${s.rejected} rejected, ${s.unchanged} unchanged.`);
  }
  const message =
    outcome.kind === "failed"
      ? `The pull failed and nothing changed: ${outcome.error}`
      : outcome.kind === "busy"
        ? "This feed is being pulled now (by the schedule or someone else). Its result will be in the history in a moment."
        : "Set the feed URL first.";
  return { problem: { form: "pull", errors: { form: [message] }, values: {} } as FormProblem, done: null };
}

/** A refused upload's values without the file (a browser never refills a file field). */
function withoutFile(problem: FormProblem): FormProblem {
  const { feed: _feed, ...values } = problem.values;
  return { ...problem, values };
}

const inputClass = "mt-1 w-full rounded border border-slate-500 px-2 py-1";
const buttonClass = "rounded bg-slate-900 px-3 py-1 font-semibold text-white";

function Counts({ counts, verb }: { counts: FeedImportRow["counts"]; verb: "would be" | "were" }) {
  if (!counts) return null;
  const items = [
    ["created", counts.created],
    ["updated", counts.updated],
    ["withdrawn", counts.withdrawn],
    ["rejected", counts.rejected],
    ["unchanged", counts.unchanged],
  ] as const;
  return (
    <dl className="mt-2 grid grid-cols-2 gap-1 text-sm sm:grid-cols-5">
      {items.map(([label, n]) => (
        <div key={label} className="rounded border border-slate-300 p-2">
          <dt>{`${verb === "would be" ? "Would be " : ""}${label}`}</dt>
          <dd className="text-lg font-semibold">{n.toLocaleString("en-AU")}</dd>
        </div>
      ))}
    </dl>
  );
}

function CarList({ title, cars, total }: { title: string; cars: { row: number | null; stockNumber: string; name: string }[]; total: number }) {
  if (!total) return null;
  return (
    <details className="mt-2">
      <summary className="cursor-pointer">{`${title} (${total.toLocaleString("en-AU")})`}</summary>
      <ul className="mt-1 list-disc pl-6 text-sm">
        {cars.map((c) => (
          <li key={c.stockNumber}>{`${c.row ? `Row ${c.row}: ` : ""}${c.stockNumber} ${c.name}`}</li>
        ))}
        {total > cars.length ? <li>and {(total - cars.length).toLocaleString("en-AU")} more</li> : null}
      </ul>
    </details>
  );
}

function DryRun({ dryRun, slug, canEdit }: { dryRun: NonNullable<Route.ComponentProps["loaderData"]["dryRun"]>; slug: string; canEdit: boolean }) {
  const c = dryRun.counts;
  return (
    <section id="dry-run" aria-labelledby="dry-run-title" className="mt-6 rounded border border-slate-400 p-4">
      <h2 id="dry-run-title" className="text-xl font-semibold">
        {`${dryRun.status === "dry-run" ? "Dry run" : "Import"} of ${dryRun.file}`}
      </h2>
      <p className="text-sm text-slate-700">
        {`${dryRun.heldReason ? "Pulled" : "Uploaded"} ${dryRun.at}; read as ${dryRun.encoding}; ${dryRun.full ? "the whole stock list (cars missing from it are withdrawn)" : "some cars only (no car is withdrawn)"}.${dryRun.status === "dry-run" ? " Nothing has changed yet." : ""}`}
      </p>
      {dryRun.heldReason && dryRun.status === "dry-run" ? <p className="mt-2 font-medium">{dryRun.heldReason}</p> : null}
      <Counts counts={c} verb={dryRun.status === "dry-run" ? "would be" : "were"} />
      {c ? (
        <>
          <CarList title="Created" cars={dryRun.created} total={c.created} />
          <CarList title="Updated" cars={dryRun.updated} total={c.updated} />
          <CarList title="Withdrawn" cars={dryRun.withdrawn} total={c.withdrawn} />
        </>
      ) : null}
      {dryRun.rejections.length ? (
        <>
          <h3 className="mt-4 font-semibold">Rejected rows</h3>
          <ScrollingTable label="Rejected rows" className="mt-2">
            <caption className="sr-only">Rows of the file that would not be imported, with the reason</caption>
            <thead>
              <tr>
                <th scope="col">Row</th>
                <th scope="col">Reason</th>
              </tr>
            </thead>
            <tbody>
              {dryRun.rejections.map((r) => (
                <tr key={r.row} className="border-t border-slate-200 align-top">
                  <td className="pr-3">{r.row}</td>
                  <td>{r.reason}</td>
                </tr>
              ))}
            </tbody>
          </ScrollingTable>
          <p className="mt-2 text-sm">
            <a href={`/sites/${slug}/feeds/rejections?import=${dryRun.id}`} className="underline">
              Download every rejected row as CSV
            </a>
          </p>
        </>
      ) : null}
      {canEdit && dryRun.status === "dry-run" ? (
        <form method="post" className="mt-4">
          <input type="hidden" name="importId" value={dryRun.id} />
          <button name="intent" value="apply" className={buttonClass}>
            Apply this feed
          </button>
        </form>
      ) : null}
    </section>
  );
}

export default function ConsoleFeeds({ loaderData, actionData }: Route.ComponentProps) {
  const { site, canEdit, stock, dryRun, source, history, limitedToLocations } = loaderData;
  const outcome = actionData as FormOutcome;
  const fileErrors = [...(loaderData.uploadError && !outcome ? [loaderData.uploadError] : []), ...errorsOf(outcome, "upload", "feed")];
  const uploadFull = outcome?.problem?.form === "upload" ? keptValue(outcome, "upload", "full") === "on" : true;
  const sourceErrors = (field: string) => errorsOf(outcome, "source", field);
  const kept = (field: string, fallback: string) => keptValue(outcome, "source", field, fallback);
  const pullErrors = errorsOf(outcome, "pull", "form");
  return (
    <section aria-labelledby="feeds-title">
      <title>{`Feeds · ${site.name} · Forecourt console`}</title>
      <p className="text-sm">
        <a href={`/sites/${site.slug}`} className="underline">
          {site.name}
        </a>
      </p>
      <h1 id="feeds-title" className="text-2xl font-bold">
        Feeds
      </h1>
      {outcome?.problem?.form === "pull" ? null : <FormStatus outcome={outcome} />}

      <section aria-labelledby="stock-now-title" className="mt-4">
        <h2 id="stock-now-title" className="text-lg font-semibold">
          Stock now{limitedToLocations ? " (your locations)" : ""}
        </h2>
        <dl className="mt-2 flex flex-wrap gap-4 text-sm" data-testid="stock-counts">
          {stock.length ? (
            stock.map((s) => (
              <div key={s.label}>
                <dt>{s.label}</dt>
                <dd className="text-lg font-semibold">{s.cars.toLocaleString("en-AU")}</dd>
              </div>
            ))
          ) : (
            <div>
              <dt>Cars</dt>
              <dd>None yet</dd>
            </div>
          )}
        </dl>
      </section>

      {dryRun ? <DryRun dryRun={dryRun} slug={site.slug} canEdit={canEdit} /> : null}

      {canEdit ? (
        <section aria-labelledby="upload-title" className="mt-6 max-w-xl">
          <h2 id="upload-title" className="text-xl font-semibold">
            Upload a feed
          </h2>
          <p className="text-sm text-slate-700">
            A CSV (Forecourt's columns or the listing export's) or JSON file, UTF-8 or UTF-16, up to {megabytes(FEED_MAX_BYTES)}. You see what would change before anything does.
          </p>
          <form method="post" encType="multipart/form-data" className="mt-2 grid gap-3" noValidate>
            <div>
              <label htmlFor="feed-file" className="block font-medium">
                Feed file
              </label>
              <input
                id="feed-file"
                name="feed"
                type="file"
                accept=".csv,.json,.txt,text/csv,application/json"
                aria-invalid={fileErrors.length ? true : undefined}
                aria-describedby={fileErrors.length ? "feed-file-error" : undefined}
                className={inputClass}
              />
              <FieldErrors id="feed-file-error" messages={fileErrors} />
            </div>
            <label className="flex items-start gap-2">
              <input type="checkbox" name="full" defaultChecked={uploadFull} className="mt-1" />
              <span>This file is the whole stock list: withdraw cars that are missing from it</span>
            </label>
            <p>
              <button name="intent" value="dry-run" className={buttonClass}>
                Dry run
              </button>
            </p>
          </form>
        </section>
      ) : null}

      <section aria-labelledby="source-title" className="mt-6 max-w-xl">
        <h2 id="source-title" className="text-xl font-semibold">
          Feed URL
        </h2>
        {source ? (
          <p className="text-sm text-slate-700">
            {source.nextPull ? `Next pull ${source.nextPull} (${site.timeZone}).` : "Pulled only on demand."}
            {source.lastPull ? ` Last pull ${source.lastPull}: ${source.lastOutcome ?? ""}` : ""}
          </p>
        ) : (
          <p className="text-sm text-slate-700">No feed URL yet: the stock changes only by upload{canEdit ? " or from the address you set here" : ""}.</p>
        )}
        {canEdit ? (
          <>
            <form method="post" className="mt-2 grid gap-3" noValidate>
              <div>
                <label htmlFor="source-url" className="block font-medium">
                  Feed address (URL)
                </label>
                <input id="source-url" name="url" type="url" defaultValue={kept("url", source?.url ?? "")} aria-invalid={sourceErrors("url").length ? true : undefined} aria-describedby={sourceErrors("url").length ? "source-url-error" : undefined} className={inputClass} />
                <FieldErrors id="source-url-error" messages={sourceErrors("url")} />
              </div>
              <div>
                <label htmlFor="source-schedule" className="block font-medium">
                  Pull
                </label>
                <select id="source-schedule" name="schedule" defaultValue={kept("schedule", source?.preset ?? "daily")} className={inputClass}>
                  <option value="off">Only when I press Pull now</option>
                  <option value="hourly">Every hour</option>
                  <option value="daily">Every day at 6 am</option>
                  <option value="custom">On a cron schedule (below)</option>
                </select>
              </div>
              <div>
                <label htmlFor="source-cron" className="block font-medium">
                  Cron schedule ({site.timeZone})
                </label>
                <input
                  id="source-cron"
                  name="cron"
                  defaultValue={kept("cron", source?.preset === "custom" ? source.cron : "")}
                  placeholder="30 5 * * 1-5"
                  aria-invalid={sourceErrors("cron").length ? true : undefined}
                  aria-describedby={sourceErrors("cron").length ? "source-cron-error source-cron-help" : "source-cron-help"}
                  className={inputClass}
                />
                <p id="source-cron-help" className="text-sm text-slate-700">
                  Minute, hour, day, month, weekday: 30 5 * * 1-5 is 5:30 am on weekdays.
                </p>
                <FieldErrors id="source-cron-error" messages={sourceErrors("cron")} />
              </div>
              <div>
                <label htmlFor="source-max-change" className="block font-medium">
                  Most of the stock a scheduled pull may change on its own (%)
                </label>
                <input
                  id="source-max-change"
                  name="maxChange"
                  inputMode="numeric"
                  defaultValue={kept("maxChange", String(source?.maxChange ?? DEFAULT_MAX_CHANGE_PERCENT))}
                  aria-invalid={sourceErrors("maxChange").length ? true : undefined}
                  aria-describedby={sourceErrors("maxChange").length ? "source-max-change-error source-max-change-help" : "source-max-change-help"}
                  className={inputClass}
                />
                <p id="source-max-change-help" className="text-sm text-slate-700">
                  A scheduled pull that would update and withdraw more of the listed cars than this is held as a dry run for you to check and apply. Pull now always applies.
                </p>
                <FieldErrors id="source-max-change-error" messages={sourceErrors("maxChange")} />
              </div>
              <label className="flex items-start gap-2">
                <input type="checkbox" name="full" defaultChecked={outcome?.problem?.form === "source" ? kept("full", "") === "on" : (source?.full ?? true)} className="mt-1" />
                <span>The feed is the whole stock list: withdraw cars that are missing from it</span>
              </label>
              <p>
                <button name="intent" value="save-source" className={buttonClass}>
                  Save feed URL
                </button>
              </p>
            </form>
            {source ? (
              <form method="post" className="mt-3 flex flex-wrap gap-3">
                <button name="intent" value="pull-now" className={buttonClass}>
                  Pull now
                </button>
                <button name="intent" value="remove-source" className="rounded border border-red-700 px-3 py-1 text-red-800">
                  Remove feed URL
                </button>
              </form>
            ) : null}
            {pullErrors.length ? (
              <p role="alert" className="mt-3 rounded border border-red-700 bg-red-50 p-3 text-sm">
                {pullErrors.join(" ")}
              </p>
            ) : null}
          </>
        ) : source ? (
          <p className="mt-2 text-sm">{source.url.split("?")[0]}</p>
        ) : null}
      </section>

      <section aria-labelledby="history-title" className="mt-6">
        <h2 id="history-title" className="text-xl font-semibold">
          Import history
        </h2>
        {history.length ? (
          <ScrollingTable label="Import history" className="mt-2">
            <caption className="sr-only">Feeds applied or pulled, newest first</caption>
            <thead>
              <tr>
                {[`When (${site.timeZone})`, "Who", "File", "Created", "Updated", "Withdrawn", "Rejected", "Unchanged", "Outcome"].map((heading) => (
                  <th key={heading} scope="col">
                    {heading}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {history.map((h) => (
                <tr key={h.id} className="border-t border-slate-200 align-top">
                  <td className="whitespace-nowrap pr-2">{h.at}</td>
                  <td className="pr-2">{h.who}</td>
                  <td className="break-all pr-2">{h.file}</td>
                  <td>{h.counts?.created ?? ""}</td>
                  <td>{h.counts?.updated ?? ""}</td>
                  <td>{h.counts?.withdrawn ?? ""}</td>
                  <td>{h.counts?.rejected ?? ""}</td>
                  <td>{h.counts?.unchanged ?? ""}</td>
                  <td>
                    {h.status === "failed" ? (
                      `Failed: ${h.error ?? ""}`
                    ) : h.heldReason && h.status === "dry-run" ? (
                      <>
                        {`${h.heldReason} `}
                        <a href={`/sites/${site.slug}/feeds?dryRun=${h.id}#dry-run`} className="underline">
                          {`Review held pull ${h.id}`}
                        </a>
                      </>
                    ) : h.heldReason ? (
                      "Held, then applied"
                    ) : h.source === "pull" ? (
                      "Pulled and applied"
                    ) : (
                      "Applied"
                    )}
                    {h.rejected ? (
                      <>
                        {" "}
                        <a href={`/sites/${site.slug}/feeds/rejections?import=${h.id}`} className="underline">
                          {`Rejection report (CSV) for import ${h.id}`}
                        </a>
                      </>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </ScrollingTable>
        ) : (
          <p className="mt-2">No feed has been applied here yet.</p>
        )}
      </section>
    </section>
  );
}

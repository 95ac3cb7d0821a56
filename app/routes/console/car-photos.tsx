/**
 * `/sites/{slug}/stock/{stockNumber}/photos` (issue 49 item 2): a car's photos in gallery order
 * (the first is the primary, shown on cards), an upload form for several photos at once (a plain
 * file input posted as multipart, so it works without JavaScript; with it, photos dropped on the
 * form are uploaded the same way), and per photo: move up, move down, make primary, delete.
 * Staff with stock.view see the page; stock.edit changes it (sales: their locations' cars only).
 */
import { data } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/car-photos";
import { ACCEPTED_TYPES_TEXT, addCarPhotos, changeCarPhoto, PHOTO_LIMITS, photoCarFor, PhotoGone, photoVersion, uploadDetails, type UploadOutcome } from "~/console/car-photos.server";
import { fieldProblem, formDone, formProblem, parseConsoleForm, type FormProblem, readConsoleFormData } from "~/console/form.server";
import { errorsOf, FieldErrors, FormStatus } from "~/console/forms";
import { guardConsoleAction, guardConsoleRoute } from "~/console/guard.server";
import { accessOf } from "~/console/permissions";

const UPLOAD_FORM = "upload";
const ACCEPT = "image/jpeg,image/png,image/webp,image/heic,image/heif,image/avif";

export async function loader(args: Route.LoaderArgs) {
  const { db, site, member } = await guardConsoleRoute("console-car-photos", args);
  const scoped = site!;
  const car = await photoCarFor(db, scoped, args.params.stockNumber);
  const uploads = await uploadDetails(db, scoped, car);
  const base = `/sites/${scoped.site.slug}/stock/${encodeURIComponent(car.stockNumber)}/photos`;
  const canEdit = member.grants.some((g) => accessOf(g.role, "stock.edit") !== null && (g.role === "platform_operator" || (g.role === "group_admin" && g.dealerGroupId === scoped.site.dealerGroupId) || g.siteId === scoped.site.id));
  return {
    site: { slug: scoped.site.slug, name: scoped.site.name },
    car: { stockNumber: car.stockNumber, name: car.name },
    base,
    canEdit,
    photos: car.images.map((url, i) => {
      const upload = uploads.get(url);
      return {
        url,
        name: upload?.originalName ?? "Imported photo",
        detail: upload ? `${upload.width} × ${upload.height} px, ${Math.round(upload.byteSize / 1024).toLocaleString("en-AU")} KB` : url,
        thumb: `${base}/${i + 1}?v=${photoVersion(url)}`,
      };
    }),
    limits: { maxFileMegabytes: PHOTO_LIMITS.maxFileBytes / (1024 * 1024), maxPostBytes: PHOTO_LIMITS.maxPostBytes, maxPostMegabytes: PHOTO_LIMITS.maxPostBytes / (1024 * 1024), maxPhotos: PHOTO_LIMITS.maxPhotosPerCar, minLongSide: PHOTO_LIMITS.minLongSide, types: ACCEPTED_TYPES_TEXT },
  };
}

const ChangeSchema = z.object({
  intent: z.enum(["move-up", "move-down", "primary", "delete"], { message: "Choose what to do with the photo." }),
  photo: z.string({ message: "Choose a photo." }).min(1, "Choose a photo.").max(2000),
});

type ActionData = { problem: FormProblem | null; done: string | null; uploads?: UploadOutcome[] };

export async function action(args: Route.ActionArgs) {
  const { db, site, member, console } = await guardConsoleAction("console-car-photos", args);
  const scoped = site!;
  const stockNumber = args.params.stockNumber;
  let form: FormData;
  try {
    form = await readConsoleFormData(args.request);
  } catch {
    return fieldProblem(UPLOAD_FORM, "photos", "The upload did not arrive whole. Please choose the photos again.", {});
  }
  const actor = { member, ipAddress: console.clientIp };
  if (form.get("intent") === "upload") {
    // A file input left empty still posts one nameless, empty part.
    const files = form.getAll("photos").filter((f): f is File => typeof f !== "string" && !(f.name === "" && f.size === 0));
    if (!files.length) return fieldProblem(UPLOAD_FORM, "photos", "Choose at least one photo to upload.", {});
    const outcomes = await addCarPhotos(db, actor, scoped, stockNumber, await Promise.all(files.map(async (f) => ({ name: f.name || "photo", bytes: new Uint8Array(await f.arrayBuffer()) }))));
    const added = outcomes.filter((o) => o.accepted).length;
    const done = `${added} of ${outcomes.length} ${outcomes.length === 1 ? "photo" : "photos"} added.`;
    const body: ActionData = { problem: null, done, uploads: outcomes };
    return data(body, { status: added ? 200 : 400 });
  }
  const parsed = parseConsoleForm("change", form, ChangeSchema);
  if (!parsed.ok) return formProblem(parsed.problem);
  try {
    return formDone(await changeCarPhoto(db, actor, scoped, stockNumber, parsed.value));
  } catch (error) {
    if (error instanceof PhotoGone) return fieldProblem("change", "form", error.message, {});
    throw error;
  }
}

export default function ConsoleCarPhotos({ loaderData, actionData }: Route.ComponentProps) {
  const { site, car, base, canEdit, photos, limits } = loaderData;
  const outcome = actionData as ActionData | undefined;
  return (
    <section aria-labelledby="photos-title">
      <title>{`Photos of ${car.name} · ${site.name} · Forecourt console`}</title>
      <p className="text-sm">
        <a href={`/sites/${site.slug}`} className="underline">
          {site.name}
        </a>{" "}
        ›{" "}
        <a href={`/sites/${site.slug}/photos`} className="underline">
          Photos
        </a>
      </p>
      <h1 id="photos-title" className="text-2xl font-bold">
        Photos of {car.name}
      </h1>
      <p className="mt-1 text-sm text-slate-700">
        Stock number {car.stockNumber} · {photos.length} of {limits.maxPhotos} photos. The first photo is the primary: it shows first in the gallery and on cards. Changes show on the site at once.
      </p>
      {outcome?.uploads ? <UploadReport outcomes={outcome.uploads} done={outcome.done} /> : <FormStatus outcome={outcome} />}
      {canEdit ? <UploadForm base={base} limits={limits} errors={errorsOf(outcome, UPLOAD_FORM, "photos")} /> : null}
      <h2 className="mt-6 text-lg font-semibold">Photos in gallery order</h2>
      {photos.length ? (
        <ol className="mt-2 grid gap-3 sm:grid-cols-2" aria-label="Photos in gallery order">
          {photos.map((p, i) => (
            <li key={p.url} className="flex gap-3 rounded border border-slate-300 p-2">
              <img src={p.thumb} alt={`Photo ${i + 1}: ${p.name}`} loading="lazy" width={160} height={120} className="h-[120px] w-[160px] shrink-0 rounded bg-slate-100 object-cover" />
              <div className="min-w-0 text-sm">
                <p className="font-semibold">
                  {`${i + 1}. ${p.name}`} {i === 0 ? <span className="ml-1 rounded bg-slate-900 px-1.5 py-0.5 text-xs text-white">Primary</span> : null}
                </p>
                <p className="break-all text-slate-700">{p.detail}</p>
                {canEdit ? (
                  <form method="post" action={base} className="mt-2 flex flex-wrap gap-2">
                    <input type="hidden" name="photo" value={p.url} />
                    <PhotoButton intent="move-up" disabled={i === 0} label="Move up" about={`photo ${i + 1}`} />
                    <PhotoButton intent="move-down" disabled={i === photos.length - 1} label="Move down" about={`photo ${i + 1}`} />
                    {i > 0 ? <PhotoButton intent="primary" label="Make primary" about={`photo ${i + 1}`} /> : null}
                    <PhotoButton intent="delete" label="Delete" about={`photo ${i + 1}`} danger />
                  </form>
                ) : null}
              </div>
            </li>
          ))}
        </ol>
      ) : (
        <p className="mt-2">This car has no photos yet. The site shows an illustration of its body type instead.</p>
      )}
    </section>
  );
}

function PhotoButton({ intent, label, about, disabled, danger }: { intent: string; label: string; about: string; disabled?: boolean; danger?: boolean }) {
  return (
    <button type="submit" name="intent" value={intent} disabled={disabled} className={`rounded border px-2 py-0.5 disabled:opacity-40 ${danger ? "border-red-700 text-red-800" : "border-slate-600"}`}>
      {label}
      <span className="sr-only"> {about}</span>
    </button>
  );
}

/** Which files of the last upload were added and which were refused, and why. */
function UploadReport({ outcomes, done }: { outcomes: UploadOutcome[]; done: string | null }) {
  const refused = outcomes.some((o) => !o.accepted);
  return (
    <div role={refused ? "alert" : "status"} className={`mt-3 rounded border p-3 text-sm ${refused ? "border-red-700 bg-red-50" : "border-green-700 bg-green-50"}`}>
      <p className="font-semibold">{done}</p>
      <ul className="mt-1 list-disc pl-5" aria-label="Uploaded files">
        {outcomes.map((o, i) => (
          <li key={`${i}-${o.name}`}>
            {`${o.name}: ${o.accepted ? "added." : `not added. ${o.reason}`}`}
          </li>
        ))}
      </ul>
    </div>
  );
}

type Limits = Route.ComponentProps["loaderData"]["limits"];

/**
 * The upload form: a plain multipart post. The console sends no React scripts (its pages are
 * plain HTML), so drag and drop is one small script (public/console/photo-drop.js) that fills the
 * same file input with the dropped photos and posts the form.
 */
function UploadForm({ base, limits, errors }: { base: string; limits: Limits; errors: string[] }) {
  return (
    <form method="post" action={base} encType="multipart/form-data" aria-labelledby="upload-title" data-photo-drop="" data-max-bytes={limits.maxPostBytes} className="mt-4 rounded border-2 border-dashed border-slate-400 p-4">
      <h2 id="upload-title" className="text-lg font-semibold">
        Add photos
      </h2>
      <input type="hidden" name="intent" value="upload" />
      <label htmlFor="photos-input" className="mt-2 block text-sm font-medium">
        Photos to add (choose several at once)
      </label>
      <input id="photos-input" name="photos" type="file" multiple accept={ACCEPT} aria-describedby={`photos-help${errors.length ? " photos-error" : ""}`} aria-invalid={errors.length ? true : undefined} className="mt-1 block w-full text-sm" />
      <p id="photos-help" className="mt-1 text-sm text-slate-700">
        {`${limits.types}; up to ${limits.maxFileMegabytes} MB and at least ${limits.minLongSide} px on the long side each; up to ${limits.maxPhotos} photos per car and ${limits.maxPostMegabytes} MB per upload. Location and camera data are removed from every photo.`}
      </p>
      <p data-photo-drop-hint="" hidden className="mt-1 text-sm text-slate-700">
        Or drag photos onto this box: they are uploaded at once.
      </p>
      <FieldErrors id="photos-error" messages={errors} />
      <p data-photo-drop-status="" role="status" className="mt-1 text-sm font-semibold" />
      <button type="submit" className="mt-2 rounded bg-slate-900 px-3 py-1 text-white">
        Upload photos
      </button>
      <script src="/console/photo-drop.js" defer />
    </form>
  );
}

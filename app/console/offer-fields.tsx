/**
 * The fields of the offer form (issue 50 items 1 and 7), shared by a site's offer editor and the
 * pages of a dealer group's and the network's offers: name, kind (offer or promo card), category,
 * model, car type, description, disclaimer, image upload, link, dates, finance (reg 100) and the
 * schedule. Dates and schedule are typed in `timeZone`. The form around them is the page's
 * (`encType="multipart/form-data"` for the image); after a refused post every typed value shows
 * again with its message beside the field.
 */
import type { ReactNode } from "react";
import { COMPARISON_RATE_WARNING } from "~/domain/finance/disclosure-text";
import { errorsOf, FieldNotes, keptValue, type FormOutcome } from "./forms";
import { publishingInWords } from "./schedule-ui";

const FORM = "offer";

type InputProps = { id: string; name: string; defaultValue: string; "aria-describedby"?: string; "aria-invalid"?: boolean };

/** One labelled field of the offer form; `children` renders a control other than a text input. */
function Field({ outcome, name, label, values, help, type = "text", wide, children }: { outcome: FormOutcome; name: string; label: string; values: Record<string, string>; help?: string; type?: string; wide?: boolean; children?: (props: InputProps) => ReactNode }) {
  const errors = errorsOf(outcome, FORM, name);
  const id = `f-${name}`;
  const described = [help ? `${id}-help` : null, errors.length ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  const props = { id, name, defaultValue: keptValue(outcome, FORM, name, values[name] ?? ""), "aria-describedby": described, "aria-invalid": errors.length ? true : undefined };
  return (
    <div className={`grid content-start gap-1 ${wide ? "sm:col-span-2" : ""}`}>
      <label htmlFor={id} className="font-semibold">
        {label}
      </label>
      {children ? children(props) : <input type={type} className="rounded border border-slate-400 px-2 py-1" {...props} />}
      <FieldNotes id={id} help={help} errors={errors} />
    </div>
  );
}

/**
 * Every field of an offer, for a grid form of two columns.
 * @param values the stored offer's form values (offerFormValues), or {} for a new one
 * @param imageUrl the offer's current image (a "Remove the image" box shows with it)
 * @param where whose pages a link points into, in words: "this site", "each site"
 */
export function OfferFields({ outcome, values, models, timeZone, maxUploadMb, imageUrl, where }: { outcome: FormOutcome; values: Record<string, string>; models: { id: number; label: string }[]; timeZone: string; maxUploadMb: number; imageUrl: string | null; where: string }) {
  const f = { outcome, values };
  return (
    <>
      <Field {...f} name="name" label="Name" wide />
      <Field {...f} name="kind" label="Kind">
        {(p) => (
          <select {...p} className="rounded border border-slate-400 px-2 py-1">
            <option value="offer">Offer (special offers page)</option>
            <option value="promo_card">Promo card (among search results)</option>
          </select>
        )}
      </Field>
      <Field {...f} name="category" label="Category" help="e.g. Finance offer, Service offer." />
      <Field {...f} name="modelId" label="Model">
        {(p) => (
          <select {...p} className="rounded border border-slate-400 px-2 py-1">
            <option value="">No model</option>
            {models.map((m) => (
              <option key={m.id} value={m.id}>
                {m.label}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field {...f} name="carType" label="Car type" help="A promo card shows only for searches of this car type.">
        {(p) => (
          <select {...p} className="rounded border border-slate-400 px-2 py-1">
            <option value="">Every car type</option>
            <option value="new">New</option>
            <option value="demo">Demo</option>
            <option value="used">Used</option>
          </select>
        )}
      </Field>
      <Field {...f} name="description" label="Description" wide>
        {(p) => <textarea {...p} rows={4} className="rounded border border-slate-400 px-2 py-1" />}
      </Field>
      <Field {...f} name="disclaimer" label="Disclaimer" wide>
        {(p) => <textarea {...p} rows={3} className="rounded border border-slate-400 px-2 py-1" />}
      </Field>
      <Field {...f} name="image" label="Image" help={`JPEG, PNG, WebP, AVIF or HEIC (iPhone), at most ${maxUploadMb} MB. Location and camera details are removed. Empty: the model's image, else the site's offers banner.`} wide>
        {(p) => <input type="file" accept="image/jpeg,image/png,image/webp,image/avif,image/heic,image/heif" id={p.id} name={p.name} aria-describedby={p["aria-describedby"]} aria-invalid={p["aria-invalid"]} />}
      </Field>
      {imageUrl ? (
        <div className="flex items-center gap-3 sm:col-span-2">
          <img src={imageUrl} alt="The offer's current image" width={160} height={90} className="h-[90px] w-[160px] rounded object-cover" />
          <label className="flex items-center gap-2">
            <input type="checkbox" name="removeImage" value="1" /> Remove the image
          </label>
        </div>
      ) : null}
      <Field {...f} name="linkUrl" label="Link (promo cards)" help={`A path on ${where} such as /trade-in, or an https:// address.`} wide />
      <Field {...f} name="startsAt" label="Starts" type="datetime-local" help={`Shown from this time (${timeZone}). Empty: at once.`} />
      <Field {...f} name="expiresAt" label="Expires" type="datetime-local" help={`Shown until this time (${timeZone}). Empty: no expiry.`} />
      <fieldset className="grid gap-3 rounded border border-slate-300 p-3 sm:col-span-2 sm:grid-cols-3">
        <legend className="px-1 font-semibold">Finance (only for a finance offer)</legend>
        <Field {...f} name="financeRate" label="Finance rate (% p.a.)" />
        <Field {...f} name="comparisonRate" label="Comparison rate (% p.a.)" help="Required with a finance rate." />
        <Field {...f} name="termYears" label="Term (years)" help="Default 5." />
        <p className="text-sm text-slate-700 sm:col-span-3">Shown with the rates, always: {COMPARISON_RATE_WARNING}</p>
      </fieldset>
      <fieldset className="grid gap-3 rounded border border-slate-300 p-3 sm:col-span-2 sm:grid-cols-2">
        <legend className="px-1 font-semibold">Schedule ({timeZone})</legend>
        <Field {...f} name="publishAt" label="Publish at" type="datetime-local" />
        <Field {...f} name="unpublishAt" label="Unpublish at" type="datetime-local" />
      </fieldset>
    </>
  );
}

/** The form's three buttons: save (a new offer: as a draft), publish now, save and schedule. */
export function OfferButtons({ isNew }: { isNew: boolean }) {
  return (
    <div className="flex flex-wrap gap-3 sm:col-span-2">
      <button type="submit" name="intent" value="save" className="rounded border border-slate-700 px-3 py-2">
        {isNew ? "Save as draft" : "Save"}
      </button>
      <button type="submit" name="intent" value="publish" className="rounded bg-slate-900 px-3 py-2 text-white">
        Save and publish now
      </button>
      <button type="submit" name="intent" value="schedule" className="rounded border border-slate-700 px-3 py-2">
        Save and schedule
      </button>
    </div>
  );
}

/** "Publishes …; Unpublishes …." of an offer's pending changes, or "Nothing scheduled." */
export function pendingInWords(pending: readonly { action: string; at: string }[]): string {
  return pending.length ? pending.map((p) => `${publishingInWords(p)} ${p.at}`).join("; ") + "." : "Nothing scheduled.";
}

/**
 * Issue 10: small server-rendered building blocks of the reservation page, the purchase journey
 * and /online-payment (no client JavaScript needed).
 */
import { ERROR_LIST_HEADING } from "~/forms/lead-form-text";

/** Shown on every page that takes a payment through the offline test provider. */
export function TestPaymentBanner({ label }: { label: string | null }) {
  if (!label) return null;
  return (
    <p role="note" className="rounded border-2 border-dashed border-amber-500 bg-amber-50 px-4 py-2 text-center font-semibold text-amber-900" data-testid="test-payment-banner">
      {label}
    </p>
  );
}

export interface CarSummaryData {
  title: string;
  priceText: string;
  stockNumber: string;
  imageUrl: string | null;
  slug: string;
  locationName: string | null;
}

/** The car being reserved or bought, with its price. */
export function CarSummary({ car }: { car: CarSummaryData }) {
  return (
    <section aria-labelledby="car-summary-title" className="flex gap-4 rounded-lg bg-white p-4 shadow-sm">
      {car.imageUrl ? <img src={car.imageUrl} alt="" width={160} height={107} className="h-[107px] w-[160px] rounded object-cover" /> : null}
      <div>
        <h2 id="car-summary-title" className="text-lg font-semibold">
          <a href={`/cars/${car.slug}`} className="underline">
            {car.title}
          </a>
        </h2>
        <p className="text-xl font-bold text-[var(--site-accent)]" data-testid="car-price">
          {car.priceText}
        </p>
        <p className="text-sm text-slate-600">
          Stock number {car.stockNumber}
          {car.locationName ? ` · ${car.locationName}` : ""}
        </p>
      </div>
    </section>
  );
}

/** Form-level alert and the spec 8 error list. */
export function ErrorSummary({ errors, formError }: { errors: Record<string, string>; formError?: string | null }) {
  const list = Object.entries(errors).filter(([k]) => k !== "_form");
  if (!list.length && !formError) return null;
  return (
    <div role="alert" data-testid="error-warning" className="rounded border border-red-300 bg-red-50 p-3 text-sm text-red-800">
      {formError ? <p className="font-semibold">{formError}</p> : null}
      {list.length ? (
        <>
          <p className="font-semibold">{ERROR_LIST_HEADING}</p>
          <ul className="mt-1 list-disc pl-5">
            {list.map(([k, m]) => (
              <li key={k}>{m}</li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}

/** A labelled text input with its error. */
export function TextField(props: {
  name: string;
  label: string;
  value?: unknown;
  error?: string;
  type?: string;
  autoComplete?: string;
  inputMode?: "numeric" | "tel" | "email" | "text";
  maxLength?: number;
  required?: boolean;
  hint?: string;
}) {
  const id = `f-${props.name}`;
  const describedBy = [props.hint ? `${id}-hint` : null, props.error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {props.label}
        {props.required ? " *" : ""}
      </label>
      <input
        id={id}
        name={props.name}
        type={props.type ?? "text"}
        defaultValue={typeof props.value === "string" || typeof props.value === "number" ? String(props.value) : ""}
        autoComplete={props.autoComplete}
        inputMode={props.inputMode}
        maxLength={props.maxLength}
        required={props.required}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={describedBy}
        className="rounded border border-slate-400 px-3 py-2"
      />
      {props.hint ? (
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {props.hint}
        </p>
      ) : null}
      {props.error ? (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {props.error}
        </p>
      ) : null}
    </div>
  );
}

/** Dealership picker (spec 2.6); a single location is sent as a hidden field. */
export function LocationPicker({ locations, value, error, label = "Pickup location" }: { locations: { id: number; name: string }[]; value?: unknown; error?: string; label?: string }) {
  if (locations.length === 0) return null;
  if (locations.length === 1) {
    return (
      <p className="text-sm">
        {label}: <strong>{locations[0].name}</strong>
        <input type="hidden" name="location_id" value={locations[0].id} />
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor="f-location_id" className="text-sm font-medium">
        {label} *
      </label>
      <select id="f-location_id" name="location_id" defaultValue={value ? String(value) : ""} required aria-invalid={error ? true : undefined} aria-describedby={error ? "f-location_id-error" : undefined} className="rounded border border-slate-400 px-3 py-2">
        <option value="">Choose a dealership</option>
        {locations.map((l) => (
          <option key={l.id} value={l.id}>
            {l.name}
          </option>
        ))}
      </select>
      {error ? (
        <p id="f-location_id-error" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Terms checkbox (spec 5 message on error). */
export function TermsCheckbox({ error, checked }: { error?: string; checked?: boolean }) {
  return (
    <div>
      <label className="flex items-start gap-2 text-sm">
        <input type="checkbox" name="terms" defaultChecked={checked} aria-invalid={error ? true : undefined} aria-describedby={error ? "f-terms-error" : undefined} className="mt-1" />
        <span>
          I agree to the <a href="/terms-and-conditions" className="underline">terms of use</a>, and I understand the deposit is fully refundable.
        </span>
      </label>
      {error ? (
        <p id="f-terms-error" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The test provider's card field with the documented test cards. */
export function TestCardField({ error }: { error?: string }) {
  return (
    <fieldset className="rounded border border-slate-300 p-3">
      <legend className="px-1 text-sm font-semibold">Card (test payment)</legend>
      <TextField name="card_number" label="Card number" autoComplete="off" inputMode="numeric" maxLength={23} error={error} required hint="Test cards: 4242 4242 4242 4242 is approved; 4000 0000 0000 0002 is declined. No money moves." />
    </fieldset>
  );
}

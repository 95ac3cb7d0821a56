/**
 * "Nearest to you" GET form (spec 5, 9): reloads the page with ?postcode= so locations (or the
 * dealership picker) are ordered by distance; works without JavaScript. With JavaScript an empty
 * field is prefilled from the postcode the shopper stored with an earlier enquiry.
 */
import { useEffect, useRef } from "react";
import { Form } from "react-router";
import { readUserDetails } from "~/components/leads/lead-storage";

export function NearestPostcodeForm({ postcode, error, action, label = "Nearest location to" }: { postcode: string | null; error: string | null; action?: string; label?: string }) {
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const stored = readUserDetails().postcode;
    if (input.current && !input.current.value && stored) input.current.value = stored;
  }, []);
  // The label avoids the word "postcode" so it never shares a name with a lead form's Postcode field.
  return (
    <Form method="get" action={action} preventScrollReset role="search" aria-label="Sort by distance">
      <label htmlFor="nearest-postcode" className="block text-sm font-medium">
        {label}
      </label>
      <p id="nearest-postcode-hint" className="text-xs text-slate-600">
        Your 4-digit postcode
      </p>
      <div className="mt-1 flex flex-wrap items-center gap-3">
        <input
          ref={input}
          id="nearest-postcode"
          name="postcode"
          defaultValue={postcode ?? ""}
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={4}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "nearest-postcode-hint nearest-postcode-error" : "nearest-postcode-hint"}
          className="w-28 rounded border border-slate-300 px-3 py-2"
        />
        <button type="submit" className="rounded border border-slate-400 bg-white px-4 py-2 text-sm font-semibold">
          Sort by distance
        </button>
      </div>
      {error ? (
        <p id="nearest-postcode-error" role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </Form>
  );
}

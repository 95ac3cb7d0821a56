/**
 * "Nearest to you" GET form (spec 5, 9): reloads the page with ?postcode= so locations (or the
 * dealership picker) are ordered by distance; works without JavaScript. With JavaScript an empty
 * field is prefilled from the postcode the shopper stored with an earlier enquiry.
 */
import { useEffect, useRef } from "react";
import { Form } from "react-router";
import { readUserDetails } from "~/components/leads/lead-storage";

export function NearestPostcodeForm({ postcode, error, action, label = "Find the nearest location to your postcode", hash }: { postcode: string | null; error: string | null; action?: string; label?: string; hash?: string }) {
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const stored = readUserDetails().postcode;
    if (input.current && !input.current.value && stored) input.current.value = stored;
  }, []);
  return (
    <Form method="get" action={hash && action ? `${action}${hash}` : action} preventScrollReset className="flex flex-wrap items-end gap-3" role="search" aria-label="Nearest location">
      <div>
        <label htmlFor="nearest-postcode" className="block text-sm font-medium">
          {label}
        </label>
        <input
          ref={input}
          id="nearest-postcode"
          name="postcode"
          defaultValue={postcode ?? ""}
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={4}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "nearest-postcode-error" : undefined}
          className="mt-1 w-32 rounded border border-slate-300 px-3 py-2"
        />
      </div>
      <button type="submit" className="rounded border border-slate-400 bg-white px-4 py-2 text-sm font-semibold">
        Sort by distance
      </button>
      {error ? (
        <p id="nearest-postcode-error" role="alert" className="w-full text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </Form>
  );
}

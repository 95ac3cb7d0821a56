/**
 * My Garage (spec 2.1 "/my-garage and tenant variants", spec 6 "Always gated"; issue 9): the
 * signed-in shopper's watchlist, newest first, each car with its current price and status; sold
 * cars read SOLD with 'Find Me Something Similar'; a car that left stock reads "no longer
 * available" and is not linked. Also the shopper's stored details (spec 3), which prefill lead
 * forms, and the favourites kept in this browser where the site has them.
 *
 * The page answers only at the site's configured path (`accounts.myGaragePath`); the other
 * variants are 404 there. A site without garage or watchlist has no My Garage.
 */
import { data, Form, useNavigation } from "react-router";
import { Link } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/my-garage";
import { enquireHref } from "~/components/vehicle/car-card-data";
import { dbContext, siteContext } from "~/context";
import { formatAuMobile } from "~/domain/accounts/phone";
import { FIND_SIMILAR_ENQUIRY, DEFAULT_BUTTON_LABELS } from "~/domain/display/buttons";
import { PostcodeSchema } from "~/forms/lead-forms";
import { requireShopperFor, updateShopperDetails } from "~/services/auth.server";
import { assertSameOrigin } from "~/services/origin.server";
import { listWatchlist } from "~/services/watchlist.server";
import { FavouritesList } from "~/components/accounts/favourites-list";
import { readFormData } from "~/services/read-form.server";
import { keepFormOnFailure } from "~/components/form-client-action";
import { GENERIC_FORM_ERROR } from "~/forms/lead-form-text";

function garageSite(url: URL, context: Route.LoaderArgs["context"]) {
  const site = context.get(siteContext);
  const { features, accounts } = site.config;
  const path = url.pathname;
  if (!(features.garage || features.watchlist) || path !== accounts.myGaragePath) throw data("Not found", { status: 404 });
  return site;
}

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const site = garageSite(url, context);
  const db = context.get(dbContext);
  const shopper = (await requireShopperFor(request, site, db, "my-garage"))!;
  return {
    siteName: site.name,
    soldTagName: site.config.display.soldTagName,
    favourites: site.config.features.favourites && !site.config.features.compare,
    items: await listWatchlist(db, site, shopper),
    details: { name: shopper.name ?? "", last_name: shopper.lastName ?? "", email: shopper.email ?? "", postcode: shopper.postcode ?? "", phone: formatAuMobile(shopper.phone) },
  };
}

export function meta({ loaderData: data }: Route.MetaArgs) {
  return [{ title: `My Garage | ${data?.siteName ?? ""}` }, { name: "robots", content: "noindex" }];
}

const optional = (max: number) => z.string().trim().max(max).transform((v) => (v === "" ? null : v));
const DetailsSchema = z.object({
  name: optional(100),
  last_name: optional(100),
  email: z.string().trim().max(200).transform((v) => (v === "" ? null : v)).pipe(z.email("Please enter a valid email address.").nullable()),
  postcode: z.string().trim().transform((v) => (v === "" ? null : v)).pipe(PostcodeSchema.nullable()),
});

interface ActionData {
  saved: boolean;
  errors: string[];
  /** Spec 8 generic form failure: the save never reached the app. */
  formError?: string;
}

/** A save that never reaches the app keeps the details typed, with spec 8's generic form error (issue 51). */
export const clientAction = keepFormOnFailure<ActionData>(() => ({ saved: false, errors: [], formError: GENERIC_FORM_ERROR }));

/** Saves the shopper's own stored details (spec 3). Origin-checked; only the signed-in shopper's row. */
export async function action({ request, context, url }: Route.ActionArgs) {
  assertSameOrigin(request);
  const site = garageSite(url, context);
  const db = context.get(dbContext);
  const shopper = (await requireShopperFor(request, site, db, "my-garage"))!;
  const parsed = DetailsSchema.safeParse(Object.fromEntries(await readFormData(request)));
  if (!parsed.success) return data<ActionData>({ saved: false, errors: parsed.error.issues.map((i) => i.message) }, { status: 400 });
  const v = parsed.data;
  await updateShopperDetails(db, site, shopper.id, { name: v.name, lastName: v.last_name, email: v.email, postcode: v.postcode });
  return data<ActionData>({ saved: true, errors: [] });
}

export default function MyGarage({ loaderData, actionData }: Route.ComponentProps) {
  const { items, details } = loaderData;
  const busy = useNavigation().state === "submitting";
  return (
    <div className="space-y-10">
      <section aria-labelledby="garage-title">
        <h1 id="garage-title" className="text-3xl font-bold">
          My Garage
        </h1>
        <p className="mt-1 text-slate-600">Signed in as {details.phone}.</p>
        <h2 className="mt-6 text-xl font-semibold">Your watchlist</h2>
        {items.length === 0 ? (
          <p className="mt-2 text-slate-600" data-testid="watchlist-empty">
            You have not saved any cars yet. Use the Save button on a car to keep it here.
          </p>
        ) : (
          <ul className="mt-3 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="watchlist-list">
            {items.map((item) => (
              <li key={item.entryId} className="rounded-lg border border-slate-200 bg-white p-4" data-testid="watchlist-item">
                {item.car ? (
                  <>
                    <h3 className="font-semibold">
                      <Link to={`/cars/${item.car.slug}`} className="underline">
                        {item.name}
                      </Link>
                    </h3>
                    {item.car.status === "in_stock" || item.car.status === "coming_soon" ? (
                      <p className="mt-1 text-lg font-bold" data-testid="watchlist-price">
                        {item.car.priceText}
                        {item.car.status === "coming_soon" ? <span className="ml-2 text-sm font-normal text-slate-600">Coming soon</span> : null}
                      </p>
                    ) : (
                      <>
                        <p className="mt-1 font-bold text-red-700" data-testid="watchlist-sold">
                          SOLD
                        </p>
                        <Link to={enquireHref(item.car.slug, FIND_SIMILAR_ENQUIRY)} className="mt-2 inline-block rounded border border-slate-300 px-3 py-1 text-sm">
                          {DEFAULT_BUTTON_LABELS["find-similar"]}
                        </Link>
                      </>
                    )}
                  </>
                ) : (
                  <>
                    <h3 className="font-semibold">{item.name}</h3>
                    <p className="mt-1 text-slate-600" data-testid="watchlist-unavailable">
                      This car is no longer available.{" "}
                      <Link to="/search" className="underline">
                        Browse similar stock
                      </Link>
                    </p>
                  </>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>

      {loaderData.favourites ? <FavouritesList /> : null}

      <section aria-labelledby="details-title" className="max-w-xl">
        <h2 id="details-title" className="text-xl font-semibold">
          Your details
        </h2>
        <p className="mt-1 text-sm text-slate-600">We use these to fill in enquiry forms for you on this site.</p>
        {actionData?.saved ? (
          <p role="status" className="mt-3 rounded bg-green-50 px-3 py-2 text-green-800">
            Your details are saved.
          </p>
        ) : null}
        {actionData?.formError ? (
          <p role="alert" data-testid="error-warning" className="mt-3 rounded border border-red-300 bg-red-50 px-3 py-2 font-semibold text-red-800">
            {actionData.formError}
          </p>
        ) : null}
        {actionData && actionData.errors.length ? (
          <div role="alert" className="mt-3 rounded border border-red-300 bg-red-50 px-3 py-2 text-red-800">
            <p className="font-semibold">Please fix the following errors:</p>
            <ul className="list-disc pl-5">
              {actionData.errors.map((e) => (
                <li key={e}>{e}</li>
              ))}
            </ul>
          </div>
        ) : null}
        <Form method="post" className="mt-3 grid gap-3 sm:grid-cols-2">
          {(
            [
              ["name", "First Name", "given-name", "text"],
              ["last_name", "Last Name", "family-name", "text"],
              ["email", "Email", "email", "email"],
              ["postcode", "Postcode", "postal-code", "text"],
            ] as const
          ).map(([name, label, autoComplete, type]) => (
            <label key={name} className="block text-sm font-medium">
              {label}
              <input
                name={name}
                type={type}
                autoComplete={autoComplete}
                defaultValue={details[name]}
                maxLength={name === "postcode" ? 4 : 200}
                inputMode={name === "postcode" ? "numeric" : undefined}
                className="mt-1 block w-full rounded border border-slate-400 px-3 py-2"
              />
            </label>
          ))}
          <button type="submit" disabled={busy} className="rounded bg-[var(--site-primary)] px-4 py-2 font-semibold text-[var(--site-on-primary)] sm:col-span-2">
            Save my details
          </button>
        </Form>
      </section>
    </div>
  );
}

/**
 * `/spin-to-win` (spec 2.1, 6 "Gated per tenant flag: ... spin-to-win"; issue 9): a promotional
 * page whose wording, prizes and terms are the dealer's (`accounts.spinToWin`). It exists only
 * with `features.spinToWin`, and needs a signed-in shopper when `accounts.gateSpinToWin` is on.
 * No game mechanics: the spec names none beyond the page and its gate.
 */
import { data } from "react-router";
import { Link } from "react-router";
import type { Route } from "./+types/spin-to-win";
import { dbContext, siteContext } from "~/context";
import { requireShopperFor } from "~/services/auth.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const site = context.get(siteContext);
  if (!site.config.features.spinToWin) throw data("Not found", { status: 404 });
  await requireShopperFor(request, site, context.get(dbContext), "spin-to-win");
  return { siteName: site.name, promo: site.config.accounts.spinToWin };
}

export function meta({ loaderData: data }: Route.MetaArgs) {
  return [{ title: `${data?.promo.title ?? "Spin to Win"} | ${data?.siteName ?? ""}` }];
}

export default function SpinToWin({ loaderData }: Route.ComponentProps) {
  const { promo } = loaderData;
  return (
    <section aria-labelledby="spin-title" className="mx-auto max-w-2xl">
      <h1 id="spin-title" className="text-3xl font-bold">
        {promo.title}
      </h1>
      <p className="mt-3 text-lg text-slate-700">{promo.intro}</p>
      {promo.prizes.length ? (
        <>
          <h2 className="mt-6 text-xl font-semibold">Prizes</h2>
          <ul className="mt-2 list-disc pl-6">
            {promo.prizes.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </>
      ) : null}
      <p className="mt-6">
        Ask our team to spin on your next visit, or{" "}
        <Link to="/enquiries/general-enquiry" className="underline">
          send us an enquiry
        </Link>
        .
      </p>
      {promo.terms.length ? (
        <section aria-labelledby="spin-terms" className="mt-8 border-t border-slate-200 pt-4 text-sm text-slate-600">
          <h2 id="spin-terms" className="font-semibold text-slate-800">
            Terms and conditions
          </h2>
          {promo.terms.map((t) => (
            <p key={t} className="mt-2">
              {t}
            </p>
          ))}
        </section>
      ) : null}
    </section>
  );
}

/**
 * The watchlist save button of the car card and the VDP (spec 4 "Watchlist", spec 7, spec 8).
 *
 * - Signed out: a link to `/sign-in?type=watchlist&redirect={this page}&back={this page}&car_id=`
 *   (the car is saved as part of signing in).
 * - Signed in: a form posting to `/api/watchlist/save-car` or `remove-car` (works without
 *   JavaScript). With JavaScript the car is saved or removed locally at once, then posted as JSON;
 *   on failure the previous state returns and the error shows in an alert (spec 8). Toasts on
 *   success; analytics event 39 on save (spec 7).
 * - Hidden when the site has no watchlist, or for a car not in stock that is not already saved.
 */
import { useLocation, useNavigate } from "react-router";
import { ANALYTICS_EVENTS, track } from "~/components/analytics";
import { signInHref } from "~/domain/accounts/redirect";
import { showsWatchlistButton } from "~/domain/display/buttons";
import { setLocallySaved, useAccount, useIsSaved } from "./use-account";
import { showWatchlistToast } from "./watchlist-toasts";

const STYLE = "inline-flex items-center justify-center gap-1 rounded border border-slate-300 px-3 py-2 text-sm font-medium hover:bg-slate-50";

export function WatchlistButton({ car, className = "" }: { car: { id: number; name: string; inStock: boolean }; className?: string }) {
  const account = useAccount();
  const location = useLocation();
  const navigate = useNavigate();
  const saved = useIsSaved(car.id, account);
  if (!account || !showsWatchlistButton({ status: car.inStock ? "in_stock" : "sold" }, { watchlist: account.watchlist, isSaved: saved })) return null;
  const here = `${location.pathname}${location.search}`;

  if (!account.shopper) {
    return (
      <a
        href={signInHref({ type: "watchlist", redirect: here, back: here, carId: car.id })}
        className={`${STYLE} ${className}`}
        data-testid="watchlist-save"
        aria-label={`Save ${car.name} to your watchlist`}
      >
        <span aria-hidden="true">☆</span> Save
      </a>
    );
  }
  const phone = account.shopper.phone;
  const endpoint = saved ? "/api/watchlist/remove-car" : "/api/watchlist/save-car";

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const saving = !saved;
    setLocallySaved(car.id, saving);
    try {
      const response = await fetch(endpoint, {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({ phone_number: phone, car_id: car.id }),
      });
      const answer = (await response.json().catch(() => null)) as { success?: boolean; error?: string } | null;
      if (!answer?.success) throw new Error(answer?.error ?? "An unexpected error occured");
      if (saving) track(ANALYTICS_EVENTS.favourite, { carId: car.id, watchlist: true });
      void showWatchlistToast(saving ? "saved" : "removed", car.name, () => navigate(account!.garagePath));
    } catch (error) {
      setLocallySaved(car.id, !saving);
      window.alert((error as Error).message);
    }
  }

  return (
    <form method="post" action={endpoint} onSubmit={onSubmit} className={className}>
      <input type="hidden" name="phone_number" value={phone} />
      <input type="hidden" name="car_id" value={car.id} />
      <input type="hidden" name="redirect" value={here} />
      <button
        type="submit"
        className={`${STYLE} w-full`}
        data-testid="watchlist-save"
        data-saved={saved ? "true" : "false"}
        aria-label={saved ? `Saved: remove ${car.name} from your watchlist` : `Save ${car.name} to your watchlist`}
      >
        <span aria-hidden="true">{saved ? "★" : "☆"}</span> {saved ? "Saved" : "Save"}
      </button>
    </form>
  );
}

/**
 * Decision 209: the toast region (and sonner, which adds a stylesheet to the page) is asked for
 * by the first watchlist toast, not mounted with the page. Spec 8 wording, spec 9 toast time.
 */
import { describe, expect, it } from "vitest";
import { COPIED_LINK_TOAST } from "./copied-link-toast";
import { isToasterWanted, showWatchlistToast, subscribeToasterWanted, TOAST_MS, WATCHLIST_TOASTS } from "./watchlist-toasts";

describe("watchlist toasts (spec 8, decision 209)", () => {
  it("asks for the toast region on the first toast only, and tells each subscriber once", async () => {
    const calls: string[] = [];
    const unsubscribe = subscribeToasterWanted(() => calls.push("wanted"));
    expect(isToasterWanted()).toBe(false);
    await showWatchlistToast("saved", "2019 Ford Ranger", () => {});
    expect(isToasterWanted()).toBe(true);
    await showWatchlistToast("removed", "2019 Ford Ranger", () => {});
    expect(calls).toEqual(["wanted"]);
    unsubscribe();
  });

  it("uses the spec's wording and the 3,000 ms toast time", () => {
    expect(WATCHLIST_TOASTS.savedBody("2019 Ford Ranger")).toBe("2019 Ford Ranger is now available in your watchlist");
    expect(WATCHLIST_TOASTS.removedBody("2019 Ford Ranger")).toBe("2019 Ford Ranger is no longer in your watchlist");
    expect(TOAST_MS).toBe(3000);
  });

  it("issue 51 / spec 4, 9: the copied-link toast says the link was copied and stays 3 s", () => {
    expect(COPIED_LINK_TOAST.text).toMatch(/copied/i);
    expect(COPIED_LINK_TOAST.ms).toBe(3000);
    expect(COPIED_LINK_TOAST.ms).toBe(TOAST_MS);
  });
});

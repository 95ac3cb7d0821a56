/**
 * The copied-link toast (spec 4 "a copied-link toast on another view lasts 3 seconds", spec 9
 * "Copied notice 1.5 s (3 s for the link toast)"): shown after a share or copy-link action wrote
 * the page's URL. It uses the site's toast region (watchlist-toasts.ts): one toast at a time, in
 * sonner's polite live region, so a screen reader announces it.
 */
import { COPIED_TOAST_MS } from "~/domain/display/share";
import { freshToaster } from "./watchlist-toasts";

/** The toast's text and time on screen (3 s). */
export const COPIED_LINK_TOAST = { text: "Link copied", ms: COPIED_TOAST_MS } as const;

/** Shows the copied-link toast, replacing any toast on screen. */
export async function showCopiedLinkToast(): Promise<void> {
  const toast = await freshToaster();
  toast.success(COPIED_LINK_TOAST.text, { duration: COPIED_LINK_TOAST.ms });
}

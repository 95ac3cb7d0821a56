import { createJsonMemo, type JsonText } from "~/components/json-memo";
import type { VdpView } from "~/services/vdp.server";

/**
 * The VDP's view model as one JSON string, as the car route's loader hands it to the page (issue
 * 15 "Fast pages", decision 208): about 250 values for React Router's encoder (server) and
 * decoder (browser, in the hydration task) become one. Read it with {@link readVdp}.
 */
export type VdpJson = JsonText<"vdp-view">;

/** VDP views remembered by their JSON: the server's recent pages, the browser's every read. */
export const REMEMBERED_VDP_VIEWS = 32;

const views = createJsonMemo<VdpView, "vdp-view">(REMEMBERED_VDP_VIEWS);

/**
 * The view model as one JSON string for loader data. The server reads back the same object while
 * it renders the page ({@link readVdp}), without parsing.
 * @param vdp the VDP view model (`buildVdpView`, spec 2.4)
 * @returns its JSON
 */
export function vdpJson(vdp: VdpView): VdpJson {
  return views.write(vdp, true);
}

/**
 * The view model a {@link vdpJson} string stands for (see `JsonMemo.read`): in the browser one
 * object per distinct string, so a revalidation of the same car gives the same object.
 * @param json a string from {@link vdpJson}
 * @returns the VDP view model
 * @throws SyntaxError when `json` is not JSON (never for a string from {@link vdpJson})
 */
export function readVdp(json: VdpJson): VdpView {
  return views.read(json);
}

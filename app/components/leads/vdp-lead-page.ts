/**
 * Which lead form a VDP shows (spec 2.4): the `?form=` values and the rule, apart from the forms'
 * component (vdp-lead-forms.tsx) so the route's loader and action need not import it.
 */
import type { LeadPageId } from "~/forms/lead-form-kinds";

/** Forms a VDP can show, as ?form= values. */
export const VDP_FORMS = { enquiry: "car-enquiry", "test-drive": "car-test-drive", photos: "car-photos", offer: "car-offer" } as const satisfies Record<string, LeadPageId>;
export const VDP_PAGES: LeadPageId[] = Object.values(VDP_FORMS);

/**
 * Which VDP form the query asks for; sold cars only get the enquiry, Make an Offer only when enabled.
 */
export function vdpLeadPage(form: string | null, inStock: boolean, makeAnOffer: boolean): LeadPageId {
  // Own keys only: ?form=constructor / __proto__ / toString must not reach Object.prototype (issue 16 defect 7).
  if (!inStock || !form || !Object.hasOwn(VDP_FORMS, form)) return "car-enquiry";
  if (form === "offer" && !makeAnOffer) return "car-enquiry";
  return VDP_FORMS[form as keyof typeof VDP_FORMS];
}

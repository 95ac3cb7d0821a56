/**
 * The VDP's lead forms (spec 2.4): enquiry (or 'Find Me Something Similar' for a sold car, spec 4),
 * test drive, request photos and, when the site enables it, Make an Offer. The choice is a link
 * (?form=...#enquire) so it works without JavaScript.
 */
import { Link } from "react-router";
import type { LeadPageId } from "~/forms/lead-form-kinds";
import type { LeadFormSetup } from "~/services/lead-forms.server";
import { LeadForm } from "./lead-form";

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

export function VdpLeadForms({ setup, makeAnOffer }: { setup: LeadFormSetup; makeAnOffer: boolean }) {
  const inStock = setup.car?.inStock ?? true;
  const tabs: [keyof typeof VDP_FORMS, string][] = inStock
    ? [["enquiry", "Enquire"], ["test-drive", "Book a Test Drive"], ["photos", "Request Photos"], ...(makeAnOffer ? ([["offer", "Make an Offer"]] as [keyof typeof VDP_FORMS, string][]) : [])]
    : [];
  return (
    <div>
      {tabs.length ? (
        <nav aria-label="Enquiry type" className="mb-3 flex flex-wrap gap-2">
          {tabs.map(([form, label]) => (
            <Link
              key={form}
              to={`?form=${form}#enquire`}
              preventScrollReset
              aria-current={VDP_FORMS[form] === setup.page ? "page" : undefined}
              className={`rounded border px-3 py-1 text-sm ${VDP_FORMS[form] === setup.page ? "border-[var(--site-primary)] bg-[var(--site-primary)] text-[var(--site-on-primary)]" : "border-slate-300"}`}
            >
              {label}
            </Link>
          ))}
        </nav>
      ) : null}
      <LeadForm key={setup.page} setup={setup} heading={inStock ? undefined : "Find Me Something Similar"} />
    </div>
  );
}

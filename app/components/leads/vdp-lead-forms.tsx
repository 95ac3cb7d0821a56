/**
 * The VDP's lead forms (spec 2.4): enquiry (or 'Find Me Something Similar' for a sold car, spec 4),
 * test drive, request photos and, when the site enables it, Make an Offer. The choice is a link
 * (?form=...#enquire) so it works without JavaScript.
 */
import { Link } from "react-router";
import type { LeadFormSetup } from "~/services/lead-forms.server";
import { LeadForm } from "./lead-form";
import { VDP_FORMS } from "./vdp-lead-page";

/**
 * The tabs (links) and the chosen form. Loaded as an island on the VDP (car.tsx, decision 186):
 * one root element.
 */
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

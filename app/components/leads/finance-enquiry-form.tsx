/**
 * Finance enquiry form (spec 2.1 /finance #finance-form, spec 5 "opt_in defaults to true on the
 * finance form"). For the /finance page: its loader adds
 * `financeForm: await loadLeadForm(db, site, "finance", car)` and its action returns
 * `leadFormAction(db, site, request, "finance", { now, clientIp })`; render this inside the
 * section with id "finance-form". Until then /finance-enquiry serves it (app/routes/lead-page.tsx).
 */
import type { LeadFormSetup } from "~/services/lead-forms.server";
import { LeadForm } from "./lead-form";

export function FinanceEnquiryForm({ setup }: { setup: LeadFormSetup }) {
  return <LeadForm setup={setup} heading="Finance Enquiry" />;
}

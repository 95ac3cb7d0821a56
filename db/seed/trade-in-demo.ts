/**
 * Issue 11 demo data: the trade-in settings of the demo sites (SiteConfig `tradeIn`).
 * - perth-toyota: its own FAQ (WA wording: Transport WA transfer, Toyota certified).
 * - sunshine-state-cars: the site variant that also saves the valuation result through
 *   POST /api/miscellaneous (spec 7 "one site variant only").
 * Every other site shows the default FAQ (DEFAULT_TRADE_IN_FAQ in app/sites/site-config.ts).
 */
import type { SiteConfigInput } from "../../app/sites/site-config";

export const PERTH_TOYOTA_TRADE_IN: SiteConfigInput["tradeIn"] = {
  faq: [
    { question: "How do you value my car?", answer: "We compare it with similar cars (same make and model, a year either side, similar kilometres) for sale right now, in Western Australia first and then Australia-wide, and adjust for the condition you describe. You see how many cars the figure is based on." },
    { question: "How long is my offer valid?", answer: "7 days, subject to an inspection at Osborne Park or Midland confirming the kilometres, condition and service history." },
    { question: "Do I need to transfer the rego?", answer: "No. We lodge the Transport WA transfer for you on the day of sale. Bring your licence and the registration papers." },
    { question: "Can I trade in a car that isn't a Toyota?", answer: "Yes, we take trade-ins of every make. Cars more than 7 years old or with more than 100,000 km are valued in person rather than online." },
    { question: "What if I still owe money on it?", answer: "We check the PPSR, pay out your finance company on the day and take the payout off the price." },
  ],
};

export const SUNSHINE_STATE_TRADE_IN: SiteConfigInput["tradeIn"] = { saveValuationToMiscellaneous: true };

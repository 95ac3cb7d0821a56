/**
 * What each lead page asks and how its lead is categorised (spec 2.1 route table, 2.6, 5).
 * Shared by loaders (what to render) and actions (how to file the lead).
 */
import type { LeadFormKind } from "./lead-forms";

export interface LeadPageSetup {
  kind: LeadFormKind;
  /** Lead category (spec 7 userData.category). */
  category: string;
  subcategory: string | null;
  /** Location types offered by the dealership picker; null: no picker. */
  pickerTypes: string[] | null;
  /** Category select choices (required when shown, spec 5); null: no select. */
  categories: string[] | null;
  /** Submit button text. */
  submitLabel: string;
  /** The service booking: it offers the site's `leads.serviceOptions` as additional services (spec 7). */
  additionalServices?: true;
}

/** Categories of the general enquiry page's select. */
export const GENERAL_CATEGORIES = ["Sales Enquiry", "Service Enquiry", "Parts Enquiry", "Finance Enquiry", "Other"];

const SALES = ["sales"];
const SERVICE = ["service", "service-and-parts"];
const PARTS = ["parts", "service-and-parts"];

/** Lead pages by id. */
export const LEAD_PAGES = {
  "new-vehicle-enquiry": { kind: "enquiry", category: "New Vehicle Enquiry", subcategory: null, pickerTypes: SALES, categories: null, submitLabel: "Send Enquiry" },
  "service-enquiry": { kind: "service", category: "Service Enquiry", subcategory: null, pickerTypes: SERVICE, categories: null, submitLabel: "Send Enquiry" },
  "parts-enquiry": { kind: "parts", category: "Parts Enquiry", subcategory: null, pickerTypes: PARTS, categories: null, submitLabel: "Send Enquiry" },
  "fleet-enquiry": { kind: "fleet", category: "Fleet Enquiry", subcategory: null, pickerTypes: SALES, categories: null, submitLabel: "Get In Touch" },
  "general-enquiry": { kind: "general", category: "General Enquiry", subcategory: null, pickerTypes: null, categories: GENERAL_CATEGORIES, submitLabel: "Send Enquiry" },
  feedback: { kind: "feedback", category: "Feedback", subcategory: "Good experience", pickerTypes: null, categories: null, submitLabel: "Send Feedback" },
  "customer-feedback-survey": { kind: "feedback", category: "Feedback", subcategory: "Bad experience", pickerTypes: null, categories: null, submitLabel: "Send Feedback" },
  "book-test-drive": { kind: "test-drive", category: "Test Drive", subcategory: null, pickerTypes: SALES, categories: null, submitLabel: "Book Test Drive" },
  service: { kind: "service", category: "Service Booking", subcategory: null, pickerTypes: SERVICE, categories: null, submitLabel: "Book Service", additionalServices: true },
  parts: { kind: "parts", category: "Parts Enquiry", subcategory: null, pickerTypes: PARTS, categories: null, submitLabel: "Send Parts Enquiry" },
  fleet: { kind: "fleet", category: "Fleet Enquiry", subcategory: null, pickerTypes: SALES, categories: null, submitLabel: "Get In Touch" },
  finance: { kind: "finance", category: "Finance Enquiry", subcategory: null, pickerTypes: SALES, categories: null, submitLabel: "Send Finance Enquiry" },
  // Issue 14: an enquiry about a special offer (the offer is named in the subcategory).
  "offer-enquiry": { kind: "enquiry", category: "Offer Enquiry", subcategory: null, pickerTypes: SALES, categories: null, submitLabel: "Enquire Now" },
  // Car-bound forms (VDP): the car's location is the dealership, so no picker.
  "car-enquiry": { kind: "enquiry", category: "Vehicle Enquiry", subcategory: null, pickerTypes: null, categories: null, submitLabel: "Send Enquiry" },
  "car-test-drive": { kind: "test-drive", category: "Test Drive", subcategory: "Test Drive", pickerTypes: null, categories: null, submitLabel: "Book Test Drive" },
  "car-offer": { kind: "offer", category: "Make an Offer", subcategory: null, pickerTypes: null, categories: null, submitLabel: "Submit Offer" },
  "car-photos": { kind: "photos", category: "Request Photos", subcategory: null, pickerTypes: null, categories: null, submitLabel: "Request Photos" },
} as const satisfies Record<string, LeadPageSetup>;

export type LeadPageId = keyof typeof LEAD_PAGES;

/** Car-bound enquiry category by car type (spec 7 analytics splits new and used). */
export function carEnquiryCategory(carType: string): string {
  return carType === "used" ? "Used Car Enquiry" : carType === "demo" ? "Demo Car Enquiry" : "New Car Enquiry";
}

/** Every category a lead form can send: the pages' own, the general form's choices and the car enquiries. */
export const KNOWN_LEAD_CATEGORIES: ReadonlySet<string> = new Set([
  ...Object.values(LEAD_PAGES).map((p) => p.category),
  ...GENERAL_CATEGORIES,
  ...["new", "demo", "used"].map(carEnquiryCategory),
]);

/**
 * The category to show on /success: `value` when it is a known lead category, else null (the page
 * then says "your enquiry"). Anything else from the address is never displayed (issue 16 defect 12).
 */
export function knownLeadCategory(value: string | null | undefined): string | null {
  return value && KNOWN_LEAD_CATEGORIES.has(value) ? value : null;
}

/** Categories whose lower-cased name is not a noun phrase a shopper would read after "your". */
const SUCCESS_WORDING: Readonly<Record<string, string>> = {
  Other: "enquiry",
  "Test Drive": "test drive request",
  "Make an Offer": "offer",
  "Request Photos": "request for photos",
};

/**
 * The /success sentence for a lead category (spec 2.1, 4): "We have received your service
 * enquiry." The general form's "Other" reads "your enquiry", not "your other".
 * @param category a known lead category ({@link knownLeadCategory}) or null / "" for none
 */
export function successMessage(category: string | null | undefined): string {
  const noun = category ? (SUCCESS_WORDING[category] ?? category.toLowerCase()) : "enquiry";
  return `We have received your ${noun}.`;
}

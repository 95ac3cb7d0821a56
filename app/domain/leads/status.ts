/** A lead's place in the dealer's pipeline and its departments (issue 49 item 4, the leads inbox). */

/** Statuses, in pipeline order; a new lead is `new`. */
export const LEAD_STATUSES = ["new", "contacted", "appointment", "won", "lost"] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

/** On-screen words of each status. */
export const LEAD_STATUS_LABELS: Record<LeadStatus, string> = { new: "New", contacted: "Contacted", appointment: "Appointment", won: "Won", lost: "Lost" };

/** Departments as lead routing knows them (a lead's department follows from its form: app/forms/lead-forms.ts). */
export const DEPARTMENTS = ["sales", "service", "parts"] as const;

/**
 * ADF/XML 1.0 (Auto-lead Data Format) for dealer CRMs. The DTD is adf-1.0.dtd beside this file;
 * tests validate the output against it with xmllint.
 */
import { stripControlCharacters } from "~/domain/text/control-characters";
export interface AdfLead {
  id: number;
  /** ISO-8601 instant. */
  requestDate: string;
  firstName: string;
  lastName: string | null;
  email: string | null;
  /** E.164 */
  phone: string | null;
  postcode: string | null;
  comments: string | null;
  vehicle: { year: number | null; make: string; model: string; vin: string | null; stock: string | null; km: number | null; priceDollars: number | null; status: "new" | "used"; interest: "buy" | "test-drive" } | null;
  /**
   * The shopper's trade-in (issue 11): a second vehicle with interest "trade-in", status "used",
   * year, make, model, odometer (km) and the offer (whole dollars, price type "offer"), if any.
   */
  tradeIn?: { year: number; make: string; model: string; km: number | null; offerDollars: number | null } | null;
  vendor: { name: string; url: string | null; contactName: string; email: string | null; phone: string | null };
  provider: { name: string; url: string | null };
}

/**
 * Escapes text for XML element content and double-quoted attributes (also used by the sitemap).
 * Characters XML 1.0 forbids (control characters from a message) are dropped first (issue 16 defect 6).
 */
export function escapeXml(v: string | number): string {
  return stripControlCharacters(String(v)).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}
const esc = escapeXml;
const el = (name: string, value: string | number | null | undefined, attrs = "") => (value === null || value === undefined || value === "" ? "" : `<${name}${attrs}>${esc(value)}</${name}>`);

function contact(name: { first?: string; last?: string | null; full?: string }, email: string | null, phone: string | null): string {
  const names = name.full ? el("name", name.full, ' part="full"') : el("name", name.first!, ' part="first"') + el("name", name.last, ' part="last"');
  // The DTD needs an email or a phone.
  const reach = email || phone ? el("email", email) + el("phone", phone) : el("phone", "unknown");
  // ADF's address needs a street, which lead forms do not ask for: the postcode goes in the comments.
  return `<contact>${names}${reach}</contact>`;
}

/**
 * Renders one lead as an ADF 1.0 document (one prospect).
 * @returns UTF-8 XML text with the ADF doctype
 */
export function toAdfXml(lead: AdfLead): string {
  const v = lead.vehicle;
  const vehicle = v
    ? `<vehicle interest="${v.interest}" status="${v.status}">${el("year", v.year ?? "")}${el("make", v.make)}${el("model", v.model)}${el("vin", v.vin)}${el("stock", v.stock)}${v.km !== null ? `<odometer units="km">${v.km}</odometer>` : ""}${v.priceDollars !== null ? `<price type="asking" currency="AUD">${v.priceDollars}</price>` : ""}</vehicle>`
    : lead.tradeIn
      ? ""
      : `<vehicle interest="buy" status="new"><year></year><make>Any</make><model>Any</model></vehicle>`;
  const t = lead.tradeIn;
  const tradeIn = t
    ? `<vehicle interest="trade-in" status="used">${el("year", t.year)}${el("make", t.make)}${el("model", t.model)}${t.km !== null ? `<odometer units="km">${t.km}</odometer>` : ""}${t.offerDollars !== null ? `<price type="offer" currency="AUD">${t.offerDollars}</price>` : ""}</vehicle>`
    : "";
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n<?adf version="1.0"?>\n<!DOCTYPE adf SYSTEM "adf-1.0.dtd">\n` +
    `<adf><prospect status="new"><id sequence="1" source="Forecourt">${lead.id}</id>${el("requestdate", lead.requestDate)}${vehicle}${tradeIn}` +
    `<customer>${contact({ first: lead.firstName, last: lead.lastName }, lead.email, lead.phone)}${el("comments", [lead.postcode ? `Postcode: ${lead.postcode}` : "", lead.comments ?? ""].filter(Boolean).join("\n"))}</customer>` +
    `<vendor>${el("vendorname", lead.vendor.name)}${el("url", lead.vendor.url)}${contact({ full: lead.vendor.contactName }, lead.vendor.email, lead.vendor.phone)}</vendor>` +
    `<provider>${el("name", lead.provider.name, ' part="full"')}${el("url", lead.provider.url)}</provider></prospect></adf>\n`
  );
}

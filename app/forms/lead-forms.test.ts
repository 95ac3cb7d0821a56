/** Spec 5 "Forms" and spec 8 messages, on the schemas both browser and server use. */
import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { enquiryEventId, leadFormSchema, type LeadFormOptions, PHOTOS_MESSAGE, POSTCODE_MESSAGE, stepSchema, TERMS_MESSAGE, type LeadFormKind } from "./lead-forms";

const base: LeadFormOptions = { commentsRequired: true, locationShown: false, categories: null };
const valid = { name: "Jane", last_name: "Citizen", postcode: "6017", phone: "0412 345 678", email: "jane@example.com", message: "Hello", terms: "on" };

function form(fields: Record<string, string>) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  return fd;
}
function errors(kind: LeadFormKind, fields: Record<string, string>, options = base) {
  const s = parseWithZod(form(fields), { schema: leadFormSchema(kind, options) });
  return s.status === "success" ? {} : s.reply().error ?? {};
}

describe("lead form schemas (spec 5)", () => {
  it.each(["123", "12345", "12a4", "1,234", ""])("postcode %j is rejected with the spec's message", (postcode) => {
    expect(errors("enquiry", { ...valid, postcode }).postcode).toEqual([POSTCODE_MESSAGE]);
  });

  it("a missing terms checkbox gives the spec's message", () => {
    const { terms: _, ...rest } = valid;
    expect(errors("enquiry", rest).terms).toEqual([TERMS_MESSAGE]);
  });

  it("a valid enquiry normalises the mobile to E.164", () => {
    const s = parseWithZod(form(valid), { schema: leadFormSchema("enquiry", base) });
    expect(s.status).toBe("success");
    if (s.status === "success") expect(s.value).toMatchObject({ phone: "+61412345678", postcode: "6017", terms: true, opt_in: false });
  });

  it("rejects a landline or foreign number as a mobile", () => {
    expect(errors("enquiry", { ...valid, phone: "(02) 9630 1000" }).phone).toEqual(["Please enter a valid Australian mobile number."]);
    expect(errors("enquiry", { ...valid, phone: "+1 415 555 0100" }).phone).toEqual(["Please enter a valid Australian mobile number."]);
  });

  it("comments are required by default and optional when the site relaxes them", () => {
    const { message: _, ...rest } = valid;
    expect(errors("enquiry", rest).message).toEqual(["Please enter your comments."]);
    expect(errors("enquiry", rest, { ...base, commentsRequired: false })).toEqual({});
  });

  it("location and category are required only when shown", () => {
    expect(errors("enquiry", valid, { ...base, locationShown: true }).location_id).toEqual(["Please choose a dealership."]);
    expect(errors("general", valid, { ...base, categories: ["Sales Enquiry", "Other"] }).category).toEqual(["Please choose a category."]);
    expect(errors("general", { ...valid, category: "Hacking" }, { ...base, categories: ["Sales Enquiry", "Other"] }).category).toEqual(["Please choose a category."]);
  });

  it("Make an Offer requires offer_from_client as currency and drops message and opt_in", () => {
    expect(errors("offer", valid).offer_from_client).toEqual(["Please enter your offer."]);
    const s = parseWithZod(form({ ...valid, offer_from_client: "$25,500", opt_in: "on" }), { schema: leadFormSchema("offer", base) });
    expect(s.status).toBe("success");
    if (s.status === "success") {
      expect(s.value).toMatchObject({ offer_from_client: 25500 });
      expect(s.value).not.toHaveProperty("message");
      expect(s.value).not.toHaveProperty("opt_in");
    }
  });

  it("request photos carries only the preset text", () => {
    const s = parseWithZod(form({ ...valid, message: "something else" }), { schema: leadFormSchema("photos", base) });
    expect(s.status).toBe("error");
    const ok = parseWithZod(form({ ...valid, message: PHOTOS_MESSAGE }), { schema: leadFormSchema("photos", base) });
    expect(ok.status).toBe("success");
  });

  it("test drive: optional date-time, validated when given", () => {
    const { message: _, ...rest } = valid;
    expect(errors("test-drive", rest)).toEqual({});
    expect(errors("test-drive", { ...rest, preferred_datetime: "2026-12-01T10:30" })).toEqual({});
    expect(errors("test-drive", { ...rest, preferred_datetime: "tomorrow" }).preferred_datetime).toEqual(["Please choose a valid date and time."]);
  });

  it("multi-step: the first step checks only contact details (spec 4)", () => {
    const s = parseWithZod(form({ name: "Jane", last_name: "C", postcode: "2150", phone: "0412345678", email: "j@e.co" }), { schema: stepSchema("enquiry", base, 0) });
    expect(s.status).toBe("success");
    const last = parseWithZod(form({ name: "Jane", last_name: "C", postcode: "2150", phone: "0412345678", email: "j@e.co" }), { schema: stepSchema("enquiry", base, 1) });
    expect(last.status).toBe("error");
  });
});

describe("enquiry analytics event (spec 7)", () => {
  it.each([
    ["enquiry", { carType: "new", tag: null }, 14],
    ["enquiry", { carType: "demo", tag: null }, 14],
    ["enquiry", { carType: "used", tag: null }, 15],
    ["enquiry", { carType: "used", tag: "Test Drive Only" }, 17],
    ["test-drive", { carType: "new", tag: null }, 17],
    ["test-drive", { carType: "used", tag: null }, 48],
    ["fleet", null, 19],
    ["general", null, 14],
  ] as const)("%s for %j is event %i", (kind, car, id) => {
    expect(enquiryEventId(kind, car)).toBe(id);
  });
});

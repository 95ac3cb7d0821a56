import { describe, expect, it } from "vitest";
import { formatPhone, maskPhone, phoneHref, stripSpaces } from "./phone";

describe("formatPhone", () => {
  it("answers a number it has seen with the same text, and stays right past its memo's bound (issue 15)", () => {
    expect(formatPhone("+61 2 9876 5432")).toBe("02 9876 5432");
    expect(formatPhone("+61 2 9876 5432")).toBe("02 9876 5432");
    // 1,500 distinct numbers: more than the memo keeps, so it starts again part-way.
    const numbers = Array.from({ length: 1_500 }, (_, i) => `+614${String(10_000_000 + i)}`);
    const formatted = numbers.map(formatPhone);
    expect(formatted[0]).toBe("0410 000 000");
    expect(formatted[1_499]).toBe("0410 001 499");
    expect(numbers.map(formatPhone)).toEqual(formatted);
    expect(formatPhone(" +61 2  9876 5432 ")).toBe("02 9876 5432");
  });
  it("spec 9: formats a +61 mobile with a leading 0", () => {
    expect(formatPhone("+61412345678")).toBe("0412 345 678");
    expect(formatPhone("+61 412 345 678")).toBe("0412 345 678");
  });

  it("spec 9: formats a +61 landline with a leading 0 and no brackets", () => {
    expect(formatPhone("+61 2 9876 5432")).toBe("02 9876 5432");
    expect(formatPhone("+61890001234")).toBe("08 9000 1234");
  });

  it("keeps national numbers and 1300 numbers in their national form", () => {
    expect(formatPhone("0412345678")).toBe("0412 345 678");
    expect(formatPhone("1300 123 456")).toBe("1300 123 456");
  });

  it("keeps a foreign number international", () => {
    expect(formatPhone("+1 415 555 0100")).toBe("+1 415 555 0100");
  });

  it("falls back to replacing +61 with 0 when the number cannot be parsed", () => {
    expect(formatPhone("+61 12")).toBe("012");
    expect(formatPhone("  call   us  ")).toBe("call us");
    expect(formatPhone("")).toBe("");
  });
});

describe("stripSpaces", () => {
  it("spec 2.5: strips every space from a phone number", () => {
    expect(stripSpaces(" 08 9000\u00a01234 ")).toBe("0890001234");
  });
});

describe("phoneHref", () => {
  it("spec 2.5/7: builds a tel: link with +61 as 0 and spaces stripped", () => {
    expect(phoneHref("+61 412 345 678")).toBe("tel:0412345678");
    expect(phoneHref("(08) 9000-1234")).toBe("tel:0890001234");
  });

  it("throws for a blank number", () => {
    expect(() => phoneHref("  ")).toThrow(Error);
  });
});

describe("maskPhone", () => {
  it("spec 2.4: masks with asterisks after the first 5 characters, keeping spaces", () => {
    expect(maskPhone("0412 345 678")).toBe("0412 *** ***");
    expect(maskPhone("0890001234")).toBe("08900*****");
  });

  it("returns short numbers unchanged", () => {
    expect(maskPhone("1234")).toBe("1234");
  });

  it("uses a given visible count and rejects a bad one", () => {
    expect(maskPhone("0412345678", 2)).toBe("04********");
    expect(() => maskPhone("0412", -1)).toThrow(RangeError);
  });
});

describe("one form per number (issue 51: tel: links read (08)92501100 and 0892501100)", () => {
  it("gives every written form of a number the same tel: link, and structured data the E.164 form", async () => {
    const { telHref } = await import("./tel.ts");
    const { phoneE164, phoneHref } = await import("./phone.ts");
    for (const written of ["(08) 9250 1100", "(08)92501100", "08 9250 1100", "+61 8 9250 1100"]) {
      expect(phoneHref(written)).toBe("tel:0892501100");
      expect(telHref(formatPhone(written))).toBe("tel:0892501100");
      expect(phoneE164(written)).toBe("+61892501100");
    }
  });
});

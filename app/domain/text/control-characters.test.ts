import { describe, expect, it } from "vitest";
import { hasControlCharacters, stripControlCharacters, stripControlCharactersDeep, withoutControlCharacters } from "./control-characters";

// Lead fields and console posts (issue 16 defects 6 and 7): PostgreSQL text and jsonb cannot hold a
// NUL, nor XML 1.0 (the ADF lead) most C0 controls and unpaired surrogates.
describe("control characters", () => {
  it("strips NUL, C0 controls, U+FFFE/U+FFFF and unpaired surrogates; keeps tabs, line breaks and emoji", () => {
    expect(stripControlCharacters("a\u0000b\u0007c\u001Fd\uFFFEe\uFFFF")).toBe("abcde");
    expect(stripControlCharacters("line\none\ttab\r\n")).toBe("line\none\ttab\r\n");
    expect(stripControlCharacters("x\uD800y\uDC00z")).toBe("xyz");
    expect(stripControlCharacters("car 😀")).toBe("car 😀");
    expect(hasControlCharacters("ok")).toBe(false);
    expect(hasControlCharacters("not\u0000ok")).toBe(true);
    // The pattern is global: a test must not leave a position behind for the next call.
    expect([hasControlCharacters("a\u0000"), hasControlCharacters("b\u0000")]).toEqual([true, true]);
  });

  it("cleans every string of a JSON value, keys included, and keeps a __proto__ key a key", () => {
    const cleaned = stripControlCharactersDeep(JSON.parse('{"a\\u0000":["x\\u0000",1,null],"__proto__":{"b":"c\\u0007"}}')) as Record<string, unknown>;
    expect(Object.keys(cleaned)).toEqual(["a", "__proto__"]);
    expect(cleaned.a).toEqual(["x", 1, null]);
    expect(Object.getOwnPropertyDescriptor(cleaned, "__proto__")?.value).toEqual({ b: "c" });
    expect(({} as Record<string, unknown>).b).toBeUndefined();
  });

  it("cleans a form's values, field names and file names, and keeps file contents and types", async () => {
    const form = new FormData();
    form.append("name\u0000", "Complaints\u0000 desk");
    form.append("photos", new File([new Uint8Array([1, 2, 3])], "a\u0000b.jpg", { type: "image/jpeg" }));
    form.append("photos", new File([new Uint8Array([4])], "plain.jpg", { type: "image/png" }));
    const clean = withoutControlCharacters(form);
    expect(clean.get("name")).toBe("Complaints desk");
    const files = clean.getAll("photos") as File[];
    expect(files.map((f) => [f.name, f.type, f.size])).toEqual([
      ["ab.jpg", "image/jpeg", 3],
      ["plain.jpg", "image/png", 1],
    ]);
    expect([...new Uint8Array(await files[0].arrayBuffer())]).toEqual([1, 2, 3]);
  });
});

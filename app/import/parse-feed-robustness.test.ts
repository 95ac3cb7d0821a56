/**
 * Issue 16 defect 5: hostile or sloppy feeds. Every bad row is reported with its row number and
 * reason and the rest import: NUL bytes, stray quotes, a CRLF header with LF rows, extra values,
 * non-http(s) URLs, and a year out of range reported as such.
 */
import { describe, expect, it } from "vitest";
import { parseFeedText } from "./parse-feed";

const noModels = new Map<string, string[]>();
const header = "stock_number,car_type,make,model,year,images,file";
const ok = (n: number) => `A${n},used,Mazda,3,2019,https://img.example/${n}.jpg,`;
const summary = (csv: string) => parseFeedText(csv, "feed.csv", noModels).rows.map((r) => (r.ok ? [r.row, r.record.stock_number] : [r.row, r.reason]));

describe("parseFeedText robustness (issue 16 defect 5)", () => {
  it("a NUL byte rejects only its row, naming the field", () => {
    expect(summary([header, ok(1), "A2,used,Maz\u0000da,3,2019,,", ok(3)].join("\n"))).toEqual([
      [1, "A1"],
      [2, "make: contains a NUL or control character"],
      [3, "A3"],
    ]);
    const json = JSON.stringify([{ stock_number: "J1", car_type: "used", make: "Kia", model: "Rio", year: 2020, features: ["ok", "bad\u0000"] }]);
    expect(parseFeedText(json, "f.json", noModels).rows).toEqual([{ ok: false, row: 1, reason: "features: contains a NUL or control character" }]);
  });

  it("a quote inside a field is text; an unclosed opening quote no longer swallows the rows after it", () => {
    const rows = summary([header, 'A1,used,Mazda,3 "Astina",2019,,', ok(2), 'A3,used,"Mazda,3,2019,,', ok(4), ok(5)].join("\n"));
    expect(rows).toEqual([[1, "A1"], [2, "A2"], [3, "A3"], [4, "A4"], [5, "A5"]]);
    const parsed = parseFeedText([header, 'A1,used,Mazda,3 "Astina",2019,,', 'A3,used,"Mazda,3,2019,,', ok(4)].join("\n"), "feed.csv", noModels).rows;
    expect(parsed.map((r) => (r.ok ? r.record.model : null))).toEqual(['3 "Astina"', "3", "3"]);
  });

  it("a CRLF header with LF rows keeps every row", () => {
    expect(summary(`${header}\r\n${ok(1)}\n${ok(2)}\n${ok(3)}\n`).map(([, v]) => v)).toEqual(["A1", "A2", "A3"]);
  });

  it("extra values are reported, not silently dropped", () => {
    expect(summary([header, ok(1), `${ok(2)},surprise`].join("\n"))).toEqual([
      [1, "A1"],
      [2, "8 values but the header has 7 columns (check for a stray comma or quote)"],
    ]);
  });

  it("images and file accept only http(s) URLs", () => {
    expect(summary([header, "A1,used,Mazda,3,2019,javascript:alert(1),", "A2,used,Mazda,3,2019,,javascript:alert(1)", "A3,used,Mazda,3,2019,ftp://files.example/a.jpg|https://ok.example/a.jpg,"].join("\n"))).toEqual([
      [1, 'images: images: entry 1 must be an http(s) URL or a path starting with / (got "javascript:alert(1)")'],
      [2, "file: file: only http(s) URLs are accepted"],
      [3, 'images: images: entry 1 must be an http(s) URL or a path starting with / (got "ftp://files.example/a.jpg")'],
    ]);
  });

  it("year 3000 is reported as out of range, not as 'not a number'", () => {
    expect(summary([header, "A1,used,Mazda,3,3000,,", "A2,used,Mazda,3,soon,,", "A3,used,Mazda,3,,,"].join("\n"))).toEqual([
      [1, "year: year must be between 1900 and 2100"],
      [2, "year: year must be a number"],
      [3, "year: year is required"],
    ]);
  });
});

/**
 * Issue 16 defect 5: hostile or sloppy feeds. Every bad row is reported with its row number and
 * reason and the rest import: NUL bytes, stray quotes, a CRLF header with LF rows, extra values,
 * non-http(s) URLs, and a year out of range reported as such.
 */
import { describe, expect, it } from "vitest";
import { parseFeedText } from "./parse-feed";
import { FEED_IMAGES_MAX, FEED_LIST_ITEM_MAX_CHARS, FEED_LIST_MAX_ITEMS } from "./stock-record";

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
      [1, 'images: entry 1 must be an http(s) URL or a path starting with / (got "javascript:alert(1)")'],
      [2, "file: only http(s) URLs are accepted"],
      [3, 'images: entry 1 must be an http(s) URL or a path starting with / (got "ftp://files.example/a.jpg")'],
    ]);
  });

  it("a features or equipment list, or a photo list, too long for any car rejects its row without splitting millions of items", () => {
    const listHeader = "stock_number,car_type,make,model,year,features,images";
    const row = (n: number, features: string, images = "") => `A${n},used,Mazda,3,2019,${features},${images}`;
    const items = (count: number, prefix: string) => Array.from({ length: count }, (_, i) => `${prefix}${i}`).join("|");
    const rows = parseFeedText(
      [listHeader, row(1, items(FEED_LIST_MAX_ITEMS, "f")), row(2, items(FEED_LIST_MAX_ITEMS + 1, "f")), row(3, "x".repeat(FEED_LIST_ITEM_MAX_CHARS + 1)), row(4, "|".repeat(3_000_000)), row(5, "", items(FEED_IMAGES_MAX, "/p")), row(6, "", items(FEED_IMAGES_MAX + 1, "/p")), row(7, "", `${items(FEED_IMAGES_MAX, "/p")}|/p0|/p1`)].join("\n"),
      "feed.csv",
      noModels,
    ).rows;
    expect(rows.map((r) => (r.ok ? [r.row, r.record.features.length, r.record.images.length] : [r.row, r.reason]))).toEqual([
      [1, 200, 0],
      [2, "features: at most 200 items of at most 200 characters; this list has 201 items"],
      [3, "features: item 1 is longer than 200 characters"],
      [4, "features: at most 200 items of at most 200 characters; this cell has 3,000,000 characters"],
      [5, 0, 200],
      [6, "images: at most 200 photos; this list has more"],
      // Duplicates are dropped first, keeping the first of each, so 200 different photos pass.
      [7, 0, 200],
    ]);
    const json = JSON.stringify([
      { stock_number: "J1", car_type: "used", make: "Kia", model: "Rio", year: 2020, standard_equipment: Array.from({ length: 201 }, () => "ABS") },
      { stock_number: "J2", car_type: "used", make: "Kia", model: "Rio", year: 2020, features: ["Tow bar", 7] },
      { stock_number: "J3", car_type: "used", make: "Kia", model: "Rio", year: 2020, images: Array.from({ length: 201 }, (_, i) => ({ url: `/p${i}.jpg` })) },
    ]);
    expect(parseFeedText(json, "f.json", noModels).rows).toEqual([
      { ok: false, row: 1, reason: "standard_equipment: at most 200 items of at most 200 characters; this list has 201 items" },
      { ok: false, row: 2, reason: "features: item 2 is not text" },
      { ok: false, row: 3, reason: "images: at most 200 photos; this list has 201" },
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

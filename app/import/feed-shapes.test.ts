/**
 * Issue 52 item 2: the feed shapes dealers send. A dealer's own column names through a mapping
 * file; UTF-8 with and without BOM and UTF-16 LE/BE with BOM are read; any other encoding is
 * refused with a message that names it.
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { FeedEncodingError } from "./feed-encoding";
import { parseColumnMap, parseFeedFile, parseFeedText } from "./parse-feed";

const noModels = new Map<string, string[]>();
const dir = mkdtempSync(join(tmpdir(), "feed-shapes-"));
const csv = "stock_number,car_type,make,model,year,colour,dealer_comments\nE1,used,Citroën,C4,2020,Crème,Great car – one owner\n";
const fileOf = (name: string, bytes: Uint8Array) => {
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return path;
};
const utf16be = (text: string) => {
  const le = Buffer.from(text, "utf16le");
  for (let i = 0; i < le.length; i += 2) [le[i], le[i + 1]] = [le[i + 1], le[i]];
  return le;
};

describe("issue 52: encodings", () => {
  it.each([
    ["UTF-8", Buffer.from(csv, "utf8")],
    ["UTF-8 with BOM", Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(csv, "utf8")])],
    ["UTF-16 LE", Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(csv, "utf16le")])],
    ["UTF-16 BE", Buffer.concat([Buffer.from([0xfe, 0xff]), utf16be(csv)])],
  ])("a %s file imports with its accents and dashes intact", (encoding, bytes) => {
    const parsed = parseFeedFile(fileOf(`${encoding}.csv`, bytes), noModels);
    expect(parsed.encoding).toBe(encoding);
    expect(parsed.rows).toMatchObject([{ ok: true, record: { stock_number: "E1", make: "Citroën", colour: "Crème", dealer_comments: "Great car – one owner" } }]);
  });

  it("a Windows-1252 (CP1252) file is refused naming its encoding and the first byte that is not UTF-8", () => {
    // 0xE9 is é and 0x96 the en dash in CP1252, as Excel's plain 'CSV' saves them.
    const cp1252 = Buffer.from(csv.replace("Citroën", "Citro\u00e9n").replace("Crème", "Cr\u00e8me").replace("–", "\u0096"), "latin1");
    const path = fileOf("cp1252.csv", cp1252);
    expect(() => parseFeedFile(path, noModels)).toThrow(FeedEncodingError);
    expect(() => parseFeedFile(path, noModels)).toThrow(
      `${path}: the file is not UTF-8 or UTF-16; it looks like Windows-1252 (CP1252, Western European) (byte 0xE9 on line 2 is not UTF-8). Save it as UTF-8 (in Excel: 'CSV UTF-8'), or UTF-16 with a byte-order mark, and import it again.`,
    );
  });

  it("UTF-16 without a byte-order mark and UTF-32 are named too", () => {
    expect(() => parseFeedFile(fileOf("nobom.csv", Buffer.from(csv, "utf16le")), noModels)).toThrow(/looks like UTF-16 without a byte-order mark/);
    expect(() => parseFeedFile(fileOf("utf32.csv", Buffer.from([0xff, 0xfe, 0, 0, 0x41, 0, 0, 0])), noModels)).toThrow(/is UTF-32/);
  });
});

describe("issue 52: a dealer's column names through a mapping file", () => {
  const columnMap = parseColumnMap(readFileSync("tests/fixtures/dealer-columns.json", "utf8"), "dealer-columns.json");

  it("imports the dealer's export without editing it", () => {
    const parsed = parseFeedFile("tests/fixtures/dealer-export.csv", noModels, { columnMap });
    expect(parsed.format).toBe("forecourt-csv");
    expect(parsed.rows).toMatchObject([
      { ok: true, record: { stock_number: "DL1001", car_type: "used", make: "Toyota", model: "HiLux", badge: "SR5", year: 2019, price: 42990, km: 68120, interior_colour: "Black Cloth", vin: "MR0HA3CD100812345", build_date: "2019-05", towing_capacity_braked: 3500 } },
      { ok: true, record: { stock_number: "DL1002", make: "Ford", price: 51990 } },
    ]);
  });

  it("without the mapping the same file is refused as matching no format", () => {
    expect(() => parseFeedFile("tests/fixtures/dealer-export.csv", noModels)).toThrow(/header matches neither/);
  });

  it("maps JSON keys too, matching dealer names case-insensitively", () => {
    const json = JSON.stringify([{ "stock no": "J1", CONDITION: "new", Manufacturer: "Kia", "Model Name": "EV6", "Model Year": 2024 }]);
    expect(parseFeedText(json, "f.json", noModels, { columnMap }).rows).toMatchObject([{ ok: true, record: { stock_number: "J1", car_type: "new", make: "Kia", model: "EV6" } }]);
  });

  it("a mapping to a column Forecourt does not have, or two columns onto one, is refused", () => {
    expect(() => parseColumnMap('{"Stock No": "stock"}', "m.json")).toThrow(/"Stock No" maps to "stock", which is not a Forecourt column \(columns: stock_number, /);
    expect(() => parseColumnMap('{"A": "make", "B": "make"}', "m.json")).toThrow('m.json: "A" and "B" both map to "make"');
    expect(() => parseColumnMap("[1]", "m.json")).toThrow(/expected a JSON object/);
  });
});

import { describe, expect, it } from "vitest";
import { parseFeedText } from "./parse-feed";

const noModels = new Map<string, string[]>();

describe("parseFeedText (Forecourt feed formats, docs/stock-import.md)", () => {
  it("reads JSON as an array or { cars: [...] } and validates each record", () => {
    const json = JSON.stringify({ cars: [{ stock_number: 7, car_type: "NEW", make: "Kia", model: "EV6", year: 2024, price: "72,990" }, { make: "Kia" }, "nope"] });
    const { format, rows } = parseFeedText(json, "feed.json", noModels);
    expect(format).toBe("json");
    expect(rows[0]).toMatchObject({ ok: true, record: { stock_number: "7", car_type: "new", price: 72990, item_type: "car", status: "in_stock" } });
    expect(rows[1]).toMatchObject({ ok: false, row: 2 });
    expect(rows[2]).toEqual({ ok: false, row: 3, reason: "not an object" });
  });

  it("reads Forecourt CSV columns, with '|' separated features and images", () => {
    const csv = 'stock_number,car_type,make,model,year,features,images\nA1,used,Mazda,3,2019,"Sunroof|Heated seats",https://img.example/a.jpg\n';
    const { format, rows } = parseFeedText(csv, "feed.csv", noModels);
    expect(format).toBe("forecourt-csv");
    expect(rows[0]).toMatchObject({ ok: true, record: { features: ["Sunroof", "Heated seats"], images: ["https://img.example/a.jpg"] } });
  });

  it("throws a clear error for a file that is neither format", () => {
    expect(() => parseFeedText("{oops", "feed.json", noModels)).toThrow(/not valid JSON/);
    expect(() => parseFeedText("a,b\n1,2\n", "feed.csv", noModels)).toThrow(/header matches neither/);
  });
});

describe("issue 17: image URL lists", () => {
  it("keeps the CSV order, accepts site paths, drops duplicates", () => {
    const csv = 'stock_number,car_type,make,model,year,images\nA1,used,Mazda,3,2019,"https://img.example/2.jpg|/demo-photos/1.jpg https://img.example/2.jpg"\n';
    const { rows } = parseFeedText(csv, "feed.csv", new Map());
    expect(rows[0]).toMatchObject({ ok: true, record: { images: ["https://img.example/2.jpg", "/demo-photos/1.jpg"] } });
  });
  it("reads JSON arrays of strings or {url} objects in order", () => {
    const json = JSON.stringify([{ stock_number: "J1", car_type: "used", make: "Kia", model: "Rio", year: 2020, images: [{ url: "https://img.example/b.jpg" }, "https://img.example/a.jpg"] }]);
    const { rows } = parseFeedText(json, "feed.json", new Map());
    expect(rows[0]).toMatchObject({ ok: true, record: { images: ["https://img.example/b.jpg", "https://img.example/a.jpg"] } });
  });
  it("rejects a non-http(s) entry with its position", () => {
    const json = JSON.stringify([{ stock_number: "J2", car_type: "used", make: "Kia", model: "Rio", year: 2020, images: ["https://img.example/a.jpg", "javascript:alert(1)"] }]);
    const { rows } = parseFeedText(json, "feed.json", new Map());
    expect(rows[0].ok).toBe(false);
    expect(rows[0].ok ? "" : rows[0].reason).toContain("images: entry 2 must be an http(s) URL");
  });
});

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

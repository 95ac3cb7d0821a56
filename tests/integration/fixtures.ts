/** Small feed fixtures in Forecourt's own format, validated by the same schema as real feeds. */
import type { FeedRow } from "../../app/import/parse-feed";
import { StockRecordSchema, type StockRecord } from "../../app/import/stock-record";

let counter = 0;

/** One valid stock record; `overrides` win. */
export function stockRecord(overrides: Partial<Record<keyof StockRecord, unknown>> = {}): StockRecord {
  counter++;
  return StockRecordSchema.parse({
    stock_number: `S${String(counter).padStart(5, "0")}`,
    car_type: "used",
    make: "Mazda",
    model: "CX-5",
    badge: "Maxx Sport",
    year: 2020,
    price: 29990,
    km: 45000,
    body: "SUV",
    fuel: "Unleaded",
    transmission: "Automatic",
    colour: "White",
    listing_suburb: "Parramatta",
    listing_state: "NSW",
    ...overrides,
  });
}

/** Feed rows (all valid) from records. */
export function feed(records: StockRecord[]): FeedRow[] {
  return records.map((record, i) => ({ ok: true as const, row: i + 1, record }));
}

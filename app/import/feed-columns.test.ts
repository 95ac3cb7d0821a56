/**
 * Issue 52 item 1: every spec 3 Car field has a feed column (docs/stock-import.md), read and
 * validated with a per-row message naming the field, the rule and the value.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseFeedText } from "./parse-feed";

const noModels = new Map<string, string[]>();
const base = { stock_number: "A1", car_type: "used", make: "Kia", model: "Sportage", year: 2023 };
const reasonOf = (extra: Record<string, unknown>) => {
  const [row] = parseFeedText(JSON.stringify([{ ...base, ...extra }]), "feed.json", noModels).rows;
  return row.ok ? null : row.reason;
};
const recordOf = (extra: Record<string, unknown>) => {
  const [row] = parseFeedText(JSON.stringify([{ ...base, ...extra }]), "feed.json", noModels).rows;
  if (!row.ok) throw new Error(row.reason);
  return row.record;
};

describe("issue 52: spec 3 Car fields from the feed", () => {
  it("reads every new column of the documented demo feed (data/demo-full-spec.csv) with its unit", () => {
    const { format, rows } = parseFeedText(readFileSync("data/demo-full-spec.csv", "utf8"), "demo-full-spec.csv", noModels);
    expect(format).toBe("forecourt-csv");
    expect(rows[0]).toMatchObject({
      ok: true,
      record: {
        vin: "KNAPU81GMP7123456",
        nvic: "0HJ223",
        has_nvic: true,
        offer_price: 47490,
        price_type: "Drive Away",
        gear_num: 8,
        trans: "8 SP AUTOMATIC",
        gear_type: "Sports Automatic",
        induction: "Turbo",
        fuel_capacity: 54,
        gross_vehicle_mass: 2400,
        vehicle_length: 4660,
        vehicle_width: 1865,
        vehicle_height: 1665,
        towing_capacity_braked: 1900,
        torque: 416,
        ancap_rating: 5,
        build_date: "2023-02",
        compliance_date: "2023-04",
        interior_colour: "Black Leather",
        carsales_title: "2023 Kia Sportage SX+ NQ5 Auto AWD MY23 Diesel",
        standard_equipment: expect.arrayContaining(["Autonomous emergency braking", "Wireless phone charger"]),
      },
    });
  });

  it("accepts the unit written after the number and plain JSON numbers", () => {
    expect(recordOf({ fuel_capacity: "55.5 L", torque: "350Nm", ancap_rating: "5 stars", gear_num: "6 speed", vehicle_length: 4550 })).toMatchObject({
      fuel_capacity: 55.5,
      torque: 350,
      ancap_rating: 5,
      gear_num: 6,
      vehicle_length: 4550,
    });
  });

  it("a VIN is 17 characters without I, O or Q; the message says which rule it broke", () => {
    expect(recordOf({ vin: "knapu81gmp7123456" }).vin).toBe("KNAPU81GMP7123456");
    expect(reasonOf({ vin: "KNAPU81GMP712345" })).toBe('vin: a VIN is 17 characters, letters and digits without I, O or Q (got "KNAPU81GMP712345": 16 characters)');
    expect(reasonOf({ vin: "KNAPU81GMO7123456" })).toBe('vin: a VIN is 17 characters, letters and digits without I, O or Q (got "KNAPU81GMO7123456": contains O)');
  });

  it("an NVIC is 6 letters and digits; has_nvic follows it unless the feed says", () => {
    expect(reasonOf({ nvic: "0HJ2" })).toBe('nvic: an NVIC is 6 letters and digits (got "0HJ2")');
    expect(reasonOf({ has_nvic: "maybe" })).toMatch(/^has_nvic: true\/false/);
  });

  it("measures name their unit and range, so metres or tonnes are caught", () => {
    expect(reasonOf({ vehicle_length: "4.55" })).toBe('vehicle_length: a whole number of mm from 1,000 to 30,000 (got "4.55")');
    expect(reasonOf({ gross_vehicle_mass: "2.4 t" })).toBe('gross_vehicle_mass: a whole number of kg from 300 to 50,000 (got "2.4 t")');
    expect(reasonOf({ ancap_rating: 6 })).toBe('ancap_rating: a whole number of stars from 0 to 5 (got "6")');
    expect(reasonOf({ fuel_capacity: "lots" })).toBe('fuel_capacity: a number of L from 1 to 2,000 (got "lots")');
    expect(reasonOf({ torque: "350 kW" })).toBe('torque: a whole number of Nm from 1 to 5,000 (got "350 kW")');
  });

  it("build_date is YYYY-MM; compliance_date YYYY-MM or a full date", () => {
    expect(reasonOf({ build_date: "03/2021" })).toBe('build_date: a year and month like 2021-03 (got "03/2021")');
    expect(reasonOf({ build_date: "2021-13" })).toBe('build_date: a year and month like 2021-03 (got "2021-13")');
    expect(reasonOf({ build_date: "2021-03-15" })).toMatch(/^build_date: a year and month like 2021-03/);
    expect(recordOf({ compliance_date: "2021-04-15" }).compliance_date).toBe("2021-04-15");
    expect(recordOf({ compliance_date: "2024-02-29" }).compliance_date).toBe("2024-02-29");
    expect(reasonOf({ compliance_date: "2021-02-29" })).toBe('compliance_date: a year and month like 2021-03 (or a date like 2021-03-15) (got "2021-02-29")');
    expect(reasonOf({ compliance_date: "2021-04-31" })).toMatch(/^compliance_date: a year and month like 2021-03/);
  });

  it("offer_price is whole dollars; standard_equipment a '|' list or a JSON array", () => {
    expect(recordOf({ offer_price: "$47,490", standard_equipment: ["ABS", "AEB"] })).toMatchObject({ offer_price: 47490, standard_equipment: ["ABS", "AEB"] });
    expect(parseFeedText("stock_number,car_type,make,model,year,standard_equipment\nA1,used,Kia,Rio,2020,ABS| AEB |Cruise\n", "f.csv", noModels).rows[0]).toMatchObject({
      ok: true,
      record: { standard_equipment: ["ABS", "AEB", "Cruise"] },
    });
  });
});

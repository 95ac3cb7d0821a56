import { describe, expect, it } from "vitest";
import { dbIdSchema, isDbId, MAX_DB_ID, parseDbId } from "./db-id";

describe("database ids (DESIGN bad input: ids beyond PostgreSQL's integer name nothing)", () => {
  it("isDbId takes whole numbers from 1 to 2^31 - 1 only", () => {
    expect(MAX_DB_ID).toBe(2 ** 31 - 1);
    for (const ok of [1, 42, MAX_DB_ID]) expect(isDbId(ok)).toBe(true);
    for (const bad of [0, -1, 1.5, MAX_DB_ID + 1, 2 ** 53, 1e21, Number.NaN, Number.POSITIVE_INFINITY, "7", null, undefined]) expect(isDbId(bad)).toBe(false);
  });

  it("parseDbId reads decimal digits only", () => {
    expect(parseDbId("7")).toBe(7);
    expect(parseDbId("007")).toBe(7);
    expect(parseDbId("2147483647")).toBe(MAX_DB_ID);
    for (const bad of ["2147483648", "99999999999", "9007199254740993", "1e21", "1e3", "-1", "+1", "0", " 7", "7 ", "0x10", "1.0", "", "abc", null, undefined]) expect(parseDbId(bad)).toBeNull();
  });

  it("dbIdSchema coerces and answers the given message for anything else", () => {
    const schema = dbIdSchema("car_id must be a car id");
    expect(schema.parse("12")).toBe(12);
    expect(schema.parse(12)).toBe(12);
    for (const bad of ["2147483648", 2147483648, "1e21", "-3", "1.5", "x"]) {
      const result = schema.safeParse(bad);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0].message).toBe("car_id must be a car id");
    }
  });
});

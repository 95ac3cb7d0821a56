import { describe, expect, it } from "vitest";
import { AU_STATES, REGULATORS, regulatorsForStates } from "./regulators";

describe("regulator table (spec 2.6, 9: 8 regulators)", () => {
  it("has exactly one regulator per state and territory, each with an https website", () => {
    expect(REGULATORS.map((r) => r.state)).toEqual([...AU_STATES]);
    for (const r of REGULATORS) expect(r.website).toMatch(/^https:\/\/[a-z.]+\.gov\.au\//);
  });
  it("picks the regulators of the location states once each, in table order", () => {
    expect(regulatorsForStates(["NSW", "act", "NSW", "nowhere"]).map((r) => r.state)).toEqual(["ACT", "NSW"]);
    expect(regulatorsForStates([])).toEqual([]);
  });
});

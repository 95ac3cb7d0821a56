import { describe, expect, it } from "vitest";
import type { Site } from "~/sites/site";
import { SiteConfigSchema } from "~/sites/site-config";
import { memoBySiteVersion } from "./site-memo.server";

const site = (id: number, stockVersion = 1, configVersion = 1): Site => ({ id, slug: `s${id}`, name: "S", hosts: [], dealerGroup: null, config: SiteConfigSchema.parse({}), stockVersion, configVersion });

/** A stand-in for a Drizzle query builder: a thenable that runs its "query" on every `then`. */
function queryBuilder(rows: string[], runs: { count: number }): PromiseLike<string[]> {
  return {
    then(onFulfilled, onRejected) {
      runs.count++;
      return Promise.resolve(rows).then(onFulfilled, onRejected);
    },
  };
}

describe("memoBySiteVersion (issue 15, decisions 188 and 189)", () => {
  it("runs a query builder once for every caller of the same version, again for a new version or after the time limit", async () => {
    const runs = { count: 0 };
    const now = Date.UTC(2026, 10, 26);
    const read = (s: Site, at = now) => memoBySiteVersion("memo-test-reviews", s, () => queryBuilder(["a review"], runs), 60_000, at);
    expect(await read(site(901))).toEqual(["a review"]);
    expect(await read(site(901))).toEqual(["a review"]);
    await Promise.all([read(site(901)), read(site(901))]);
    expect(runs.count).toBe(1);
    await read(site(901, 1, 2));
    expect(runs.count).toBe(2);
    await read(site(901, 1, 2), now + 60_000);
    expect(runs.count).toBe(3);
  });

  it("does not keep a failed computation", async () => {
    let calls = 0;
    const compute = async () => {
      calls++;
      if (calls === 1) throw new Error("database down");
      return "ok";
    };
    await expect(memoBySiteVersion("memo-test-failure", site(902), compute)).rejects.toThrow("database down");
    expect(await memoBySiteVersion("memo-test-failure", site(902), compute)).toBe("ok");
    expect(calls).toBe(2);
  });
});

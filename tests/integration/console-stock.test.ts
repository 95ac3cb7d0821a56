/**
 * The console's stock (issue 49 item 1), through real HTTP on the console host: finding cars,
 * the car editor's validation (a price of -1 is refused, nothing typed is lost), bulk actions with
 * their confirmation step, audit rows, the site's stock version, and sales location scoping (a
 * sales member cannot open or change another location's car, by URL, by post or in bulk).
 */
import { and, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { addStaffMember } from "../../app/console/staff.server";
import { cars, locations, sites, staffAudit } from "../../db/schema/index";
import { useTestApp } from "./app-harness";
import { consoleRequest, freshClientIp, recordingMailer, signInByLink } from "./console-harness";
import { ENGINE } from "./database";
import { stockRecord } from "./fixtures";
import { localClock } from "../../app/domain/opening-hours";

const stamp = `${Date.now()}${Math.random().toString(36).slice(2, 6)}`;
const sn = (n: number) => `CS${stamp}-${n}`;
const state = useTestApp({
  app: { trustProxy: true, console: { mailer: recordingMailer() } },
  site: { locations: [{ slug: "main", name: "Main Yard", primary: true }, { slug: "north", name: "North Yard" }] },
  cars: [
    stockRecord({ stock_number: sn(1), make: "Toyota", model: "HiLux", year: 2021, price: 41990, vin: "JTEBR3FJ10K123456", rego: "ABC123", location_slug: "main" }),
    stockRecord({ stock_number: sn(2), make: "Ford", model: "Ranger", price: 38990, location_slug: "main" }),
    stockRecord({ stock_number: sn(3), make: "Ford", model: "Everest", price: 52990, location_slug: "north" }),
    stockRecord({ stock_number: sn(4), make: "Mazda", model: "CX-5", price: 29990, car_type: "demo", location_slug: "north" }),
    stockRecord({ stock_number: sn(5), make: "Mazda", model: "BT-50", price: null, location_slug: "main", listed_date: "2020-01-01" }),
  ],
});
const ip = freshClientIp();
let manager: string;
let sales: string;
let readOnly: string;

beforeAll(async () => {
  const { t, handle } = state;
  for (const role of ["site_manager", "sales", "read_only"] as const) {
    await addStaffMember(handle.db, { email: `${role}-${stamp}@stock.test`, role, target: { siteSlug: t.site.slug, locationSlugs: role === "sales" ? ["main"] : undefined } });
  }
  manager = await signInByLink(t, handle, `site_manager-${stamp}@stock.test`, ip);
  sales = await signInByLink(t, handle, `sales-${stamp}@stock.test`, ip);
  readOnly = await signInByLink(t, handle, `read_only-${stamp}@stock.test`, ip);
});

const stockPath = (query = "") => `/sites/${state.t.site.slug}/stock${query ? `?${query}` : ""}`;
const carPath = (ref: string | number) => `/sites/${state.t.site.slug}/stock/${ref}`;
const get = (cookie: string, path: string) => consoleRequest(state.t, path, { ip, cookie });
const post = (cookie: string, path: string, form: Record<string, string>) => consoleRequest(state.t, path, { ip, cookie, form });
async function carRow(stockNumber: string) {
  const [row] = await state.handle.db.select().from(cars).where(and(eq(cars.siteId, state.t.site.id), eq(cars.stockNumber, stockNumber)));
  return row;
}
async function stockVersion() {
  const [row] = await state.handle.db.select({ v: sites.stockVersion }).from(sites).where(eq(sites.id, state.t.site.id));
  return row.v;
}
/** The editor's form as the page would post it for a car (every field at its stored value). */
async function editorForm(cookie: string, stockNumber: string): Promise<Record<string, string>> {
  const html = await (await get(cookie, carPath(stockNumber))).text();
  const form: Record<string, string> = {};
  for (const m of html.matchAll(/<input[^>]*>/g)) {
    const tag = m[0];
    const name = /name="([^"]+)"/.exec(tag)?.[1];
    if (!name) continue;
    if (tag.includes('type="checkbox"')) {
      if (/\schecked(=""|\s|>)/.test(tag)) form[name] = "on";
    } else form[name] = decode(/value="([^"]*)"/.exec(tag)?.[1] ?? "");
  }
  for (const m of html.matchAll(/<select[^>]*name="([^"]+)"[^>]*>([\s\S]*?)<\/select>/g)) form[m[1]] = decode(/<option[^>]*value="([^"]*)"[^>]*selected/.exec(m[2])?.[1] ?? "");
  for (const m of html.matchAll(/<textarea[^>]*name="([^"]+)"[^>]*>([\s\S]*?)<\/textarea>/g)) form[m[1]] = decode(m[2]);
  return form;
}
const decode = (s: string) => s.replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");

describe(`console stock list (${ENGINE})`, () => {
  it("finds cars by stock number, VIN, rego, make and model, status, car type, location and age", async () => {
    const count = async (query: string) => /([\d,]+) cars? match/.exec(await (await get(manager, stockPath(query))).text())?.[1];
    expect(await count("")).toBe("5");
    expect(await count(`q=${sn(3)}`)).toBe("1");
    expect(await count("q=jtebr3fj10k123456")).toBe("1");
    expect(await count("q=abc123")).toBe("1");
    expect(await count("q=ford+everest")).toBe("1");
    expect(await count("make=Ford")).toBe("2");
    expect(await count("make=Mazda&model=cx")).toBe("1");
    expect(await count("carType=demo")).toBe("1");
    expect(await count("status=sold")).toBe("0");
    const [north] = await state.handle.db.select({ id: locations.id }).from(locations).where(and(eq(locations.siteId, state.t.site.id), eq(locations.slug, "north")));
    expect(await count(`location=${north.id}`)).toBe("2");
    expect(await count("age=90%2B")).toBe("1");
    expect(await count("age=0-30")).toBe("4");
    const page = await (await get(manager, stockPath(`q=${sn(1)}`))).text();
    expect(page).toContain("2021 Toyota HiLux");
    expect(page).toContain("$41,990");
  });

  it("a filter value off the list is refused with a message, the typed filter kept", async () => {
    const response = await get(manager, stockPath("status=parked&q=kept-words"));
    expect(response.status).toBe(400);
    const page = await response.text();
    expect(page).toContain("Choose a listed status.");
    expect(page).toContain('value="kept-words"');
  });

  it("sales see the cars of their assigned locations only", async () => {
    const page = await (await get(sales, stockPath())).text();
    expect(/([\d,]+) cars? match/.exec(page)?.[1]).toBe("3");
    expect(page).toContain(sn(1));
    expect(page).not.toContain(sn(3));
    expect(page).toContain("The cars of your locations: Main Yard");
  });

  it("a filter's count and the make list are kept per stock version: a change by anyone (another node's SQL) shows on the next view", async () => {
    const view = async (query: string) => {
      const page = await (await get(manager, stockPath(query))).text();
      const makeSelect = /<select[^>]*name="make"[^>]*>([\s\S]*?)<\/select>/.exec(page)?.[1] ?? "";
      return { count: /([\d,]+) cars? match/.exec(page)?.[1], makes: [...makeSelect.matchAll(/<option[^>]*value="([^"]+)"/g)].map((m) => m[1]) };
    };
    const setMake = (make: string) => state.handle.db.update(cars).set({ make }).where(and(eq(cars.siteId, state.t.site.id), eq(cars.stockNumber, sn(5))));
    expect(await view("make=Mazda")).toEqual({ count: "2", makes: ["Ford", "Mazda", "Toyota"] });
    // Written straight to the database, as the importer or another node would: the stock version moves with it.
    await setMake("Kia");
    expect(await view("make=Mazda")).toEqual({ count: "1", makes: ["Ford", "Kia", "Mazda", "Toyota"] });
    expect((await view("make=Kia")).count).toBe("1");
    // Put back with the version set back by hand (no change does that): the kept count and makes show,
    // which is how the list knows it need not count again while the version stands.
    const version = await stockVersion();
    await setMake("Mazda");
    await state.handle.db.update(sites).set({ stockVersion: version }).where(eq(sites.id, state.t.site.id));
    expect(await view("make=Mazda")).toEqual({ count: "1", makes: ["Ford", "Kia", "Mazda", "Toyota"] });
    await state.handle.db.update(sites).set({ stockVersion: version + 1 }).where(eq(sites.id, state.t.site.id));
    expect(await view("make=Mazda")).toEqual({ count: "2", makes: ["Ford", "Mazda", "Toyota"] });
  });
});

describe(`console car editor (${ENGINE})`, () => {
  it("a price of -1 is refused with a clear message beside it; every typed value is kept and nothing saved", async () => {
    const before = await carRow(sn(2));
    const version = await stockVersion();
    const form = { ...(await editorForm(manager, sn(2))), intent: "save", price: "-1", tag: "Typed tag kept", dealerComments: "Typed comments kept", km: "lots" };
    const response = await post(manager, carPath(sn(2)), form);
    expect(response.status).toBe(400);
    const page = await response.text();
    expect(page).toContain("A price cannot be negative: enter 0 or more, or leave it empty for no price.");
    expect(page).toMatch(/id="car-price"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*id="car-price"/);
    expect(page).toContain('value="-1"');
    expect(page).toContain('value="Typed tag kept"');
    expect(page).toContain("Typed comments kept");
    expect(page).toContain('value="lots"');
    expect(page).toContain("Enter a number from 0 to 5,000,000 km.");
    const after = await carRow(sn(2));
    expect(after.price).toBe(before.price);
    expect(after.tag).toBe(before.tag);
    expect(await stockVersion()).toBe(version);
  });

  it("a day that does not exist (30 February) is refused beside its field, not moved to March; the typed date is kept", async () => {
    const before = await carRow(sn(2));
    const form = { ...(await editorForm(manager, sn(2))), intent: "save", regoExpiry: "2027-02-30", soldAt: "1850-01-01" };
    const response = await post(manager, carPath(sn(2)), form);
    expect(response.status).toBe(400);
    const page = await response.text();
    expect(page.split("Enter a real date, in the years 1900 to 2100.").length - 1).toBe(2);
    expect(page).toContain('value="2027-02-30"');
    expect(await carRow(sn(2))).toEqual(before);
  });

  it("a compliance date whose day does not exist, or a build month outside 1900-2100, is refused beside its field and kept as typed", async () => {
    const before = await carRow(sn(2));
    const form = { ...(await editorForm(manager, sn(2))), intent: "save", complianceDate: "2024-02-31", buildDate: "1850-03" };
    const response = await post(manager, carPath(sn(2)), form);
    expect(response.status).toBe(400);
    const page = await response.text();
    expect(page.split("Enter a year and month like 2024-07 (or a day that exists), in the years 1900 to 2100.").length - 1).toBe(2);
    expect(page).toContain('value="2024-02-31"');
    expect(page).toContain('value="1850-03"');
    expect(await carRow(sn(2))).toEqual(before);
    // A day that exists, as a feed's compliance date may carry, passes: only the bad price is named.
    const valid = await post(manager, carPath(sn(2)), { ...(await editorForm(manager, sn(2))), intent: "save", complianceDate: "2024-02-29", buildDate: "2023-11", price: "-1" });
    expect(valid.status).toBe(400);
    const validPage = await valid.text();
    expect(validPage).not.toContain("(or a day that exists)");
    expect(validPage).toContain('value="2024-02-29"');
    expect(await carRow(sn(2))).toEqual(before);
  });

  it("saves a price and marks the car sold: sold date set, audit row written, the stock version moved", async () => {
    const version = await stockVersion();
    const form = { ...(await editorForm(manager, sn(2))), intent: "save", price: "36,990", status: "sold", tag: "Test Drive Only" };
    const response = await post(manager, carPath(sn(2)), form);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toContain(`/stock/${sn(2)}?saved=`);
    const car = await carRow(sn(2));
    expect(car).toMatchObject({ price: 36990, status: "sold", sold: true, tag: "Test Drive Only" });
    expect(car.soldAt).toBeInstanceOf(Date);
    expect(Date.now() - car.soldAt!.getTime()).toBeLessThan(10 * 60_000);
    expect(await stockVersion()).toBeGreaterThan(version);
    const [audit] = await state.handle.db.select().from(staffAudit).where(and(eq(staffAudit.siteId, state.t.site.id), eq(staffAudit.action, "stock.edit"), eq(staffAudit.entityId, sn(2))));
    expect(audit.actorEmail).toBe(`site_manager-${stamp}@stock.test`);
    expect(audit.before).toMatchObject({ price: 38990, status: "in_stock", tag: null });
    expect(audit.after).toMatchObject({ price: 36990, status: "sold", tag: "Test Drive Only" });
    // Back in stock: the sold date goes, so the SOLD-for-N-days rule no longer applies.
    await post(manager, carPath(sn(2)), { ...(await editorForm(manager, sn(2))), intent: "save", status: "in_stock", soldAt: "" });
    expect(await carRow(sn(2))).toMatchObject({ status: "in_stock", sold: false, soldAt: null });
  });

  it("shows and takes the sold date as a day on the site's calendar (Australia/Sydney), not UTC's", async () => {
    // 14:30 UTC on 29 November 2026 is 01:30 on 30 November in Sydney (AEDT, UTC+11).
    await state.handle.db.update(cars).set({ status: "sold", sold: true, soldAt: new Date("2026-11-29T14:30:00Z") }).where(and(eq(cars.siteId, state.t.site.id), eq(cars.stockNumber, sn(2))));
    const form = await editorForm(manager, sn(2));
    expect(form.soldAt).toBe("2026-11-30");
    // Saved as shown, the sold date stays the stored instant.
    await post(manager, carPath(sn(2)), { ...form, intent: "save", tag: "Sold day kept" });
    expect(await carRow(sn(2))).toMatchObject({ tag: "Sold day kept", soldAt: new Date("2026-11-29T14:30:00Z") });
    // A chosen day is that day in Sydney, whatever the time of day in UTC.
    await post(manager, carPath(sn(2)), { ...(await editorForm(manager, sn(2))), intent: "save", soldAt: "2026-11-20" });
    const chosen = (await carRow(sn(2))).soldAt!;
    expect(localClock(chosen, "Australia/Sydney").date).toBe("2026-11-20");
    expect((await editorForm(manager, sn(2))).soldAt).toBe("2026-11-20");
    await post(manager, carPath(sn(2)), { ...(await editorForm(manager, sn(2))), intent: "save", status: "in_stock", soldAt: "", tag: "" });
    expect(await carRow(sn(2))).toMatchObject({ status: "in_stock", sold: false, soldAt: null, tag: null });
  });

  it("opens a car by id as well as by stock number; an unknown car is 404", async () => {
    const car = await carRow(sn(1));
    expect(await (await get(manager, carPath(car.id))).text()).toContain(`stock number ${sn(1)}`);
    expect((await get(manager, carPath("NO-SUCH-STOCK"))).status).toBe(404);
  });

  it("read-only staff see the car but cannot post a change", async () => {
    const page = await (await get(readOnly, carPath(sn(1)))).text();
    expect(page).toContain("Your role can look at this car but not change it.");
    const response = await post(readOnly, carPath(sn(1)), { ...(await editorForm(manager, sn(1))), intent: "save", price: "1" });
    expect(response.status).toBe(403);
    expect((await carRow(sn(1))).price).toBe(41990);
  });
});

describe(`console stock: sales location scoping (${ENGINE})`, () => {
  it("a sales member cannot open or change another location's car by URL", async () => {
    const other = await carRow(sn(3));
    expect((await get(sales, carPath(sn(3)))).status).toBe(404);
    expect((await get(sales, carPath(other.id))).status).toBe(404);
    const form = { ...(await editorForm(manager, sn(3))), intent: "save", price: "100" };
    expect((await post(sales, carPath(sn(3)), form)).status).toBe(404);
    expect((await carRow(sn(3))).price).toBe(52990);
  });

  it("a sales member edits their own location's car but cannot move it to another location", async () => {
    const [north] = await state.handle.db.select({ id: locations.id }).from(locations).where(and(eq(locations.siteId, state.t.site.id), eq(locations.slug, "north")));
    const form = { ...(await editorForm(sales, sn(1))), intent: "save", locationId: String(north.id), price: "40990" };
    const response = await post(sales, carPath(sn(1)), form);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Choose one of the listed locations.");
    expect((await carRow(sn(1))).price).toBe(41990);
    const ok = await post(sales, carPath(sn(1)), { ...form, locationId: (await editorForm(sales, sn(1))).locationId });
    expect(ok.status).toBe(302);
    expect((await carRow(sn(1))).price).toBe(40990);
  });

  it("a bulk action by sales skips ticked cars of other locations, and their filter reaches their locations only", async () => {
    const mine = await carRow(sn(5));
    const theirs = await carRow(sn(4));
    const review = await post(sales, stockPath(), { intent: "bulk-review", bulkAction: "hide", target: "selected", car: String(theirs.id) });
    expect(review.status).toBe(400);
    expect(await review.text()).toContain("No car would change");
    const all = await post(sales, stockPath("make=Mazda"), { intent: "bulk-apply", bulkAction: "hide", target: "filter", expected: "1" });
    expect(all.status).toBe(302);
    expect((await carRow(sn(5))).showOnDealerWebsite).toBe(false);
    expect((await carRow(sn(4))).showOnDealerWebsite).toBe(true);
    await post(sales, stockPath(), { intent: "bulk-apply", bulkAction: "show", target: "selected", car: String(mine.id), expected: "1" });
    expect((await carRow(sn(5))).showOnDealerWebsite).toBe(true);
  });
});

describe(`console stock bulk actions (${ENGINE})`, () => {
  const ids = async (...numbers: number[]) => (await state.handle.db.select({ id: cars.id }).from(cars).where(and(eq(cars.siteId, state.t.site.id), inArray(cars.stockNumber, numbers.map(sn))))).map((r) => String(r.id));

  it("asks for confirmation with the count, changing nothing; the confirmed change applies with an audit row per car", async () => {
    const picked = await ids(3, 4);
    const body = new URLSearchParams({ intent: "bulk-review", bulkAction: "price-percent", target: "selected", percent: "-10" });
    for (const id of picked) body.append("car", id);
    const review = await state.t.request(stockPath(), { host: "console.localhost", method: "POST", headers: { cookie: manager, "content-type": "application/x-www-form-urlencoded", origin: "http://console.localhost", "x-forwarded-for": ip }, body: body.toString() });
    expect(review.status).toBe(200);
    const page = await review.text();
    expect(page).toContain("Lower the price of 2 cars by 10%?");
    expect(page).toContain("Yes, change 2 cars");
    expect((await carRow(sn(3))).price).toBe(52990);

    body.set("intent", "bulk-apply");
    body.set("expected", "2");
    const apply = await state.t.request(stockPath(), { host: "console.localhost", method: "POST", headers: { cookie: manager, "content-type": "application/x-www-form-urlencoded", origin: "http://console.localhost", "x-forwarded-for": ip }, body: body.toString() });
    expect(apply.status).toBe(302);
    expect(apply.headers.get("location")).toContain("done=2");
    expect((await carRow(sn(3))).price).toBe(47691);
    expect((await carRow(sn(4))).price).toBe(26991);
    const audit = await state.handle.db.select().from(staffAudit).where(and(eq(staffAudit.siteId, state.t.site.id), eq(staffAudit.action, "stock.bulk-price-percent")));
    expect(audit.map((a) => [a.entityId, a.before, a.after]).sort()).toEqual([
      [sn(3), { price: 52990 }, { price: 47691 }],
      [sn(4), { price: 29990 }, { price: 26991 }],
    ]);
  });

  it("asks again when the count has moved since the confirmation", async () => {
    const response = await post(manager, stockPath("make=Ford"), { intent: "bulk-apply", bulkAction: "price-amount", amount: "500", target: "filter", expected: "7" });
    expect(response.status).toBe(200);
    const page = await response.text();
    expect(page).toContain("The number of cars changed since you asked");
    expect(page).toContain("Raise the price of 2 cars by $500?");
    expect((await carRow(sn(3))).price).toBe(47691);
  });

  it("refuses a price change that would take a car below $0, keeping the typed amount", async () => {
    const response = await post(manager, stockPath("make=Ford"), { intent: "bulk-review", bulkAction: "price-amount", amount: "-40000", target: "filter" });
    expect(response.status).toBe(400);
    const page = await response.text();
    expect(page).toContain("1 of these cars would get a price below $0");
    expect(page).toContain('value="-40000"');
  });

  it("refuses a bulk action without its amount, location or ticked cars, with a message per field", async () => {
    const response = await post(manager, stockPath(), { intent: "bulk-review", bulkAction: "move", target: "selected" });
    expect(response.status).toBe(400);
    const page = await response.text();
    expect(page).toContain("Choose the location to move the cars to.");
    expect(page).toContain("Tick at least one car, or choose every car of the filter.");
  });

  it("moves, hides and marks sold every car of a filter (sold date set)", async () => {
    const [north] = await state.handle.db.select({ id: locations.id }).from(locations).where(and(eq(locations.siteId, state.t.site.id), eq(locations.slug, "north")));
    const moved = await post(manager, stockPath("make=Ford"), { intent: "bulk-apply", bulkAction: "move", toLocation: String(north.id), target: "filter", expected: "1" });
    expect(moved.status).toBe(302);
    expect((await carRow(sn(2))).locationId).toBe(north.id);
    const version = await stockVersion();
    const sold = await post(manager, stockPath("make=Ford"), { intent: "bulk-apply", bulkAction: "sold", target: "filter", expected: "2" });
    expect(sold.status).toBe(302);
    for (const n of [2, 3]) expect(await carRow(sn(n))).toMatchObject({ status: "sold", sold: true, soldAt: expect.any(Date) });
    expect(await stockVersion()).toBeGreaterThan(version);
    const list = await (await get(manager, stockPath("status=sold"))).text();
    expect(/([\d,]+) cars? match/.exec(list)?.[1]).toBe("2");
  });
});

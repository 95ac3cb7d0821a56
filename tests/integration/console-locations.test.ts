/**
 * Issue 50 items 5 and 6 through real HTTP on the console host and the site's host: locations
 * (validation with every typed value kept, the geocoder placing the address, phones by
 * libphonenumber-js, audit rows), special and public-holiday hours reaching the location page,
 * its JSON-LD and Call Now on the next request; the brand theme (WCAG 2.2 AA contrast refused with
 * the pair and ratio named, uploads re-encoded without metadata and served from the database,
 * saved as the settings draft and published as a version).
 */
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { addCalendarDays, localClock } from "../../app/domain/opening-hours";
import { locations, siteConfigDrafts, sites, staffAudit } from "../../db/schema/index";
import { useTestApp } from "./app-harness";
import { CONSOLE_HOST, CONSOLE_ORIGIN, consoleRequest, freshClientIp, recordingMailer, signInSiteStaff } from "./console-harness";
import { ENGINE } from "./database";

const state = useTestApp({ app: { trustProxy: true, console: { mailer: recordingMailer() } } });
let manager: string;
let editor: string;
const ip = freshClientIp();

beforeAll(async () => {
  ({ site_manager: manager, content_editor: editor } = await signInSiteStaff(state.t, state.handle, ["site_manager", "content_editor"], ip));
});

const editPath = (slug?: string) => `/sites/${state.t.site.slug}/locations/edit${slug ? `?location=${slug}` : ""}`;
const post = (cookie: string, path: string, form: Record<string, string | string[]>) => {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(form)) for (const one of [v].flat()) body.append(k, one);
  return state.t.request(path, { host: CONSOLE_HOST, method: "POST", redirect: "manual", headers: { "x-forwarded-for": ip, cookie, origin: CONSOLE_ORIGIN, "content-type": "application/x-www-form-urlencoded" }, body: body.toString() });
};
const multipart = (cookie: string, path: string, form: FormData) => state.t.request(path, { host: CONSOLE_HOST, method: "POST", redirect: "manual", headers: { "x-forwarded-for": ip, cookie, origin: CONSOLE_ORIGIN }, body: form });
const week = (open: string, close: string) => Object.fromEntries([0, 1, 2, 3, 4, 5, 6].flatMap((d) => [[`status${d}`, "Open"], [`open${d}`, open], [`close${d}`, close]]));
const shopper = (path: string) => state.t.request(path, { headers: { "x-forwarded-for": "198.51.100.9" } });
const today = () => localClock(new Date(), state.t.site.config.timeZone).date;
function jsonLdOf(html: string): { openingHoursSpecification: Record<string, unknown>[] } {
  const raw = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1];
  return JSON.parse(raw!);
}

describe(`console locations (${ENGINE})`, () => {
  it("lists the site's locations and links to add one", async () => {
    const page = await (await consoleRequest(state.t, `/sites/${state.t.site.slug}/locations`, { ip, cookie: manager })).text();
    expect(page).toContain("Location main");
    expect(page).toContain("Add a location");
  });

  it("refuses a bad location with a message next to each field and every typed value kept; nothing saved", async () => {
    const response = await post(manager, editPath(), { intent: "save", name: "", city: "Penrith", state: "NSW", postcode: "2750", phone: "12345", email: "not-an-email", ...week("09:00", "17:00"), close1: "08:00" });
    expect(response.status).toBe(400);
    const page = await response.text();
    expect(page).toContain("Enter the location&#x27;s name.");
    expect(page).toContain("Enter an Australian phone number");
    expect(page).toContain("Monday must close after it opens.");
    expect(page).toContain('value="12345"');
    expect(page).toContain('value="not-an-email"');
    expect(page).toContain('aria-invalid="true"');
    expect(await state.handle.db.select().from(locations).where(eq(locations.siteId, state.t.site.id))).toHaveLength(1);
  });

  it("refuses a postcode of another state, and one the geocoder does not know", async () => {
    const wrongState = await post(manager, editPath(), { intent: "save", name: "Test Yard", city: "Perth", state: "NSW", postcode: "6000", ...week("09:00", "17:00") });
    expect(wrongState.status).toBe(400);
    expect(await wrongState.text()).toContain("Postcode 6000 is in WA, not NSW.");
    const unknown = await post(manager, editPath(), { intent: "save", name: "Test Yard", city: "Nowhere", state: "NSW", postcode: "1999", ...week("09:00", "17:00") });
    expect(await unknown.text()).toContain("Invalid postcode: 1999");
  });

  it("looks up a postcode's suburb and state without saving", async () => {
    const response = await post(manager, editPath(), { intent: "lookup", name: "Typed name", postcode: "2750", city: "penrith" });
    expect(response.status).toBe(200);
    const page = await response.text();
    expect(page).toMatch(/Postcode 2750 \(NSW\) covers: [^<]*Emu Plains[^<]*Penrith/);
    expect(page).toContain('value="Typed name"');
    expect(page).toContain('value="Penrith"');
    expect(page).toMatch(/<option value="NSW" selected=""/);
  });

  it("adds a location: placed by the geocoder, phone in its national form, audited, live on the public site at once", async () => {
    const response = await post(manager, editPath(), { intent: "save", name: "Test Yard Penrith", city: "Penrith", state: "NSW", postcode: "2750", phone: "+61247001234", locationType: "sales", visible: "on", dealerLicenseNumber: "MD 12345", ...week("08:30", "17:30"), status0: "Closed", saturdayMode: "on", saturdayAnchor: "2025-06-14", saturdayText: "Service by appointment" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toContain("location=test-yard-penrith");
    const [row] = await state.handle.db.select().from(locations).where(and(eq(locations.siteId, state.t.site.id), eq(locations.slug, "test-yard-penrith")));
    expect(row.phone).toBe("02 4700 1234");
    expect(row.lat).toBeCloseTo(-33.75, 1);
    expect(row.long).toBeCloseTo(150.69, 1);
    expect(row.openingHours.find((h) => h.weekday === 1)).toEqual({ weekday: 1, status: "Open", open: "08:30", close: "17:30" });
    expect(row.openingHours.find((h) => h.weekday === 0)).toEqual({ weekday: 0, status: "Closed", open: null, close: null });
    expect(row.alternatingSaturday).toEqual({ mode: "on", anchorDate: "2025-06-14", appointmentText: "Service by appointment" });
    const [audit] = await state.handle.db.select().from(staffAudit).where(and(eq(staffAudit.siteId, state.t.site.id), eq(staffAudit.action, "location.create")));
    expect(audit.after).toMatchObject({ name: "Test Yard Penrith", phone: "02 4700 1234" });
    const page = await (await shopper("/our-location/test-yard-penrith")).text();
    expect(page).toContain("Test Yard Penrith");
    expect(page).toContain("alternate weeks; otherwise Service by appointment");
  });

  it("refuses an anchor date that is not a Saturday", async () => {
    const response = await post(manager, editPath("test-yard-penrith"), { intent: "save", name: "Test Yard Penrith", city: "Penrith", state: "NSW", postcode: "2750", ...week("08:30", "17:30"), saturdayMode: "on", saturdayAnchor: "2025-06-13" });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("2025-06-13 is a Friday: choose a Saturday.");
  });

  it("a holiday closure reaches the location page, its JSON-LD and Call Now on the next request", async () => {
    const { t, handle } = state;
    // The main location gets a phone and is open all day today and tomorrow (so the test holds across midnight).
    expect((await post(editor, editPath("main"), { intent: "save", name: "Location main", slug: "", city: "Parramatta", state: "NSW", postcode: "2150", phone: "02 9600 1000", visible: "on", primary: "on", locationType: "sales", ...week("08:00", "17:00") })).status).toBe(302);
    for (const date of [today(), addCalendarDays(today(), 1)]) expect((await post(editor, editPath("main"), { intent: "add-special", date, status: "Open", startHour: "00:00", endHour: "24:00", note: "Open all day" })).status).toBe(302);
    let page = await (await shopper("/our-location/main")).text();
    expect(page).toContain("Open now");
    expect(page).toMatch(/href="tel:0296001000"[^>]*>Call Now</);

    for (const date of [today(), addCalendarDays(today(), 1)]) expect((await post(editor, editPath("main"), { intent: "add-special", date, status: "Closed", note: "Stocktake" })).status).toBe(302);
    page = await (await shopper("/our-location/main")).text();
    expect(page).not.toContain("Open now");
    expect(page).not.toMatch(/>Call Now</);
    expect(page).toContain("Stocktake");
    expect(jsonLdOf(page).openingHoursSpecification).toContainEqual({ "@type": "OpeningHoursSpecification", opens: "00:00", closes: "00:00", validFrom: today(), validThrough: today() });
    const audit = await handle.db.select().from(staffAudit).where(and(eq(staffAudit.siteId, t.site.id), eq(staffAudit.action, "location.special-hours-add")));
    expect(audit.at(-1)?.after).toMatchObject({ [`specialHours.${addCalendarDays(today(), 1)}.status`]: "Closed" });
  });

  it("refuses a special day that does not exist, keeping what was typed; one stored before that rule does not break the location page", async () => {
    const { t, handle } = state;
    for (const date of ["2026-13-45", "2027-02-30"]) {
      const response = await post(editor, editPath("main"), { intent: "add-special", date, status: "Closed", note: "Typed note kept" });
      expect(response.status).toBe(400);
      const page = await response.text();
      expect(page).toContain("Enter a day that exists, in the years 1900 to 2100.");
      expect(page).toContain(`value="${date}"`);
      expect(page).toContain('value="Typed note kept"');
    }
    const anchor = await post(manager, editPath("main"), { intent: "save", name: "Location main", slug: "", city: "Parramatta", state: "NSW", postcode: "2150", ...week("08:00", "17:00"), saturdayMode: "on", saturdayAnchor: "2025-02-29" });
    expect(anchor.status).toBe(400);
    const anchorPage = await anchor.text();
    expect(anchorPage).toContain("Enter a day that exists, in the years 1900 to 2100.");
    expect(anchorPage).not.toContain("choose a Saturday");

    // As an older release could store it: the page leaves the entry out and answers.
    const [main] = await handle.db.select().from(locations).where(and(eq(locations.siteId, t.site.id), eq(locations.slug, "main")));
    await handle.db.update(locations).set({ specialHours: [...main.specialHours, { date: "2026-13-45", status: "Closed", startHour: null, endHour: null, note: "Stored bad day" }] }).where(eq(locations.id, main.id));
    const shopperPage = await shopper("/our-location/main");
    expect(shopperPage.status).toBe(200);
    // Not in the special hours shown (the header's open-now data still carries it, where it matches no day).
    expect(await shopperPage.text()).not.toMatch(/datetime="2026-13-45"/i);
    await handle.db.update(locations).set({ specialHours: main.specialHours }).where(eq(locations.id, main.id));
  });

  it("offers the coming year's public holidays of the location's state and closes on the chosen ones", async () => {
    const page = await (await consoleRequest(state.t, editPath("test-yard-penrith"), { ip, cookie: manager })).text();
    const christmas = /value="(\d{4}-12-25\|Christmas Day)"/.exec(page)?.[1];
    expect(christmas).toBeTruthy();
    expect(page).toContain("(state)");
    expect((await post(manager, editPath("test-yard-penrith"), { intent: "add-holidays", holiday: [christmas!] })).status).toBe(302);
    const [row] = await state.handle.db.select().from(locations).where(and(eq(locations.siteId, state.t.site.id), eq(locations.slug, "test-yard-penrith")));
    expect(row.specialHours).toContainEqual({ date: christmas!.slice(0, 10), status: "Closed", startHour: null, endHour: null, note: "Christmas Day" });
    const none = await post(manager, editPath("test-yard-penrith"), { intent: "add-holidays" });
    expect(none.status).toBe(400);
  });

  it("stores a location photo re-encoded without its EXIF data, served by the site's host", async () => {
    const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#884422" } })
      .jpeg()
      .withExif({ IFD0: { Make: "SecretCam", Artist: "Jane Citizen" } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeTruthy();
    const form = new FormData();
    for (const [k, v] of Object.entries({ intent: "save", name: "Test Yard Penrith", city: "Penrith", state: "NSW", postcode: "2750", visible: "on", ...week("08:30", "17:30") })) form.append(k, v);
    form.append("image", new Blob([new Uint8Array(jpeg)], { type: "image/jpeg" }), "yard.jpg");
    expect((await multipart(manager, editPath("test-yard-penrith"), form)).status).toBe(302);
    const [row] = await state.handle.db.select().from(locations).where(and(eq(locations.siteId, state.t.site.id), eq(locations.slug, "test-yard-penrith")));
    expect(row.imageUrl).toMatch(/^\/media\/\d+-[0-9a-f]{16}\.webp$/);
    const served = await shopper(row.imageUrl!);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
    const bytes = Buffer.from(await served.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect(meta.exif).toBeUndefined();
    expect(bytes.includes(Buffer.from("SecretCam"))).toBe(false);
    // Another site's host does not serve it.
    expect((await state.t.request(row.imageUrl!, { host: "other-site.localhost" })).status).toBe(404);
  });

  it("refuses a file that is not an image, keeping what was typed", async () => {
    const form = new FormData();
    for (const [k, v] of Object.entries({ intent: "save", name: "Kept name", city: "Penrith", state: "NSW", postcode: "2750", ...week("08:30", "17:30") })) form.append(k, v);
    form.append("image", new Blob(["%PDF-1.4 not an image"], { type: "image/png" }), "fake.png");
    const response = await multipart(manager, editPath("test-yard-penrith"), form);
    expect(response.status).toBe(400);
    const page = await response.text();
    expect(page).toContain("This file is not an image we can read.");
    expect(page).toContain('value="Kept name"');
  });
});

describe(`console brand theme (${ENGINE})`, () => {
  const themePath = () => `/sites/${state.t.site.slug}/theme`;

  it("refuses white text on light yellow, naming the pair and its ratio, keeping what was typed; nothing saved", async () => {
    const response = await post(editor, themePath(), { intent: "save", primary: "#fff9c4", onPrimary: "#ffffff", accent: "#0f766e", tagline: "Typed tagline" });
    expect(response.status).toBe(400);
    const page = await response.text();
    expect(page).toContain("Text colour on the primary colour (header, buttons, banners): #ffffff on #fff9c4 has a contrast ratio of 1.07:1; WCAG 2.2 AA needs at least 4.5:1.");
    expect(page).toContain('value="#fff9c4"');
    expect(page).toContain('value="Typed tagline"');
    expect(await state.handle.db.select().from(siteConfigDrafts).where(eq(siteConfigDrafts.siteId, state.t.site.id))).toHaveLength(0);
  });

  it("the settings page refuses the same theme", async () => {
    const response = await post(manager, `/sites/${state.t.site.slug}/settings`, { intent: "save", "theme.primary": "#fff9c4", "theme.onPrimary": "#ffffff" });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("#ffffff on #fff9c4 has a contrast ratio of 1.07:1");
  });

  it("saves a passing theme with a logo and favicon as the settings draft, and publishes it as a version the public site shows", async () => {
    const png = await sharp({ create: { width: 300, height: 300, channels: 4, background: "#123456" } }).png().toBuffer();
    const form = new FormData();
    for (const [k, v] of Object.entries({ intent: "save", primary: "#7C2D12", onPrimary: "#ffffff", accent: "#166534", tagline: "Yards you can trust" })) form.append(k, v);
    form.append("logo", new Blob([new Uint8Array(png)], { type: "image/png" }), "logo.png");
    form.append("favicon", new Blob([new Uint8Array(png)], { type: "image/png" }), "icon.png");
    const saved = await multipart(editor, themePath(), form);
    expect(saved.status).toBe(302);
    const [draft] = await state.handle.db.select().from(siteConfigDrafts).where(eq(siteConfigDrafts.siteId, state.t.site.id));
    const theme = (draft.config as { theme: Record<string, string> }).theme;
    expect(theme).toMatchObject({ primary: "#7c2d12", onPrimary: "#ffffff", accent: "#166534", tagline: "Yards you can trust" });
    expect(theme.logoUrl).toMatch(/^\/media\/\d+-[0-9a-f]{16}\.png$/);
    const favicon = Buffer.from(await (await shopper(theme.faviconUrl)).arrayBuffer());
    expect(await sharp(favicon).metadata()).toMatchObject({ format: "png", width: 64, height: 64 });
    // A draft: shoppers do not see it yet.
    expect(await (await shopper("/")).text()).not.toContain("#7c2d12");

    expect((await post(editor, themePath(), { intent: "publish" })).status).toBe(302);
    const [site] = await state.handle.db.select({ config: sites.config }).from(sites).where(eq(sites.id, state.t.site.id));
    expect((site.config as { theme: Record<string, string> }).theme.primary).toBe("#7c2d12");
    const home = await (await shopper("/")).text();
    expect(home).toContain("--site-primary:#7c2d12");
    expect(home).toContain(`<link rel="icon" type="image/png" href="${theme.faviconUrl}"`);
    const audit = await state.handle.db.select().from(staffAudit).where(and(eq(staffAudit.siteId, state.t.site.id), eq(staffAudit.action, "settings.publish")));
    expect(audit.at(-1)?.after).toMatchObject({ "theme.primary": "#7c2d12" });
  });
});

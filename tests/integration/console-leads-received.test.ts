/**
 * Issue 49 item 4: the leads inbox and its CSV export show when each lead was received in the
 * site's time zone. PostgreSQL writes that text for a page of leads (`to_char ... at time zone`),
 * and a lead's own page writes it with `formatInTimeZone` (Intl): the two must agree to the
 * minute, across daylight-saving changes and half-hour zones, on PGlite and on PostgreSQL
 * (DATABASE_URL).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client";
import { leads } from "../../db/schema/index";
import { exportLeads, formatInTimeZone, LeadFilterSchema, listLeads } from "../../app/console/leads.server";
import type { Site } from "../../app/sites/site";
import { createTestSite, ENGINE, openTestDatabase, wholeSiteLeadViewer } from "./database";

/** Instants on and around the zones' changes (UTC), and a leap day. */
const INSTANTS = [
  "2026-04-04T15:59:00Z", // Sydney: the last minute of daylight time (02:59 AEDT)
  "2026-04-04T16:00:00Z", // Sydney: 02:00 AEST again
  "2026-10-03T15:59:00Z", // Sydney: 01:59 AEST
  "2026-10-03T16:00:00Z", // Sydney: 03:00 AEDT
  "2026-10-03T15:30:00Z", // Lord Howe: its half-hour change
  "2026-01-01T13:00:00Z", // Sydney midnight: 00, not 24
  "2028-02-29T03:07:00Z",
  "2026-06-30T23:59:59.999Z",
];
const ZONES = ["Australia/Sydney", "Australia/Adelaide", "Australia/Perth", "Australia/Darwin", "Australia/Lord_Howe", "Australia/Eucla", "Pacific/Auckland", "UTC"];

let handle: DatabaseHandle;
let site: Site;
const viewer = () => wholeSiteLeadViewer(site);

beforeAll(async () => {
  handle = await openTestDatabase();
  site = await createTestSite(handle);
  await handle.db.insert(leads).values(INSTANTS.map((at, i) => ({ siteId: site.id, submissionKey: `received-${site.slug}-${i}`, form: "enquiry", category: "Vehicle Enquiry", firstName: `Lead${i}`, payload: {}, createdAt: new Date(at) })));
}, 120_000);

afterAll(async () => {
  await handle?.close();
});

describe(`the leads' received time in the site's zone (${ENGINE})`, () => {
  it.each(ZONES)("the inbox page and the export write what a lead's page writes, in %s", async (zone) => {
    const { rows } = await listLeads(handle.db, viewer(), LeadFilterSchema.parse({}), zone);
    expect(rows).toHaveLength(INSTANTS.length);
    for (const r of rows) expect(r.received).toBe(formatInTimeZone(r.createdAt, zone));
    const exported = [];
    for await (const page of exportLeads(handle.db, viewer(), LeadFilterSchema.parse({}), zone, 3)) exported.push(...page);
    expect(exported.map((r) => [r.id, r.received])).toEqual(rows.map((r) => [r.id, r.received]));
  });

  it("writes the known local times", async () => {
    const sydney = new Map((await listLeads(handle.db, viewer(), LeadFilterSchema.parse({}), "Australia/Sydney")).rows.map((r) => [r.createdAt.toISOString(), r.received]));
    expect(sydney.get("2026-04-04T15:59:00.000Z")).toBe("2026-04-05 02:59");
    expect(sydney.get("2026-04-04T16:00:00.000Z")).toBe("2026-04-05 02:00");
    expect(sydney.get("2026-10-03T16:00:00.000Z")).toBe("2026-10-04 03:00");
    expect(sydney.get("2026-01-01T13:00:00.000Z")).toBe("2026-01-02 00:00");
    const lordHowe = new Map((await listLeads(handle.db, viewer(), LeadFilterSchema.parse({}), "Australia/Lord_Howe")).rows.map((r) => [r.createdAt.toISOString(), r.received]));
    expect(lordHowe.get("2026-10-03T15:30:00.000Z")).toBe("2026-10-04 02:30");
  });
});

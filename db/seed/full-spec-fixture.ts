/**
 * Issue 52: the full-spec fixture. One made-up demo car (data/demo-full-spec.csv) in Forecourt's
 * own feed format carrying every spec 3 column the importer reads (NVIC, offer price, gears, build
 * and compliance dates, the variant block, standard equipment, the portal title), imported through
 * the feed parser like a dealer's file, so the VDP's specification list and key information show
 * each of them on a demo site. Its comments say it is demo data.
 */
import { readFileSync } from "node:fs";
import type { Database } from "../client";
import { projectFile } from "../project-file";
import { parseFeedText } from "../../app/import/parse-feed";
import { importStock, type ImportSummary } from "../../app/services/stock-import.server";
import { getSiteBySlug } from "../../app/services/sites.server";
import type { Geocoder } from "../../app/adapters/geocoder/postcodes";
import { demoDealerComments } from "./presentation";

export const FULL_SPEC_FIXTURE_SITE = "harbour-auto-group";
export const FULL_SPEC_FIXTURE_STOCK_NUMBER = "DEMO-SPEC-1";
export const FULL_SPEC_FIXTURE_FILE = "demo-full-spec.csv";
const DAY = 86_400_000;

/**
 * Reads the fixture feed through the feed parser.
 * @throws when the file is missing or its row is rejected (the fixture must stay valid)
 */
export function fullSpecFixtureRows(now: number) {
  const text = readFileSync(projectFile(`data/${FULL_SPEC_FIXTURE_FILE}`, import.meta.url), "utf8");
  return parseFeedText(text, FULL_SPEC_FIXTURE_FILE, new Map()).rows.map((row) => {
    if (!row.ok) throw new Error(`${FULL_SPEC_FIXTURE_FILE} row ${row.row}: ${row.reason}`);
    return { ...row, record: { ...row.record, listed_date: new Date(now - 15 * DAY).toISOString().slice(0, 10), dealer_comments: demoDealerComments(row.record) } };
  });
}

/** Imports the full-spec fixture into its demo site (idempotent); null when the site is absent. */
export async function seedFullSpecFixture(db: Database, geocoder: Geocoder, now: number): Promise<ImportSummary | null> {
  const site = await getSiteBySlug(db, FULL_SPEC_FIXTURE_SITE);
  if (!site) return null;
  return importStock(db, site, fullSpecFixtureRows(now), { geocoder });
}

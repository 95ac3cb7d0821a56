-- Issue 54 item 6 (decision 363): the lead retention job (hourly, sites with leads.retentionDays)
-- looks for a site's leads older than its period that are not anonymised yet. Through
-- leads_site_created it read every old lead of the site, anonymised long ago, to find none: at
-- 10,000,000 leads that is most of the table each hour. This index holds only the leads not yet
-- anonymised, so a run reads the leads it changes.
CREATE INDEX IF NOT EXISTS "leads_site_created_not_anonymised" ON "leads" USING btree ("site_id","created_at") WHERE "anonymised_at" IS NULL;

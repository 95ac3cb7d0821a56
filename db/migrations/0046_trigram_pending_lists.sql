-- Issue 49 (decision 391): a search through a GIN index reads the index's whole pending list (rows
-- written since its last merge) every time. PostgreSQL's default limit lets it reach 4 MB (512
-- pages); 136 pending pages of cars_search_trgm cost each inbox free-text search 4.3 ms against
-- 0.13-0.24 ms once merged.
-- Leads arrive one at a time, all day: their index merges its list at 128 kB (16 pages), a small
-- merge per few dozen enquiries. Cars arrive by the hundred thousand in an import, where merges at
-- 128 kB made a 200,000-row import a third slower: their index keeps the default limit, and the
-- importer merges its list when it finishes (app/services/stock-import.server.ts).
ALTER INDEX "leads_personal_trgm" SET (gin_pending_list_limit = 128);
--> statement-breakpoint
SELECT gin_clean_pending_list('cars_search_trgm'::regclass);
--> statement-breakpoint
SELECT gin_clean_pending_list('leads_personal_trgm'::regclass);

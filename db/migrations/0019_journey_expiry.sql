-- Issue 51 section 6: the hourly purge of abandoned purchase journeys finds open ones by their last step.
CREATE INDEX "purchase_journeys_open_updated" ON "purchase_journeys" ("updated_at") WHERE "status" = 'open';

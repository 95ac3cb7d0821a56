-- Issue 54 item 1 (decision 378): a stock change on a large site reads only the cars that changed.
-- Each car row records the transaction that last wrote it (changed_xid, set by a trigger whoever
-- writes: the importer, the console, a hand-written UPDATE). A node that read a site's cars under
-- a snapshot whose oldest running transaction was X reads, on the next stock change, only the
-- rows with changed_xid >= X: every write it may not have seen, whatever the commit order.
-- Deletions leave no row; the reader finds them by counting (app/services/search.server.ts).
ALTER TABLE "cars" ADD COLUMN "changed_xid" xid8;
--> statement-breakpoint
CREATE FUNCTION forecourt_car_changed_xid() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.changed_xid := pg_current_xact_id();
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER cars_changed_xid BEFORE INSERT OR UPDATE ON "cars" FOR EACH ROW EXECUTE FUNCTION forecourt_car_changed_xid();
--> statement-breakpoint
CREATE INDEX "cars_site_changed_xid" ON "cars" ("site_id", "changed_xid");
--> statement-breakpoint
-- The version triggers of migration 0018 compare whole rows: the new column moves on every write,
-- a view count's too, so it is left out of the comparison like the view counter.
CREATE OR REPLACE FUNCTION forecourt_site_rows_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
  everyone boolean;
  ignored text := coalesce(TG_ARGV[1], '');
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT site_id), bool_or(site_id IS NULL) INTO ids, everyone FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT site_id), bool_or(site_id IS NULL) INTO ids, everyone FROM old_rows;
  ELSE
    SELECT array_agg(DISTINCT s), bool_or(s IS NULL) INTO ids, everyone FROM (
      SELECT n.site_id AS s FROM new_rows n JOIN old_rows o ON o.id = n.id
        WHERE (to_jsonb(n) - ignored - 'changed_xid') IS DISTINCT FROM (to_jsonb(o) - ignored - 'changed_xid')
      UNION ALL
      SELECT o.site_id FROM new_rows n JOIN old_rows o ON o.id = n.id
        WHERE n.site_id IS DISTINCT FROM o.site_id
    ) changed;
  END IF;
  IF everyone THEN
    EXECUTE format('UPDATE sites SET %1$I = %1$I + 1', TG_ARGV[0]);
  ELSIF ids IS NOT NULL THEN
    EXECUTE format('UPDATE sites SET %1$I = %1$I + 1 WHERE id = ANY($1)', TG_ARGV[0]) USING ids;
  END IF;
  RETURN NULL;
END $$;

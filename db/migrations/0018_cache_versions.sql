-- Issue 15 (page cache, docs/decisions/180): every change that shows on a site's public pages
-- moves one of the site's two version counters, in the same transaction, whoever makes it (the
-- importer, a dealer CLI, a reservation, a hand-written UPDATE). Each app node keys its page cache
-- by (stock_version, config_version), so a change is seen by every node on its next request.
--   stock_version:  cars (any column but the view counter) and reservations (a reserved car).
--   config_version: the site row's config, name, hosts and group; its dealer group's config;
--                   locations, offers, reviews, content pages and parts (a row without a site,
--                   a network offer or shared page, moves every site).
ALTER TABLE "sites" ADD COLUMN "config_version" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
CREATE FUNCTION forecourt_site_config_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW.config, NEW.name, NEW.hosts, NEW.dealer_group_id, NEW.slug)
     IS DISTINCT FROM (OLD.config, OLD.name, OLD.hosts, OLD.dealer_group_id, OLD.slug) THEN
    NEW.config_version := OLD.config_version + 1;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER sites_config_version BEFORE UPDATE ON "sites" FOR EACH ROW EXECUTE FUNCTION forecourt_site_config_changed();
--> statement-breakpoint
CREATE FUNCTION forecourt_dealer_group_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW.config, NEW.name) IS DISTINCT FROM (OLD.config, OLD.name) THEN
    UPDATE sites SET config_version = config_version + 1 WHERE dealer_group_id = NEW.id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER dealer_groups_config_version AFTER UPDATE ON "dealer_groups" FOR EACH ROW EXECUTE FUNCTION forecourt_dealer_group_changed();
--> statement-breakpoint
-- Statement-level, with transition tables: one UPDATE of sites per statement, however many rows
-- (a stock import of thousands of cars moves its site's version once per batch).
-- TG_ARGV[0]: the version column to move; TG_ARGV[1] (optional): a column whose change alone
-- does not show on a cached page (cars.views, counted by a beacon).
CREATE FUNCTION forecourt_site_rows_changed() RETURNS trigger LANGUAGE plpgsql AS $$
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
        WHERE (to_jsonb(n) - ignored) IS DISTINCT FROM (to_jsonb(o) - ignored)
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
--> statement-breakpoint
-- The three triggers (insert, update, delete) on each table whose rows show on a site's pages:
-- table, version column it moves, column whose change alone does not count.
DO $$
DECLARE
  t record;
  args text;
BEGIN
  FOR t IN SELECT * FROM (VALUES
    ('cars', 'stock_version', 'views'),
    ('reservations', 'stock_version', NULL),
    ('locations', 'config_version', NULL),
    ('offers', 'config_version', NULL),
    ('reviews', 'config_version', NULL),
    ('content_pages', 'config_version', NULL),
    ('parts', 'config_version', NULL)
  ) AS v(tbl, col, ignored) LOOP
    args := quote_literal(t.col) || coalesce(', ' || quote_literal(t.ignored), '');
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION forecourt_site_rows_changed(%s)', t.tbl || '_versions_insert', t.tbl, args);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION forecourt_site_rows_changed(%s)', t.tbl || '_versions_update', t.tbl, args);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION forecourt_site_rows_changed(%s)', t.tbl || '_versions_delete', t.tbl, args);
  END LOOP;
END $$;

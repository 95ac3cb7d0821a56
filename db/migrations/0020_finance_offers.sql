-- Issue 51 (NCCP reg 100, ASIC RG 234): a finance offer's figures come from the site's own lender
-- data or from the offer's own rates, never from free text shared by every site.
ALTER TABLE "offers" ADD COLUMN "finance" jsonb;
--> statement-breakpoint
-- The demo seed's finance promo card carried one dealer's rates on every site: it now takes each
-- site's lender data for used cars, and its name and description no longer state rates.
UPDATE "offers" SET "finance" = '{"source":"lender-data","carType":"used"}'::jsonb, "name" = 'Used car finance', "description" = ''
  WHERE "kind" = 'promo_card' AND "name" = 'Finance from 6.29% p.a.' AND "description" LIKE 'Comparison rate 8.19%';
--> statement-breakpoint
-- Issue 51: a reservation's status page is readable only by the browser that made it; the row
-- keeps the SHA-256 of that browser's token (reservations made before have none: no one reads them).
ALTER TABLE "reservations" ADD COLUMN "browser_token_hash" text;

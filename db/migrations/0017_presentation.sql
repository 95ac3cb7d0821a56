ALTER TABLE "cars" ADD COLUMN "price_basis" text;

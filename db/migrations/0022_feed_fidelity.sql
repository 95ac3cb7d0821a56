ALTER TABLE "cars" ADD COLUMN "trans" text;

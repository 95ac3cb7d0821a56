ALTER TABLE "models" ADD COLUMN "categories" text[] DEFAULT '{}'::text[] NOT NULL;

-- Issue 49 item 2 (console photos): photos uploaded through the dealer console. The
-- bytes live here, beside the car, so every app node (and PGlite or PostgreSQL alike) serves the
-- same photo without shared disk. A row holds the cleaned master (re-encoded, EXIF and location
-- data gone), never the file as uploaded. The car's `images` list names each as
-- `/car-photos/{id}.jpg`; deleting the car deletes its photos.
CREATE TABLE "car_photos" (
  "id" uuid PRIMARY KEY,
  "site_id" integer NOT NULL REFERENCES "sites"("id") ON DELETE CASCADE,
  "car_id" integer NOT NULL REFERENCES "cars"("id") ON DELETE CASCADE,
  "content_type" text NOT NULL,
  "width" integer NOT NULL,
  "height" integer NOT NULL,
  "byte_size" integer NOT NULL,
  "bytes" bytea NOT NULL,
  "original_name" text NOT NULL,
  "uploaded_by" text REFERENCES "staff_users"("id") ON DELETE SET NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "car_photos_car" ON "car_photos" ("car_id");
--> statement-breakpoint
CREATE INDEX "car_photos_site" ON "car_photos" ("site_id");

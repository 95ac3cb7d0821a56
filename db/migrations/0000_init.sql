CREATE TABLE "dealer_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dealer_groups_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "sites" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"hosts" text[] DEFAULT '{}'::text[] NOT NULL,
	"dealer_group_id" integer,
	"config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"stock_version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sites_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "locations" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"dealer_group_id" integer,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"location_type" text,
	"location_subtype" text,
	"manufacturers" text[] DEFAULT '{}' NOT NULL,
	"primary" boolean DEFAULT false NOT NULL,
	"visible" boolean DEFAULT true NOT NULL,
	"dealer_license_number" text,
	"motor_vehicle_repairer" text,
	"image_url" text,
	"street" text,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"postcode" text NOT NULL,
	"lat" double precision,
	"long" double precision,
	"place_id" text,
	"place_url" text,
	"phone" text,
	"landline_phone" text,
	"email" text,
	"opening_hours" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"special_hours" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"review_average" real,
	"review_count" integer DEFAULT 0 NOT NULL,
	"distribution_locations" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "manufacturers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"logo_url" text,
	CONSTRAINT "manufacturers_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "models" (
	"id" serial PRIMARY KEY NOT NULL,
	"manufacturer_id" integer NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"image_url" text,
	"body" text,
	"status" text DEFAULT 'current' NOT NULL,
	"override_url" text
);
--> statement-breakpoint
CREATE TABLE "cars" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"location_id" integer,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"stock_number" text NOT NULL,
	"vin" text,
	"nvic" text,
	"has_nvic" boolean DEFAULT false NOT NULL,
	"rego" text,
	"rego_expiry" date,
	"car_type" text NOT NULL,
	"item_type" text DEFAULT 'car' NOT NULL,
	"make" text NOT NULL,
	"model" text NOT NULL,
	"series" text,
	"badge" text,
	"year" integer,
	"certified" boolean DEFAULT false NOT NULL,
	"tag" text,
	"status" text DEFAULT 'in_stock' NOT NULL,
	"sold" boolean DEFAULT false NOT NULL,
	"sold_at" timestamp with time zone,
	"withdrawn_at" timestamp with time zone,
	"reserved" boolean DEFAULT false NOT NULL,
	"show_on_dealer_website" boolean DEFAULT true NOT NULL,
	"price" integer,
	"price_type" text,
	"before_price" integer,
	"offer_price" integer,
	"subscription_price" integer,
	"preorder" boolean DEFAULT false NOT NULL,
	"km" integer,
	"colour" text,
	"interior_colour" text,
	"simple_body" text,
	"body_configuration" text,
	"simple_fuel" text,
	"fuel" text,
	"drive" text,
	"seats" integer,
	"doors" integer,
	"transmission" text,
	"simple_transmission" text,
	"gear_num" integer,
	"cylinders" integer,
	"engine_size" integer,
	"engine_size_litres" real,
	"fuel_consumption_combined" real,
	"compliance_date" text,
	"build_date" text,
	"views" integer DEFAULT 0 NOT NULL,
	"dealer_comments" text,
	"standard_equipment" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"features" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"carsales_title" text,
	"file" text,
	"photos_count" integer DEFAULT 0 NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"primary_image_url" text,
	"variant" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"caravan" jsonb,
	"autograb_data" jsonb,
	"finance_lenders" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"payment_processors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"private_suburb" text,
	"private_postcode" text,
	"private_state" text,
	"custom_rank" integer DEFAULT 0 NOT NULL,
	"source_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offers" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"kind" text DEFAULT 'offer' NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"disclaimer" text DEFAULT '' NOT NULL,
	"category" text,
	"manufacturer_id" integer,
	"model_id" integer,
	"image_url" text,
	"link_url" text,
	"car_type" text,
	"starts_at" timestamp with time zone,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"location_id" integer,
	"customer_name" text NOT NULL,
	"text" text NOT NULL,
	"rating" real NOT NULL,
	"image_url" text,
	"review_date" timestamp with time zone NOT NULL,
	"reply_text" text,
	"reply_date" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_dealer_group_id_dealer_groups_id_fk" FOREIGN KEY ("dealer_group_id") REFERENCES "public"."dealer_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_dealer_group_id_dealer_groups_id_fk" FOREIGN KEY ("dealer_group_id") REFERENCES "public"."dealer_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "models" ADD CONSTRAINT "models_manufacturer_id_manufacturers_id_fk" FOREIGN KEY ("manufacturer_id") REFERENCES "public"."manufacturers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cars" ADD CONSTRAINT "cars_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cars" ADD CONSTRAINT "cars_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_manufacturer_id_manufacturers_id_fk" FOREIGN KEY ("manufacturer_id") REFERENCES "public"."manufacturers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_model_id_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."models"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "locations_site_slug" ON "locations" USING btree ("site_id","slug");--> statement-breakpoint
CREATE INDEX "locations_site" ON "locations" USING btree ("site_id");--> statement-breakpoint
CREATE UNIQUE INDEX "models_manufacturer_slug" ON "models" USING btree ("manufacturer_id","slug");--> statement-breakpoint
CREATE UNIQUE INDEX "cars_site_stock_number" ON "cars" USING btree ("site_id","stock_number");--> statement-breakpoint
CREATE UNIQUE INDEX "cars_site_slug" ON "cars" USING btree ("site_id","slug");--> statement-breakpoint
CREATE INDEX "cars_site_status" ON "cars" USING btree ("site_id","status");--> statement-breakpoint
CREATE INDEX "cars_site_make" ON "cars" USING btree ("site_id","make");--> statement-breakpoint
CREATE INDEX "cars_site_price" ON "cars" USING btree ("site_id","price");--> statement-breakpoint
CREATE INDEX "cars_site_visible" ON "cars" USING btree ("site_id") WHERE show_on_dealer_website and status in ('in_stock','coming_soon','sold');--> statement-breakpoint
CREATE INDEX "offers_site" ON "offers" USING btree ("site_id");--> statement-breakpoint
CREATE INDEX "reviews_site" ON "reviews" USING btree ("site_id");
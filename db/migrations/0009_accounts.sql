CREATE TABLE "shopper_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"shopper_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "shoppers" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"phone" text NOT NULL,
	"name" text,
	"last_name" text,
	"email" text,
	"postcode" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_sign_in_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sign_in_challenges" (
	"id" serial PRIMARY KEY NOT NULL,
	"handle" text NOT NULL,
	"site_id" integer NOT NULL,
	"phone" text NOT NULL,
	"code_hash" text NOT NULL,
	"code_salt" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"locked_at" timestamp with time zone,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sign_in_rate_limits" (
	"bucket" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "watchlist_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"shopper_id" integer NOT NULL,
	"car_id" integer,
	"car_name" text NOT NULL,
	"car_slug" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shopper_sessions" ADD CONSTRAINT "shopper_sessions_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shopper_sessions" ADD CONSTRAINT "shopper_sessions_shopper_id_shoppers_id_fk" FOREIGN KEY ("shopper_id") REFERENCES "public"."shoppers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shoppers" ADD CONSTRAINT "shoppers_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_in_challenges" ADD CONSTRAINT "sign_in_challenges_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watchlist_entries" ADD CONSTRAINT "watchlist_entries_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watchlist_entries" ADD CONSTRAINT "watchlist_entries_shopper_id_shoppers_id_fk" FOREIGN KEY ("shopper_id") REFERENCES "public"."shoppers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watchlist_entries" ADD CONSTRAINT "watchlist_entries_car_id_cars_id_fk" FOREIGN KEY ("car_id") REFERENCES "public"."cars"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shopper_sessions_token_hash" ON "shopper_sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "shopper_sessions_shopper" ON "shopper_sessions" USING btree ("shopper_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shoppers_site_phone" ON "shoppers" USING btree ("site_id","phone");--> statement-breakpoint
CREATE UNIQUE INDEX "sign_in_challenges_handle" ON "sign_in_challenges" USING btree ("handle");--> statement-breakpoint
CREATE INDEX "sign_in_challenges_site_phone" ON "sign_in_challenges" USING btree ("site_id","phone");--> statement-breakpoint
CREATE UNIQUE INDEX "sign_in_rate_limits_bucket_window" ON "sign_in_rate_limits" USING btree ("bucket","window_start");--> statement-breakpoint
CREATE UNIQUE INDEX "watchlist_entries_shopper_car" ON "watchlist_entries" USING btree ("shopper_id","car_id");--> statement-breakpoint
CREATE INDEX "watchlist_entries_shopper_created" ON "watchlist_entries" USING btree ("shopper_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "shoppers_id_site" ON "shoppers" USING btree ("id","site_id");--> statement-breakpoint
ALTER TABLE "shopper_sessions" ADD CONSTRAINT "shopper_sessions_shopper_site_fk" FOREIGN KEY ("shopper_id","site_id") REFERENCES "public"."shoppers"("id","site_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watchlist_entries" ADD CONSTRAINT "watchlist_entries_shopper_site_fk" FOREIGN KEY ("shopper_id","site_id") REFERENCES "public"."shoppers"("id","site_id") ON DELETE cascade ON UPDATE no action;

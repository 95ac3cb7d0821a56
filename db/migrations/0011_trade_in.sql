CREATE TABLE "trade_in_valuations" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"token" text NOT NULL,
	"car_id" integer,
	"rego" text,
	"rego_state" text,
	"vehicle" jsonb,
	"kms" integer,
	"adjustment_answers" jsonb,
	"valuation" jsonb,
	"offer_price" integer,
	"lead_id" integer,
	"form_completed" boolean DEFAULT false NOT NULL,
	"offer_accepted" boolean,
	"miscellaneous" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "trade_in_valuations" ADD CONSTRAINT "trade_in_valuations_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_in_valuations" ADD CONSTRAINT "trade_in_valuations_car_id_cars_id_fk" FOREIGN KEY ("car_id") REFERENCES "public"."cars"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_in_valuations" ADD CONSTRAINT "trade_in_valuations_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "trade_in_valuations_token" ON "trade_in_valuations" USING btree ("token");--> statement-breakpoint
CREATE INDEX "trade_in_valuations_site_lead" ON "trade_in_valuations" USING btree ("site_id","lead_id");

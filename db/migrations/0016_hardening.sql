CREATE TABLE "car_view_visits" (
	"car_id" integer NOT NULL,
	"visitor" text NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "car_view_visits_car_id_visitor_day_pk" PRIMARY KEY("car_id","visitor","day")
);
--> statement-breakpoint
ALTER TABLE "car_view_visits" ADD CONSTRAINT "car_view_visits_car_id_cars_id_fk" FOREIGN KEY ("car_id") REFERENCES "public"."cars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "car_view_visits_day" ON "car_view_visits" USING btree ("day");

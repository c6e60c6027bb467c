CREATE TABLE "as_needed_takes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"medication_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"dose_date" date NOT NULL,
	"slot" integer NOT NULL,
	"max_per_day" integer NOT NULL,
	"amount" integer NOT NULL,
	"stock_taken" integer DEFAULT 0 NOT NULL,
	"taken_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "as_needed_takes_amount_check" CHECK ("as_needed_takes"."amount" > 0 and "as_needed_takes"."stock_taken" >= 0),
	CONSTRAINT "as_needed_takes_slot_check" CHECK ("as_needed_takes"."slot" between 1 and "as_needed_takes"."max_per_day")
);
--> statement-breakpoint
ALTER TABLE "medication_ticks" DROP CONSTRAINT "medication_ticks_dose_time_check";--> statement-breakpoint
ALTER TABLE "medications" ADD COLUMN "meal_timing" text DEFAULT 'after' NOT NULL;--> statement-breakpoint
ALTER TABLE "medications" ADD COLUMN "interval_hours" integer;--> statement-breakpoint
ALTER TABLE "medications" ADD COLUMN "interval_first_time" text;--> statement-breakpoint
ALTER TABLE "medications" ADD COLUMN "interval_amount" integer;--> statement-breakpoint
ALTER TABLE "medications" ADD COLUMN "as_needed_amount" integer;--> statement-breakpoint
ALTER TABLE "medications" ADD COLUMN "as_needed_max_per_day" integer;--> statement-breakpoint
ALTER TABLE "medications" ADD COLUMN "as_needed_reason" text;--> statement-breakpoint
ALTER TABLE "as_needed_takes" ADD CONSTRAINT "as_needed_takes_medication_id_medications_id_fk" FOREIGN KEY ("medication_id") REFERENCES "public"."medications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "as_needed_takes" ADD CONSTRAINT "as_needed_takes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "as_needed_takes_slot_idx" ON "as_needed_takes" USING btree ("medication_id","dose_date","slot");--> statement-breakpoint
CREATE INDEX "as_needed_takes_user_date_idx" ON "as_needed_takes" USING btree ("user_id","dose_date");--> statement-breakpoint
ALTER TABLE "medication_ticks" ADD CONSTRAINT "medication_ticks_dose_time_check" CHECK ("medication_ticks"."dose_time" in ('afterBreakfast', 'afterLunch', 'afterDinner', 'beforeBed', 'custom',
        'every1', 'every2', 'every3', 'every4', 'every5', 'every6'));--> statement-breakpoint
ALTER TABLE "medications" ADD CONSTRAINT "medications_meal_timing_check" CHECK ("medications"."meal_timing" in ('after', 'before'));--> statement-breakpoint
ALTER TABLE "medications" ADD CONSTRAINT "medications_interval_check" CHECK (("medications"."interval_hours" is null and "medications"."interval_first_time" is null and "medications"."interval_amount" is null)
        or ("medications"."interval_hours" in (4, 6, 8, 12) and "medications"."interval_first_time" is not null and "medications"."interval_amount" > 0));--> statement-breakpoint
ALTER TABLE "medications" ADD CONSTRAINT "medications_as_needed_check" CHECK (("medications"."as_needed_amount" is null and "medications"."as_needed_max_per_day" is null and "medications"."as_needed_reason" is null)
        or ("medications"."as_needed_amount" > 0 and "medications"."as_needed_max_per_day" > 0));--> statement-breakpoint
ALTER TABLE "medications" ADD CONSTRAINT "medications_one_way_check" CHECK (("medications"."interval_hours" is null and "medications"."as_needed_amount" is null)
        or ("medications"."after_breakfast" = 0 and "medications"."after_lunch" = 0 and "medications"."after_dinner" = 0 and "medications"."before_bed" = 0
          and "medications"."custom_label" is null and ("medications"."interval_hours" is null or "medications"."as_needed_amount" is null)));
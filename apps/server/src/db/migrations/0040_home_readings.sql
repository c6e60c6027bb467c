CREATE TABLE "home_readings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"taken_at" timestamp with time zone NOT NULL,
	"systolic" integer,
	"diastolic" integer,
	"pulse" integer,
	"glucose" integer,
	"timing" text,
	"weight_kg" numeric(4, 1),
	"entered_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "home_readings_kind_check" CHECK ("home_readings"."kind" in ('blood_pressure', 'glucose', 'weight')),
	CONSTRAINT "home_readings_values_check" CHECK (case "home_readings"."kind"
        when 'blood_pressure' then "home_readings"."systolic" is not null and "home_readings"."diastolic" is not null
          and "home_readings"."glucose" is null and "home_readings"."timing" is null and "home_readings"."weight_kg" is null
        when 'glucose' then "home_readings"."glucose" is not null and "home_readings"."timing" is not null
          and "home_readings"."systolic" is null and "home_readings"."diastolic" is null and "home_readings"."pulse" is null and "home_readings"."weight_kg" is null
        else "home_readings"."weight_kg" is not null
          and "home_readings"."systolic" is null and "home_readings"."diastolic" is null and "home_readings"."pulse" is null and "home_readings"."glucose" is null and "home_readings"."timing" is null
      end),
	CONSTRAINT "home_readings_limits_check" CHECK (("home_readings"."systolic" is null or "home_readings"."systolic" between 60 and 260)
        and ("home_readings"."diastolic" is null or ("home_readings"."diastolic" between 30 and 160 and "home_readings"."diastolic" < "home_readings"."systolic"))
        and ("home_readings"."pulse" is null or "home_readings"."pulse" between 30 and 220)
        and ("home_readings"."glucose" is null or "home_readings"."glucose" between 20 and 600)
        and ("home_readings"."weight_kg" is null or "home_readings"."weight_kg" between 2 and 300)),
	CONSTRAINT "home_readings_timing_check" CHECK ("home_readings"."timing" in ('fasting', 'after_meal', 'other'))
);
--> statement-breakpoint
CREATE TABLE "reading_reminders" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"blood_pressure" text,
	"glucose" text,
	"weight" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reading_reminders_clock_check" CHECK ("reading_reminders"."blood_pressure" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' and "reading_reminders"."glucose" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'
        and "reading_reminders"."weight" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$')
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "reading_kinds" text[];--> statement-breakpoint
ALTER TABLE "home_readings" ADD CONSTRAINT "home_readings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "home_readings" ADD CONSTRAINT "home_readings_entered_by_users_id_fk" FOREIGN KEY ("entered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reading_reminders" ADD CONSTRAINT "reading_reminders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "home_readings_user_taken_idx" ON "home_readings" USING btree ("user_id","taken_at");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('dose', 'appointment_tomorrow', 'appointment_soon', 'appointment_cancelled', 'appointment_moved', 'appointment_completed', 'record_corrected', 'refund', 'booking_confirmed', 'deposit_receipt', 'missed_dose', 'test', 'result_released', 'message_reply', 'refill', 'reading_reminder'));
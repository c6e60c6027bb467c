CREATE TABLE "coverages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"scheme" text,
	"insurer" text,
	"plan_name" text,
	"registered_facility" text,
	"member_number" text,
	"coverage_limit_baht" integer,
	"network_note" text,
	"description" text,
	"valid_from" date,
	"valid_to" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coverages_kind_check" CHECK (("coverages"."kind" = 'public' and "coverages"."scheme" is not null and "coverages"."insurer" is null and "coverages"."plan_name" is null)
        or ("coverages"."kind" = 'private' and "coverages"."scheme" is null and "coverages"."insurer" is not null and "coverages"."plan_name" is not null)),
	CONSTRAINT "coverages_period_check" CHECK ("coverages"."valid_to" is null or "coverages"."valid_from" is null or "coverages"."valid_to" >= "coverages"."valid_from"),
	CONSTRAINT "coverages_limit_check" CHECK ("coverages"."coverage_limit_baht" is null or "coverages"."coverage_limit_baht" >= 0)
);
--> statement-breakpoint
CREATE TABLE "medication_ticks" (
	"medication_id" uuid NOT NULL,
	"dose_date" date NOT NULL,
	"dose_time" text NOT NULL,
	"user_id" uuid NOT NULL,
	"stock_taken" integer DEFAULT 0 NOT NULL,
	"taken_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "medication_ticks_medication_id_dose_date_dose_time_pk" PRIMARY KEY("medication_id","dose_date","dose_time"),
	CONSTRAINT "medication_ticks_stock_check" CHECK ("medication_ticks"."stock_taken" >= 0),
	CONSTRAINT "medication_ticks_dose_time_check" CHECK ("medication_ticks"."dose_time" in ('afterBreakfast', 'afterLunch', 'afterDinner', 'beforeBed', 'custom'))
);
--> statement-breakpoint
CREATE TABLE "medications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"strength" text,
	"form" text NOT NULL,
	"after_breakfast" integer DEFAULT 0 NOT NULL,
	"after_lunch" integer DEFAULT 0 NOT NULL,
	"after_dinner" integer DEFAULT 0 NOT NULL,
	"before_bed" integer DEFAULT 0 NOT NULL,
	"custom_label" text,
	"custom_time" text,
	"custom_amount" integer,
	"start_date" date NOT NULL,
	"end_date" date,
	"instructions" text,
	"stock" integer,
	"stopped_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "medications_doses_check" CHECK ("medications"."after_breakfast" >= 0 and "medications"."after_lunch" >= 0 and "medications"."after_dinner" >= 0 and "medications"."before_bed" >= 0),
	CONSTRAINT "medications_custom_check" CHECK (("medications"."custom_label" is null and "medications"."custom_time" is null and "medications"."custom_amount" is null)
        or ("medications"."custom_label" is not null and "medications"."custom_time" is not null and "medications"."custom_amount" > 0)),
	CONSTRAINT "medications_period_check" CHECK ("medications"."end_date" is null or "medications"."end_date" >= "medications"."start_date"),
	CONSTRAINT "medications_stock_check" CHECK ("medications"."stock" is null or "medications"."stock" >= 0)
);
--> statement-breakpoint
CREATE TABLE "symptom_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"note_date" date NOT NULL,
	"note_time" text,
	"symptoms" text NOT NULL,
	"severity" integer NOT NULL,
	"temperature_c" double precision,
	"systolic" integer,
	"diastolic" integer,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "symptom_notes_severity_check" CHECK ("symptom_notes"."severity" between 0 and 10),
	CONSTRAINT "symptom_notes_pressure_check" CHECK (("symptom_notes"."systolic" is null) = ("symptom_notes"."diastolic" is null)),
	CONSTRAINT "symptom_notes_temperature_check" CHECK ("symptom_notes"."temperature_c" is null or "symptom_notes"."temperature_c" between 30 and 45)
);
--> statement-breakpoint
CREATE TABLE "visits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"visit_date" date NOT NULL,
	"visit_time" text,
	"facility" text NOT NULL,
	"department" text,
	"doctor" text,
	"diagnosis" text,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "appointments" DROP CONSTRAINT "appointments_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "appointments" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "otp_codes" ADD COLUMN "purpose" text DEFAULT 'login' NOT NULL;--> statement-breakpoint
ALTER TABLE "coverages" ADD CONSTRAINT "coverages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medication_ticks" ADD CONSTRAINT "medication_ticks_medication_id_medications_id_fk" FOREIGN KEY ("medication_id") REFERENCES "public"."medications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medication_ticks" ADD CONSTRAINT "medication_ticks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medications" ADD CONSTRAINT "medications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "symptom_notes" ADD CONSTRAINT "symptom_notes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coverages_user_idx" ON "coverages" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "coverages_one_open_public_scheme" ON "coverages" USING btree ("user_id") WHERE "coverages"."kind" = 'public' and "coverages"."valid_to" is null;--> statement-breakpoint
CREATE INDEX "medication_ticks_user_date_idx" ON "medication_ticks" USING btree ("user_id","dose_date");--> statement-breakpoint
CREATE INDEX "medications_user_idx" ON "medications" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "symptom_notes_user_date_idx" ON "symptom_notes" USING btree ("user_id","note_date");--> statement-breakpoint
CREATE INDEX "visits_user_date_idx" ON "visits" USING btree ("user_id","visit_date");--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
CREATE TABLE "visit_record_versions" (
	"appointment_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"status" text NOT NULL,
	"findings" text NOT NULL,
	"icd10" text,
	"advice" text,
	"follow_up_date" date,
	"recorded_by" uuid,
	"recorded_at" timestamp with time zone NOT NULL,
	"replaced_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "visit_record_versions_appointment_id_version_pk" PRIMARY KEY("appointment_id","version")
);
--> statement-breakpoint
ALTER TABLE "medications" DROP CONSTRAINT "medications_period_check";--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";--> statement-breakpoint
ALTER TABLE "medications" ADD COLUMN "record_status" text DEFAULT 'final' NOT NULL;--> statement-breakpoint
ALTER TABLE "medications" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "medications" ADD COLUMN "replaced_by" uuid;--> statement-breakpoint
ALTER TABLE "medications" ADD COLUMN "corrected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "medications" ADD COLUMN "correction_reason" text;--> statement-breakpoint
ALTER TABLE "medications" ADD COLUMN "corrected_by" uuid;--> statement-breakpoint
ALTER TABLE "visit_records" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "visit_records" ADD COLUMN "status" text DEFAULT 'final' NOT NULL;--> statement-breakpoint
ALTER TABLE "visit_records" ADD COLUMN "corrected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "visit_records" ADD COLUMN "correction_reason" text;--> statement-breakpoint
ALTER TABLE "visit_records" ADD COLUMN "corrected_by" uuid;--> statement-breakpoint
ALTER TABLE "visit_record_versions" ADD CONSTRAINT "visit_record_versions_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_record_versions" ADD CONSTRAINT "visit_record_versions_recorded_by_staff_members_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."staff_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medications" ADD CONSTRAINT "medications_replaced_by_medications_id_fk" FOREIGN KEY ("replaced_by") REFERENCES "public"."medications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medications" ADD CONSTRAINT "medications_corrected_by_staff_members_id_fk" FOREIGN KEY ("corrected_by") REFERENCES "public"."staff_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_records" ADD CONSTRAINT "visit_records_corrected_by_staff_members_id_fk" FOREIGN KEY ("corrected_by") REFERENCES "public"."staff_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medications" ADD CONSTRAINT "medications_record_status_check" CHECK ("medications"."record_status" in ('final', 'amended', 'entered_in_error'));--> statement-breakpoint
ALTER TABLE "medications" ADD CONSTRAINT "medications_period_check" CHECK ("medications"."end_date" is null or "medications"."end_date" >= "medications"."start_date" or ("medications"."record_status" <> 'final' and "medications"."end_date" = "medications"."start_date" - 1));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('dose', 'appointment_tomorrow', 'appointment_soon', 'appointment_cancelled', 'appointment_moved', 'appointment_completed', 'record_corrected', 'refund', 'booking_confirmed', 'deposit_receipt', 'missed_dose', 'test'));--> statement-breakpoint
ALTER TABLE "visit_records" ADD CONSTRAINT "visit_records_status_check" CHECK ("visit_records"."status" in ('final', 'amended', 'entered_in_error'));
CREATE TABLE "visit_records" (
	"appointment_id" uuid PRIMARY KEY NOT NULL,
	"findings" text NOT NULL,
	"icd10" text,
	"advice" text,
	"follow_up_date" date,
	"recorded_by" uuid,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "medications" ADD COLUMN "prescribed_in" uuid;--> statement-breakpoint
ALTER TABLE "visit_records" ADD CONSTRAINT "visit_records_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_records" ADD CONSTRAINT "visit_records_recorded_by_staff_members_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."staff_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medications" ADD CONSTRAINT "medications_prescribed_in_appointments_id_fk" FOREIGN KEY ("prescribed_in") REFERENCES "public"."appointments"("id") ON DELETE set null ON UPDATE no action;
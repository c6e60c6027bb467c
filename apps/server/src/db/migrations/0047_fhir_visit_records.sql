CREATE TABLE "fhir_diagnostic_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"facility_id" uuid NOT NULL,
	"appointment_id" uuid NOT NULL,
	"status" text NOT NULL,
	"name" text NOT NULL,
	"loinc_code" text,
	"conclusion" text,
	"result_ids" uuid[] NOT NULL,
	"created_by" uuid NOT NULL,
	"identifier_system" text,
	"identifier_value" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fhir_diagnostic_reports_status_check" CHECK ("fhir_diagnostic_reports"."status" in ('final', 'preliminary')),
	CONSTRAINT "fhir_diagnostic_reports_identifier_check" CHECK (("fhir_diagnostic_reports"."identifier_system" is null) = ("fhir_diagnostic_reports"."identifier_value" is null))
);
--> statement-breakpoint
ALTER TABLE "lab_results" DROP CONSTRAINT "lab_results_release_check";--> statement-breakpoint
ALTER TABLE "lab_results" ALTER COLUMN "recorded_by_member_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "lab_results" ADD COLUMN "recorded_by_system" uuid;--> statement-breakpoint
ALTER TABLE "lab_results" ADD COLUMN "released_by_system" uuid;--> statement-breakpoint
ALTER TABLE "lab_results" ADD COLUMN "identifier_system" text;--> statement-breakpoint
ALTER TABLE "lab_results" ADD COLUMN "identifier_value" text;--> statement-breakpoint
ALTER TABLE "medications" ADD COLUMN "prescribed_by_system" uuid;--> statement-breakpoint
ALTER TABLE "medications" ADD COLUMN "facility_id" uuid;--> statement-breakpoint
ALTER TABLE "medications" ADD COLUMN "identifier_system" text;--> statement-breakpoint
ALTER TABLE "medications" ADD COLUMN "identifier_value" text;--> statement-breakpoint
ALTER TABLE "visit_records" ADD COLUMN "recorded_by_system" uuid;--> statement-breakpoint
ALTER TABLE "visit_records" ADD COLUMN "facility_id" uuid;--> statement-breakpoint
ALTER TABLE "visit_records" ADD COLUMN "identifier_system" text;--> statement-breakpoint
ALTER TABLE "visit_records" ADD COLUMN "identifier_value" text;--> statement-breakpoint
ALTER TABLE "fhir_diagnostic_reports" ADD CONSTRAINT "fhir_diagnostic_reports_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fhir_diagnostic_reports" ADD CONSTRAINT "fhir_diagnostic_reports_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fhir_diagnostic_reports" ADD CONSTRAINT "fhir_diagnostic_reports_created_by_system_clients_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."system_clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fhir_diagnostic_reports_appointment_idx" ON "fhir_diagnostic_reports" USING btree ("appointment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fhir_diagnostic_reports_identifier_idx" ON "fhir_diagnostic_reports" USING btree ("facility_id","identifier_system","identifier_value") WHERE "fhir_diagnostic_reports"."identifier_value" is not null;--> statement-breakpoint
ALTER TABLE "lab_results" ADD CONSTRAINT "lab_results_recorded_by_system_system_clients_id_fk" FOREIGN KEY ("recorded_by_system") REFERENCES "public"."system_clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_results" ADD CONSTRAINT "lab_results_released_by_system_system_clients_id_fk" FOREIGN KEY ("released_by_system") REFERENCES "public"."system_clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medications" ADD CONSTRAINT "medications_prescribed_by_system_system_clients_id_fk" FOREIGN KEY ("prescribed_by_system") REFERENCES "public"."system_clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medications" ADD CONSTRAINT "medications_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_records" ADD CONSTRAINT "visit_records_recorded_by_system_system_clients_id_fk" FOREIGN KEY ("recorded_by_system") REFERENCES "public"."system_clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_records" ADD CONSTRAINT "visit_records_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lab_results_identifier_idx" ON "lab_results" USING btree ("facility_id","identifier_system","identifier_value") WHERE "lab_results"."identifier_value" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "medications_identifier_idx" ON "medications" USING btree ("facility_id","identifier_system","identifier_value") WHERE "medications"."identifier_value" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "visit_records_identifier_idx" ON "visit_records" USING btree ("facility_id","identifier_system","identifier_value") WHERE "visit_records"."identifier_value" is not null;--> statement-breakpoint
ALTER TABLE "lab_results" ADD CONSTRAINT "lab_results_recorded_by_check" CHECK (("lab_results"."recorded_by_member_id" is null) <> ("lab_results"."recorded_by_system" is null));--> statement-breakpoint
ALTER TABLE "lab_results" ADD CONSTRAINT "lab_results_identifier_check" CHECK (("lab_results"."identifier_system" is null) = ("lab_results"."identifier_value" is null));--> statement-breakpoint
ALTER TABLE "lab_results" ADD CONSTRAINT "lab_results_release_check" CHECK (("lab_results"."released_at" is null) = ("lab_results"."released_by_member_id" is null and "lab_results"."released_by_system" is null));--> statement-breakpoint
ALTER TABLE "medications" ADD CONSTRAINT "medications_identifier_check" CHECK (("medications"."identifier_system" is null) = ("medications"."identifier_value" is null)
        and ("medications"."identifier_value" is null or "medications"."facility_id" is not null));--> statement-breakpoint
ALTER TABLE "visit_records" ADD CONSTRAINT "visit_records_identifier_check" CHECK (("visit_records"."identifier_system" is null) = ("visit_records"."identifier_value" is null)
        and ("visit_records"."identifier_value" is null or "visit_records"."facility_id" is not null));
CREATE TABLE "queue_counters" (
	"facility_id" uuid NOT NULL,
	"on_date" date NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "queue_counters_facility_id_on_date_pk" PRIMARY KEY("facility_id","on_date")
);
--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "queue_number" integer;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "queue_date" date;--> statement-breakpoint
ALTER TABLE "queue_counters" ADD CONSTRAINT "queue_counters_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "appointments_queue_number_idx" ON "appointments" USING btree ("facility_id","queue_date","queue_number") WHERE "appointments"."queue_number" is not null;--> statement-breakpoint
CREATE INDEX "appointments_slot_idx" ON "appointments" USING btree ("slot_id");--> statement-breakpoint
CREATE INDEX "audit_events_patient_at_idx" ON "audit_events" USING btree ("patient_user_id","at");
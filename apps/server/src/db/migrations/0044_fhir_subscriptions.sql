CREATE TABLE "fhir_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"facility_id" uuid NOT NULL,
	"status" text NOT NULL,
	"reason" text NOT NULL,
	"criteria" text NOT NULL,
	"endpoint" text NOT NULL,
	"full_payload" boolean NOT NULL,
	"error" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fhir_subscriptions_status_check" CHECK ("fhir_subscriptions"."status" in ('active', 'off', 'error')),
	CONSTRAINT "fhir_subscriptions_criteria_check" CHECK ("fhir_subscriptions"."criteria" in ('Appointment?status=booked', 'Appointment?status=cancelled', 'Appointment'))
);
--> statement-breakpoint
ALTER TABLE "fhir_subscriptions" ADD CONSTRAINT "fhir_subscriptions_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fhir_subscriptions" ADD CONSTRAINT "fhir_subscriptions_created_by_system_clients_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."system_clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fhir_subscriptions_facility_idx" ON "fhir_subscriptions" USING btree ("facility_id","created_at");
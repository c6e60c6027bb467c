CREATE TABLE "fhir_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subscription_id" uuid NOT NULL,
	"appointment_id" uuid NOT NULL,
	"event" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"due_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"abandoned_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fhir_deliveries_event_check" CHECK ("fhir_deliveries"."event" in ('booked', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "fhir_deliveries" ADD CONSTRAINT "fhir_deliveries_subscription_id_fhir_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."fhir_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fhir_deliveries" ADD CONSTRAINT "fhir_deliveries_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fhir_deliveries_due_idx" ON "fhir_deliveries" USING btree ("due_at") WHERE "fhir_deliveries"."delivered_at" is null and "fhir_deliveries"."abandoned_at" is null;--> statement-breakpoint
CREATE INDEX "fhir_deliveries_subscription_idx" ON "fhir_deliveries" USING btree ("subscription_id");
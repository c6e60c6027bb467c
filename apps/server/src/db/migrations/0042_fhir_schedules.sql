CREATE TABLE "system_schedules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"facility_id" uuid NOT NULL,
	"clinic_id" uuid NOT NULL,
	"doctor" text,
	"deposit_amount" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"planning_start" date,
	"planning_end" date,
	"comment" text,
	"identifier_system" text,
	"identifier_value" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "system_schedules_facility_id_key" UNIQUE("facility_id","id"),
	CONSTRAINT "system_schedules_identifier_check" CHECK (("system_schedules"."identifier_system" is null) = ("system_schedules"."identifier_value" is null)),
	CONSTRAINT "system_schedules_deposit_check" CHECK ("system_schedules"."deposit_amount" >= 0),
	CONSTRAINT "system_schedules_planning_check" CHECK ("system_schedules"."planning_end" >= "system_schedules"."planning_start")
);
--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "system_client_id" uuid;--> statement-breakpoint
ALTER TABLE "system_schedules" ADD CONSTRAINT "system_schedules_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "system_schedules" ADD CONSTRAINT "system_schedules_created_by_system_clients_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."system_clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "system_schedules" ADD CONSTRAINT "system_schedules_clinic_fk" FOREIGN KEY ("facility_id","clinic_id") REFERENCES "public"."clinics"("facility_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "system_schedules_facility_idx" ON "system_schedules" USING btree ("facility_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "system_schedules_identifier_idx" ON "system_schedules" USING btree ("facility_id","identifier_system","identifier_value") WHERE "system_schedules"."identifier_value" is not null;--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_system_client_id_system_clients_id_fk" FOREIGN KEY ("system_client_id") REFERENCES "public"."system_clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- A facility takes bookings once it has a schedule: a staff template or an active session list of its own system.
CREATE OR REPLACE FUNCTION facility_takes_bookings() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "facilities" f SET "takes_bookings" =
    EXISTS (SELECT 1 FROM "schedule_templates" t WHERE t.facility_id = f.id)
    OR EXISTS (SELECT 1 FROM "system_schedules" s WHERE s.facility_id = f.id AND s.active)
  WHERE f.id IN (
    CASE WHEN TG_OP <> 'DELETE' THEN NEW.facility_id END,
    CASE WHEN TG_OP <> 'INSERT' THEN OLD.facility_id END
  );
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER system_schedules_takes_bookings AFTER INSERT OR DELETE OR UPDATE OF facility_id, active ON "system_schedules"
  FOR EACH ROW EXECUTE FUNCTION facility_takes_bookings();

ALTER TABLE "medications" ADD COLUMN "prescribed_by_system" uuid;--> statement-breakpoint
ALTER TABLE "medications" ADD COLUMN "facility_id" uuid;--> statement-breakpoint
ALTER TABLE "medications" ADD COLUMN "identifier_system" text;--> statement-breakpoint
ALTER TABLE "medications" ADD COLUMN "identifier_value" text;--> statement-breakpoint
ALTER TABLE "visit_records" ADD COLUMN "recorded_by_system" uuid;--> statement-breakpoint
ALTER TABLE "visit_records" ADD COLUMN "facility_id" uuid;--> statement-breakpoint
ALTER TABLE "visit_records" ADD COLUMN "identifier_system" text;--> statement-breakpoint
ALTER TABLE "visit_records" ADD COLUMN "identifier_value" text;--> statement-breakpoint
ALTER TABLE "medications" ADD CONSTRAINT "medications_prescribed_by_system_system_clients_id_fk" FOREIGN KEY ("prescribed_by_system") REFERENCES "public"."system_clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medications" ADD CONSTRAINT "medications_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_records" ADD CONSTRAINT "visit_records_recorded_by_system_system_clients_id_fk" FOREIGN KEY ("recorded_by_system") REFERENCES "public"."system_clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_records" ADD CONSTRAINT "visit_records_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "medications_identifier_idx" ON "medications" USING btree ("facility_id","identifier_system","identifier_value") WHERE "medications"."identifier_value" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "visit_records_identifier_idx" ON "visit_records" USING btree ("facility_id","identifier_system","identifier_value") WHERE "visit_records"."identifier_value" is not null;--> statement-breakpoint
ALTER TABLE "medications" ADD CONSTRAINT "medications_identifier_check" CHECK (("medications"."identifier_system" is null) = ("medications"."identifier_value" is null)
        and ("medications"."identifier_value" is null or "medications"."facility_id" is not null));--> statement-breakpoint
ALTER TABLE "visit_records" ADD CONSTRAINT "visit_records_identifier_check" CHECK (("visit_records"."identifier_system" is null) = ("visit_records"."identifier_value" is null)
        and ("visit_records"."identifier_value" is null or "visit_records"."facility_id" is not null));
ALTER TABLE "screening_slots" ADD COLUMN "system_schedule_id" uuid;--> statement-breakpoint
ALTER TABLE "screening_slots" ADD COLUMN "identifier_system" text;--> statement-breakpoint
ALTER TABLE "screening_slots" ADD COLUMN "identifier_value" text;--> statement-breakpoint
ALTER TABLE "screening_slots" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "screening_slots" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "screening_slots" ADD CONSTRAINT "screening_slots_system_schedule_fk" FOREIGN KEY ("facility_id","system_schedule_id") REFERENCES "public"."system_schedules"("facility_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "screening_slots_system_schedule_idx" ON "screening_slots" USING btree ("system_schedule_id","starts_at") WHERE "screening_slots"."system_schedule_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "screening_slots_identifier_idx" ON "screening_slots" USING btree ("facility_id","identifier_system","identifier_value") WHERE "screening_slots"."identifier_value" is not null;--> statement-breakpoint
ALTER TABLE "screening_slots" ADD CONSTRAINT "screening_slots_identifier_check" CHECK (("screening_slots"."identifier_system" is null) = ("screening_slots"."identifier_value" is null));
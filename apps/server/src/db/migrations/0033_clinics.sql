CREATE TABLE "clinics" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"facility_id" uuid NOT NULL,
	"queue_prefix" text NOT NULL,
	"name_th" text NOT NULL,
	"name_en" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clinics_facility_prefix_key" UNIQUE("facility_id","queue_prefix"),
	CONSTRAINT "clinics_facility_id_key" UNIQUE("facility_id","id"),
	CONSTRAINT "clinics_queue_prefix_check" CHECK ("clinics"."queue_prefix" ~ '^[A-Z]$')
);
--> statement-breakpoint
ALTER TABLE "clinics" ADD CONSTRAINT "clinics_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Every facility with a schedule already has its general outpatient clinic, letter A: its sessions, slots and queue
-- numbers become that clinic's.
INSERT INTO "clinics" ("facility_id", "queue_prefix", "name_th", "name_en")
SELECT "facility_id", 'A', 'ผู้ป่วยนอกทั่วไป', 'General outpatients'
FROM (SELECT "facility_id" FROM "schedule_templates" UNION SELECT "facility_id" FROM "screening_slots") f;--> statement-breakpoint
ALTER TABLE "schedule_templates" ADD COLUMN "clinic_id" uuid;--> statement-breakpoint
UPDATE "schedule_templates" t SET "clinic_id" = c."id" FROM "clinics" c WHERE c."facility_id" = t."facility_id";--> statement-breakpoint
ALTER TABLE "schedule_templates" ALTER COLUMN "clinic_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "schedule_templates" ADD COLUMN "clinician_member_id" uuid;--> statement-breakpoint
ALTER TABLE "screening_slots" ADD COLUMN "clinic_id" uuid;--> statement-breakpoint
UPDATE "screening_slots" s SET "clinic_id" = c."id" FROM "clinics" c WHERE c."facility_id" = s."facility_id";--> statement-breakpoint
ALTER TABLE "screening_slots" ALTER COLUMN "clinic_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "screening_slots" ADD COLUMN "doctor_member_id" uuid;--> statement-breakpoint
ALTER TABLE "schedule_templates" ADD CONSTRAINT "schedule_templates_clinician_member_id_staff_members_id_fk" FOREIGN KEY ("clinician_member_id") REFERENCES "public"."staff_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_templates" ADD CONSTRAINT "schedule_templates_clinic_fk" FOREIGN KEY ("facility_id","clinic_id") REFERENCES "public"."clinics"("facility_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screening_slots" ADD CONSTRAINT "screening_slots_doctor_member_id_staff_members_id_fk" FOREIGN KEY ("doctor_member_id") REFERENCES "public"."staff_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screening_slots" ADD CONSTRAINT "screening_slots_clinic_fk" FOREIGN KEY ("facility_id","clinic_id") REFERENCES "public"."clinics"("facility_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Queue numbers run per clinic: those already given are the general clinic's.
ALTER TABLE "appointments" ADD COLUMN "queue_clinic_id" uuid;--> statement-breakpoint
UPDATE "appointments" a SET "queue_clinic_id" = s."clinic_id" FROM "screening_slots" s WHERE s."id" = a."slot_id" AND a."queue_number" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_queue_clinic_id_clinics_id_fk" FOREIGN KEY ("queue_clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_queue_check" CHECK (("appointments"."queue_number" is null) = ("appointments"."queue_clinic_id" is null));--> statement-breakpoint
DROP INDEX "appointments_queue_number_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "appointments_queue_number_idx" ON "appointments" USING btree ("queue_clinic_id","queue_date","queue_number") WHERE "appointments"."queue_number" is not null;--> statement-breakpoint
ALTER TABLE "queue_counters" ADD COLUMN "clinic_id" uuid;--> statement-breakpoint
UPDATE "queue_counters" q SET "clinic_id" = c."id" FROM "clinics" c WHERE c."facility_id" = q."facility_id";--> statement-breakpoint
DELETE FROM "queue_counters" WHERE "clinic_id" IS NULL;--> statement-breakpoint
ALTER TABLE "queue_counters" ALTER COLUMN "clinic_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "queue_counters" DROP CONSTRAINT "queue_counters_facility_id_facilities_id_fk";--> statement-breakpoint
ALTER TABLE "queue_counters" DROP CONSTRAINT "queue_counters_facility_id_on_date_pk";--> statement-breakpoint
ALTER TABLE "queue_counters" DROP COLUMN "facility_id";--> statement-breakpoint
ALTER TABLE "queue_counters" ADD CONSTRAINT "queue_counters_clinic_id_on_date_pk" PRIMARY KEY("clinic_id","on_date");--> statement-breakpoint
ALTER TABLE "queue_counters" ADD CONSTRAINT "queue_counters_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE cascade ON UPDATE no action;

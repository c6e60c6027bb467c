ALTER TABLE "appointments" ADD COLUMN "deposit_at_desk" text;--> statement-breakpoint
ALTER TABLE "patient_consents" ADD COLUMN "taken_at_facility_id" uuid;--> statement-breakpoint
ALTER TABLE "patient_consents" ADD COLUMN "taken_by_member_id" uuid;--> statement-breakpoint
ALTER TABLE "patient_consents" ADD CONSTRAINT "patient_consents_taken_at_facility_id_facilities_id_fk" FOREIGN KEY ("taken_at_facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_consents" ADD CONSTRAINT "patient_consents_taken_by_member_id_staff_members_id_fk" FOREIGN KEY ("taken_by_member_id") REFERENCES "public"."staff_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_deposit_at_desk_check" CHECK ("appointments"."deposit_at_desk" in ('paid', 'waived'));
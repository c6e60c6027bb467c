CREATE TABLE "lab_results" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"appointment_id" uuid NOT NULL,
	"facility_id" uuid NOT NULL,
	"code" text NOT NULL,
	"value" double precision NOT NULL,
	"unit" text NOT NULL,
	"ref_low" double precision,
	"ref_high" double precision,
	"taken_on" date NOT NULL,
	"recorded_by_member_id" uuid NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"released_at" timestamp with time zone,
	"released_by_member_id" uuid,
	CONSTRAINT "lab_results_range_check" CHECK ("lab_results"."ref_low" is null or "lab_results"."ref_high" is null or "lab_results"."ref_low" <= "lab_results"."ref_high"),
	CONSTRAINT "lab_results_release_check" CHECK (("lab_results"."released_at" is null) = ("lab_results"."released_by_member_id" is null))
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";--> statement-breakpoint
ALTER TABLE "lab_results" ADD CONSTRAINT "lab_results_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_results" ADD CONSTRAINT "lab_results_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_results" ADD CONSTRAINT "lab_results_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_results" ADD CONSTRAINT "lab_results_recorded_by_member_id_staff_members_id_fk" FOREIGN KEY ("recorded_by_member_id") REFERENCES "public"."staff_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_results" ADD CONSTRAINT "lab_results_released_by_member_id_staff_members_id_fk" FOREIGN KEY ("released_by_member_id") REFERENCES "public"."staff_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lab_results_user_code_idx" ON "lab_results" USING btree ("user_id","code","taken_on");--> statement-breakpoint
CREATE INDEX "lab_results_appointment_idx" ON "lab_results" USING btree ("appointment_id");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('dose', 'appointment_tomorrow', 'appointment_soon', 'appointment_cancelled', 'appointment_moved', 'appointment_completed', 'record_corrected', 'refund', 'booking_confirmed', 'deposit_receipt', 'missed_dose', 'test', 'result_released'));
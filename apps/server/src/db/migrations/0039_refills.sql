CREATE TABLE "pharmacy_queue_counters" (
	"facility_id" uuid NOT NULL,
	"on_date" date NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "pharmacy_queue_counters_facility_id_on_date_pk" PRIMARY KEY("facility_id","on_date")
);
--> statement-breakpoint
CREATE TABLE "refill_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"medication_id" uuid NOT NULL,
	"facility_id" uuid NOT NULL,
	"requested_by" uuid,
	"status" text DEFAULT 'requested' NOT NULL,
	"delivery" text NOT NULL,
	"pharmacy_id" uuid,
	"ship_to" jsonb,
	"note" text,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	"decline_reason" text,
	"approved_days" integer,
	"supplied_until" date,
	"handed_over_by" uuid,
	"ready_at" timestamp with time zone,
	"pickup_queue_number" integer,
	"pickup_date" date,
	"sent_at" timestamp with time zone,
	"carrier" text,
	"carrier_name" text,
	"tracking_number" text,
	CONSTRAINT "refill_requests_status_check" CHECK ("refill_requests"."status" in ('requested', 'approved', 'declined', 'cancelled', 'ready', 'sent')),
	CONSTRAINT "refill_requests_delivery_check" CHECK ("refill_requests"."delivery" in ('hospital_pharmacy', 'near_home_pharmacy', 'post')),
	CONSTRAINT "refill_requests_where_check" CHECK (("refill_requests"."pharmacy_id" is not null) = ("refill_requests"."delivery" = 'near_home_pharmacy') and ("refill_requests"."ship_to" is not null) = ("refill_requests"."delivery" = 'post')),
	CONSTRAINT "refill_requests_approved_check" CHECK ("refill_requests"."status" not in ('approved', 'ready', 'sent') or ("refill_requests"."approved_days" > 0 and "refill_requests"."supplied_until" is not null and "refill_requests"."decided_by" is not null)),
	CONSTRAINT "refill_requests_declined_check" CHECK ("refill_requests"."status" <> 'declined' or "refill_requests"."decline_reason" is not null),
	CONSTRAINT "refill_requests_ready_check" CHECK ("refill_requests"."status" <> 'ready' or ("refill_requests"."delivery" <> 'post' and "refill_requests"."ready_at" is not null
        and ("refill_requests"."pickup_queue_number" is not null) = ("refill_requests"."delivery" = 'hospital_pharmacy'))),
	CONSTRAINT "refill_requests_sent_check" CHECK ("refill_requests"."status" <> 'sent' or ("refill_requests"."delivery" = 'post' and "refill_requests"."sent_at" is not null and "refill_requests"."tracking_number" is not null)),
	CONSTRAINT "refill_requests_carrier_check" CHECK ("refill_requests"."carrier" in ('thailand_post', 'other'))
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";--> statement-breakpoint
ALTER TABLE "staff_roles" DROP CONSTRAINT "staff_roles_role_check";--> statement-breakpoint
ALTER TABLE "facilities" ADD COLUMN "near_home_pharmacy" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "medications" ADD COLUMN "long_term" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "pharmacy_queue_counters" ADD CONSTRAINT "pharmacy_queue_counters_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refill_requests" ADD CONSTRAINT "refill_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refill_requests" ADD CONSTRAINT "refill_requests_medication_id_medications_id_fk" FOREIGN KEY ("medication_id") REFERENCES "public"."medications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refill_requests" ADD CONSTRAINT "refill_requests_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refill_requests" ADD CONSTRAINT "refill_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refill_requests" ADD CONSTRAINT "refill_requests_pharmacy_id_facilities_id_fk" FOREIGN KEY ("pharmacy_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refill_requests" ADD CONSTRAINT "refill_requests_decided_by_staff_members_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."staff_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refill_requests" ADD CONSTRAINT "refill_requests_handed_over_by_staff_members_id_fk" FOREIGN KEY ("handed_over_by") REFERENCES "public"."staff_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refill_requests_user_idx" ON "refill_requests" USING btree ("user_id","requested_at");--> statement-breakpoint
CREATE INDEX "refill_requests_facility_idx" ON "refill_requests" USING btree ("facility_id","status","requested_at");--> statement-breakpoint
CREATE UNIQUE INDEX "refill_requests_one_open_idx" ON "refill_requests" USING btree ("medication_id") WHERE "refill_requests"."status" = 'requested';--> statement-breakpoint
CREATE UNIQUE INDEX "refill_requests_pickup_queue_idx" ON "refill_requests" USING btree ("facility_id","pickup_date","pickup_queue_number") WHERE "refill_requests"."pickup_queue_number" is not null;--> statement-breakpoint
ALTER TABLE "facilities" ADD CONSTRAINT "facilities_near_home_pharmacy_check" CHECK (not "facilities"."near_home_pharmacy" or "facilities"."kind" = 'pharmacy');--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('dose', 'appointment_tomorrow', 'appointment_soon', 'appointment_cancelled', 'appointment_moved', 'appointment_completed', 'record_corrected', 'refund', 'booking_confirmed', 'deposit_receipt', 'missed_dose', 'test', 'result_released', 'message_reply', 'refill'));--> statement-breakpoint
ALTER TABLE "staff_roles" ADD CONSTRAINT "staff_roles_role_check" CHECK ("staff_roles"."role" in ('admin', 'front_desk', 'clinician', 'pharmacist'));
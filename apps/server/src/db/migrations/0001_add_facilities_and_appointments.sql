CREATE TABLE "appointment_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"appointment_id" uuid NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"actor" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "appointments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"facility_id" uuid NOT NULL,
	"slot_id" uuid NOT NULL,
	"status" text NOT NULL,
	"symptoms" text NOT NULL,
	"duration" text NOT NULL,
	"deposit_amount" integer NOT NULL,
	"deposit_expires_at" timestamp with time zone NOT NULL,
	"deposit_paid_at" timestamp with time zone,
	"payment_provider" text NOT NULL,
	"payment_ref" text,
	"promptpay_payload" text,
	"qr_image_url" text,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointments_user_idempotency_key" UNIQUE("user_id","idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "facilities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"stable_id" text NOT NULL,
	"moph_code" text,
	"name_th" text NOT NULL,
	"name_en" text NOT NULL,
	"kind" text NOT NULL,
	"ownership" text NOT NULL,
	"address" text,
	"subdistrict" text,
	"district" text,
	"province" text,
	"postcode" text,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"location" "point" GENERATED ALWAYS AS (point(lng, lat)) STORED NOT NULL,
	"phone" text,
	"opening_hours" text,
	"schemes" text[] DEFAULT '{}' NOT NULL,
	"insurers" text[] DEFAULT '{}' NOT NULL,
	"deposit_amount" integer DEFAULT 0 NOT NULL,
	"promptpay_id" text,
	"source_name" text NOT NULL,
	"source_ref" text NOT NULL,
	"source_licence" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "facilities_stable_id_unique" UNIQUE("stable_id"),
	CONSTRAINT "facilities_moph_code_unique" UNIQUE("moph_code"),
	CONSTRAINT "facilities_deposit_check" CHECK ("facilities"."deposit_amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "screening_slots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"facility_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"doctor" text NOT NULL,
	"capacity" integer NOT NULL,
	"taken" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "screening_slots_facility_start_doctor_key" UNIQUE("facility_id","starts_at","doctor"),
	CONSTRAINT "screening_slots_taken_check" CHECK ("screening_slots"."taken" >= 0 and "screening_slots"."taken" <= "screening_slots"."capacity")
);
--> statement-breakpoint
ALTER TABLE "appointment_events" ADD CONSTRAINT "appointment_events_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_slot_id_screening_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."screening_slots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screening_slots" ADD CONSTRAINT "screening_slots_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointment_events_appointment_idx" ON "appointment_events" USING btree ("appointment_id");--> statement-breakpoint
CREATE INDEX "appointments_user_idx" ON "appointments" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "appointments_awaiting_idx" ON "appointments" USING btree ("status","deposit_expires_at");--> statement-breakpoint
CREATE INDEX "facilities_location_idx" ON "facilities" USING gist ("location");--> statement-breakpoint
CREATE INDEX "screening_slots_facility_start_idx" ON "screening_slots" USING btree ("facility_id","starts_at");
CREATE TABLE "allergies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"substance" text NOT NULL,
	"category" text NOT NULL,
	"reaction" text,
	"severity" text NOT NULL,
	"recorded_by_member_id" uuid,
	"recorded_at_facility_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "allergies_category_check" CHECK ("allergies"."category" in ('medication', 'food', 'environment')),
	CONSTRAINT "allergies_severity_check" CHECK ("allergies"."severity" in ('mild', 'moderate', 'severe')),
	CONSTRAINT "allergies_recorded_by_check" CHECK (("allergies"."recorded_by_member_id" is null) = ("allergies"."recorded_at_facility_id" is null))
);
--> statement-breakpoint
CREATE TABLE "conditions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"icd10" text,
	"recorded_by_member_id" uuid,
	"recorded_at_facility_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conditions_recorded_by_check" CHECK (("conditions"."recorded_by_member_id" is null) = ("conditions"."recorded_at_facility_id" is null))
);
--> statement-breakpoint
ALTER TABLE "allergies" ADD CONSTRAINT "allergies_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allergies" ADD CONSTRAINT "allergies_recorded_by_member_id_staff_members_id_fk" FOREIGN KEY ("recorded_by_member_id") REFERENCES "public"."staff_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allergies" ADD CONSTRAINT "allergies_recorded_at_facility_id_facilities_id_fk" FOREIGN KEY ("recorded_at_facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conditions" ADD CONSTRAINT "conditions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conditions" ADD CONSTRAINT "conditions_recorded_by_member_id_staff_members_id_fk" FOREIGN KEY ("recorded_by_member_id") REFERENCES "public"."staff_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conditions" ADD CONSTRAINT "conditions_recorded_at_facility_id_facilities_id_fk" FOREIGN KEY ("recorded_at_facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "allergies_user_idx" ON "allergies" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "conditions_user_idx" ON "conditions" USING btree ("user_id");
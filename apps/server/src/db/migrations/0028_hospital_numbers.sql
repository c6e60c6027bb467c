CREATE TABLE "hospital_numbers" (
	"facility_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"hospital_number" text NOT NULL,
	"set_by" uuid,
	"set_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hospital_numbers_facility_id_user_id_pk" PRIMARY KEY("facility_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "hospital_numbers" ADD CONSTRAINT "hospital_numbers_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hospital_numbers" ADD CONSTRAINT "hospital_numbers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hospital_numbers" ADD CONSTRAINT "hospital_numbers_set_by_staff_members_id_fk" FOREIGN KEY ("set_by") REFERENCES "public"."staff_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "hospital_numbers_number_idx" ON "hospital_numbers" USING btree ("facility_id","hospital_number");
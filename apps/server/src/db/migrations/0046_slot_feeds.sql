CREATE TABLE "slot_feeds" (
	"facility_id" uuid PRIMARY KEY NOT NULL,
	"manifest_url" text NOT NULL,
	"set_by" uuid,
	"set_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"last_read_at" timestamp with time zone,
	"last_error" text,
	"last_added" integer,
	"last_changed" integer,
	"last_withdrawn" integer
);
--> statement-breakpoint
ALTER TABLE "slot_feeds" ADD CONSTRAINT "slot_feeds_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slot_feeds" ADD CONSTRAINT "slot_feeds_set_by_staff_members_id_fk" FOREIGN KEY ("set_by") REFERENCES "public"."staff_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "slot_feeds_due_idx" ON "slot_feeds" USING btree ("last_read_at");